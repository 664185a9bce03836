"""A pong held up on its way never sets a page's clocks wrong (static/server-time.js, game-socket.js):
the page counts the clocks by the server's time, which each pong says (`now`), and trusts the pong
of the shortest round trip, within half that trip. A pong held up seconds while another message
came, so that the page pinged again, was timed from that later ping: a short round trip claimed for
a server time seconds old, and the clocks moved that far. Each pong is now timed from its own ping.
The page's own clock is ten minutes fast here: what it shows comes from the pongs alone."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import httpx
from playwright.sync_api import Browser
from tests.web.browser.pages import LivePage, new_page, timed_game_of_two
from tests.web.browser.test_game_clock_time import FAST_PHONE, RUNNING

#: Seconds between the page's pings here (its pongs say so): each held pong waits that long.
EVERY = 3
#: How far the page's idea of the server's time is from the real one, in seconds (the page's own
#: clock is faked; `performance` is not, and the server runs on this machine).
ERROR = """async () => {
  const { serverNow } = await import(staticBase + "server-time.js");
  return serverNow() - (performance.timeOrigin + performance.now()) / 1000;
}"""
#: The most that error may be: half the first pong's round trip (a local server: milliseconds),
#: and a busy machine's slack; a held pong timed from a later ping was off by about `EVERY`.
MOST = 1.0


class SlowDownlink:
    """The page's game socket, each pong after the first held until the page pings again (a
    network whose way to the page stalls): meanwhile a message the server sent before the pong
    reaches the page, so the page, which heard something since its ping, pings again."""

    def __init__(self, page: LivePage) -> None:
        self.pings = self.released = 0
        self.held: list[str] = []
        self.earlier: str | None = None
        page.route_web_socket(re.compile(r"/ws/games/"), self.route)

    def route(self, socket: Any) -> None:
        server = socket.connect_to_server()

        def to_server(frame: str | bytes) -> None:
            if json.loads(frame).get("type") == "ping":
                self.pings += 1
                if self.held:  # the held pong reaches the page as it pings again
                    for text in self.held:
                        socket.send(text)
                    self.held.clear()
                    self.released += 1
            server.send(frame)

        def to_page(frame: str | bytes) -> None:
            message = json.loads(frame)
            if message.get("type") == "pong":
                text = json.dumps({**message, "ping_every": EVERY})
                if self.pings < 2:
                    socket.send(text)
                    return
                if self.earlier is not None:
                    socket.send(self.earlier)
                self.held.append(text)
            elif self.held:
                self.held.append(str(frame))  # in order, behind the held pong
            else:
                self.earlier = str(frame)
                socket.send(frame)

        socket.on_message(to_server)
        server.on_message(to_page)


def test_pongs_held_up_do_not_move_the_clocks(browser: Browser, live_server: str) -> None:
    game_id, tokens, first = timed_game_of_two(live_server, {"kind": "game", "minutes": 5, "increment": 3})
    page = new_page(browser, live_server, width=390, height=844, touch=True, mobile=True)
    page.context.add_init_script(script=FAST_PHONE)
    downlink = SlowDownlink(page)
    page.goto(f"{live_server}/game/{game_id}?token={tokens[1 - first['current_player']]}")
    page.wait_for_function(f"({RUNNING})() > 240")
    clock = httpx.get(f"{live_server}/api/games/{game_id}", params={"token": tokens[0]}, timeout=30).json()[
        "clock"
    ]
    deadline, errors, shown = time.monotonic() + 60, [], []
    while downlink.released < 3 and time.monotonic() < deadline:  # three pongs held up, one by one
        errors.append(page.evaluate(ERROR))
        left = clock["remaining"][clock["running"]] - (time.time() - clock["since"])
        shown.append(page.evaluate(RUNNING) - left)
    assert downlink.released >= 3, "the page pinged again while its pong was held"
    assert max(abs(error) for error in errors) <= MOST, errors
    assert max(abs(gap) for gap in shown) <= MOST + 1, shown  # the clock shows whole seconds
    assert not page.errors


def test_a_held_sample_moves_the_time_within_its_own_error(browser: Browser, live_server: str) -> None:
    """The page's function fed by hand: a quick pong, then one held 5 s (its server time as old),
    then the held one first: the time stays the quick one's, and without it, within 2.5 s."""
    page = new_page(browser, live_server)
    page.goto(f"{live_server}/")
    said = page.evaluate(
        """async () => {
          const { heardServerTime, serverNow } = await import(staticBase + "server-time.js");
          const real = () => (performance.timeOrigin + performance.now()) / 1000;
          const skew = 600;  // the server's clock ten minutes ahead of this browser's
          const error = () => serverNow() - real() - skew;
          heardServerTime(real() + skew - 0.05, 100);
          const quick = error();
          heardServerTime(real() + skew - 5.05, 5100);
          return { quick, held: error() };
        }"""
    )
    assert abs(said["quick"]) <= 0.1 and abs(said["held"] - said["quick"]) <= 0.01, said
