"""Load on the browser app: N concurrent games over WebSocket, action acknowledgement latency.

Starts ``kingdomino serve`` (``--instances`` of them on one database: a fresh SQLite file, or
the PostgreSQL of ``--database-url``, which several instances need), creates N two-player
Kingdomino games (a simulated human against an AI seat of ``--level``), and plays them all at
once: each client answers its turns with a random legal move (after ``--think`` seconds on
average, 0 by default: no human is that fast) and times the acknowledgement. With several
instances, game i is played through instance i mod n while a spectator of it watches through
the next instance, which times how long an action takes to reach a client of another server.
Prints ack p50/p99/max, errors, and the AI's seconds and iterations per move (from each
server's ``/api/stats``; with a level, the iterations equal its budget).

Run: ``.venv/bin/python bench/bench_web.py [--games 200] [--level hard --games 20 --think 0.3]
[--instances 2 --database-url postgresql+psycopg://...] [--spectators 10]``. With
``--spectators K`` each game also has K spectators on its own server, which time how long a
player's action takes to reach each of them. Targets: 200 games of ``easy``
with p99 < 100 ms; 20 games of ``hard`` with human ack p99 < 50 ms; A->B p99 < 100 ms.
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

from kingdomino.web.probe_clients import wait_until_answering


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Figures:
    """What the clients measured."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.crossing: list[float] = []
        #: Seconds from an action sent to its state at a spectator of the same server.
        self.watching: list[float] = []
        self.errors: list[str] = []
        #: game -> (the first index the action's state will have, when it was sent), oldest first;
        #: each spectator keeps its own place in it.
        self.sent: dict[str, list[tuple[int, float]]] = {}


async def play(ws_base: str, game_id: str, token: str, seed: int, figures: Figures, think: float) -> None:
    rng = random.Random(seed)
    async with websockets.connect(f"{ws_base}/ws/games/{game_id}?tokens={token}", max_size=2**22) as ws:
        sent_at: float | None = None
        latest: dict[str, Any] | None = None
        while True:
            message: dict[str, Any] = json.loads(await ws.recv())
            kind = message["type"]
            if kind == "ack":
                assert sent_at is not None
                figures.latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            elif kind == "error":
                figures.errors.append(message["message"])
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
                figures.sent.setdefault(game_id, []).append((latest["index"] + 1, sent_at))
                await ws.send(json.dumps({"type": "action", "action": action, "index": latest["index"]}))
                latest = None


async def watch(ws_base: str, game_id: str, token: str, timed: list[float], figures: Figures) -> None:
    """A spectator: how long each of the player's actions takes to reach it, into ``timed``
    (``figures.crossing`` for a spectator on another server, ``figures.watching`` on the game's
    own, where every spectator is a socket of its own with its own outbox that each broadcast feeds)."""
    seen = 0  # how many of the game's sent actions this spectator has timed
    async with websockets.connect(f"{ws_base}/ws/games/{game_id}?tokens={token}", max_size=2**22) as ws:
        while True:
            message: dict[str, Any] = json.loads(await ws.recv())
            if message["type"] != "state":
                continue
            now = time.perf_counter()
            sent = figures.sent.get(game_id, [])
            while seen < len(sent) and sent[seen][0] <= message["index"]:
                timed.append(now - sent[seen][1])
                seen += 1
            if message["status"] == "finished":
                return


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * share) - 1)]


async def run(games: int, ports: list[int], think: float, level: str, spectators: int) -> None:
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    async with httpx.AsyncClient(timeout=30) as client:
        created = []
        for i in range(games):
            body = {
                "game": "kingdomino",
                "players": 2,
                "seed": i,
                "seats": [{"kind": "human"}, {"kind": "ai", "level": level}],
            }
            response = await client.post(f"{bases[i % len(bases)]}/api/games", json=body)
            response.raise_for_status()
            data = response.json()
            created.append((data["id"], data["seats"][0]["token"], data["spectator_token"]))
    figures = Figures()
    start = time.perf_counter()
    tasks = []
    for i, (game_id, token, spectator) in enumerate(created):
        ws_base = f"ws://127.0.0.1:{ports[i % len(ports)]}"
        tasks.append(play(ws_base, game_id, token, i, figures, think))
        if len(ports) > 1:
            other = f"ws://127.0.0.1:{ports[(i + 1) % len(ports)]}"
            tasks.append(watch(other, game_id, spectator, figures.crossing, figures))
        tasks += [watch(ws_base, game_id, spectator, figures.watching, figures) for _ in range(spectators)]
    await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - start
    latencies = figures.latencies
    print(f"{games} concurrent games ({level} AI) over {len(ports)} server(s) finished in {elapsed:.1f} s")
    print(
        f"human ack latency ({len(latencies)} actions): p50 {statistics.median(latencies) * 1000:.1f} ms, "
        f"p99 {percentile(latencies, 0.99) * 1000:.1f} ms, max {max(latencies) * 1000:.1f} ms; "
        f"errors: {len(figures.errors)}"
    )
    if figures.watching:
        watching = figures.watching
        print(
            f"action -> its state at each of {spectators} spectator(s) a game ({len(watching)}): "
            f"p50 {statistics.median(watching) * 1000:.1f} ms, "
            f"p99 {percentile(watching, 0.99) * 1000:.1f} ms, max {max(watching) * 1000:.1f} ms"
        )
    if figures.crossing:
        crossing = figures.crossing
        print(
            f"action on one server -> state on a client of the other ({len(crossing)}): "
            f"p50 {statistics.median(crossing) * 1000:.1f} ms, p99 {percentile(crossing, 0.99) * 1000:.1f} ms"
        )
    async with httpx.AsyncClient(timeout=30) as client:
        for base in bases:
            stats = (await client.get(f"{base}/api/stats")).json()
            seconds, iterations = stats["ai_seconds"], stats["ai_iterations"]
            if stats["ai_moves"]:
                print(
                    f"{base}: {stats['ai_moves']} AI moves, seconds per move mean {seconds['mean']:.3f} "
                    f"max {seconds['max']:.3f}; iterations per move {iterations['min']}-{iterations['max']}"
                )
    for error in figures.errors[:5]:
        print("  error:", error)


def start_server(port: int, url: str, workers: str) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "kingdomino", "serve", "--port", str(port), "--database-url", url]
    command += ["--ai-delay", "0"] + (["--ai-workers", workers] if workers else [])
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    wait_until_answering(f"http://127.0.0.1:{port}", 30, server)
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument(
        "--think", type=float, default=0.0, help="mean seconds a simulated human thinks before each move"
    )
    parser.add_argument("--level", default="easy", help="the AI seat's level")
    parser.add_argument("--instances", type=int, default=1, help="servers on one database (PostgreSQL)")
    parser.add_argument("--database-url", default=None, help="default: a fresh SQLite file")
    parser.add_argument("--ai-workers", default="", help="per server: processes or 'ray' (default: cores)")
    parser.add_argument("--spectators", type=int, default=0, help="spectators of each game on its own server")
    args = parser.parse_args()
    if args.instances > 1 and not (args.database_url or "").startswith("postgresql"):
        raise SystemExit("--instances > 1 needs --database-url postgresql+psycopg://...")
    with tempfile.TemporaryDirectory() as directory:
        url = args.database_url or f"sqlite:///{Path(directory) / 'load.sqlite3'}"
        ports = [free_port() for _ in range(args.instances)]
        servers = [start_server(port, url, args.ai_workers) for port in ports]
        try:
            asyncio.run(run(args.games, ports, args.think, args.level, args.spectators))
        finally:
            for server in servers:
                server.terminate()
                server.wait()


if __name__ == "__main__":
    main()
