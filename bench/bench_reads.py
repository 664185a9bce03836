"""Read-only requests flooded: what one client asking a finished game's record, replay steps,
review and rating changes, the leaderboards or the server's figures as fast as it can costs
another client of ``kingdomino serve``.

Starts ``kingdomino serve`` (a fresh SQLite file, one AI worker) on loopback and plays
``--games`` games of four ``greedy`` AI seats (Kingdomino, 4 players) to their end. For each
read, a flooder at 127.0.0.10 asks it as fast as the server answers, ``--flooders`` at once, for
``--seconds`` (a replay asks each step in turn, each game in turn); meanwhile a client at
127.0.0.2 asks ``GET /api/meta`` every ``--every`` seconds. Prints the reads answered and refused
a second, the server's CPU share and its CPU time per read answered (``meta``, the cheapest, is
the cost of an HTTP request itself), and the other client's answer times in milliseconds.

Measured: ``docs/server/limits.md``. Run:
``.venv/bin/python bench/bench_reads.py [--seconds 4] [--only record,replay]``.
Loopback only; about a minute.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import statistics
import tempfile
from collections.abc import Callable, Coroutine
from typing import Any

import httpx

from bench_ai_games import client_at
from bench_flood import cpu_seconds, free_port, ms, start_server
from bench_score_flood import timed

READS = ["none", "record", "replay", "review", "ratings", "leaderboards", "stats", "meta"]


def paths(read: str, games: list[str]) -> itertools.cycle[str]:
    """The requests of one read, in turn, over every game (and every step of a replay)."""
    if read == "replay":
        return itertools.cycle(
            [f"/api/games/{game}/replay?step={step}" for step in range(0, 90, 3) for game in games]
        )
    if read in ("record", "review", "ratings"):
        return itertools.cycle([f"/api/games/{game}/{read}" for game in games])
    return itertools.cycle(["/api/leaderboards" if read == "leaderboards" else f"/api/{read}"])


async def finished_games(port: int, count: int) -> list[str]:
    """``count`` games of four AI seats, played to their end."""
    seats = [{"kind": "ai", "level": "greedy"}] * 4
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as client:
        body = {"game": "kingdomino", "players": 4, "seats": seats}
        made = [(await client.post("/api/games", json=body)).json() for _ in range(count)]
        for game in made:
            link, token = f"/api/games/{game['id']}", {"token": game["spectator_token"]}
            while (await client.get(link, params=token)).json()["status"] != "finished":
                await asyncio.sleep(0.2)
    return [game["id"] for game in made]


async def flood(
    port: int,
    asked: itertools.cycle[str],
    stop: asyncio.Event,
    tally: dict[str, int],
    cookies: httpx.Cookies | None = None,
) -> None:
    """Ask ``asked`` in turn from 127.0.0.10 until ``stop``, as fast as the server answers, with
    ``cookies`` (a logged-in client) if given; ``tally`` counts the answers and the refusals."""
    async with client_at(port, "127.0.0.10") as client:
        client.cookies = cookies or httpx.Cookies()
        while not stop.is_set():
            answer = await client.get(next(asked))
            tally["refused" if answer.status_code == 429 else "answered"] += 1


async def measure(
    port: int,
    pid: int,
    args: Any,
    reads: list[str],
    asked: Callable[[str], itertools.cycle[str]],
    cookies: Callable[[str], httpx.Cookies | None] = lambda read: None,
) -> None:
    """Flood each of ``reads`` in turn (``asked(read)`` its requests, ``cookies(read)`` who asks;
    ``none``: no flood) and print a row of its figures (see the module's docstring)."""
    print(
        f"{'read':<13} {'answered/s':>10} {'refused/s':>9} {'CPU':>5} {'ms each':>7}  "
        "other client's answer ms"
    )
    for read in reads:
        stop, tally = asyncio.Event(), {"answered": 0, "refused": 0}
        times: list[float] = []
        used = cpu_seconds(pid)
        tasks = [asyncio.create_task(timed(port, args.every, stop, times))]
        if read != "none":
            tasks += [
                asyncio.create_task(flood(port, asked(read), stop, tally, cookies(read)))
                for _ in range(args.flooders)
            ]
        await asyncio.sleep(args.seconds)
        stop.set()
        busy = (cpu_seconds(pid) - used) / args.seconds
        each = f"{1000 * busy * args.seconds / tally['answered']:.1f}" if tally["answered"] else "-"
        await asyncio.wait(tasks, timeout=30)
        print(
            f"{read:<13} {tally['answered'] / args.seconds:>10.0f} {tally['refused'] / args.seconds:>9.0f} "
            f"{busy:>5.0%} {each:>7}  median {1000 * statistics.median(times):.1f}, 95% {ms(times, 0.95)}, "
            f"most {ms(times, 1.0)} ({len(times)} answers)"
        )


async def run(port: int, pid: int, args: Any, reads: list[str]) -> None:
    games = await finished_games(port, args.games)
    await measure(port, pid, args, reads, lambda read: paths(read, games))


def flood_arguments(doc: str | None) -> argparse.ArgumentParser:
    """The options every read flood takes (how long, how often the other client asks, how many
    requests at once, which reads)."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=4.0, help="how long each flood lasts")
    parser.add_argument("--every", type=float, default=0.05, help="seconds between the other's requests")
    parser.add_argument("--flooders", type=int, default=4, help="the flooder's requests at once")
    parser.add_argument("--only", default="", help="reads to flood, by name, comma-separated")
    return parser


def serve_and_flood(
    args: Any, reads: list[str], run: Callable[[int, int, Any, list[str]], Coroutine[Any, Any, None]]
) -> None:
    """Start a server on a fresh SQLite file and ``run`` it over ``none`` then the reads chosen
    (``--only``, else every one of ``reads`` but the first, ``none``)."""
    chosen = [name.strip() for name in args.only.split(",") if name.strip()] or reads[1:]
    with tempfile.TemporaryDirectory() as directory:
        port = free_port()
        server = start_server(port, directory)
        try:
            asyncio.run(run(port, server.pid, args, ["none", *chosen]))
        finally:
            server.terminate()
            server.wait()


def main() -> None:
    parser = flood_arguments(__doc__)
    parser.add_argument("--games", type=int, default=4, help="finished games to read")
    serve_and_flood(parser.parse_args(), READS, run)


if __name__ == "__main__":
    main()
