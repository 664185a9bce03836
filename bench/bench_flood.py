"""Sockets that flood: what one client sending messages as fast as it can costs ``kingdomino serve``.

Starts ``kingdomino serve`` (a fresh SQLite file, one AI worker) on loopback and creates a game
of two human seats. For each kind of flood (``ping``; ``sync``, a whole view built and sent
again; an illegal ``action``; ``why``; and the lobby socket's ``ping``), a flooder holding a
seat's socket (or a lobby socket) sends that message as fast as it can for ``--seconds``,
reading its answers meanwhile (a client that does not read is cut off already: ``outbox``), and
opens its socket again whenever the server closes it; meanwhile another client at 127.0.0.2, a spectator,
pings every ``--every`` seconds and times each ``pong``. A baseline without flood comes first;
each flood comes from an address of its own (127.0.0.10, .11, ...).

Prints, for each: the flooder's messages sent a second (taken by its socket library: most wait in
buffers, unread when the socket closes) and answered a second (each answer one message the
server's event loop handled), the answers that were refusals (``too_many_messages``, a socket
refused at once among them), the times its socket was closed, the server's CPU time over the
flood's (its share of one core) and for each socket the flooder opened (or tried to: the
figures the machine's load moves least), and the other
client's round trip (median, 95th percentile, most) in milliseconds.

Measured on this project's machine (2 cores shared with other work, so the figures move by tens
of percent), 4 s each, before the limits: a flood's messages answered a second were about 1,000
``ping``, 430 ``sync``, 270 illegal actions, 220 ``why``, 350 lobby pings, and the other client's
pong took 50 to 145 ms (median; most 0.3 to 1.2 s) instead of 1.2 ms. With them
(``socket_limits``): the flooder's first socket is closed after 200 messages and 20 refusals,
each reconnection is refused at once (45 to 125 a second), and the other client's pong takes 6 to
15 ms (median; most 45 to 410 ms) against 1.9 to 4.3 ms without flood in the same runs: what is
left is the cost of the reconnections themselves (a WebSocket handshake each). Refused before
they are accepted, and counted (``socket_limits.OPENINGS``): the server's CPU time per socket the
flooder opened went from 2.8 ms (``ping``) and 4.5 ms (``reconnect``, each with its view) to
1.8 and 1.9 ms (load 9 to 15: compare runs made one after the other).

Run: ``.venv/bin/python bench/bench_flood.py [--seconds 5] [--every 0.05] [--only ping,reconnect]``.
Loopback only; well under a minute.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import websockets

from kingdomino.web.probe_clients import wait_until_answering

LEGIT_ADDRESS = "127.0.0.2"

#: Each flood's message, by name (``{token}`` is the flooder's seat's token).
FLOODS: dict[str, dict[str, Any]] = {
    "ping": {"type": "ping"},
    "sync": {"type": "sync"},
    "illegal action": {"type": "action", "token": "{token}", "action": "claim 999"},
    "why": {"type": "why", "action": "claim 999"},
    "lobby ping": {"type": "ping"},
}
#: The floods that send no message: ``reconnect`` opens a seat's socket, waits for its first
#: message (the game's view) and closes it, again and again.
RECONNECT = "reconnect"


@dataclass
class Flood:
    """What one flood did: counts of the flooder, round trips of the other client."""

    sent: int = 0
    opened: int = 0
    answered: int = 0
    refused: int = 0
    closed: list[int] = field(default_factory=list)
    round_trips: list[float] = field(default_factory=list)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int, directory: str) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "kingdomino", "serve", "--port", str(port), "--data-dir", directory]
    server = subprocess.Popen(
        [*command, "--ai-workers", "1", "--ai-delay", "0"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    wait_until_answering(f"http://127.0.0.1:{port}", 60, server)
    return server


async def flooder(url: str, address: str, message: str, tally: Flood, stop: asyncio.Event) -> None:
    """Send ``message`` from ``address`` as fast as the socket takes it, reading every answer;
    open it again when closed (a socket refused at once, or refused its handshake, counts as
    closed). No ``message``: only open the socket, read its first message and close it."""
    while not stop.is_set():
        tally.opened += 1
        try:
            async with websockets.connect(url, local_addr=(address, 0), max_size=2**22) as ws:
                if not message:
                    tally.answered += 1
                    tally.refused += '"too_many_messages"' in str(await ws.recv())
                    continue
                await flooded(ws, message, tally, stop)
        except websockets.InvalidStatus as refused:
            tally.refused += 1
            tally.closed.append(refused.response.status_code)
        except websockets.ConnectionClosed as closed:
            tally.closed.append(closed.rcvd.code if closed.rcvd else 1006)


async def flooded(ws: Any, message: str, tally: Flood, stop: asyncio.Event) -> None:
    """Send ``message`` on ``ws`` until ``stop`` or the socket closes, reading every answer."""

    async def read() -> None:
        async for raw in ws:
            tally.answered += 1
            tally.refused += '"too_many_messages"' in str(raw)

    reading = asyncio.create_task(read())
    try:
        while not stop.is_set():
            await ws.send(message)
            tally.sent += 1
            await asyncio.sleep(0)  # the reader's turn
    except websockets.ConnectionClosed as closed:
        tally.closed.append(closed.rcvd.code if closed.rcvd else 1006)
    reading.cancel()


async def timed_pings(url: str, every: float, tally: Flood, stop: asyncio.Event) -> None:
    """A spectator's pings from another address, each ``pong``'s round trip noted."""
    async with websockets.connect(url, local_addr=(LEGIT_ADDRESS, 0), max_size=2**22) as ws:
        while not stop.is_set():
            sent = time.perf_counter()
            await ws.send(json.dumps({"type": "ping"}))
            async for raw in ws:
                if json.loads(raw).get("type") == "pong":
                    break
            tally.round_trips.append(time.perf_counter() - sent)
            await ws.send(json.dumps({"type": "echo"}))
            await asyncio.sleep(every)


async def one_flood(
    port: int, game: dict[str, Any], name: str | None, address: str, seconds: float, every: float
) -> Flood:
    ws_base = f"ws://127.0.0.1:{port}"
    tally, stop = Flood(), asyncio.Event()
    watching = f"{ws_base}/ws/games/{game['id']}?tokens={game['spectator_token']}"
    tasks = [asyncio.create_task(timed_pings(watching, every, tally, stop))]
    if name is not None:
        token = game["seats"][0]["token"]
        url = (
            f"{ws_base}/ws/lobby"
            if name.startswith("lobby")
            else f"{ws_base}/ws/games/{game['id']}?tokens={token}"
        )
        message = json.dumps(FLOODS[name]).replace("{token}", token) if name in FLOODS else ""
        tasks.append(asyncio.create_task(flooder(url, address, message, tally, stop)))
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.wait(tasks, timeout=10)
    for task in tasks:
        task.cancel()
    return tally


def cpu_seconds(pid: int) -> float:
    """The CPU time the process ``pid`` has used so far (user and system), from ``/proc``."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def ms(values: list[float], share: float) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    return f"{1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))]:.1f}"


async def run(port: int, pid: int, names: list[str | None], seconds: float, every: float) -> None:
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
        body = {"game": "kingdomino", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}
        game = (await client.post("/api/games", json=body)).json()
    print(
        f"{'flood':<15} {'sent/s':>8} {'answered/s':>10} {'refused':>8} {'closed':>7} {'CPU':>5} "
        f"{'ms/open':>7}  other client's pong ms"
    )
    for number, name in enumerate(names):  # each flood from an address of its own
        used = cpu_seconds(pid)
        tally = await one_flood(port, game, name, f"127.0.0.{10 + number}", seconds, every)
        busy = (cpu_seconds(pid) - used) / seconds
        each = f"{1000 * busy * seconds / tally.opened:.1f}" if tally.opened else "-"
        trips = tally.round_trips
        median = f"{1000 * statistics.median(trips):.1f}" if trips else "-"
        print(
            f"{name or 'none':<15} {tally.sent / seconds:>8.0f} {tally.answered / seconds:>10.0f} "
            f"{tally.refused:>8} {len(tally.closed):>7} {busy:>5.0%} {each:>7}   "
            f"median {median}, 95% {ms(trips, 0.95)}, "
            f"most {ms(trips, 1.0)} ({len(trips)} pongs)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=5.0, help="how long each flood lasts")
    parser.add_argument("--every", type=float, default=0.05, help="seconds between the other client's pings")
    parser.add_argument("--only", default="", help="floods to run, by name, comma-separated")
    args = parser.parse_args()
    chosen = [name.strip() for name in args.only.split(",") if name.strip()] or [*FLOODS, RECONNECT]
    names: list[str | None] = [None, *chosen]
    with tempfile.TemporaryDirectory() as directory:
        port = free_port()
        server = start_server(port, directory)
        try:
            asyncio.run(run(port, server.pid, names, args.seconds, args.every))
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
