"""Hints under load: N hint requests at once while another client keeps asking ``/api/meta``.

Starts ``kingdomino serve`` on a fresh SQLite file, creates N games (a human against an
``easy`` AI), asks for a hint in all of them at once and meanwhile times ``GET /api/meta``
every 10 ms. Hints run in worker processes and at most a few at once (the rest are answered
"busy"), so the event loop keeps answering: prints the meta latency p50/p99/max and how many
hints were answered or refused as busy.

Run: ``.venv/bin/python bench/bench_hints.py [--hints 40]``. Target: meta p99 well under 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).parent))
from bench_web import free_port, percentile, start_server


async def run(port: int, hints: int) -> None:
    base = f"http://127.0.0.1:{port}"
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        games = []
        for i in range(hints):
            body = {
                "game": "kingdomino",
                "players": 2,
                "seed": i,
                "seats": [{"kind": "human"}, {"kind": "ai", "level": "easy"}],
            }
            created = (await client.post("/api/games", json=body)).json()
            games.append((created["id"], created["seats"][0]["token"]))
        for game_id, token in games:  # wait until the human is to act in every game
            while (await client.get(f"/api/games/{game_id}", params={"token": token})).json()[
                "current_player"
            ]:
                await asyncio.sleep(0.01)
        latencies: list[float] = []
        done = asyncio.Event()

        async def poll_meta() -> None:
            while not done.is_set():
                start = time.perf_counter()
                await client.get("/api/meta")
                latencies.append(time.perf_counter() - start)
                await asyncio.sleep(0.01)

        poller = asyncio.create_task(poll_meta())
        answers = await asyncio.gather(
            *(client.get(f"/api/games/{game_id}/hint", params={"token": token}) for game_id, token in games)
        )
        done.set()
        await poller
    codes = [answer.status_code for answer in answers]
    answered, busy = codes.count(200), codes.count(503)
    print(f"{hints} hints at once: {answered} answered, {busy} busy, {len(codes) - answered - busy} other")
    print(
        f"/api/meta meanwhile ({len(latencies)} requests): p50 {statistics.median(latencies) * 1000:.1f} ms, "
        f"p99 {percentile(latencies, 0.99) * 1000:.1f} ms, max {max(latencies) * 1000:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hints", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        port = free_port()
        server = start_server(port, f"sqlite:///{Path(directory) / 'hints.sqlite3'}", "")
        try:
            asyncio.run(run(port, args.hints))
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
