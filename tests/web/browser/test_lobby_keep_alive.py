"""The lobby's socket is kept alive as a game's is (``static/socket-alive.js``): it pings at the
pace its pongs say, and one that hears nothing for two pings (a phone's network gone, a proxy
that drops idle connections without a goodbye) is taken for dead and opened again, so that the
page goes on hearing of open games. It sent nothing, and a silent socket stayed "open" for good.
The page's sockets go through Playwright's WebSocket routes, which pass the frames on or drop
them."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser
from tests.web.browser.pages import LivePage, new_page
from tests.web.browser.test_a11y_lobby_online import made_open


class LobbyLine:
    """The page's lobby sockets, through Playwright: each counted, and its pings; a silenced one
    drops every frame both ways (the sockets opened after it pass again)."""

    def __init__(self) -> None:
        self.sockets: list[Any] = []
        self.pings: list[int] = []
        self.pongs: list[dict[str, Any]] = []
        self.silenced: set[int] = set()

    def route(self, socket: Any) -> None:
        server = socket.connect_to_server()
        number = len(self.sockets)
        self.sockets.append(socket)
        self.pings.append(0)

        def to_server(frame: str | bytes) -> None:
            if number in self.silenced:
                return
            if json.loads(frame).get("type") == "ping":
                self.pings[number] += 1
            server.send(frame)

        def to_page(frame: str | bytes) -> None:
            if number in self.silenced:
                return
            message = json.loads(frame)
            if message.get("type") == "pong":
                self.pongs.append(message)
            socket.send(frame)

        socket.on_message(to_server)
        server.on_message(to_page)

    def silence(self) -> None:
        self.silenced |= set(range(len(self.sockets)))


def until(page: LivePage, done: Callable[[], bool], what: str) -> None:
    """Wait until ``done()``, the page's routes answering meanwhile (a minute at most)."""
    for _ in range(300):
        if done():
            return
        page.wait_for_timeout(200)
    raise AssertionError(f"never {what}")


@pytest.mark.socket_idle_seconds(6.0)
def test_the_lobby_pings_and_opens_a_silent_socket_again(browser: Browser, live_server: str) -> None:
    """The server's 6 s over 6: a ping a second. Once its socket goes silent, the page opens
    another within a few pings, and hears on it of a game opened meanwhile."""
    page = new_page(browser, live_server)
    line = LobbyLine()
    page.route_web_socket(re.compile(r"/ws/lobby"), line.route)
    page.goto(f"{live_server}/")
    page.wait_for_selector("#no-open-games")
    until(page, lambda: sum(line.pings) >= 3, "pinged")
    assert line.pongs[0]["ping_every"] == 1.0, line.pongs[0]
    assert len(line.sockets) == 1
    line.silence()
    made = made_open(live_server, 2)
    until(page, lambda: len(line.sockets) >= 2, "opened another socket")
    page.locator(f"#open-list li[data-id='{made['id']}']").wait_for()
    httpx.post(
        f"{live_server}/api/games/{made['id']}/cancel", json={"token": made["seats"][0]["token"]}, timeout=30
    )
    page.locator(f"#open-list li[data-id='{made['id']}']").wait_for(state="detached")
    assert not page.errors, page.errors
