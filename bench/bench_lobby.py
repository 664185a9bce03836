"""The lobby at scale: a join until both players see the game started, and a lobby change until
every lobby page has it, with many games waiting and many pages watching; and the server's
memory over a long run.

Starts ``kingdomino serve`` (this checkout's ``src``, loopback; a fresh SQLite file, or the
PostgreSQL of ``--database-url``, which should hold no open game) trusting the benchmark's
forwarded addresses, so that each simulated person is a client of its own, as behind a proxy:
the caps per client (10 open games a minute, 100 sockets) are for one person, not for a crowd.
It creates ``--games`` open games of two-player Kingdomino (a guest waiting, one open seat) and
connects ``--lobby-clients`` lobby pages (``WS /ws/lobby``), each of which reads every message.
Then, ``--cycles`` times in a row, one cycle:

* **a lobby change**: a new open game is created; timed from the request to each lobby page
  receiving it (``listed``), and to the last of them;
* **a join**: the creator of the oldest waiting game has its page open (``WS /ws/games``); another
  guest joins (``POST /api/games/{id}/join``) and opens their page with the seat's token as soon
  as the answer comes (a page cannot be open on a seat before it has one); timed from the join
  request until both pages have a ``state`` with status ``playing``.

So the lobby keeps ``--games`` games waiting. ``--soak-minutes`` then goes on with one cycle
every ``--soak-pace`` seconds; the server process's resident memory (RSS, its AI workers left
out) and the games it holds in memory are sampled every ``--sample-seconds`` throughout.
Prints p50/p99/max of each measure (and of the soak's cycles apart), lobby pages cut off for
falling behind, and the memory samples; ``--out FILE`` writes the same lines to FILE as they
come (a long run in the background survives the terminal) and the raw figures to FILE.json.

Run: ``PYTHONPATH=src .venv/bin/python bench/bench_lobby.py [--games 500] [--lobby-clients 200]
[--cycles 200] [--soak-minutes 10] [--database-url postgresql+psycopg://...] [--out FILE]``.
Targets: join to started p99 < 200 ms, lobby change to every page p99 < 500 ms, memory flat.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import httpx
import websockets
from websockets.asyncio.client import ClientConnection

from kingdomino.web.probe_clients import wait_until_answering

#: The source the server runs: this checkout's.
SOURCE = Path(__file__).resolve().parents[1] / "src"
#: Open games created at once while the lobby fills (concurrent requests).
CREATING_AT_ONCE = 8
#: Lobby pages connecting at once.
CONNECTING_AT_ONCE = 20
#: Seconds anything awaited may take before the benchmark counts it lost (or gives up).
DEADLINE = 60.0
#: Minutes a benchmark's open game waits: longer than any run.
WAIT_MINUTES = 24 * 60
#: The largest message a page accepts (the lobby's first list of hundreds of games).
MAX_MESSAGE = 2**24


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


_addresses = itertools.count(1)


def new_person() -> dict[str, str]:
    """The headers of a new simulated person: an address of their own, as a proxy forwards it."""
    n = next(_addresses)
    return {"X-Forwarded-For": f"10.{n >> 16 & 255}.{n >> 8 & 255}.{n & 255}"}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * share) - 1)]


def figures(values: list[float]) -> str:
    if not values:
        return "none"
    return (
        f"n {len(values)}, p50 {statistics.median(values) * 1000:.1f} ms, "
        f"p99 {percentile(values, 0.99) * 1000:.1f} ms, max {max(values) * 1000:.1f} ms"
    )


class Report:
    """Lines printed, and written to ``--out`` as they come."""

    def __init__(self, out: Path | None) -> None:
        self.file: TextIO | None = out.open("a") if out else None

    def __call__(self, line: str) -> None:
        print(line, flush=True)
        if self.file:
            self.file.write(line + "\n")
            self.file.flush()


@dataclass
class Measures:
    """What the cycles measured, each a list of seconds."""

    joins: list[float] = field(default_factory=list)
    #: The join's parts: its request answered, and the joiner's page from the answer to its state.
    join_answers: list[float] = field(default_factory=list)
    joiner_pages: list[float] = field(default_factory=list)
    deliveries: list[float] = field(default_factory=list)
    to_every_page: list[float] = field(default_factory=list)
    lost: int = 0


@dataclass
class Waiting:
    """An open game the benchmark created: its id and its creator's token and address."""

    id: str
    token: str
    creator: dict[str, str]


class Server:
    """``kingdomino serve`` in a process of its own, trusting the benchmark's forwarded addresses."""

    def __init__(self, url: str) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "kingdomino", "serve", "--port", str(self.port)]
        command += ["--database-url", url, "--forwarded-allow-ips", "127.0.0.1", "--ai-workers", "1"]
        python_path = os.pathsep.join(filter(None, [str(SOURCE), os.environ.get("PYTHONPATH")]))
        self.process = subprocess.Popen(
            command, env={**os.environ, "PYTHONPATH": python_path}, stdout=subprocess.DEVNULL
        )
        wait_until_answering(self.base, DEADLINE, self.process)

    def rss_mib(self) -> float:
        """The server process's resident memory, in MiB (its AI workers are processes of their own)."""
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        raise RuntimeError("no VmRSS for the server's process")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait()


class LobbyPages:
    """Lobby pages, each a socket reading every message, noting when it first saw each game."""

    def __init__(self, server: Server, count: int) -> None:
        self.server = server
        self.count = count
        #: Per page: game id -> when it first appeared there (in the first list, or ``listed``).
        self.seen: list[dict[str, float]] = [{} for _ in range(count)]
        #: Per game id: how many pages have seen it, and the event set once all have.
        self.seen_by: Counter[str] = Counter()
        self.everywhere: dict[str, asyncio.Event] = {}
        #: Pages the server cut off (closed) and that connected again.
        self.cut_off = 0
        self.first_list_bytes = 0
        self.tasks: list[asyncio.Task[None]] = []

    def _saw(self, page: int, game_id: str, now: float) -> None:
        if game_id in self.seen[page]:
            return
        self.seen[page][game_id] = now
        self.seen_by[game_id] += 1
        if self.seen_by[game_id] == self.count:
            self.everywhere.setdefault(game_id, asyncio.Event()).set()

    async def start(self) -> None:
        """Connect every page; return once each has its first list."""
        listed = [asyncio.Event() for _ in range(self.count)]
        gate = asyncio.Semaphore(CONNECTING_AT_ONCE)
        self.tasks = [asyncio.create_task(self._page(n, listed[n], gate)) for n in range(self.count)]
        await asyncio.wait_for(asyncio.gather(*(event.wait() for event in listed)), DEADLINE * 5)

    async def _page(self, page: int, listed: asyncio.Event, gate: asyncio.Semaphore) -> None:
        person = new_person()
        while True:
            async with gate:
                socket = await websockets.connect(
                    f"{self.server.ws}/ws/lobby", additional_headers=person, max_size=MAX_MESSAGE
                )
                first = await socket.recv()
            try:
                self._read(page, first)
                listed.set()
                async for text in socket:
                    self._read(page, text)
            except websockets.ConnectionClosed:
                pass
            self.cut_off += 1

    def _read(self, page: int, text: str | bytes) -> None:
        now = time.perf_counter()
        message: dict[str, Any] = json.loads(text)
        if message["type"] == "open_games":
            self.first_list_bytes = len(text)
            for game in message["games"]:
                self._saw(page, game["id"], now)
        elif message["type"] == "listed":
            self._saw(page, message["game"]["id"], now)

    async def reached_every_page(self, game_id: str, since: float) -> list[float] | None:
        """Seconds from ``since`` until each page saw ``game_id`` (None: not every page in time)."""
        event = self.everywhere.setdefault(game_id, asyncio.Event())
        if self.seen_by[game_id] == self.count:
            event.set()
        try:
            await asyncio.wait_for(event.wait(), DEADLINE)
        except TimeoutError:
            return None
        return [seen[game_id] - since for seen in self.seen]

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


async def open_game(client: httpx.AsyncClient, server: Server) -> Waiting:
    person = new_person()
    body = {
        "game": "kingdomino",
        "players": 2,
        "seats": [{"kind": "human", "name": "Host"}, {"kind": "open"}],
        "wait_minutes": WAIT_MINUTES,
    }
    answer = await client.post(f"{server.base}/api/games", json=body, headers=person)
    answer.raise_for_status()
    made = answer.json()
    return Waiting(made["id"], made["seats"][0]["token"], person)


async def fill_lobby(client: httpx.AsyncClient, server: Server, games: int) -> list[Waiting]:
    waiting: list[Waiting] = []
    numbers = iter(range(games))

    async def creator() -> None:
        for _ in numbers:
            waiting.append(await open_game(client, server))

    await asyncio.gather(*(creator() for _ in range(CREATING_AT_ONCE)))
    return waiting


async def started(socket: ClientConnection) -> float:
    """When a game page first has a ``state`` of the game playing."""
    while True:
        message = json.loads(await socket.recv())
        if message["type"] == "state" and message["status"] == "playing":
            return time.perf_counter()


async def joined(client: httpx.AsyncClient, server: Server, game: Waiting, measures: Measures) -> None:
    """A guest's join of ``game`` (its creator's page open), timed until both pages show it
    started, into ``measures``."""
    page = f"{server.ws}/ws/games/{game.id}?tokens="
    async with websockets.connect(page + game.token, additional_headers=game.creator) as creator:
        first = json.loads(await creator.recv())
        assert first["type"] == "state" and first["status"] == "open", first
        creator_sees = asyncio.create_task(started(creator))
        guest = new_person()
        start = time.perf_counter()
        answer = await client.post(
            f"{server.base}/api/games/{game.id}/join", json={"name": "Guest"}, headers=guest
        )
        answer.raise_for_status()
        answered = time.perf_counter()
        token = answer.json()["token"]
        try:
            async with (
                asyncio.timeout(DEADLINE),
                websockets.connect(page + token, additional_headers=guest) as joiner,
            ):
                both = await asyncio.gather(creator_sees, started(joiner))
        except TimeoutError:
            creator_sees.cancel()
            measures.lost += 1
            return
    measures.joins.append(max(both) - start)
    measures.join_answers.append(answered - start)
    measures.joiner_pages.append(both[1] - answered)


async def cycle(
    client: httpx.AsyncClient, server: Server, pages: LobbyPages, waiting: list[Waiting], measures: Measures
) -> None:
    """A lobby change timed to every page, then a join of the oldest waiting game timed to both
    players' pages; the new game waits in its place."""
    start = time.perf_counter()
    new = await open_game(client, server)
    reached = await pages.reached_every_page(new.id, start)
    if reached is None:
        measures.lost += 1
    else:
        measures.deliveries += reached
        measures.to_every_page.append(max(reached))
    await joined(client, server, waiting.pop(0), measures)
    waiting.append(new)


async def sample_memory(
    client: httpx.AsyncClient, server: Server, samples: list[dict[str, Any]], every: float, report: Report
) -> None:
    """Every ``every`` seconds: the server's RSS and games in memory, into ``samples`` and the report."""
    start = time.perf_counter()
    while True:
        stats = (await client.get(f"{server.base}/api/stats")).json()
        sample = {
            "seconds": round(time.perf_counter() - start, 1),
            "rss_mib": round(server.rss_mib(), 1),
            "games_in_memory": stats["games_in_memory"],
        }
        samples.append(sample)
        report(
            f"  memory at {sample['seconds']:7.1f} s: RSS {sample['rss_mib']:7.1f} MiB, "
            f"{sample['games_in_memory']} games in memory"
        )
        await asyncio.sleep(every)


def print_measures(report: Report, title: str, measures: Measures, pages: int) -> None:
    report(f"{title}:")
    report(f"  join -> both pages show the game started: {figures(measures.joins)}")
    report(f"    of which the join answered:             {figures(measures.join_answers)}")
    report(f"    and the joiner's page, answer to state: {figures(measures.joiner_pages)}")
    report(f"  new open game -> each lobby page:          {figures(measures.deliveries)}")
    report(f"  new open game -> the last of {pages} pages:     {figures(measures.to_every_page)}")
    if measures.lost:
        report(f"  not seen within {DEADLINE:.0f} s: {measures.lost}")


async def run(args: argparse.Namespace, url: str, report: Report) -> dict[str, Any]:
    server = Server(url)
    samples: list[dict[str, Any]] = []
    limits = httpx.Limits(max_connections=CREATING_AT_ONCE * 2)
    async with httpx.AsyncClient(timeout=DEADLINE, limits=limits) as client:
        sampler = asyncio.create_task(sample_memory(client, server, samples, args.sample_seconds, report))
        pages = LobbyPages(server, args.lobby_clients)
        try:
            start = time.perf_counter()
            waiting = await fill_lobby(client, server, args.games)
            report(f"{args.games} open games created in {time.perf_counter() - start:.1f} s")
            start = time.perf_counter()
            await pages.start()
            report(
                f"{args.lobby_clients} lobby pages connected in {time.perf_counter() - start:.1f} s "
                f"(the first list: {pages.first_list_bytes / 1024:.0f} KiB)"
            )
            measures = Measures()
            start = time.perf_counter()
            for _ in range(args.cycles):
                await cycle(client, server, pages, waiting, measures)
            report(f"{args.cycles} cycles back to back in {time.perf_counter() - start:.1f} s")
            print_measures(report, "back to back", measures, args.lobby_clients)
            soak = Measures()
            if args.soak_minutes:
                report(f"soak: a cycle every {args.soak_pace} s for {args.soak_minutes} min")
                end = time.perf_counter() + args.soak_minutes * 60
                while time.perf_counter() < end:
                    began = time.perf_counter()
                    await cycle(client, server, pages, waiting, soak)
                    await asyncio.sleep(max(0.0, args.soak_pace - (time.perf_counter() - began)))
                print_measures(report, f"soak ({len(soak.joins)} cycles)", soak, args.lobby_clients)
            report(f"lobby pages cut off by the server (and connected again): {pages.cut_off}")
        finally:
            sampler.cancel()
            await pages.stop()
            server.stop()
    rss = [sample["rss_mib"] for sample in samples]
    if rss:
        report(f"RSS: first {rss[0]:.1f} MiB, min {min(rss):.1f}, max {max(rss):.1f}, last {rss[-1]:.1f}")
    return {"back_to_back": measures.__dict__, "soak": soak.__dict__, "memory": samples}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="open games waiting in the lobby")
    parser.add_argument("--lobby-clients", type=int, default=200, help="lobby pages watching")
    parser.add_argument("--cycles", type=int, default=200, help="timed cycles back to back")
    parser.add_argument("--soak-minutes", type=float, default=0.0, help="then cycles at a pace for so long")
    parser.add_argument("--soak-pace", type=float, default=0.25, help="seconds between soak cycles")
    parser.add_argument("--sample-seconds", type=float, default=10.0, help="seconds between memory samples")
    parser.add_argument("--database-url", default=None, help="default: a fresh SQLite file")
    parser.add_argument("--out", type=Path, default=None, help="also write the lines here, and FILE.json")
    args = parser.parse_args()
    report = Report(args.out)
    report(f"bench_lobby {' '.join(sys.argv[1:])} at {time.strftime('%Y-%m-%d %H:%M:%S')}")
    with tempfile.TemporaryDirectory() as directory:
        url = args.database_url or f"sqlite:///{Path(directory) / 'lobby.sqlite3'}"
        raw = asyncio.run(run(args, url, report))
    if args.out:
        args.out.with_name(args.out.name + ".json").write_text(json.dumps(raw, indent=1))


if __name__ == "__main__":
    main()
