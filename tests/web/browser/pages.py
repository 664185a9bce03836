"""What the browser tests share: opening a page of its own, creating a game from the lobby, playing
it by clicking the board (or finishing it through the API), following the log, and the checks run
on every screen (text that overflows its box, axe-core's violations). Screenshots go outside the
checkout.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

import httpx
import pytest
from playwright.sync_api import (
    Browser,
    ConsoleMessage,
    Dialog,
    Page,
    Request,
    StorageState,
    WebSocket,
    expect,
)
from tests.web.conftest import BROWSER_CONTEXTS, wait_for

import kingdomino.web

T = TypeVar("T")

#: Debian's Chromium, the browser players have; ``$KINGDOMINO_CHROMIUM`` names another build of it
#: (``./scripts/test --fast`` gives Debian's headless shell, docs/testing.md).
CHROMIUM = os.environ.get("KINGDOMINO_CHROMIUM") or "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parents[3]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
#: Screenshots go outside the checkout: $KINGDOMINO_ARTIFACTS, else the system's temporary folder.
ARTIFACTS = Path(
    os.environ.get("KINGDOMINO_ARTIFACTS") or Path(tempfile.gettempdir()) / "kingdomino-artifacts"
)
LANGUAGES = ("en", "hu", "bg", "uk", "ru")

#: How long a page's action (a click, a ``wait_for_selector``) and an ``expect`` (whose own default,
#: 5 s, a loaded machine outruns) wait for what they await before failing.
WAIT_MS = 20_000
expect.set_options(timeout=WAIT_MS)

#: Elements whose text must fit in their box (a count of those that overflow must be 0).
OVERFLOW = """() => {
  const boxes = document.querySelectorAll(
    'button, .domino, .die, .caveman-card, td, th, h1, h2, h3, p, label, summary, li');
  const bad = [];
  for (const el of boxes) {
    if (!el.clientWidth || el.closest('.visually-hidden')) continue;
    if (el.scrollWidth > el.clientWidth + 1) bad.push(el.outerHTML.slice(0, 120));
  }
  if (document.documentElement.scrollWidth > window.innerWidth) bad.push('page scrolls sideways');
  const pen = document.createElement('canvas').getContext('2d');
  for (const input of document.querySelectorAll('input[placeholder]')) {
    if (!input.clientWidth) continue;
    const style = getComputedStyle(input);
    pen.font = style.font;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const cut = pen.measureText(input.placeholder).width > room + 1;
    if (cut) bad.push(`placeholder cut: ${input.placeholder}`);
  }
  return bad;
}"""


class LivePage(Page):
    """What ``new_page`` gives, for the type checker: Playwright's page with what ``new_page`` sets
    on it, the live server's address (``base_url``) and the errors of the page and its console as
    they come (``errors``, which a test expects empty). Never made: the page is Playwright's own."""

    base_url: str
    errors: list[str]
    api_requests: set[Request]


def starting(text: str) -> re.Pattern[str]:
    """What ``expect(...).to_have_text`` matches in a text that begins with ``text`` (the page's
    text with its white space run together, as ``expect`` reads it)."""
    return re.compile("^" + re.escape(text))


def ending(text: str) -> re.Pattern[str]:
    """What ``expect(...).to_have_text`` matches in a text that ends with ``text``."""
    return re.compile(re.escape(text) + "$")


def present(value: T | None) -> T:
    """``value``, which the test expects there: what Playwright types as optional (a text content,
    an attribute, a bounding box) is ``None`` only for what a test does not look at (no element
    box, an attribute not set)."""
    assert value is not None
    return value


#: ``staticBase`` in every page of ``new_page``: where the page names its static files
#: (``/static/v/<version>/``, web/static_files.py). A test's own ``import(staticBase + "words.js")``
#: then shares the page's module, and the texts its ``i18n.js`` loaded.
STATIC_BASE = """Object.defineProperty(window, "staticBase", {
  get: () => new URL(".", document.querySelector("script[type=module]").src).href,
});"""


def new_page(
    browser: Browser,
    base: str,
    width: int = 1366,
    height: int = 900,
    locale: str = "en",
    touch: bool = False,
    enforce_csp: bool = False,
    storage_state: StorageState | None = None,
    mobile: bool = False,
    timezone: str | None = None,
) -> LivePage:
    """A page of its own context; ``touch`` makes it a touch screen without a mouse (a phone),
    ``mobile`` a phone's browser too (its viewport meta tag read, the page zoomed out to its width).

    The tests' own scripts in the page (axe-core, ``wait_for_function``'s expressions) are what
    the app's Content-Security-Policy refuses, so the page ignores it unless ``enforce_csp``
    (``test_content_policy.py`` goes through every screen with it enforced). ``storage_state``:
    the cookies and local storage the context starts with (``at_the_end_of``); ``timezone``: the
    browser's time zone (an IANA name), the machine's if not said."""
    bypass = not enforce_csp
    context = browser.new_context(
        viewport={"width": width, "height": height},
        locale=locale,
        has_touch=touch,
        is_mobile=mobile,
        bypass_csp=bypass,
        storage_state=storage_state,
        timezone_id=timezone,
    )
    BROWSER_CONTEXTS.append(context)
    context.add_init_script(STATIC_BASE)
    page = cast(LivePage, context.new_page())
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", on_console)
    page.base_url = base
    page.errors = errors
    under_way: set[Request] = set()
    page.on("request", lambda request: under_way.add(request) if "/api/" in request.url else None)
    page.on("requestfinished", lambda request: under_way.discard(request))
    page.on("requestfailed", lambda request: under_way.discard(request))
    page.api_requests = under_way
    return page


#: How long no API request of a page is under way before its cards are taken to have asked all they ask.
QUIET_MS = 300


def log_out(page: LivePage) -> None:
    """Log out from the lobby's account card once none of the page's API requests is under way
    (``until_the_api_is_quiet``): a card's request still on its way when the session ends is
    refused 401, which the browser notes as an error."""
    until_the_api_is_quiet(page)
    page.click("#log-out")
    page.wait_for_selector("#account-form")


def until_the_api_is_quiet(page: LivePage) -> None:
    """Wait until none of the page's API requests has been under way for ``QUIET_MS`` (an answer
    may start the next request), under a deadline."""
    deadline = time.monotonic() + 30
    quiet_since = time.monotonic()
    while time.monotonic() - quiet_since < QUIET_MS / 1000:
        assert time.monotonic() < deadline, [request.url for request in page.api_requests]
        page.wait_for_timeout(50)
        if page.api_requests:
            quiet_since = time.monotonic()


def create_game(
    page: LivePage,
    game: str,
    players: int = 2,
    options: dict[str, Any] | None = None,
    mode: str | None = None,
    level: str = "greedy",
    aids: bool = True,
) -> None:
    page.goto(page.base_url + "/")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    if mode:
        page.select_option("#mode", mode)
    for option in options or {}:
        page.check(f"#opt-{option}")
    for seat in range(1, players):
        page.select_option(f"#seat-{seat}", f"ai:{level}")
    if not aids:
        page.uncheck("#aids")
    page.click("#create")
    page.wait_for_url("**/game/*")
    page.wait_for_selector("#your-turn, #winner")


#: What a player points at, in order: the board's pieces first, yes/no buttons last.
BOARD_TARGETS = (
    "button.domino.claimable",
    "button.die.takeable",
    "svg g.legal.anchor",
    "svg g.legal.choice",
    ".caveman-card.claimable",
    ".choice-row button",
    ".actions button",
)


#: ``log_mark`` in the page.
LOG_MARK = """() => {
  const items = document.querySelectorAll('#log li');
  return [items.length, items.length ? items[0].textContent : ''];
}"""

#: What ``play_by_clicking_board`` needs of the page before a click, read in one round trip to
#: the browser (a whole game is hundreds of clicks): whether the game is over, where the log stands
#: (``log_mark``) and the first of the ``targets`` selectors the page holds, if any.
BEFORE_A_CLICK = """(targets) => {
  if (document.querySelector('#winner')) return { over: true, mark: null, target: null };
  const mark = (LOG_MARK)();
  const target = targets.find((selector) => document.querySelector(selector) !== null) ?? null;
  return { over: false, mark, target };
}""".replace("LOG_MARK", LOG_MARK)


def play_by_clicking_board(
    page: LivePage, moves: int = 1000, check_every: int = 0, best_domino: bool = False
) -> int:
    """Make up to ``moves`` of our moves by clicking the board (never the move list); with
    ``best_domino``, claim the line's last domino (the highest number, the most crowns)."""
    made = 0
    while made < moves:
        page.wait_for_selector("#your-turn, #winner")
        seen = page.evaluate(BEFORE_A_CLICK, list(BOARD_TARGETS))
        if seen["over"]:
            break
        if check_every and made % check_every == 0:
            assert page.evaluate(OVERFLOW) == []
        selector = seen["target"]
        if selector is None:
            raise AssertionError(f"nothing to click on the board: {page.locator('#status').text_content()}")
        target = page.locator(selector)
        # Choices of several dice may share a square; a click lands on the topmost, a legal move too.
        pick = target.last if best_domino and selector == "button.domino.claimable" else target.first
        # Duel's player B picks a die of two to take at once, then takes a second with it.
        picks_two = selector == "button.die.takeable" and pick.get_attribute("aria-pressed") is not None
        pick.click(force=selector == "svg g.legal.choice")
        if picks_two:
            page.locator('button.die.takeable[aria-pressed="false"]').first.click()
        wait_for_new_log(page, seen["mark"])
        made += 1
    return made


def finish_through_the_api(page: LivePage, best: bool = False, timeout: float = 60.0) -> str:
    """Play the rest of the page's game through the HTTP API, the page away meanwhile, then open
    the game again at its end screen; its id. For the tests of what comes after the last move:
    ``test_played_to_the_end_by_clicking_the_board`` clicks every game and mode to its end, and
    a state drawn for each move of a whole game is most of a browser test's time.

    Our move is the view's first legal one, or with ``best`` the one that scores the most now
    (a claim: the line's last domino, the highest number), which beats the ``random`` AI.
    ``timeout``: the most seconds the other seats may take between two of our moves.
    """
    game_id = page.url.split("/game/")[1].split("/")[0]
    token = page.evaluate(
        "(id) => JSON.parse(localStorage.getItem('kingdomino.games')).find((g) => g.id === id).tokens[0]",
        game_id,
    )
    page.goto("about:blank")

    def ours_or_over(view: dict[str, Any]) -> bool:
        awaited = view["current_player"] in view["your_seats"] and bool(view["legal_actions"])
        return view["status"] == "finished" or awaited

    with httpx.Client(base_url=page.base_url, timeout=30) as http:
        while (view := wait_for(http, game_id, token, ours_or_over, timeout))["status"] != "finished":
            answer = http.post(
                f"/api/games/{game_id}/actions", json={"token": token, "action": our_move(view, best)}
            )
            assert answer.status_code == 200, answer.text
    page.goto(f"{page.base_url}/game/{game_id}")
    page.wait_for_selector("#ranking")
    return game_id


def our_move(view: dict[str, Any], best: bool) -> str:
    """The move ``finish_through_the_api`` makes in ``view`` (see there)."""
    legal: list[str] = view["legal_actions"]
    if not best:
        return legal[0]
    claims = [action for action in legal if action.startswith("claim ")]
    if len(claims) == len(legal):
        return max(claims, key=lambda action: int(action.split()[1]))
    gains: dict[str, int] = view.get("score_gains") or {}
    return max(legal, key=lambda action: gains.get(action, 0))


def log_mark(page: LivePage) -> list[Any]:
    """Where the log stands: its length and its newest line (the log keeps the last 25 actions, so
    a new action may leave its length as it was)."""
    mark: list[Any] = page.evaluate(LOG_MARK)
    return mark


def wait_for_new_log(page: LivePage, mark: list[Any]) -> None:
    """Wait until the log has moved on from ``mark`` (or the game has ended)."""
    page.wait_for_function(
        "([n, first]) => { const items = document.querySelectorAll('#log li');"
        " return items.length !== n || (items[0] && items[0].textContent !== first)"
        " || document.querySelector('#winner'); }",
        arg=mark,
    )


def messages_received(page: LivePage, wanted: Callable[[dict[str, Any]], bool]) -> list[dict[str, Any]]:
    """The messages the page's sockets receive from now on that are ``wanted``, as they come."""
    found: list[dict[str, Any]] = []

    def on_frame(frame: str | bytes) -> None:
        message = json.loads(frame)
        if isinstance(message, dict) and wanted(message):
            found.append(message)

    def on_socket(socket: WebSocket) -> None:
        socket.on("framereceived", on_frame)

    page.on("websocket", on_socket)
    return found


#: The most seconds ``wait_for_count`` waits.
COUNT_DEADLINE = 60.0


def wait_for_count(page: LivePage, found: list[Any], count: int) -> None:
    """Wait until ``found`` (filled by the page's events) holds ``count`` items: the page's events
    are handled while it waits."""
    deadline = time.monotonic() + COUNT_DEADLINE
    while len(found) < count:
        assert time.monotonic() < deadline, f"{len(found)} of {count} events in {COUNT_DEADLINE} s"
        page.wait_for_timeout(20)


def axe_violations(page: LivePage) -> list[str]:
    """Serious or critical axe-core violations of the page as it is."""
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations")
    return [
        f"{v['id']}: {v['help']} ({len(v['nodes'])}) {v['nodes'][0]['html'][:100]}"
        for v in result
        if v["impact"] in ("serious", "critical")
    ]


#: Every game and mode as the whole-game tests play it: (game, players, options, mode).
GAMES = [
    ("kingdomino", 2, {"middle_kingdom": True, "harmony": True}, None),
    ("kingdomino", 3, {"dynasty": True}, None),
    ("duel", 2, {}, None),
    ("origins", 3, {"fire_kingdom": True}, "tribe"),
    ("origins", 2, {}, "totem"),
    ("origins", 2, {}, "discovery"),
]


#: On the big board: whether each square a domino, a die, a marker or a caveman may go to shows whole
#: within the board, a square's size on screen, and the board's bottom on the page.
TAP_TARGETS = """() => {
  const board = document.querySelector('.kingdom.mine svg.big');
  const frame = board.getBoundingClientRect();
  const inside = (box) => box.left >= frame.left - 1 && box.right <= frame.right + 1
    && box.top >= frame.top - 1 && box.bottom <= frame.bottom + 1;
  const whole = [...board.querySelectorAll('g.legal rect.spot')]
    .map((spot) => inside(spot.getBoundingClientRect()));
  const square = frame.width / board.viewBox.baseVal.width * 40;
  return { whole, square, bottom: frame.bottom + scrollY };
}"""


def focused_matches(page: LivePage, selector: str) -> bool:
    """Whether the element with the keyboard's focus matches ``selector``."""
    return bool(
        page.evaluate("(s) => !!document.activeElement && document.activeElement.matches(s)", selector)
    )


def ai_game_to_its_end(page: LivePage, game: str = "kingdomino", players: int = 2, **options: Any) -> None:
    """Create a game of AI seats only (random, quick) from the lobby and open it at its end screen
    once played (away from the page: ``finish_through_the_api``)."""
    page.goto(page.base_url + "/")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    for option in options:
        page.check(f"#opt-{option}")
    for seat in range(players):
        page.select_option(f"#seat-{seat}", "ai:random")
    page.click("#create")
    page.wait_for_url("**/game/*")
    finish_through_the_api(page, timeout=120)


#: A test that runs axe-core, which ``npm ci`` installs.
needs_axe = pytest.mark.skipif(not AXE.exists(), reason="node_modules/axe-core is missing (npm ci)")


#: The games ``at_the_end_of`` played, by server and kind: the address of their end screen and
#: what their browser kept of them (cookies, local storage).
_FINISHED: dict[tuple[str, str], tuple[str, StorageState]] = {}


def at_the_end_of(
    browser: Browser, base: str, kind: str, play: Callable[[LivePage], None], **shown: Any
) -> LivePage:
    """A page of its own (``new_page`` of ``shown``) at the end screen of a game ``play`` plays on
    a page to its end (``ai_game_to_its_end``, ``finish_through_the_api``), played once per server
    and ``kind``: the tests that only look at a finished game share it (a game played is most of
    their time), each in a context of its own holding what the lobby kept of the game. For the
    session's server (``live_server`` unmarked), whose games outlive the test."""
    known = _FINISHED.get((base, kind))
    if known is None:
        page = new_page(browser, base, **shown)
        play(page)
        _FINISHED[(base, kind)] = (page.url, page.context.storage_state())
        return page
    url, state = known
    page = new_page(browser, base, storage_state=state, **shown)
    page.goto(url)
    page.wait_for_selector("#ranking")
    return page


def two_ai_seats_to_the_end(page: LivePage) -> None:
    """``ai_game_to_its_end`` of a 2-player Kingdomino, for ``at_the_end_of``."""
    ai_game_to_its_end(page)


def three_ai_seats_to_the_end(page: LivePage) -> None:
    """``ai_game_to_its_end`` of a 3-player Kingdomino, for ``at_the_end_of``."""
    ai_game_to_its_end(page, players=3)


def played_against_greedy(page: LivePage) -> None:
    """A 2-player Kingdomino against ``greedy`` played to its end, our moves the first legal ones
    (``finish_through_the_api``): one the review marks mistakes in."""
    create_game(page, "kingdomino", 2)
    finish_through_the_api(page)


def duel_played_against_greedy(page: LivePage) -> None:
    """``played_against_greedy``'s Duel."""
    create_game(page, "duel", 2)
    finish_through_the_api(page)


def review_of_a_finished_game(browser: Browser, base: str, **shown: Any) -> LivePage:
    """A page of its own (``new_page`` of ``shown``) at the replay of a 2-player Kingdomino played
    to its end (``played_against_greedy``, one such game per server: ``at_the_end_of``), once the
    review has marked moves."""
    page = at_the_end_of(browser, base, "reviewed", played_against_greedy, **shown)
    page.click("#replay")
    page.wait_for_function("document.querySelector('#review-next')?.disabled === false", timeout=120000)
    return page


def to_next_marked_move(page: LivePage) -> None:
    """Go to the review's next marked move, once its verdict is said."""
    before = page.locator("#replay-step").input_value()
    page.click("#review-next")
    page.wait_for_function(f"document.querySelector('#replay-step').value !== '{before}'")
    page.wait_for_function("document.querySelector('#review-note')?.textContent.includes('Better:')")


def api_game(
    base: str, game: str, seed: int, players: int = 2, options: dict[str, Any] | None = None
) -> tuple[str, str]:
    """A practice game made through the API (one human, seat 0, against ``greedy`` AI seats): its
    id and our token. For the tests whose clicks before a position are not what they are about."""
    seats = [{"kind": "human"}] + [{"kind": "ai", "level": "greedy"}] * (players - 1)
    body = {"game": game, "players": players, "seats": seats, "options": options or {}, "seed": seed}
    made = httpx.post(f"{base}/api/games", json=body, timeout=30).json()
    return str(made["id"]), str(made["seats"][0]["token"])


def play_until(
    base: str,
    game_id: str,
    token: str,
    until: Callable[[dict[str, Any]], bool],
    move: Callable[[dict[str, Any]], str],
) -> dict[str, Any]:
    """Our moves through the API (``move`` of each view we are to act in) until ``until`` holds of a
    view in which we are to act: that view."""
    with httpx.Client(base_url=base, timeout=30) as http:
        while True:
            view = wait_for(http, game_id, token, lambda v: v["current_player"] in v["your_seats"])
            if until(view):
                return view
            answer = http.post(f"/api/games/{game_id}/actions", json={"token": token, "action": move(view)})
            assert answer.status_code == 200, answer.text


def at_first_placement(base: str, seed: int = 3) -> tuple[str, str]:
    """A 2-player Kingdomino (``api_game``) played through the API, our first legal move each
    time, up to our first domino to place: its id and our token."""
    game_id, token = api_game(base, "kingdomino", seed)
    play_until(
        base, game_id, token, lambda v: v["observation"]["phase"] == "place", lambda v: v["legal_actions"][0]
    )
    return game_id, token


def opened(
    browser: Browser,
    base: str,
    game_id: str,
    token: str,
    width: int = 1366,
    height: int = 900,
    touch: bool = False,
) -> LivePage:
    """A page of its own opened at our seat of ``game_id``, once it is our turn there."""
    page = new_page(browser, base, width, height, touch=touch)
    page.goto(f"{base}/game/{game_id}?token={token}")
    page.wait_for_selector("#your-turn")
    return page


def log_in_new(page: LivePage, base: str, name: str = "Ona") -> str:
    """A new account made from the lobby's account card of ``page``, logged in; its name."""
    name = f"{name}{secrets.token_hex(3)}"
    page.goto(base + "/")
    page.wait_for_selector("#account-form")
    page.fill("#account-name", name)
    page.fill("#account-password", "a long enough password")
    page.click("#create-account")
    page.wait_for_selector("#logged-in, #account-error:not(:empty)")
    refused = page.locator("#account-error")
    assert page.locator("#logged-in").count() == 1, (refused.all_inner_texts(), page.errors)
    return name


def open_a_game_for_the_lobby(page: LivePage, live_server: str, name: str, players: int = 2) -> None:
    """``name`` opens a game of ``players`` from the lobby, every other seat waiting for whoever
    joins (no AI fills them); the caller waits for what it looks at (``game_page_id``)."""
    page.goto(live_server + "/")
    page.fill("#name-0", name)
    if players != 2:
        page.select_option("#players", str(players))
    for seat in range(1, players):
        page.select_option(f"#seat-{seat}", "open")
    page.wait_for_selector("#open-options:not([hidden])")
    page.select_option("#ai-fill", "")
    page.click("#create")


def game_page_id(page: LivePage) -> str:
    """The id of the game ``page`` goes to (from the lobby), once its address is the game's."""
    page.wait_for_url(re.compile(r"/game/[0-9a-f]+$"))
    return page.url.rsplit("/", 1)[1]


def call_off(page: LivePage, game_id: str) -> None:
    """The creator on ``page`` (this browser holds the creator's seat) calls off their open game
    ``game_id`` from its page: a test leaves no open game on the shared server, which a later
    test's quick game would join (``live_server`` checks it)."""
    page.goto(f"{page.base_url}/game/{game_id}")
    page.click("#call-off")
    page.wait_for_selector("#expired")


def accepted_dialogs(page: LivePage) -> list[str]:
    """Every dialog ``page`` opens from now on accepted (a "Resign this game?" confirmation): the
    list their messages are added to, as they come, for the test to read what was asked."""
    asked: list[str] = []

    def accept(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.accept()

    page.on("dialog", accept)
    return asked


def timed_game_of_two(base: str, control: dict[str, Any]) -> tuple[str, list[str], dict[str, Any]]:
    """A 2-player Kingdomino of Anna and Bela with the clocks ``control``, made through the API:
    its id, the seats' tokens and its first view (whose ``current_player`` is to act)."""
    seats = [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bela"}]
    body = {"game": "kingdomino", "players": 2, "seats": seats, "time_control": control}
    made = httpx.post(f"{base}/api/games", json=body, timeout=30).json()
    tokens = [seat["token"] for seat in made["seats"]]
    first: dict[str, Any] = httpx.get(
        f"{base}/api/games/{made['id']}", params={"token": tokens[0]}, timeout=30
    ).json()
    return made["id"], tokens, first


def page_word(language: str, key: str) -> str:
    """The page's text ``key`` in ``language``, as its translations hold it (to wait for a page
    drawn in that language)."""
    words = json.loads(
        (Path(kingdomino.web.__file__).parent / "static" / "i18n" / f"{language}.json").read_text("utf-8")
    )
    return str(words[key])


def static_base(page: Page) -> str:
    """The path under which ``page`` names its static files (``/static/v/<version>/``)."""
    return str(page.evaluate("new URL(staticBase).pathname"))
