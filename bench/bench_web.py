"""Load on the browser app: N concurrent games over WebSocket, action acknowledgement latency.

Starts ``kingdomino serve`` on a fresh SQLite file, creates N two-player Kingdomino games (a
simulated human against an ``easy`` AI seat), and plays them all at once: each client answers
its turns with a random legal move (after ``--think`` seconds on average, 0 by default: no
human is that fast) and times the acknowledgement. Prints p50/p99 and errors.

Run: ``.venv/bin/python bench/bench_web.py [--games 200]``. Target: 200 games, p99 < 100 ms, 0 errors.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def play(
    base: str,
    ws_base: str,
    game_id: str,
    token: str,
    seed: int,
    latencies: list[float],
    errors: list[str],
    think: float,
) -> None:
    rng = random.Random(seed)
    async with websockets.connect(f"{ws_base}/ws/games/{game_id}?tokens={token}", max_size=2**22) as ws:
        sent_at: float | None = None
        latest: dict[str, Any] | None = None
        while True:
            message: dict[str, Any] = json.loads(await ws.recv())
            kind = message["type"]
            if kind == "ack":
                assert sent_at is not None
                latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            elif kind == "error":
                errors.append(message["message"])
                sent_at = None
            elif kind == "state":
                latest = message
                if message["status"] == "finished":
                    return
            if latest is not None and latest["legal_actions"] and sent_at is None:
                action = rng.choice(latest["legal_actions"])
                if think:
                    await asyncio.sleep(rng.uniform(0, 2 * think))
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "action", "action": action, "index": latest["index"]}))
                latest = None


async def run(games: int, port: int, think: float) -> None:
    base = f"http://127.0.0.1:{port}"
    ws_base = f"ws://127.0.0.1:{port}"
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        created = []
        for i in range(games):
            body = {
                "game": "kingdomino",
                "players": 2,
                "seed": i,
                "seats": [{"kind": "human"}, {"kind": "ai", "level": "easy"}],
            }
            response = await client.post("/api/games", json=body)
            response.raise_for_status()
            data = response.json()
            created.append((data["id"], data["seats"][0]["token"]))
    latencies: list[float] = []
    errors: list[str] = []
    start = time.perf_counter()
    await asyncio.gather(
        *(play(base, ws_base, gid, tok, i, latencies, errors, think) for i, (gid, tok) in enumerate(created))
    )
    elapsed = time.perf_counter() - start
    latencies.sort()
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[int(len(latencies) * 0.99) - 1] * 1000
    print(
        f"{games} concurrent games finished in {elapsed:.1f} s; {len(latencies)} human actions acknowledged"
    )
    print(
        f"ack latency p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {latencies[-1] * 1000:.1f} ms;",
        f"errors: {len(errors)}",
    )
    for error in errors[:5]:
        print("  error:", error)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument(
        "--think", type=float, default=0.0, help="mean seconds a simulated human thinks before each move"
    )
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as directory:
        url = f"sqlite:///{Path(directory) / 'load.sqlite3'}"
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "kingdomino",
                "serve",
                "--port",
                str(port),
                "--database-url",
                url,
                "--ai-delay",
                "0",
            ],
            stdout=subprocess.DEVNULL,
        )
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    httpx.get(f"http://127.0.0.1:{port}/api/meta", timeout=1)
                    break
                except httpx.HTTPError:
                    if time.monotonic() > deadline:
                        raise SystemExit("the server did not start") from None
                    time.sleep(0.1)
            asyncio.run(run(args.games, port, args.think))
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
