"""One game watched by many: what each move's broadcast costs the server, and whether the players
are still answered promptly.

For each count of ``--spectators`` (32, 300 and 1,000 by default), starts ``kingdomino serve``
(a fresh SQLite file, one AI worker, the game's spectator cap lifted to the count for the run),
creates a public two-player Kingdomino game of two guests, opens that many spectator sockets on
it (from several loopback addresses, as many people would: ``SOCKETS_PER_ADDRESS`` each), and the
two players' sockets. Then ``--moves`` moves are played, one at a time: each player moves as soon
as its own socket has the state where it is to act. For each move it times

* the move's round trip: the action sent to its ``ack``;
* a player's request during the broadcast: a ``ping`` sent as the ``ack`` arrives, to its ``pong``
  (the next move of a player arrives while the spectators are being sent the last);
* the broadcast: the action sent to the moment the last spectator has its state;

and the bytes of the state each spectator was sent, and the server's CPU time (its process's, from
``/proc``) over all the moves. Prints one line per count. The spectators read everything and parse
only the start of each message: the bench's own clients share the machine's cores with the server.

Run: ``PYTHONPATH=src .venv/bin/python bench/bench_spectators.py [--spectators 32 300 1000]
[--moves 20]``. Loopback only; Linux (``/proc``) for the server's CPU time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import httpx
import websockets
from websockets.asyncio.client import ClientConnection

from kingdomino.web.probe_clients import wait_until_answering

#: Sockets opened from one loopback address: under the app's 100 sockets per client.
SOCKETS_PER_ADDRESS = 90
#: A spectator's socket waits for the server as long as it takes, and pings nothing.
QUIET: dict[str, Any] = {"open_timeout": None, "ping_interval": None}
#: Seconds any one awaited event may take before the run fails.
DEADLINE = 120.0
#: Seconds all the spectators may take to open (each server's join of one was once O(N^2)).
OPENING_DEADLINE = 900.0
#: The server, with the game's spectator cap (and the server's, where there is one) lifted to
#: the count under test: ``python -c LAUNCHER count serve ...``.
LAUNCHER = """
import sys
from kingdomino.web import admission
count = int(sys.argv.pop(1))
admission.MAX_SPECTATORS = max(admission.MAX_SPECTATORS, count)
if hasattr(admission, "MAX_SPECTATORS_IN_ALL"):
    admission.MAX_SPECTATORS_IN_ALL = max(admission.MAX_SPECTATORS_IN_ALL, count)
from kingdomino.cli import main
main()
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int, directory: str, spectators: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-c", LAUNCHER, str(spectators), "serve", "--port", str(port)]
    command += ["--data-dir", directory, "--ai-workers", "1", "--ai-delay", "0"]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    wait_until_answering(f"http://127.0.0.1:{port}", 60, server)
    return server


def resident_bytes(pid: int) -> int:
    """The resident memory of process ``pid``."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


def cpu_seconds(pid: int) -> float:
    """The user and system CPU seconds process ``pid`` has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Spectators:
    """What the spectators saw (in their own process): how many have each game index's state,
    and the bytes of the message each got. When the last of them has an index's state, the
    players' process is told the moment (``time.monotonic``: one clock for every process) and
    the size."""

    count: int
    report: Connection
    seen: dict[int, int] = field(default_factory=dict)

    def got(self, index: int, size: int) -> None:
        self.seen[index] = self.seen.get(index, 0) + 1
        if self.seen[index] == self.count:
            self.report.send(("all", index, time.monotonic(), size))


async def spectate(uri: str, address: str, spectators: Spectators, opened: asyncio.Queue[None]) -> None:
    """A spectator that reads every message, counting the states it gets by their index; it says
    on ``opened`` when it has its first."""
    connecting = websockets.connect(uri, max_size=2**22, local_addr=(address, 0), **QUIET)
    async with connecting as ws:
        greeted = False
        async for raw in ws:
            text = raw if isinstance(raw, str) else raw.decode()
            if '"type": "state"' not in text[:80]:
                continue
            index = int(text.split('"index": ', 1)[1].split(",", 1)[0])
            spectators.got(index, len(text.encode()))
            if not greeted:  # its socket is open and it has the game: it watches
                greeted = True
                opened.put_nowait(None)


async def watch_all(uri: str, count: int, report: Connection) -> None:
    """``count`` spectators of ``uri``; ``report`` hears ``("open", seconds)`` once each has the
    game, then each index all of them have, until the process is ended."""
    spectators = Spectators(count, report)
    opened: asyncio.Queue[None] = asyncio.Queue()
    started = time.monotonic()
    watching = [
        asyncio.create_task(spectate(uri, f"127.0.1.{1 + i // SOCKETS_PER_ADDRESS}", spectators, opened))
        for i in range(count)
    ]
    for _ in range(count):
        await asyncio.wait_for(opened.get(), OPENING_DEADLINE)
    report.send(("open", time.monotonic() - started))
    await asyncio.gather(*watching)


def spectators_process(uri: str, count: int, report: Connection) -> None:
    """The spectators' process: its own event loop and core, apart from the players' clients."""
    asyncio.run(watch_all(uri, count, report))


@dataclass
class Player:
    """A player's socket: the newest state it got, and when its acks and pongs came."""

    seat: int
    ws: ClientConnection
    latest: dict[str, Any] | None = None
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    acks: asyncio.Queue[tuple[float, int]] = field(default_factory=asyncio.Queue)
    pongs: asyncio.Queue[float] = field(default_factory=asyncio.Queue)

    async def read(self) -> None:
        async for raw in self.ws:
            message = json.loads(raw)
            now = time.monotonic()
            if message["type"] == "state":
                self.latest = message
                self.changed.set()
            elif message["type"] == "ack":
                self.acks.put_nowait((now, message["index"]))
            elif message["type"] == "pong":
                self.pongs.put_nowait(now)
            elif message["type"] == "error":
                raise RuntimeError(f"the server refused a move: {message}")

    def to_act(self, index: int) -> dict[str, Any] | None:
        """The player's state at ``index`` or later if its seat is to act there."""
        state = self.latest
        if state is None or state["index"] < index or state["status"] == "finished":
            return None
        return state if state["current_player"] == self.seat and state["legal_actions"] else None


async def next_turn(players: list[Player], index: int) -> tuple[Player, dict[str, Any]]:
    """The player to act once the game is at ``index``, and its state."""
    while True:
        for player in players:
            player.changed.clear()
        for player in players:
            state = player.to_act(index)
            if state is not None:
                return player, state
        waits = [asyncio.ensure_future(player.changed.wait()) for player in players]
        _, pending = await asyncio.wait(waits, timeout=DEADLINE, return_when=asyncio.FIRST_COMPLETED)
        for wait in pending:
            wait.cancel()
        if len(pending) == len(waits):
            raise RuntimeError(f"no player got a state to act at index {index}")


@dataclass
class Figures:
    """Per move: its round trip, a player's ping during the broadcast, the broadcast, the bytes."""

    ack: list[float] = field(default_factory=list)
    ping: list[float] = field(default_factory=list)
    broadcast: list[float] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    #: Seconds all the spectators took to open their sockets, and the server's memory they took.
    opening: float = 0.0
    memory: int = 0


class Heard:
    """What the spectators' process reported, read in a thread."""

    def __init__(self, reports: Connection) -> None:
        self.reports = reports
        self.everyone_at: dict[int, tuple[float, int]] = {}

    async def _next(self, deadline: float = DEADLINE) -> tuple[Any, ...]:
        if not await asyncio.to_thread(self.reports.poll, deadline):
            raise RuntimeError("the spectators said nothing")
        report: tuple[Any, ...] = self.reports.recv()
        return report

    async def opening(self) -> float:
        """Seconds the spectators took to open their sockets and get the game."""
        while True:
            report = await self._next(OPENING_DEADLINE)
            if report[0] == "open":
                return float(report[1])
            self.everyone_at[report[1]] = (report[2], report[3])

    async def everyone(self, index: int) -> tuple[float, int]:
        """When the last spectator got ``index``'s state, and its bytes."""
        while index not in self.everyone_at:
            report = await self._next()
            if report[0] == "all":
                self.everyone_at[report[1]] = (report[2], report[3])
        return self.everyone_at[index]


async def create_game(base: str) -> dict[str, Any]:
    """A public two-player Kingdomino game of two guests, being played from now."""
    seats = [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bela", "online": True}]
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        body = {"game": "kingdomino", "players": 2, "seats": seats, "public": True}
        answer = await client.post("/api/games", json=body)
        answer.raise_for_status()
        game: dict[str, Any] = answer.json()
        return game


async def play(port: int, count: int, moves: int, server: subprocess.Popen[bytes]) -> tuple[Figures, float]:
    """The game watched by ``count`` spectators, ``moves`` moves played: the figures, and the
    server's CPU seconds over the moves."""
    game = await create_game(f"http://127.0.0.1:{port}")
    uri = f"ws://127.0.0.1:{port}/ws/games/{game['id']}"
    figures = Figures()
    resident = resident_bytes(server.pid)
    reports, report = multiprocessing.Pipe(duplex=False)
    watchers = multiprocessing.Process(target=spectators_process, args=(uri, count, report), daemon=True)
    watchers.start()
    heard = Heard(reports)
    figures.opening = await heard.opening()
    figures.memory = resident_bytes(server.pid) - resident
    sockets = [await websockets.connect(f"{uri}?tokens={seat['token']}") for seat in game["seats"]]
    players = [Player(seat, ws) for seat, ws in enumerate(sockets)]
    readers = [asyncio.create_task(player.read()) for player in players]
    rng = random.Random(1)
    used = cpu_seconds(server.pid)
    index = 0
    for _ in range(moves):
        player, state = await next_turn(players, index)
        other = players[1 - player.seat]
        sent = time.monotonic()
        action = {"type": "action", "action": rng.choice(state["legal_actions"]), "index": state["index"]}
        await player.ws.send(json.dumps(action))
        acked, index = await asyncio.wait_for(player.acks.get(), DEADLINE)
        await other.ws.send(json.dumps({"type": "ping"}))
        ponged = await asyncio.wait_for(other.pongs.get(), DEADLINE)
        everyone_at, size = await heard.everyone(index)
        figures.ack.append(acked - sent)
        figures.ping.append(ponged - acked)
        figures.broadcast.append(everyone_at - sent)
        figures.sizes.append(size)
    cpu = cpu_seconds(server.pid) - used
    watchers.terminate()
    watchers.join()
    for task in readers:
        task.cancel()
    for ws in sockets:
        await ws.close()
    return figures, cpu


def ms(values: list[float]) -> str:
    return f"p50 {statistics.median(values) * 1000:.1f} / max {max(values) * 1000:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--spectators", type=int, nargs="+", default=[32, 300, 1000])
    parser.add_argument("--moves", type=int, default=20)
    args = parser.parse_args()
    for count in args.spectators:
        with tempfile.TemporaryDirectory() as directory:
            port = free_port()
            server = start_server(port, directory, count)
            try:
                figures, cpu = asyncio.run(play(port, count, args.moves, server))
            finally:
                server.terminate()
                server.wait()
        moves = len(figures.ack)
        size = statistics.mean(figures.sizes)
        print(
            f"{count:5d} spectators: opened in {figures.opening:.1f} s, server memory "
            f"+{figures.memory / 1e6:.0f} MB; {moves} moves: broadcast {ms(figures.broadcast)}; "
            f"server CPU {cpu / moves * 1000:.1f} ms a move; a state {size / 1000:.1f} KB each, "
            f"{size * count / 1e6:.2f} MB a move; move round trip {ms(figures.ack)}; "
            f"a player's ping during the broadcast {ms(figures.ping)}",
            flush=True,
        )


if __name__ == "__main__":
    main()
