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

import itertools
from typing import Any

from bench_ai_games import client_at
from bench_reads import flood_arguments, measure, serve_and_flood

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


async def run(port: int, pid: int, args: Any, reads: list[str]) -> None:
    async with client_at(port, "127.0.0.4") as client:
        body = {"name": NAME, "password": PASSWORD}
        made = await client.post("/api/accounts", json=body, headers={"Origin": f"http://127.0.0.1:{port}"})
        assert made.status_code == 201, made.text
        cookies = client.cookies
    ids = await puzzle_ids(port, 60)
    await measure(
        port,
        pid,
        args,
        reads,
        lambda read: paths(read, ids),
        lambda read: cookies if read.endswith("-account") else None,
    )


def main() -> None:
    serve_and_flood(flood_arguments(__doc__).parse_args(), READS, run)


if __name__ == "__main__":
    main()
