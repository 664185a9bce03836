"""A turn-based (correspondence) player's browser: the lobby says first which games await her move
and how long she has (``account-games.js``), and the tab's title counts them; once her move in one
is made, its page offers the next awaiting her (``next-game.js``); the service worker
that shows the notifications (``static/sw.js``, served at ``/sw.js``), as Chrome on Android
requires (a page's own ``new Notification()`` throws there).

The notifications themselves are recorded by ``test_turn_notify.py``'s init script (Debian's
headless shell shows none); a click on one is dispatched in the worker as the browser would, its
``focus`` recorded (a tab is focused only from a real click)."""

from __future__ import annotations

import re
import time
from typing import Any, cast
from urllib.parse import urlsplit

import httpx
from playwright.sync_api import Browser, Page, Worker, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from tests.web.browser.pages import (
    ARTIFACTS,
    LivePage,
    axe_violations,
    log_in_new,
    log_out,
    new_page,
    present,
    timed_game_of_two,
)
from tests.web.browser.test_lobby_waits import REFRESH_SECONDS, SEEN, play_until_turn_of, turn_based_games
from tests.web.browser.test_turn_notify import HIDE, act, current, notes, notifying_page, turn_on
from tests.web.conftest import deadline_passed, free_port, live_app, served_in_a_thread

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


def test_the_lobby_says_first_which_games_await_her_move(browser: Browser, live_server: str) -> None:
    """Vera, on her phone, finds at the top of the lobby how many games await her move and, for
    each, the time left; the tab's title counts them. A game that became hers meanwhile is there as
    soon as she comes back to the tab; logged out, the card and the count are gone. Her games were
    said only in the account's card at the bottom of the lobby, under the new game's form."""
    page = new_page(browser, live_server, width=360, height=740, touch=True)
    log_in_new(page, live_server, "Vera")
    games = turn_based_games(page)
    awaiting = [game for game, (awaits, _) in games.items() if awaits]
    page.reload()
    page.wait_for_selector("#your-move:not([hidden]) li")
    card = page.locator("#your-move")
    top = present(card.bounding_box())
    assert top["y"] < 740, top  # on the first screen, above the lobby's other cards
    words = "Your move in 1 game" if len(awaiting) == 1 else f"Your move in {len(awaiting)} games"
    expect(card.locator("h2")).to_have_text(words, use_inner_text=True)
    assert page.title() == f"({len(awaiting)}) Kingdomino family"
    shown = [present(link.get_attribute("href")) for link in card.locator("a").all()]
    assert sorted(urlsplit(href).path for href in shown) == sorted(f"/game/{game}" for game in awaiting)
    assert {item.inner_text().split("\n")[0] for item in card.locator("li").all()} == {
        "Kingdomino · Bela · 23 hours left"
    }
    assert_told_apart(page)
    for link in card.locator("a").all():
        assert present(link.bounding_box())["height"] >= 44  # a finger's target
    page.screenshot(path=str(ARTIFACTS / "your-move-phone.png"))
    assert axe_violations(page) == []
    # Bela moves in another game while the tab is behind others; Vera comes back to it.
    theirs, tokens = next((game, tokens) for game, (awaits, tokens) in games.items() if not awaits)
    page.evaluate(SEEN, True)
    play_until_turn_of(live_server, theirs, tokens, 0)
    page.evaluate(SEEN, False)
    page.wait_for_function(f"document.querySelectorAll('#your-move li').length === {len(awaiting) + 1}")
    assert_told_apart(page)
    page.screenshot(path=str(ARTIFACTS / "your-move-apart-phone.png"))
    # Two lines of the same game against the same player read apart: Bela's moved on.
    assert len(set(card.locator(".your-move-apart").all_inner_texts())) > 1
    assert page.title() == f"({len(awaiting) + 1}) Kingdomino family"
    # 21 hours later (the page's clock), under 3 hours are left: said in a low clock's red.
    later = cast(LivePage, page.context.new_page())
    later.clock.install(time=time.time() + 21 * 3600)
    later.goto(live_server + "/")
    later.wait_for_selector("#your-move:not([hidden]) li")
    short = later.locator("#your-move .turn-time.low")
    assert short.count() == len(awaiting) + 1
    assert {text.strip() for text in short.all_inner_texts()} == {"· 2 hours left"}
    later.screenshot(path=str(ARTIFACTS / "your-move-low-phone.png"))
    later.close()
    # The count goes before the title in the page's language, not index.html's English.
    russian = page.context.new_page()
    russian.goto(live_server + "/?lang=ru")
    russian.wait_for_selector("#your-move:not([hidden]) li")
    assert russian.title() == f"({len(awaiting) + 1}) Семейство Kingdomino"
    russian.close()
    log_out(page)
    page.wait_for_selector("#your-move", state="hidden")
    assert page.title() == "Kingdomino family"
    assert page.errors == []


def assert_told_apart(page: LivePage) -> None:
    """Each game of the lobby's "Your move" card says, on a line of its own that the page's width
    holds, its scores (the player's own first), the move awaited and when it began (the time of
    day: these began today), as the account's games say them. Alike, they could not be told apart."""
    listed: dict[str, Any] = page.evaluate("fetch('/api/account/games').then((answer) => answer.json())")
    games = {game["id"]: game for game in listed["playing"]}
    width = page.viewport_size["width"] if page.viewport_size else 0
    for item in page.locator("#your-move li").all():
        game = games[urlsplit(present(item.locator("a").get_attribute("href"))).path.rsplit("/", 1)[1]]
        mine, theirs = game["scores"][game["seat"]], game["scores"][1 - game["seat"]]
        apart = item.locator(".your-move-apart")
        words = f"score {mine}–{theirs} · move {game['moves'] + 1} · since "
        said = apart.inner_text()
        assert re.fullmatch(re.escape(words) + r"\d{1,2}:\d\d( [AP]M)?", said), said
        box = present(apart.bounding_box())
        assert box["x"] + box["width"] <= width and box["height"] < 30, box  # one line, in the width


def days_games_awaiting(page: LivePage, count: int) -> dict[str, list[str]]:
    """``count`` games of a day a move between the account logged in on ``page`` (seat 0) and
    Bela, each played on until it awaits the account's move: their seats' tokens by id."""
    made: dict[str, list[str]] = page.evaluate(
        """async (count) => {
          const games = {};
          const seats = [{kind: "human", name: "Vera"}, {kind: "human", name: "Bela", online: true}];
          const clock = {kind: "days", days: 1};
          const body = JSON.stringify({game: "kingdomino", players: 2, seats, time_control: clock});
          const headers = {"Content-Type": "application/json"};
          for (let i = 0; i < count; i++) {
            const answer = await fetch("/api/games", {method: "POST", headers, body});
            const game = await answer.json();
            games[game.id] = game.seats.map((seat) => seat.token);
          }
          return games;
        }""",
        count,
    )
    for game, tokens in made.items():
        play_until_turn_of(page.base_url, game, tokens, 0)
    return made


def test_after_her_move_the_page_offers_the_next_game_awaiting_her(
    browser: Browser, live_server: str
) -> None:
    """Vera moves in one of her turn-based games: its page offers the next game awaiting her, with
    its time left, and takes her there; where none awaits her, it says so, with the lobby's link
    (it said nothing: "Waiting for Bela", and no "what now?")."""
    page = new_page(browser, live_server, width=360, height=740, touch=True)
    log_in_new(page, live_server, "Vera")
    games = days_games_awaiting(page, 2)
    (first, first_tokens), (second, second_tokens) = games.items()
    page.goto(f"{live_server}/game/{first}?token={first_tokens[0]}")
    page.wait_for_selector("#your-turn")
    expect(page.locator("#next-game")).to_have_count(0)  # her move here comes first
    while current(live_server, first, first_tokens[0]) == 0:
        act(live_server, first, first_tokens[0])
    page.wait_for_selector("#next-game")
    expect(page.locator("#next-game")).to_have_text(
        "→ Next game awaiting you: Kingdomino with Bela · 23 hours left", use_inner_text=True
    )
    assert present(page.locator("#next-game-link").bounding_box())["height"] >= 44  # a finger's target
    page.screenshot(path=str(ARTIFACTS / "next-game-phone.png"))
    assert axe_violations(page) == []
    page.click("#next-game-link")
    page.wait_for_url(f"{live_server}/game/{second}")
    page.wait_for_selector("#your-turn")
    with page.expect_response(lambda answer: answer.url.endswith("/api/account/games")) as looked:
        while current(live_server, second, second_tokens[0]) == 0:
            act(live_server, second, second_tokens[0])
    looked.value.finished()  # its body read by the page too
    page.wait_for_selector("#waiting")
    # The first game awaits Bela: nothing to go on to, which the page says, with the way back.
    none = page.locator("#next-game")
    expect(none).to_have_text("No other game awaits your move now. Back to the lobby")
    expect(page.locator("#heard")).to_have_text("No other game awaits your move now.")
    assert present(page.locator("#next-game-lobby").bounding_box())["height"] >= 44  # a finger's target
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=str(ARTIFACTS / "next-game-none-phone.png"))
    assert page.errors == []


def look_again(page: LivePage) -> None:
    """Move the lobby's clock on to its next look at the account's games, and wait until the
    answer is read and what it says done (a notification shown through the worker, if any). A
    look still under way when the clock moves schedules the next one only once it is answered:
    then the clock moves on again."""
    for attempt in range(3):
        try:
            with page.expect_response(lambda answer: answer.url.endswith("/api/account/games")) as looked:
                page.clock.run_for(REFRESH_SECONDS * 1000 + 1000)
            break
        except PlaywrightTimeoutError:
            if attempt == 2:
                raise
    looked.value.finished()
    page.evaluate("navigator.serviceWorker.ready.then(() => new Promise((done) => setTimeout(done)))")


def test_a_hidden_lobby_tells_her_once_that_the_time_for_her_move_runs_short(
    browser: Browser, live_server: str
) -> None:
    """Vera's lobby, left open in a tab behind others at work, notifies her once when under three
    hours are left for her move in a game (the page's clock moved 21 hours on)."""
    page = notifying_page(browser, live_server)
    page.clock.install(time=time.time())
    log_in_new(page, live_server, "Vera")
    days_games_awaiting(page, 1)
    page.reload()
    page.wait_for_selector("#your-move:not([hidden]) li")
    turn_on(page)
    page.evaluate(HIDE, True)
    look_again(page)
    assert notes(page) == []  # 23 hours left: nothing to tell
    page.clock.set_system_time(time.time() + 21 * 3600)
    page.clock.run_for(REFRESH_SECONDS * 1000 + 1000)
    page.wait_for_function("window.__notes.length === 1")
    told = notes(page)[0]
    assert (told["title"], told["body"], told["via"]) == (
        "Time for your move: 2 hours left",
        "Kingdomino with Bela",
        "worker",
    ), told
    look_again(page)
    assert len(notes(page)) == 1  # once a turn
    assert page.errors == []


def kind_of_her_seat(base: str, game: str, token: str) -> str:
    """The kind of seat 0 of ``game`` (a human's, or an AI's once its time ran out), read with ``token``."""
    kind: str = httpx.get(f"{base}/api/games/{game}", params={"token": token}, timeout=30).json()["seats"][0][
        "kind"
    ]
    return kind


def test_a_hidden_lobby_tells_her_that_her_time_ran_out(browser: Browser, database: str) -> None:
    """Vera's time for a move runs out while her lobby is open behind other tabs: it notifies her
    that an AI plays her seat on, and her list of games says so beside the game."""
    app = live_app(database)
    hub = app.state.hub
    with served_in_a_thread(app, free_port()) as base:
        page = notifying_page(browser, base)
        page.clock.install(time=time.time())
        log_in_new(page, base, "Vera")
        (game, tokens), *_ = days_games_awaiting(page, 1).items()
        page.reload()
        page.wait_for_selector("#your-move:not([hidden]) li")
        turn_on(page)
        page.evaluate(HIDE, True)

        deadline_passed(base, hub, game)
        deadline = time.monotonic() + 30
        while kind_of_her_seat(base, game, tokens[1]) != "ai":
            assert time.monotonic() < deadline, "the server's sweep did not hand the seat to an AI"
            time.sleep(0.1)
        page.clock.run_for(REFRESH_SECONDS * 1000 + 1000)
        page.wait_for_function("window.__notes.length === 1")
        told = notes(page)[0]
        words = "Your time ran out: an AI plays your seat"
        assert (told["title"], told["body"]) == (words, "Kingdomino with Bela"), told
        expect(page.locator("#account-games")).to_contain_text(
            "your time ran out: an AI plays your seat", use_inner_text=True
        )
        page.wait_for_selector("#your-move", state="hidden")  # no move of hers awaited any more
        assert page.errors == []
