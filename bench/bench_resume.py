"""The server's answers while thousands of AI turns wait, and while it resumes them after a crash.

Starts ``kingdomino serve`` (this checkout's ``src``, one AI worker, loopback) on a fresh SQLite
file, creates N games of four ``hard`` AI seats (each queues its AI turn), then times a steady
stream of ``GET /api/meta`` requests (one at a time, one every ``--interval`` seconds) while the
jobs wait. Then it kills the server with SIGKILL, starts it again on the same file and times the
first answer (from the new process's start) and the stream again while the server resumes every
game's AI turn (until every game is back in memory, ``/api/stats``, and at least ``--seconds``).
Prints p50/p99/max of each stream.

Run: ``.venv/bin/python bench/bench_resume.py [--games 5000] [--seconds 10] [--interval 0.02]``.
Target: ``/api/meta`` p99 < 50 ms with the jobs queued and during the resume.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

#: The source the server runs: this checkout's.
SOURCE = Path(__file__).resolve().parents[1] / "src"
#: Games created at once (concurrent requests).
CREATING_AT_ONCE = 8
#: Seconds a request may take before the bench gives up on the server.
REQUEST_TIMEOUT = 120.0
#: Seconds the server may take to resume every game before the bench stops waiting.
RESUME_DEADLINE = 300.0
FOUR_HARD_SEATS = [{"kind": "ai", "level": "hard"}] * 4


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int, url: str) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "kingdomino", "serve", "--port", str(port), "--database-url", url]
    command += ["--ai-workers", "1", "--ai-delay", "0"]
    python_path = os.pathsep.join(filter(None, [str(SOURCE), os.environ.get("PYTHONPATH")]))
    environment = {**os.environ, "PYTHONPATH": python_path}
    return subprocess.Popen(command, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


async def first_answer(client: httpx.AsyncClient, base: str, started: float) -> float:
    """Seconds from ``started`` to the server's first answer to ``/api/meta``."""
    while True:
        try:
            (await client.get(f"{base}/api/meta")).raise_for_status()
            return time.perf_counter() - started
        except httpx.ConnectError:
            if time.perf_counter() - started > REQUEST_TIMEOUT:
                raise SystemExit("the server did not start") from None
            await asyncio.sleep(0.01)


async def create_games(client: httpx.AsyncClient, base: str, games: int) -> None:
    body = {"game": "kingdomino", "players": 4, "seats": FOUR_HARD_SEATS}
    numbers = iter(range(games))

    async def creator() -> None:
        for _ in numbers:
            (await client.post(f"{base}/api/games", json=body)).raise_for_status()

    await asyncio.gather(*(creator() for _ in range(CREATING_AT_ONCE)))


async def stream(client: httpx.AsyncClient, base: str, interval: float, done: asyncio.Event) -> list[float]:
    """The latency of each ``/api/meta`` request, one at a time, one every ``interval`` seconds
    (the next at once if one took longer), until ``done``."""
    latencies = []
    while not done.is_set():
        start = time.perf_counter()
        (await client.get(f"{base}/api/meta")).raise_for_status()
        latencies.append(time.perf_counter() - start)
        await asyncio.sleep(max(0.0, interval - (time.perf_counter() - start)))
    return latencies


async def games_in_memory(client: httpx.AsyncClient, base: str) -> int:
    stats = (await client.get(f"{base}/api/stats")).json()
    return int(stats["games_in_memory"])


async def resumed(client: httpx.AsyncClient, base: str, games: int, seconds: float) -> float:
    """Seconds until every one of ``games`` is in memory again (and at least ``seconds``)."""
    start = time.perf_counter()
    took = None
    while took is None or time.perf_counter() - start < seconds:
        if took is None and await games_in_memory(client, base) >= games:
            took = time.perf_counter() - start
        if time.perf_counter() - start > RESUME_DEADLINE:
            raise SystemExit(f"the server did not resume {games} games in {RESUME_DEADLINE:.0f} s")
        await asyncio.sleep(0.5)
    assert took is not None
    return took


def figures(latencies: list[float]) -> str:
    ordered = sorted(latencies)
    p99 = ordered[max(0, int(len(ordered) * 0.99) - 1)]
    return (
        f"{len(ordered)} requests: p50 {statistics.median(ordered) * 1000:.1f} ms, "
        f"p99 {p99 * 1000:.1f} ms, max {ordered[-1] * 1000:.1f} ms"
    )


async def measured_while(
    client: httpx.AsyncClient, base: str, interval: float, until: asyncio.Future[float]
) -> tuple[float, list[float]]:
    done = asyncio.Event()
    until.add_done_callback(lambda _: done.set())
    latencies = await stream(client, base, interval, done)
    return await until, latencies


async def run(games: int, seconds: float, interval: float, directory: Path) -> None:
    url = f"sqlite:///{directory / 'resume.sqlite3'}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    async with httpx.AsyncClient(timeout=REQUEST_TIMEOUT) as client:
        server = start_server(port, url)
        try:
            await first_answer(client, base, time.perf_counter())
            start = time.perf_counter()
            await create_games(client, base, games)
            print(f"{games} games of four hard AI seats created in {time.perf_counter() - start:.1f} s")
            waiting = asyncio.ensure_future(asyncio.sleep(seconds, result=seconds))
            _, latencies = await measured_while(client, base, interval, waiting)
            print(f"/api/meta with the {games} AI turns queued, {seconds:.0f} s: {figures(latencies)}")
        finally:
            server.send_signal(signal.SIGKILL)
            server.wait()
        started = time.perf_counter()
        server = start_server(port, url)
        try:
            print(f"after kill -9, restarted: first answer {await first_answer(client, base, started):.2f} s")
            resuming = asyncio.ensure_future(resumed(client, base, games, seconds))
            took, latencies = await measured_while(client, base, interval, resuming)
            print(f"every game back in memory {took:.1f} s after the first answer")
            print(f"/api/meta during the resume: {figures(latencies)}")
        finally:
            server.send_signal(signal.SIGKILL)
            server.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000, help="games of four hard AI seats")
    parser.add_argument("--seconds", type=float, default=10.0, help="least seconds each stream lasts")
    parser.add_argument("--interval", type=float, default=0.02, help="seconds between two requests")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        asyncio.run(run(args.games, args.seconds, args.interval, Path(directory)))


if __name__ == "__main__":
    main()
