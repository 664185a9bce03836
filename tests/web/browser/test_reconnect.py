"""A game page whose socket is cut, or goes silent, says it is offline, comes back to the game as
it is now, and sends the move made meanwhile once (issue #64): the page's sockets go through
Playwright's WebSocket routes, which pass the frames on, drop them, or close the socket."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import LivePage, new_page
from tests.web.conftest import wait_for

#: Set on the page: the text of the error line whenever the page says it is offline.
WATCH_OFFLINE = """() => {
  window.offlineSaid = [];
  new MutationObserver(() => {
    if (document.body.classList.contains('offline'))
      window.offlineSaid.push(document.querySelector('#error').textContent);
  }).observe(document.body, { attributes: true, attributeFilter: ['class'] });
}"""


class Line:
    """The page's game sockets, through Playwright: passed on to the server while the line is
    up; while it is down, each is closed as it opens; a silenced one drops every frame both ways,
    as a network gone without a goodbye (the sockets opened after it pass again)."""

    def __init__(self, page: LivePage) -> None:
        self.up = True
        self.open: list[Any] = []
        self.silenced: set[int] = set()
        page.route_web_socket(re.compile(r"/ws/games/"), self._route)

    def _route(self, socket: Any) -> None:
        if not self.up:
            socket.close(code=1001)
            return
        server = socket.connect_to_server()
        key = id(socket)
        socket.on_message(lambda frame: None if key in self.silenced else server.send(frame))
        server.on_message(lambda frame: None if key in self.silenced else socket.send(frame))
        self.open.append(socket)

    def cut(self) -> None:
        self.up = False
        for socket in self.open:
            socket.close(code=1001)
        self.open.clear()

    def silence(self) -> None:
        self.silenced |= {id(socket) for socket in self.open}


def game_of_two(base: str) -> tuple[str, list[str]]:
    """A game of two humans made through the API: its id and the seats' tokens."""
    seats = [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Boris", "online": True}]
    body = {"game": "kingdomino", "players": 2, "seats": seats, "options": {}}
    made = httpx.post(f"{base}/api/games", json=body, timeout=30).json()
    return str(made["id"]), [str(seat["token"]) for seat in made["seats"]]


def play_api_moves(base: str, game_id: str, tokens: list[str], moves: int) -> dict[str, Any]:
    """``moves`` moves through the API, each by the seat to act; the view after them."""
    with httpx.Client(base_url=base, timeout=30) as http:
        for _ in range(moves):
            view = http.get(f"/api/games/{game_id}", params={"token": tokens[0]}).json()
            token = tokens[view["current_player"]]
            mine = http.get(f"/api/games/{game_id}", params={"token": token}).json()
            body = {"token": token, "action": mine["legal_actions"][0], "index": mine["index"]}
            assert http.post(f"/api/games/{game_id}/actions", json=body).status_code == 200
        return dict(http.get(f"/api/games/{game_id}", params={"token": tokens[0]}).json())


def shown_log(page: LivePage) -> list[str]:
    return list(page.locator("#log li").all_text_contents())


def test_a_page_cut_off_says_so_and_comes_back_to_the_game_as_it_is(
    browser: Browser, live_server: str
) -> None:
    game_id, tokens = game_of_two(live_server)
    page = new_page(browser, live_server)
    line = Line(page)
    page.goto(f"{live_server}/game/{game_id}?token={tokens[0]}")
    page.wait_for_selector("#your-turn, #waiting")
    page.evaluate(WATCH_OFFLINE)
    before = shown_log(page)
    line.cut()
    page.wait_for_function("document.body.classList.contains('offline')")
    expect(page.locator("#error")).to_have_text("Connection lost: reconnecting…")
    # Both players move meanwhile, through the API: the page hears none of it.
    now = play_api_moves(live_server, game_id, tokens, 3)
    assert shown_log(page) == before
    line.up = True
    page.wait_for_function("!document.body.classList.contains('offline')", timeout=60000)
    page.wait_for_function(f"document.querySelectorAll('#log li').length === {len(now['log'])}")
    assert len(shown_log(page)) == len(now["log"]) > len(before)
    expect(page.locator("#error")).to_have_text("")
    assert page.evaluate("window.offlineSaid")[0] == "Connection lost: reconnecting…"
    assert not page.errors, page.errors


@pytest.mark.socket_idle_seconds(6.0)
def test_a_move_made_on_a_silent_socket_is_sent_once_the_page_is_back(
    browser: Browser, live_server: str
) -> None:
    """The page pings every second (the server's 6 s over 6): a socket that answers nothing for two
    pings is taken for dead, the page says its move waits, connects again and sends it, once."""
    game_id, tokens = game_of_two(live_server)
    page = new_page(browser, live_server)
    line = Line(page)
    page.goto(f"{live_server}/game/{game_id}?token={tokens[0]}")
    page.wait_for_selector("#your-turn, #waiting")
    while play_api_moves(live_server, game_id, tokens, 0)["current_player"] != 0:
        play_api_moves(live_server, game_id, tokens, 1)
    page.wait_for_selector("#your-turn")
    page.evaluate(WATCH_OFFLINE)
    index = httpx.get(f"{live_server}/api/games/{game_id}", params={"token": tokens[0]}, timeout=30).json()[
        "index"
    ]
    line.silence()
    page.locator("button.domino.claimable").first.click()  # sent into a socket that says nothing
    page.wait_for_function("document.body.classList.contains('offline')", timeout=60000)
    page.wait_for_function("!document.body.classList.contains('offline')", timeout=60000)
    with httpx.Client(base_url=live_server, timeout=30) as http:
        view = wait_for(http, game_id, tokens[0], lambda v: v["index"] > index)
    anna = [entry for entry in view["log"] if entry["index"] >= index and entry["seat"] == 0]
    assert len(anna) == 1 and anna[0]["text"].startswith("claim"), view["log"]
    page.wait_for_function(f"document.querySelectorAll('#log li').length === {len(view['log'])}")
    said = page.evaluate("window.offlineSaid")
    assert said and said[0].startswith("Connection lost: reconnecting… Your move will be sent"), said
    expect(page.locator("#error")).to_have_text("")
    assert not page.errors, page.errors


#: The waits of ``retryMs`` after 0 to 5 tries failed, at the least and the most its draw gives.
RETRY_WAITS = """async () => {
  const { retryMs } = await import(staticBase + "socket-retry.js");
  return [0, 1, 2, 3, 4, 5].map((tries) => [retryMs(tries, 0), retryMs(tries, 0.9999)]);
}"""


def test_pages_that_lost_their_sockets_at_once_try_again_apart(browser: Browser, live_server: str) -> None:
    """A club's 40 pages behind one address, their sockets closed by a server's restart, try
    again each after a wait drawn between half of its step and all of it, the steps at most 5 s:
    all back within the 20 sockets a second one address may open
    (``bench/bench_club_reconnect.py``)."""
    page = new_page(browser, live_server)
    page.goto(f"{live_server}/")
    waits = page.evaluate(RETRY_WAITS)
    steps = [1000, 2000, 4000, 5000, 5000, 5000]
    for (least, most), step in zip(waits, steps, strict=True):
        assert least == step / 2 and step - 1 < most <= step, (waits, steps)
