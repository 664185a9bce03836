"""A game's clocks on a page whose own clock is wrong (a phone's can be minutes off): the page
counts the running clock down by the server's time, which each pong of the game's socket says, so
Mira's phone shows the clocks her opponent's desktop shows (docs/server/clocks.md); and a clock
of a whole game is low under a tenth of its minutes, a minute of 10 (20 seconds at least)."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Browser
from tests.web.browser.pages import LivePage, new_page, timed_game_of_two

#: This page's clock ten minutes fast: a 5-minute clock counted by it would read 0:00 at once.
FAST_PHONE = "(() => { const real = Date.now; Date.now = () => real() + 600000; })()"

#: The seconds the running clock shows (none while it is not drawn).
RUNNING = """() => {
  const text = document.querySelector('#clocks .clock.running time')?.textContent;
  if (!text) return null;
  const [minutes, seconds] = text.split(':').map(Number);
  return minutes * 60 + seconds;
}"""


def test_a_phone_whose_clock_is_off_shows_the_server_s_clocks(browser: Browser, live_server: str) -> None:
    game_id, tokens, _ = timed_game_of_two(live_server, {"kind": "game", "minutes": 5, "increment": 3})
    phone = new_page(browser, live_server, width=390, height=844, touch=True, mobile=True)
    phone.context.add_init_script(script=FAST_PHONE)
    desk = new_page(browser, live_server)
    for page, token in ((phone, tokens[0]), (desk, tokens[1])):
        page.goto(f"{live_server}/game/{game_id}?token={token}")
    # Drawn by the server's time once the first pong said it: over 4 minutes left, as on the desktop.
    phone.wait_for_function(f"({RUNNING})() > 240")
    desk.wait_for_function(f"({RUNNING})() > 240")
    both = [page.evaluate(RUNNING) for page in (phone, desk)]
    assert abs(both[0] - both[1]) <= 2, both
    assert phone.evaluate("Math.abs(Date.now() / 1000 - performance.timeOrigin / 1000) > 500")
    assert not phone.errors and not desk.errors


def server_time_moved_on(page: LivePage, seconds: float) -> None:
    """The page's game sockets pass through, but each pong says the server's time ``seconds`` later."""

    def route(socket: Any) -> None:
        server = socket.connect_to_server()
        socket.on_message(server.send)

        def to_page(frame: str | bytes) -> None:
            message = json.loads(frame)
            if message.get("type") == "pong":
                message["now"] += seconds
            socket.send(json.dumps(message))

        server.on_message(to_page)

    page.route_web_socket(re.compile(r"/ws/games/"), route)


def test_a_ten_minute_clock_is_low_under_a_minute(browser: Browser, live_server: str) -> None:
    game_id, tokens, first = timed_game_of_two(live_server, {"kind": "game", "minutes": 10, "increment": 5})
    acting = first["current_player"]
    page = new_page(browser, live_server, width=390, height=844, touch=True, mobile=True)
    server_time_moved_on(page, 600 - 58)  # 58 s left: under a tenth of 10 minutes, far from 20 s
    page.goto(f"{live_server}/game/{game_id}?token={tokens[acting]}")
    page.wait_for_selector("#clocks .clock.running.low")
    assert 20 < page.evaluate(RUNNING) <= 60
    page.wait_for_function("document.querySelector('#clock-said')?.textContent.includes('left on the clock')")
    page.screenshot(path="/tmp/shots/realtime/phone-low-ten-minutes.png")
    assert not page.errors
