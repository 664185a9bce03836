"""The scorer flooded: one client asking ``POST /api/score`` and ``POST /api/score/table`` with
the costliest bodies they take, as fast as the server answers, and what another client waits.

Starts ``kingdomino serve`` (a fresh SQLite file) on loopback. A flooder at 127.0.0.10 sends, in
turn, a text of 4,000 characters that the scorer reads to its end before refusing it (a kingdom
too wide for its frame) and a table of two full 7 x 7 kingdoms, for ``--seconds``, with
``--flooders`` requests at once; meanwhile a client at 127.0.0.2 asks ``GET /api/meta`` every
``--every`` seconds. Prints the scorings answered and refused a second, the server's CPU share,
and the other client's answer times (median, 95th percentile, most) in milliseconds; a baseline
without flood comes first.

Measured on this project's machine (2 shared cores, load 9 to 13: compare runs made one after the
other), 5 s, 4 requests at once: before the limit, 68 scorings a second answered, and the other
client's answer took 59 ms (median) against 9 ms without flood; with it (50 a second, then 1,000
a minute), 51 answered and 47 refused a second, and 36 ms against 10 ms. Run:
``.venv/bin/python bench/bench_score_flood.py [--seconds 5]``. Loopback only; under a minute.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from typing import Any

from bench_ai_games import client_at
from bench_flood import cpu_seconds, free_port, ms, start_server

SQUARES = ["W0", "W1", "F0", "F1", "L0", "L1", "G0", "G2", "S0", "S2", "M0", "M2"]


def kingdom(size: int, rng: random.Random) -> str:
    """A kingdom of ``size`` x ``size`` squares, its castle in the middle."""
    middle = size // 2
    return "\n".join(
        " ".join("C" if (row, col) == (middle, middle) else rng.choice(SQUARES) for col in range(size))
        for row in range(size)
    )


def bodies() -> list[tuple[str, dict[str, Any]]]:
    rng = random.Random(7)
    wide = kingdom(36, rng)[:4000]
    table = [{"text": kingdom(7, rng)} for _ in range(2)]
    options = {"frame": 7, "any_squares": True}
    return [
        ("/api/score", {"game": "kingdomino", "options": {}, "text": wide}),
        ("/api/score/table", {"game": "kingdomino", "options": options, "kingdoms": table}),
    ]


async def flood(port: int, stop: asyncio.Event, tally: dict[str, int]) -> None:
    async with client_at(port, "127.0.0.10") as client:
        while not stop.is_set():
            for path, body in bodies():
                answer = await client.post(path, json=body)
                tally["refused" if answer.status_code == 429 else "answered"] += 1


async def timed(port: int, every: float, stop: asyncio.Event, times: list[float]) -> None:
    async with client_at(port, "127.0.0.2") as client:
        while not stop.is_set():
            sent = time.perf_counter()
            await client.get("/api/meta")
            times.append(time.perf_counter() - sent)
            await asyncio.sleep(every)


async def run(port: int, pid: int, seconds: float, every: float, flooders: int) -> None:
    print(f"{'flood':<6} {'answered/s':>10} {'refused/s':>9} {'CPU':>5}  other client's answer ms")
    for flooding in (False, True):
        stop, tally = asyncio.Event(), {"answered": 0, "refused": 0}
        times: list[float] = []
        used = cpu_seconds(pid)
        tasks = [asyncio.create_task(timed(port, every, stop, times))]
        tasks += [asyncio.create_task(flood(port, stop, tally)) for _ in range(flooders if flooding else 0)]
        await asyncio.sleep(seconds)
        stop.set()
        busy = (cpu_seconds(pid) - used) / seconds
        await asyncio.wait(tasks, timeout=30)
        print(
            f"{'yes' if flooding else 'no':<6} {tally['answered'] / seconds:>10.0f} "
            f"{tally['refused'] / seconds:>9.0f} {busy:>5.0%}  median {1000 * statistics.median(times):.1f}, "
            f"95% {ms(times, 0.95)}, most {ms(times, 1.0)} ({len(times)} answers)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=5.0, help="how long the flood lasts")
    parser.add_argument(
        "--every", type=float, default=0.05, help="seconds between the other client's requests"
    )
    parser.add_argument("--flooders", type=int, default=4, help="the flooder's requests at once")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        port = free_port()
        server = start_server(port, directory)
        try:
            asyncio.run(run(port, server.pid, args.seconds, args.every, args.flooders))
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
