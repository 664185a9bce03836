"""The lobby page tries its lost socket again as a game page does (``static/socket-retry.js``):
after a wait drawn between half of its step and all of it, the step growing with each try that
fails (1, 2, 4 s, at most 5 s) and back to the first once a socket opens. A club's lobby pages
that lost their sockets together to a server's restart come back spread out, not in the same
instant every 2 s (``bench/bench_club_reconnect.py --lobby``).

The page's clock is Playwright's, paused, and moved on by hand; the draws are the test's (the
lobby's ``Math.random``, which only the wait draws), and a refused try is a socket to a loopback
port nothing listens on."""

from __future__ import annotations

from playwright.sync_api import Browser
from playwright.sync_api import Error as PlaywrightError
from tests.web.browser.pages import LivePage, new_page
from tests.web.servers import free_port

#: The lobby's sockets counted, the draws the test's, and the tries sent nowhere while refused.
SOCKETS = """(() => {
  window.lobbyTries = 0; window.lobbyClosed = 0; window.refuse = false; window.draws = [];
  const random = Math.random;
  Math.random = () => (window.draws.length ? window.draws.shift() : random());
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      const lobby = String(url).includes("/ws/lobby");
      super(lobby && window.refuse ? "NOWHERE" : url, protocols);
      if (!lobby) return;
      window.lobbyTries += 1;
      window.lobbySocket = this;
      this.addEventListener("close", () => { window.lobbyClosed += 1; });
    }
  };
})();"""


#: The waits the test draws, one a closed socket, in milliseconds: the step after 0, 1, 2, 3 and 4
#: tries failed (1, 2, 4, 5 and 5 s), and the draw that gives each (half of it at 0).
WAITS = [(500, 0.0), (1999, 0.999), (2000, 0.0), (2500, 0.0), (4999, 0.9996)]


def paused(page: LivePage) -> None:
    """Pause the page's clock a second on from its time now, firing only the timers due in that
    second. Playwright reads a number as seconds since the epoch (``Date.now()``'s milliseconds
    would pause it millennia on, firing every timer of the page once: the keep-alive's tick among
    them, which takes a socket whose ping is not answered yet for dead). A loaded machine may take
    longer than that second between the read and the pause: a time gone by is refused, the clock
    left paused where it is, and the pause is asked for again from there."""
    for _ in range(3):
        try:
            page.clock.pause_at(page.evaluate("Date.now()") / 1000 + 1)
            return
        except PlaywrightError as error:
            if "fast-forward to the past" not in error.message:
                raise
    raise AssertionError("the page's clock was never paused: each time asked was gone by")


def closed(page: LivePage, count: int) -> None:
    page.wait_for_function(f"window.lobbyClosed >= {count}")


def tries_after(page: LivePage, milliseconds: int) -> int:
    """The lobby's sockets opened so far once the clock moved on ``milliseconds``."""
    page.clock.run_for(milliseconds)
    return int(page.evaluate("window.lobbyTries"))


def test_the_lobby_tries_its_socket_again_after_growing_waits_drawn_at_random(
    browser: Browser, live_server: str
) -> None:
    nowhere = f"ws://127.0.0.1:{free_port()}/ws/lobby"
    page = new_page(browser, live_server)
    page.add_init_script(SOCKETS.replace("NOWHERE", nowhere))
    page.clock.install()
    page.goto(f"{live_server}/")
    page.wait_for_function("window.lobbySocket && window.lobbySocket.readyState === WebSocket.OPEN")
    paused(page)
    page.evaluate(f"window.draws = {[drawn for _, drawn in WAITS]}; window.refuse = true")
    page.evaluate("window.lobbySocket.close()")
    closed(page, 1)
    for tries, (wait, _) in enumerate(WAITS, 1):
        assert tries_after(page, wait - 1) == tries, f"tried again before {wait} ms (try {tries})"
        assert tries_after(page, 1) == tries + 1, f"not tried again at {wait} ms (try {tries})"
        closed(page, tries + 1)
    page.evaluate("window.refuse = false")
    assert tries_after(page, 5000) == len(WAITS) + 2
    page.wait_for_function("window.lobbySocket.readyState === WebSocket.OPEN")
    page.evaluate("window.draws = [0]; window.lobbySocket.close()")
    closed(page, len(WAITS) + 2)
    once_open = tries_after(page, 499), tries_after(page, 1)
    assert once_open == (len(WAITS) + 2, len(WAITS) + 3), "not the first wait again once a socket opened"
    errors = [error for error in page.errors if nowhere not in error]  # the refused tries' own
    assert not errors, errors
