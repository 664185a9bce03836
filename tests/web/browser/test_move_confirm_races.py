"""Confirm moves (``static/move-confirm.js``) while the game moves on: a board the game has left (a
move sent, its view not come yet) offers no move to confirm; a move waiting that a new view takes
back is said in the bar's place, not a bar vanishing under the player's thumb; one waiting across
a reconnection (the same view sent again) stays and is sent once on Confirm. The page's sockets go
through Playwright's WebSocket routes, which hold the server's frames or close the socket."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import LOG_MARK, LivePage, api_game, wait_for_count, wait_for_new_log
from tests.web.browser.test_move_confirm import game_page, moves_sent

SHOTS = Path("/tmp/shots/confirm")


class Line:
    """The page's game sockets, through Playwright: the server's frames passed on to the page
    unless ``hold``, then kept until ``release``; ``close`` closes the page's socket as a network
    gone would (the page connects again)."""

    def __init__(self, page: LivePage) -> None:
        self.held = False
        self.kept: list[tuple[Any, str | bytes]] = []
        self.open: list[Any] = []
        page.route_web_socket(re.compile(r"/ws/games/"), self._route)

    def _route(self, socket: Any) -> None:
        server = socket.connect_to_server()
        server.on_message(
            lambda frame: self.kept.append((socket, frame)) if self.held else socket.send(frame)
        )
        self.open.append(socket)

    def hold(self) -> None:
        self.held = True

    def release(self) -> None:
        self.held = False
        for socket, frame in self.kept:
            socket.send(frame)
        self.kept.clear()

    def close(self) -> None:
        self.open.pop().close(code=1001)


def test_a_board_the_game_has_left_offers_no_move_to_confirm(browser: Browser, live_server: str) -> None:
    """A move confirmed, its view held on the way: the board still drawn offers nothing to confirm
    (that view would take the choice back before Confirm), then the game goes on as it was. Until
    that view, the board waits visibly, the move's mark kept, the bar saying in words that the move
    is being sent; a tap on the board is told the move is on its way (it did nothing, silently)."""
    game_id, token = api_game(live_server, "kingdomino", seed=3)
    lines: list[Line] = []
    page = game_page(
        browser, live_server, game_id, token, "always", lambda p: lines.append(Line(p)), width=390, height=844
    )
    line = lines[0]
    sent = moves_sent(page)
    page.reload()
    page.wait_for_selector("#your-turn")
    dominoes = page.locator("button.domino.claimable")
    dominoes.first.click()
    mark = page.evaluate(LOG_MARK)
    line.hold()
    chosen = dominoes.first.get_attribute("data-domino")
    page.click("#confirm-move")
    wait_for_count(page, sent, 1)
    bar, words, board = page.locator("#move-confirm"), page.locator("#move-chosen"), page.locator("#board")
    expect(words).to_have_text(re.compile(r"^Sending your move: Choose domino \d+ .*…$"))
    expect(words).to_have_attribute("role", "status")
    expect(bar.locator("button:visible")).to_have_count(0)
    expect(board).to_have_class(re.compile(r"\bmove-sending\b"))
    expect(board).to_have_attribute("aria-busy", "true")
    expect(page.locator("button.domino.chosen")).to_have_attribute("data-domino", str(chosen))
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "sending-phone-en.png"))
    other = dominoes.last
    other.click()  # on the board drawn before the move went
    expect(words).to_have_text(
        re.compile(r"^Your move is on its way: Choose domino \d+ .*Wait for the game's answer\.$")
    )
    expect(bar.locator("button:visible")).to_have_count(0)
    expect(other).not_to_have_class(re.compile(r"\bchosen\b"))
    page.keyboard.press("Escape")  # nothing to cancel: the move went
    expect(bar).to_be_visible()
    page.screenshot(path=str(SHOTS / "sending-tapped-phone-en.png"))
    line.release()
    wait_for_new_log(page, mark)
    page.wait_for_selector("#your-turn")
    expect(bar).to_be_hidden()
    expect(board).not_to_have_class(re.compile(r"\bmove-sending\b"))
    expect(page.locator("#board .chosen, #board .chosen-mark")).to_have_count(0)
    assert len(sent) == 1, sent
    assert page.errors == []


def test_a_move_waiting_that_the_game_left_behind_is_said(browser: Browser, live_server: str) -> None:
    """The player's other window plays while a move waits here: the bar says it was not played,
    with OK alone, in place of Confirm; OK takes the note away."""
    game_id, token = api_game(live_server, "kingdomino", seed=3)
    page = game_page(browser, live_server, game_id, token, "always", width=390, height=844, locale="hu")
    sent = moves_sent(page)
    page.locator("button.domino.claimable").first.click()
    expect(page.locator("#move-confirm")).to_be_visible()
    chosen = str(page.locator("#move-chosen").text_content())
    view = httpx.get(f"{live_server}/api/games/{game_id}", params={"token": token}).json()
    body = {"token": token, "action": view["legal_actions"][-1], "index": view["index"]}
    assert httpx.post(f"{live_server}/api/games/{game_id}/actions", json=body).status_code == 200
    move = chosen.removeprefix("A lépésed: ").removesuffix(". Megteszed?")
    expect(page.locator("#move-chosen")).to_have_text(
        f"A játszma továbblépett a megerősítésed előtt, így ez a lépés elmaradt: {move}."
    )
    expect(page.locator("#confirm-move")).to_be_hidden()
    expect(page.locator("#cancel-move")).to_be_hidden()
    expect(page.locator("#dismiss-note")).to_be_visible()
    expect(page.locator(".chosen, svg .chosen-mark")).to_have_count(0)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "moved-on-phone-hu.png"))
    page.click("#dismiss-note")
    expect(page.locator("#move-confirm")).to_be_hidden()
    assert sent == [], sent
    assert page.errors == []


def test_a_move_waiting_stays_across_a_reconnection(browser: Browser, live_server: str) -> None:
    """The socket closed while a move waits: the page connects again, the same view comes again,
    the move still waits, marked, and Confirm sends it once."""
    game_id, token = api_game(live_server, "kingdomino", seed=3)
    lines: list[Line] = []
    page = game_page(
        browser,
        live_server,
        game_id,
        token,
        "always",
        lambda p: lines.append(Line(p)),
        width=390,
        height=844,
        locale="bg",
    )
    line = lines[0]
    sent = moves_sent(page)
    page.reload()
    page.wait_for_selector("#your-turn")
    domino = page.locator("button.domino.claimable").first
    number = domino.get_attribute("data-domino")
    domino.click()
    mark = page.evaluate(LOG_MARK)
    line.close()
    page.wait_for_function("document.body.classList.contains('offline')")
    page.wait_for_function("!document.body.classList.contains('offline')", timeout=60000)
    expect(page.locator("#move-confirm")).to_be_visible()
    expect(page.locator("#confirm-move")).to_be_visible()
    expect(page.locator(f'button.domino.chosen[data-domino="{number}"]')).to_have_count(1)
    page.screenshot(path=str(SHOTS / "claim-phone-bg.png"))
    page.click("#confirm-move")
    wait_for_new_log(page, mark)
    wait_for_count(page, sent, 1)
    assert sent == [f"claim {number}"], sent
    assert page.errors == []
