"""Games against AIs started as fast as one client can: what they cost ``kingdomino serve``.

Starts ``kingdomino serve`` (a fresh SQLite file, one AI worker) on loopback. A flooder at
127.0.0.10 creates games of two ``hard`` AI seats (``POST /api/games``, each playing itself to
its end on the AI worker) as fast as the server answers, for ``--seconds``; meanwhile a player
at 127.0.0.2 plays a game against a ``greedy`` AI over HTTP and times each AI reply (from its
move to its turn again). Prints the games made and refused, the server's CPU share, and the
player's AI replies (median, 95th percentile, most) in milliseconds; a baseline without flood
comes first.

Measured on this project's machine (2 cores shared with other work, load 8 to 11: compare runs
made one after the other), 5 s: before ``ai_game_limits`` the flooder made 43 games a second,
every one left with its AI turns to play (2,600 in a minute), and the player's AI reply took
76 ms (median) against 16 ms without flood; with them it made 20 (``MAX_AI_GAMES``), then had
100 a second refused, and the reply took 35 ms against 26 ms. A reply still waits for the AI
turn the worker is running (the queue takes clients in turn): seconds, when it is a ``hard`` one.

Run: ``.venv/bin/python bench/bench_ai_games.py [--seconds 5]``. Loopback only; under a minute.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from typing import Any

import httpx

from bench_flood import cpu_seconds, free_port, ms, start_server

AIS_ALONE = [{"kind": "ai", "level": "hard"}, {"kind": "ai", "level": "hard"}]
AGAINST_AI = [{"kind": "human"}, {"kind": "ai", "level": "greedy"}]


def client_at(port: int, address: str) -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(local_address=address)
    return httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", transport=transport, timeout=60)


async def flood(port: int, stop: asyncio.Event, tally: dict[str, int]) -> None:
    """Create games of AI seats alone until ``stop``, counting those made and refused."""
    async with client_at(port, "127.0.0.10") as client:
        while not stop.is_set():
            body = {"game": "kingdomino", "players": 2, "seats": AIS_ALONE}
            answer = await client.post("/api/games", json=body)
            tally["made" if answer.status_code == 201 else "refused"] += 1


async def play(port: int, stop: asyncio.Event, replies: list[float]) -> None:
    """Play games against an AI until ``stop``, each AI reply timed."""
    async with client_at(port, "127.0.0.2") as client:
        while not stop.is_set():
            body = {"game": "kingdomino", "players": 2, "seats": AGAINST_AI}
            game = (await client.post("/api/games", json=body)).json()
            link, token = f"/api/games/{game['id']}", game["seats"][0]["token"]
            view = await my_turn(client, link, token)
            while view["status"] != "finished" and not stop.is_set():
                sent = time.perf_counter()
                move = {"token": token, "action": view["legal_actions"][0], "index": view["index"]}
                await client.post(f"{link}/actions", json=move)
                view = await my_turn(client, link, token)
                replies.append(time.perf_counter() - sent)


async def my_turn(client: httpx.AsyncClient, link: str, token: str) -> dict[str, Any]:
    """The game's view once it is the seat's turn or the game is over (polled every 2 ms)."""
    while True:
        view: dict[str, Any] = (await client.get(link, params={"token": token})).json()
        if view["status"] == "finished" or view.get("legal_actions"):
            return view
        await asyncio.sleep(0.002)


async def run(port: int, pid: int, seconds: float) -> None:
    print(f"{'flood':<6} {'made/s':>7} {'refused/s':>9} {'CPU':>5}  player's AI reply ms")
    for flooding in (False, True):
        stop, tally = asyncio.Event(), {"made": 0, "refused": 0}
        replies: list[float] = []
        used = cpu_seconds(pid)
        tasks = [asyncio.create_task(play(port, stop, replies))]
        if flooding:
            tasks.append(asyncio.create_task(flood(port, stop, tally)))
        await asyncio.sleep(seconds)
        stop.set()
        busy = (cpu_seconds(pid) - used) / seconds
        await asyncio.wait(tasks, timeout=30)
        median = f"{1000 * statistics.median(replies):.1f}" if replies else "-"
        print(
            f"{'yes' if flooding else 'no':<6} {tally['made'] / seconds:>7.1f} "
            f"{tally['refused'] / seconds:>9.1f} {busy:>5.0%}  median {median}, "
            f"95% {ms(replies, 0.95)}, most {ms(replies, 1.0)} ({len(replies)} replies)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=5.0, help="how long the flood lasts")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        port = free_port()
        server = start_server(port, directory)
        try:
            asyncio.run(run(port, server.pid, args.seconds))
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
