"""Browser notifications of a player's online games (static/turn-notify.js): the toggle that asks
the browser's permission from a click only, and one notification per event while the page is
hidden: the turn became the player's, an opponent joined, the game ended; none for the seats of
a shared screen, nor in a game against AI seats.

Each page records the notifications it makes (``window.__notes``, its service worker
registration's ``showNotification`` and its ``Notification`` wrapped by an init script) and is
hidden or seen as a browser tells it (``document.hidden`` overridden, ``visibilitychange``
dispatched): a headless page is always seen. The service worker's own part (its scope, a click on
a notification) is tested in ``test_correspondence.py``."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, WebSocketRoute, expect
from tests.web.browser.pages import (
    ARTIFACTS,
    LANGUAGES,
    LivePage,
    api_game,
    log_in_new,
    new_page,
    timed_game_of_two,
)
from tests.web.browser.test_lobby_waits import REFRESH_SECONDS, play_until_turn_of, turn_based_games
from tests.web.conftest import wait_for

from kingdomino.web.seats import I18N

#: Records each notification made (title, body, tag; ``via`` the service worker or the page) and
#: each permission asked; hides the page at will. ``DENY``: the player refuses the permission when
#: asked. ``WORKER``: false for a browser without service workers. The permission it reads is the
#: browser's permissions' (Debian's headless shell, which shows no notification, reads
#: ``Notification.permission`` "denied" whatever was granted; the full browser reads it right).
RECORDER = """(() => {
  const Real = window.Notification;
  const deny = DENY;
  if (!WORKER) delete Navigator.prototype.serviceWorker;
  // No push service here (Chrome's incognito profile has none, and logs it): refused quietly.
  PushManager.prototype.subscribe = async () => { throw new DOMException("no push service", "AbortError"); };
  ServiceWorkerRegistration.prototype.showNotification = async function (title, options = {}) {
    const href = options.data?.href;
    window.__notes.push({ title, body: options.body, tag: options.tag, via: "worker", href });
  };
  let state = null;
  navigator.permissions.query({ name: "notifications" }).then((status) => {
    state = status.state === "prompt" ? "default" : status.state;
  });
  window.__notes = [];
  window.__made = [];
  window.__asked = 0;
  window.__hidden = false;
  class Recorded extends EventTarget {
    constructor(title, options = {}) {
      super();
      window.__notes.push({ title, body: options.body, tag: options.tag, via: "page" });
      window.__made.push(this);
    }
    close() {}
    static get permission() { return deny ? "default" : state ?? Real.permission; }
    static async requestPermission() {
      window.__asked += 1;
      state = deny ? "denied" : await Real.requestPermission();
      return state;
    }
  }
  window.Notification = Recorded;
  Object.defineProperty(Document.prototype, "hidden", { configurable: true, get: () => window.__hidden });
  Object.defineProperty(Document.prototype, "visibilityState", {
    configurable: true, get: () => (window.__hidden ? "hidden" : "visible") });
})();"""

#: What the setting may say once ticked, in any language: nothing yet, or how this browser stands
#: for Web Push (``web-push.js``: a guest's, or one that reaches no push service, as ``RECORDER``'s).
PUSH_WORDS = {""} | {
    texts[f"push.{state}"]
    for texts in (
        json.loads((I18N / f"{language}.json").read_text(encoding="utf-8")) for language in LANGUAGES
    )
    for state in ("on", "guest", "unavailable")
}

#: Hides the page (another tab in front) or shows it again, as a browser tells it.
HIDE = """(hidden) => {
  window.__hidden = hidden;
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def notifying_page(browser: Browser, base: str, deny: bool = False, worker: bool = True) -> LivePage:
    """A page of its own whose notifications are recorded; the browser grants them unless ``deny``,
    and has service workers unless not ``worker``."""
    page = new_page(browser, base)
    if not deny:
        page.context.grant_permissions(["notifications"], origin=base)
    page.context.add_init_script(recorder(deny, worker))
    return page


def recorder(deny: bool = False, worker: bool = True) -> str:
    """The init script ``RECORDER`` for a player who refuses the permission (``deny``), in a browser
    with service workers or without (``worker``)."""
    words = {"DENY": deny, "WORKER": worker}
    script = RECORDER
    for name, value in words.items():
        script = script.replace(name, "true" if value else "false")
    return script


def notes(page: Page) -> list[dict[str, Any]]:
    """The notifications ``page`` made, in order."""
    made: list[dict[str, Any]] = page.evaluate("window.__notes")
    return made


def turn_on(page: LivePage) -> None:
    """Tick "Notify me when it is my turn", the browser's permission granted already (nothing was
    asked before the click, and nothing needs asking)."""
    assert page.evaluate("window.__asked") == 0, "the permission was asked without a click"
    page.check("#notify-turn")
    page.wait_for_function("localStorage.getItem('kingdomino.notify') === 'on'")
    expect(page.locator("#notify-turn")).to_be_checked()
    assert page.inner_text("#notify-turn-said") in PUSH_WORDS  # whether this browser gets pushes too


def act(base: str, game: str, token: str) -> dict[str, Any]:
    """Play the first legal move of ``token``'s seat through the API; the view after it."""
    view = httpx.get(f"{base}/api/games/{game}", params={"token": token}, timeout=30).json()
    body = {"token": token, "action": view["legal_actions"][0], "index": view["index"]}
    assert httpx.post(f"{base}/api/games/{game}/actions", json=body, timeout=30).status_code == 200
    after: dict[str, Any] = httpx.get(f"{base}/api/games/{game}", params={"token": token}, timeout=30).json()
    return after


def current(base: str, game: str, token: str) -> int:
    """The seat to act in ``game`` now."""
    seat: int = httpx.get(f"{base}/api/games/{game}", params={"token": token}, timeout=30).json()[
        "current_player"
    ]
    return seat


def test_a_hidden_game_page_notifies_once_of_the_turn_and_of_the_end(
    browser: Browser, live_server: str
) -> None:
    """Anna's page, behind other tabs, tells her once that it is her turn (naming the game and Bela),
    not again when its connection comes back; then that Bela resigned and she won."""
    game, tokens, first = timed_game_of_two(live_server, {"kind": "days", "days": 1})
    anna = 1 - first["current_player"]
    sockets: list[WebSocketRoute] = []
    cut = {"on": False}

    def route(socket: WebSocketRoute) -> None:  # between the page and the server, as a network would be
        if cut["on"]:
            socket.close(code=1001)
            return
        socket.connect_to_server()
        sockets.append(socket)

    page = notifying_page(browser, live_server)
    page.route_web_socket(re.compile(r".*/ws/games/.*"), route)
    page.goto(f"{live_server}/game/{game}?token={tokens[anna]}")
    page.wait_for_selector("#waiting")
    turn_on(page)
    page.screenshot(path=str(ARTIFACTS / "notify-toggle-game.png"), full_page=True)
    page.evaluate(HIDE, True)
    # The turn comes while the page's connection is down: told once it is back.
    cut["on"] = True
    sockets[-1].close(code=1001)
    page.wait_for_function("document.body.classList.contains('offline')")
    play_until_turn_of(live_server, game, tokens, anna)
    cut["on"] = False
    page.wait_for_function("window.__notes.length === 1")
    names = ["Anna", "Bela"]
    told = notes(page)[0]
    assert told["title"] == "Your turn", told
    assert told["body"] == f"Kingdomino with {names[1 - anna]}", told
    assert re.fullmatch(rf"{game}:\d+", told["tag"]), told
    # Cut and back again: the same view comes, and is no news.
    cut["on"] = True
    sockets[-1].close(code=1001)
    page.wait_for_function("document.body.classList.contains('offline')")
    cut["on"] = False
    page.wait_for_function("!document.body.classList.contains('offline')")
    page.wait_for_selector("#your-turn")
    bela = httpx.post(f"{live_server}/api/games/{game}/resign", json={"token": tokens[1 - anna]}, timeout=30)
    assert bela.status_code == 200, bela.text
    page.wait_for_function("window.__notes.length === 2")
    page.wait_for_selector("#winner")
    ended = notes(page)[1]
    assert (ended["title"], ended["body"]) == (
        f"{names[1 - anna]} resigned: you won",
        f"Kingdomino with {names[1 - anna]}",
    )
    assert len(notes(page)) == 2
    assert page.errors == []


def test_an_opponent_joining_the_open_game_is_told(browser: Browser, live_server: str) -> None:
    """Anna waits on her open game's page, hidden: Bela taking the open seat is told, in her words."""
    page = notifying_page(browser, live_server)
    page.goto(live_server + "/?lang=hu")
    page.fill("#name-0", "Anna")
    page.select_option("#seat-1", "open")
    page.wait_for_selector("#open-options:not([hidden])")
    page.select_option("#ai-fill", "")
    page.click("#create")
    page.wait_for_url(re.compile(r"/game/[0-9a-f]+$"))
    game = page.url.rsplit("/", 1)[1]
    page.wait_for_selector("#waiting-players")
    turn_on(page)
    page.evaluate(HIDE, True)
    joined = httpx.post(f"{live_server}/api/games/{game}/join", json={"name": "Bela"}, timeout=30)
    assert joined.status_code == 200, joined.text
    page.wait_for_function("window.__notes.length >= 1")
    page.wait_for_function("document.querySelector('#waiting-players') === null")
    assert [(n["title"], n["body"]) for n in notes(page)] == [
        ("Bela csatlakozott a játékodhoz", "Kingdomino (Bela)")
    ]
    # Bela calls the game off before anyone moved: told too.
    aborted = httpx.post(
        f"{live_server}/api/games/{game}/abort", json={"token": joined.json()["token"]}, timeout=30
    )
    assert aborted.status_code == 200, aborted.text
    page.wait_for_function("window.__notes.length === 2")
    assert (notes(page)[1]["title"], notes(page)[1]["body"]) == (
        "Bela megszakította a játékot",
        "Kingdomino (Bela)",
    )
    assert page.errors == []


def test_the_end_of_a_game_played_out_says_who_won(browser: Browser, live_server: str) -> None:
    """A game of Anna and Bela played to its last move while Anna's page is hidden: its end is told
    once, "You won" or the winner's name, as the result says."""
    seats = [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bela"}]
    made = httpx.post(
        f"{live_server}/api/games", json={"game": "kingdomino", "players": 2, "seats": seats}, timeout=30
    ).json()
    game, tokens = made["id"], [seat["token"] for seat in made["seats"]]
    page = notifying_page(browser, live_server)
    page.goto(f"{live_server}/game/{game}?token={tokens[0]}")
    page.wait_for_selector("#notify-turn")
    turn_on(page)
    page.evaluate(HIDE, True)
    while (view := act(live_server, game, tokens[current(live_server, game, tokens[0])]))[
        "status"
    ] != "finished":
        pass
    page.wait_for_selector("#winner")
    ends = [n for n in notes(page) if n["title"] != "Your turn"]
    words = "You won" if 0 in view["winners"] else "Bela won"
    assert [(n["title"], n["body"]) for n in ends] == [(words, "Kingdomino with Bela")], notes(page)
    assert page.errors == []


def test_a_refused_permission_leaves_the_toggle_off_and_says_so(browser: Browser, live_server: str) -> None:
    """The permission is asked only from the click; refused, the toggle stays off and says why, in
    the lobby as on a game's page (the same setting); the box is described by what it says, which a
    screen reader says again when the player comes back to it."""
    page = notifying_page(browser, live_server, deny=True)
    page.goto(live_server + "/?lang=ru")
    page.wait_for_selector("#notify-turn")
    assert page.evaluate("window.__asked") == 0
    page.click("#notify-turn")
    page.wait_for_function("window.__asked === 1")
    page.wait_for_function("document.querySelector('#notify-turn-said').textContent !== ''")
    expect(page.locator("#notify-turn")).not_to_be_checked()
    refused = (
        "Браузер не разрешил уведомления: разрешите их для этого сайта в настройках браузера"
        " и снова поставьте флажок."
    )
    expect(page.locator("#notify-turn-said")).to_have_text(refused, use_inner_text=True)
    expect(page.locator("#notify-turn")).to_have_accessible_description(refused)
    assert page.evaluate("localStorage.getItem('kingdomino.notify')") == "off"
    page.locator("#notify-turn").locator("xpath=ancestor::section").screenshot(
        path=str(ARTIFACTS / "notify-refused-lobby-ru.png")
    )
    assert notes(page) == [] and page.errors == []


def test_no_notification_for_a_shared_screen_s_seat_nor_against_ai_seats(
    browser: Browser, live_server: str
) -> None:
    """Anna and Ivo share a screen against Bela online: Ivo's turns are not Anna's, only hers are
    told. A game against AI seats alone tells nothing: its turns come back by themselves."""
    seats = [
        {"kind": "human", "name": "Anna"},
        {"kind": "human", "name": "Ivo"},
        {"kind": "human", "name": "Bela"},
    ]
    made = httpx.post(
        f"{live_server}/api/games", json={"game": "kingdomino", "players": 3, "seats": seats}, timeout=30
    ).json()
    game, tokens = made["id"], [seat["token"] for seat in made["seats"]]
    page = notifying_page(browser, live_server)
    page.goto(live_server + "/")
    kept = {
        "id": game,
        "tokens": tokens[:2],
        "created": int(time.time() * 1000),
        "kinds": ["me", "local", "online"],
    }
    page.evaluate("(kept) => localStorage.setItem('kingdomino.games', JSON.stringify([kept]))", kept)
    page.goto(f"{live_server}/game/{game}")
    page.wait_for_selector("#notify-turn")
    turn_on(page)
    page.evaluate(HIDE, True)
    expected, ivo_turns, before = 0, 0, None
    for _ in range(12):
        view = act(live_server, game, tokens[current(live_server, game, tokens[0])])
        page.wait_for_function(f"document.querySelectorAll('#log li').length === {len(view['log'])}")
        acting = view["current_player"]
        if acting != before:
            expected += acting == 0
            ivo_turns += acting == 1
        before = acting
        assert len(notes(page)) == expected, (notes(page), expected)
    assert expected >= 1 and ivo_turns >= 1, (expected, ivo_turns)
    assert {n["title"] for n in notes(page)} == {"Your turn"}
    assert {n["body"] for n in notes(page)} == {"Kingdomino with Ivo and Bela"}
    # Against AI seats alone: Anna's moves, each answered by the AI's, and no notification.
    ai_game, token = api_game(live_server, "kingdomino", seed=5)
    page.goto(f"{live_server}/game/{ai_game}?token={token}")
    page.wait_for_selector("#your-turn")
    expect(page.locator("#notify-turn")).to_be_hidden()
    page.evaluate(HIDE, True)
    with httpx.Client(base_url=live_server, timeout=30) as http:
        for _ in range(4):
            act(live_server, ai_game, token)
            view = wait_for(http, ai_game, token, lambda v: v["current_player"] in v["your_seats"])
            page.wait_for_function(f"document.querySelectorAll('#log li').length === {len(view['log'])}")
            page.wait_for_function("document.title.startsWith('●')")
    assert any(entry["seat"] == 1 for entry in view["log"]), "the AI never moved"
    assert notes(page) == [] and page.errors == []


def test_the_lobby_tells_a_hidden_account_of_its_turn_once_with_its_game_page(
    browser: Browser, live_server: str
) -> None:
    """The lobby, hidden, tells the account when one of its games became its turn; the game's page,
    hidden in another tab of the same browser, heard the same news: one notification in all. A
    browser without service workers: the page's own notification, whose click opens the game."""
    lobby = notifying_page(browser, live_server, worker=False)
    lobby.clock.install(time=time.time())
    log_in_new(lobby, live_server, "Anna")
    games = turn_based_games(lobby)
    theirs, tokens = next((game, tokens) for game, (awaits, tokens) in games.items() if not awaits)
    lobby.reload()
    lobby.locator("#account-games li").nth(len(games) - 1).wait_for()
    turn_on(lobby)
    # The game's page, in a tab of the same browser behind others from its start (the lobby's clock,
    # installed for the context, holds its frames: a hidden page draws each view at once).
    tab = lobby.context.new_page()
    tab.add_init_script("window.__hidden = true")
    tab.goto(f"{live_server}/game/{theirs}?token={tokens[0]}")
    tab.wait_for_selector("#waiting")
    expect(tab.locator("#notify-turn")).to_be_checked()  # the same setting
    lobby.evaluate(HIDE, True)
    play_until_turn_of(live_server, theirs, tokens, 0)
    tab.wait_for_function("window.__notes.length === 1")
    lobby.clock.run_for(REFRESH_SECONDS * 1000 + 1000)
    lobby.wait_for_function("document.querySelector('#turn-heard').textContent !== ''")
    assert notes(lobby) == []  # told already, by the game's page
    assert [(n["title"], n["body"]) for n in notes(tab)] == [("Your turn", "Kingdomino with Bela")]
    # The lobby alone: Anna's move (on another device), then Bela's, each seen at a look of the lobby.
    first_tag = notes(tab)[0]["tag"]
    tab.close()
    awaiting = lobby.locator("#account-games li.awaits").count()
    while (
        httpx.get(f"{live_server}/api/games/{theirs}", params={"token": tokens[0]}, timeout=30).json()[
            "current_player"
        ]
        == 0
    ):
        act(live_server, theirs, tokens[0])
    lobby.clock.run_for(REFRESH_SECONDS * 1000 + 1000)
    lobby.wait_for_function(
        f"document.querySelectorAll('#account-games li.awaits').length === {awaiting - 1}"
    )
    play_until_turn_of(live_server, theirs, tokens, 0)
    lobby.clock.run_for(REFRESH_SECONDS * 1000 + 1000)
    lobby.wait_for_function("window.__notes.length === 1")
    told = notes(lobby)[0]
    assert (told["title"], told["body"]) == ("Your turn", "Kingdomino with Bela")
    assert told["tag"].startswith(f"{theirs}:") and told["tag"] != first_tag
    # A click on it opens the game, at Anna's seat.
    lobby.evaluate("window.__made[0].dispatchEvent(new Event('click'))")
    lobby.wait_for_url(re.compile(rf"/game/{theirs}(\?token=.*)?$"))
    assert lobby.errors == []


def test_a_guest_s_hidden_lobby_tells_of_a_game_of_this_browser(browser: Browser, live_server: str) -> None:
    """A guest's lobby (no account) looks at this browser's games again while notifications are on:
    a game that became the player's turn is told, and a click on it opens the game."""
    game, tokens, first = timed_game_of_two(live_server, {"kind": "days", "days": 1})
    waiting = 1 - first["current_player"]
    lobby = notifying_page(browser, live_server)
    lobby.clock.install(time=time.time())
    lobby.goto(live_server + "/")
    kept = {"id": game, "tokens": [tokens[waiting]], "created": int(time.time() * 1000), "invited": True}
    lobby.evaluate("(kept) => localStorage.setItem('kingdomino.games', JSON.stringify([kept]))", kept)
    lobby.reload()
    lobby.wait_for_selector("#my-games li")
    expect(lobby.locator("#my-games li.awaits")).to_have_count(0)
    turn_on(lobby)
    lobby.evaluate(HIDE, True)
    play_until_turn_of(live_server, game, tokens, waiting)
    lobby.clock.run_for(REFRESH_SECONDS * 1000 + 1000)
    lobby.wait_for_function("window.__notes.length === 1")
    lobby.wait_for_selector("#my-games li.awaits")  # the list read again says so too
    told = notes(lobby)[0]
    other = ["Anna", "Bela"][1 - waiting]
    assert (told["title"], told["body"]) == ("Your turn", f"Kingdomino with {other}")
    # Shown by the service worker, whose click opens the game (test_correspondence.py).
    assert (told["via"], told["href"]) == ("worker", f"/game/{game}"), told
    assert lobby.errors == []


def test_a_shared_win_is_told_with_the_winners_in_the_plural(browser: Browser, live_server: str) -> None:
    """Cleo's lobby on a Russian page learns that a game of three ended: one winner reads
    "Победитель: Анна", a win Anna and Bela share "Победители: Анна и Бела" (the plural form the
    number of winners picks), not "Победитель" of two."""
    page = new_page(browser, live_server, locale="ru")
    page.context.grant_permissions(["notifications"], origin=live_server)
    page.context.add_init_script(recorder())
    page.goto(live_server + "/")
    page.wait_for_selector("#create")
    assert page.evaluate("document.documentElement.lang") == "ru"
    page.evaluate("localStorage.setItem('kingdomino.notify', 'on')")
    page.evaluate(HIDE, True)
    page.evaluate(
        """async () => {
          const { noticeListed } = await import(staticBase + 'turn-notify.js');
          const game = (id, status, places) => ({ id, game: 'kingdomino', options: {}, status, seat: 2,
            token: null, players: ['Анна', 'Бела', 'Клео'], your_turn: false, left: false, places,
            ended: null, version: status === 'finished' ? 2 : 1, with_people: true });
          noticeListed([game('one', 'playing', null), game('two', 'playing', null)],
            [game('one', 'finished', [1, 2, 3]), game('two', 'finished', [1, 1, 3])]);
        }"""
    )
    page.wait_for_function("window.__notes.length === 2")  # shown once the service worker is ready
    titles: list[str] = page.evaluate("window.__notes.map((note) => note.title)")
    assert titles == ["Победитель: Анна", "Победители: Анна и Бела"], titles
    assert not page.errors, page.errors
