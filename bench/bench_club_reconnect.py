"""A club behind one address: ``--pages`` game pages (40: a school's or a club's Wi-Fi, one public
address) open in Chromium when ``kingdomino serve`` restarts, each reconnecting as its page does
(``static/game-socket.js``), under the server's limit of sockets opened by one client (20 a second,
300 a minute: ``socket_limits.OPENINGS``). Prints how long until every page hears the server again
and how many of their handshakes were refused meanwhile.

Starts ``kingdomino serve`` (a fresh SQLite file) on loopback, makes games of four people playing
online (each seat's page opens its socket with its token), opens one page a seat from 127.0.0.1,
and once all have their view, stops the server and starts it again on the same port and data
(``--down`` seconds later). A page is back when a socket it opened after the stop brings a
frame; a socket opened while the server answers that closes without one was refused.
``--lobby``: lobby pages instead, each reconnecting its lobby socket as ``static/open-games.js``
does (with the game pages' waits: ``static/socket-retry.js``).

Measured: ``docs/server/limits.md``. Run:
``.venv/bin/python bench/bench_club_reconnect.py [--pages 40] [--runs 3]``; Chromium from
``KINGDOMINO_CHROMIUM`` (``/usr/bin/chromium``). Loopback only; a minute or two a run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from typing import Any

import httpx
from playwright.sync_api import Page, WebSocket, sync_playwright

from bench_flood import free_port, start_server

CHROMIUM = os.environ.get("KINGDOMINO_CHROMIUM", "/usr/bin/chromium")


@dataclass
class Sockets:
    """What one page's sockets did after the server stopped (``stopped``): when it first heard
    the new one, and its sockets opened once it answered (``since``) that closed unheard (refused
    handshakes).

    A socket opened after the stop hears the new server alone: the page is back at its first
    frame, even if it opened before the bench saw the server answer (the server answers pages
    and the bench's polling in any order), so no page that is back is missed."""

    stopped: float = float("inf")
    since: float = float("inf")
    back: float | None = None
    refused: int = 0
    opened: list[float] = field(default_factory=list)

    def watch(self, socket: WebSocket) -> None:
        opened, heard = time.monotonic(), [False]
        self.opened.append(opened)

        def frame(_: Any) -> None:
            heard[0] = True
            if opened >= self.stopped and self.back is None:
                self.back = time.monotonic()

        def closed(_: Any) -> None:
            if opened >= self.since and not heard[0]:
                heard[0] = True  # a socket's close and error are one refusal
                self.refused += 1

        socket.on("framereceived", frame)
        socket.on("close", closed)
        socket.on("socketerror", closed)


def seats(base: str, pages: int) -> list[str]:
    """The game pages of ``pages`` seats: games of four people playing online, each seat's link."""
    links: list[str] = []
    for number in range((pages + 3) // 4):
        transport = httpx.HTTPTransport(local_address=f"127.0.2.{number + 1}")
        with httpx.Client(base_url=base, transport=transport, timeout=60) as client:
            people = [{"kind": "human", "name": f"P{seat}", "online": True} for seat in range(4)]
            body = {"game": "kingdomino", "players": 4, "seats": people, "options": {}}
            made = client.post("/api/games", json=body)
            assert made.status_code in (200, 201), made.text
            game = made.json()
            links += [f"{base}/game/{game['id']}?token={seat['token']}" for seat in game["seats"]]
    return links[:pages]


def started(port: int, directory: str, page: Page) -> subprocess.Popen[bytes]:
    """``kingdomino serve`` started as ``bench_flood.start_server`` does, once it answers; the
    browser's events handled meanwhile (Playwright tells them only while it is called), so
    each socket is timed as it opens."""
    command = [sys.executable, "-m", "kingdomino", "serve", "--port", str(port), "--data-dir", directory]
    server = subprocess.Popen(
        [*command, "--ai-workers", "1", "--ai-delay", "0"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and server.poll() is None:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/meta", timeout=0.2):
                return server
        except OSError:
            page.wait_for_timeout(20)
    raise RuntimeError("the server did not start again")


def until(check: Any, page: Page, deadline: float, what: str) -> None:
    while not check():
        if time.monotonic() > deadline:
            raise TimeoutError(what)
        page.wait_for_timeout(50)


def one_run(args: Any, browser: Any) -> tuple[float, int, float]:
    """One restart: seconds until every page is back (from the server's answering again), the
    handshakes refused, and the seconds the restart took."""
    with tempfile.TemporaryDirectory() as directory:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = start_server(port, directory)
        context = browser.new_context()
        try:
            watched: list[Sockets] = []
            pages: list[Page] = []
            links = [f"{base}/"] * args.pages if args.lobby else seats(base, args.pages)
            for link in links:
                page = context.new_page()
                sockets = Sockets()
                page.on("websocket", sockets.watch)
                page.goto(link)
                pages.append(page)
                watched.append(sockets)
            first = pages[0]
            until(lambda: all(s.opened for s in watched), first, time.monotonic() + 120, "pages opened")
            first.wait_for_timeout(2000)  # the minute's count of openings is not what is measured
            stopped = time.monotonic()
            for sockets in watched:
                sockets.stopped = stopped
            server.terminate()
            server.wait()
            first.wait_for_timeout(1000 * args.down)
            server = started(port, directory, first)
            up = time.monotonic()
            for sockets in watched:
                sockets.since = up
            try:
                until(lambda: all(s.back for s in watched), first, up + 120, "pages back")
            except TimeoutError:
                late = [
                    f"{len([o for o in s.opened if o >= stopped])} opened, {s.refused} refused"
                    for s in watched
                    if not s.back
                ]
                raise TimeoutError(f"{len(late)} pages not back 120 s after: {late}") from None
            last = max(max(s.back or up, up) for s in watched) - up
            return last, sum(s.refused for s in watched), up - stopped
        finally:
            context.close()
            server.terminate()
            server.wait()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--pages", type=int, default=40, help="game pages behind the one address")
    parser.add_argument("--runs", type=int, default=3, help="restarts measured")
    parser.add_argument("--lobby", action="store_true", help="lobby pages (its socket) instead of games")
    parser.add_argument("--down", type=float, default=0.0, help="seconds the server stays stopped")
    args = parser.parse_args()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        results = [one_run(args, browser) for _ in range(args.runs)]
        browser.close()
    for last, refused, restart in results:
        print(
            f"all {args.pages} back {last:.1f} s after the server answered again "
            f"({restart:.1f} s to restart); {refused} handshakes refused"
        )
    print(
        f"median: all back in {statistics.median(r[0] for r in results):.1f} s, "
        f"{statistics.median(r[1] for r in results)} refused"
    )


if __name__ == "__main__":
    main()
