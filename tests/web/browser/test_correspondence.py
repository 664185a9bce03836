"""A turn-based (correspondence) player's browser: the service worker that shows the notifications
(``static/sw.js``, served at ``/sw.js``), as Chrome on Android requires (a page's own
``new Notification()`` throws there).

The notifications themselves are recorded by ``test_turn_notify.py``'s init script (Debian's
headless shell shows none); a click on one is dispatched in the worker as the browser would, its
``focus`` recorded (a tab is focused only from a real click)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, Page, Worker
from tests.web.browser.pages import timed_game_of_two
from tests.web.browser.test_lobby_waits import play_until_turn_of
from tests.web.browser.test_turn_notify import HIDE, notes, notifying_page, turn_on

#: A click on a notification whose ``data.href`` is the argument, dispatched in the service worker;
#: the addresses of the tabs it focused.
CLICK = """async (href) => {
  const focused = [];
  WindowClient.prototype.focus = async function () { focused.push(this.url); return this; };
  const event = new ExtendableEvent("notificationclick");
  let done = Promise.resolve();
  Object.defineProperty(event, "notification", { value: { data: { href }, close() {} } });
  Object.defineProperty(event, "waitUntil", { value: (promise) => { done = promise; } });
  self.dispatchEvent(event);
  await done;
  return focused;
}"""


def controlled(page: Page) -> None:
    """Wait until the app's service worker controls ``page``."""
    page.wait_for_function("navigator.serviceWorker.controller !== null")


def service_worker(page: Page) -> Worker:
    """The app's service worker of ``page``'s browser context, once it runs."""
    workers = page.context.service_workers
    return workers[0] if workers else page.context.wait_for_event("serviceworker")


def test_the_service_worker_shows_the_turn_and_its_click_brings_the_game(
    browser: Browser, live_server: str
) -> None:
    """Vera turns notifications on in her game's page: the app's service worker is registered for
    the whole app, and the turn coming back to her is shown through it. A click on it focuses the
    tab of that game; with that tab closed, it takes another tab of the app there."""
    game, tokens, first = timed_game_of_two(live_server, {"kind": "days", "days": 1})
    vera = 1 - first["current_player"]
    page = notifying_page(browser, live_server)
    page.goto(f"{live_server}/game/{game}?token={tokens[vera]}")
    page.wait_for_selector("#waiting")
    turn_on(page)
    controlled(page)
    registered: list[Any] = page.evaluate(
        "navigator.serviceWorker.getRegistration().then((r) => [r.scope, r.active.scriptURL])"
    )
    assert registered == [f"{live_server}/", f"{live_server}/sw.js"]
    page.evaluate(HIDE, True)
    play_until_turn_of(live_server, game, tokens, vera)
    page.wait_for_function("window.__notes.length === 1")
    told = notes(page)[0]
    assert (told["title"], told["via"], told["href"]) == ("Your turn", "worker", f"/game/{game}"), told
    worker = service_worker(page)
    focused: list[str] = worker.evaluate(CLICK, f"/game/{game}")
    assert [urlsplit(url).path for url in focused] == [f"/game/{game}"], focused
    assert page.errors == []
    # The game's tab closed, the lobby's open: the click takes the lobby there.
    lobby = page.context.new_page()
    lobby.goto(live_server + "/")
    controlled(lobby)
    page.close()
    focused = worker.evaluate(CLICK, f"/game/{game}")
    lobby.wait_for_url(f"{live_server}/game/{game}")
    assert [urlsplit(url).path for url in focused] == [f"/game/{game}"], focused
