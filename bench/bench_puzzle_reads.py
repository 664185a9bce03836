"""The puzzles' reads flooded: what one client asking the next puzzle, the daily one, one by its
id or a player's puzzle ratings as fast as it can costs another client of ``kingdomino serve``.

Starts ``kingdomino serve`` (a fresh SQLite file) on loopback and makes an account. For each read,
a flooder at 127.0.0.10 asks it as fast as the server answers, ``--flooders`` at once, for
``--seconds``, as a guest or logged in (``-account``: its puzzle rating read too); meanwhile a
client at 127.0.0.2 asks ``GET /api/meta`` every ``--every`` seconds. Prints, as
``bench_reads.py`` does, the reads answered and refused a second, the server's CPU share and its
CPU time per read answered (``meta`` is the cost of an HTTP request itself), and the other
client's answer times in milliseconds.

Measured: ``docs/server/limits.md``. Run:
``.venv/bin/python bench/bench_puzzle_reads.py [--seconds 4] [--only next,daily]``.
Loopback only; about a minute.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import statistics
import tempfile
from typing import Any

import httpx

from bench_ai_games import client_at
from bench_flood import cpu_seconds, free_port, ms, start_server
from bench_score_flood import timed

READS = [
    "none",
    "next",
    "next-skip",
    "next-account",
    "daily",
    "daily-account",
    "one",
    "player",
    "no-player",
    "meta",
]
NAME, PASSWORD = "flooder", "a long password"


def paths(read: str, ids: list[str]) -> itertools.cycle[str]:
    """The requests of one read, in turn (over every puzzle the server showed, for ``one``)."""
    skip = ",".join(ids[:100])
    return itertools.cycle(
        {
            "next": ["/api/puzzles/next"],
            "next-skip": [f"/api/puzzles/next?skip={skip}"],
            "daily": ["/api/puzzles/daily"],
            "one": [f"/api/puzzles/{puzzle}" for puzzle in ids],
            "player": [f"/api/puzzles/players/{NAME}"],
            "no-player": ["/api/puzzles/players/nobody-here"],
            "meta": ["/api/meta"],
        }[read.removesuffix("-account")]
    )


async def puzzle_ids(port: int, count: int) -> list[str]:
    """The ids of up to ``count`` puzzles, as the next ones shown to a guest (each asked from an
    address of its own: the server's limit would refuse one client so many)."""
    ids: list[str] = []
    for number in range(count):
        async with client_at(port, f"127.0.1.{number + 1}") as client:
            answer = await client.get("/api/puzzles/next", params={"skip": ",".join(ids)})
            ids.append(answer.json()["id"])
    return list(dict.fromkeys(ids))


async def flood(
    port: int,
    cookies: httpx.Cookies | None,
    asked: itertools.cycle[str],
    stop: asyncio.Event,
    tally: dict[str, int],
) -> None:
    async with client_at(port, "127.0.0.10") as client:
        client.cookies = cookies or httpx.Cookies()
        while not stop.is_set():
            answer = await client.get(next(asked))
            tally["refused" if answer.status_code == 429 else "answered"] += 1


async def run(port: int, pid: int, args: Any, reads: list[str]) -> None:
    async with client_at(port, "127.0.0.4") as client:
        body = {"name": NAME, "password": PASSWORD}
        made = await client.post("/api/accounts", json=body, headers={"Origin": f"http://127.0.0.1:{port}"})
        assert made.status_code == 201, made.text
        cookies = client.cookies
    ids = await puzzle_ids(port, 60)
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
            asked = paths(read, ids)
            tasks += [
                asyncio.create_task(
                    flood(port, cookies if read.endswith("-account") else None, asked, stop, tally)
                )
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


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=4.0, help="how long each flood lasts")
    parser.add_argument("--every", type=float, default=0.05, help="seconds between the other's requests")
    parser.add_argument("--flooders", type=int, default=4, help="the flooder's requests at once")
    parser.add_argument("--only", default="", help="reads to flood, by name, comma-separated")
    args = parser.parse_args()
    chosen = [name.strip() for name in args.only.split(",") if name.strip()] or READS[1:]
    with tempfile.TemporaryDirectory() as directory:
        port = free_port()
        server = start_server(port, directory)
        try:
            asyncio.run(run(port, server.pid, args, ["none", *chosen]))
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
