"""``GET /api/live-games`` at scale: requests a second with ``--games`` public games being
played, the ranked list read from the database at every request (kept 0 s, as before it was
kept) and kept ``live_games.KEEP_SECONDS`` (as served).

Builds the app over a fresh SQLite file in a temporary folder (no AI workers: every seat is a
guest's), creates ``--games`` public two-player games of two invited guests (being played from
their creation), then for each setting asks for the first page of the list (20 games, as a lobby
does) for ``--seconds`` seconds from ``--clients`` concurrent clients, in-process (Starlette's
test client in threads: the server's own cost, no network). The game requests' limit per client
is lifted for the run. Prints, for each setting, the requests a second and the database readings
of the ranked list a second.

Run: ``PYTHONPATH=src .venv/bin/python bench/bench_live_games.py [--games 500] [--seconds 10]
[--clients 4]``.
"""

from __future__ import annotations

import argparse
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from limits import parse

from kingdomino.web import live_games
from kingdomino.web.app import create_app

INVITED = [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bela", "online": True}]


def make_games(client: TestClient, games: int) -> None:
    """``games`` public games being played, created through the API."""
    for _ in range(games):
        answer = client.post(
            "/api/games", json={"game": "kingdomino", "players": 2, "seats": INVITED, "public": True}
        )
        if answer.status_code != 201:
            raise SystemExit(f"a game could not be created: {answer.status_code} {answer.text}")


def measure(client: TestClient, seconds: float, clients: int) -> tuple[float, float]:
    """Requests a second of the list's first page from ``clients`` threads for ``seconds``, and the
    ranked list's readings a second meanwhile."""
    readings = [0]
    read = live_games.ranked

    def counted(store: Any, account: int | None = None) -> list[live_games.Ranked]:
        readings[0] += 1
        return read(store, account)

    live_games.ranked = counted
    served = [0] * clients
    until = time.monotonic() + seconds

    def ask(index: int) -> None:
        while time.monotonic() < until:
            answer = client.get("/api/live-games")
            if answer.status_code != 200:
                raise SystemExit(f"the list was refused: {answer.status_code} {answer.text}")
            served[index] += 1

    started = time.monotonic()
    threads = [threading.Thread(target=ask, args=(index,)) for index in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    spent = time.monotonic() - started
    live_games.ranked = read
    return sum(served) / spent, readings[0] / spent


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--clients", type=int, default=4)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(f"sqlite:///{Path(folder) / 'bench.db'}")
        app.state.game_rate = (parse("1000000/second"),)
        with TestClient(app) as client:
            began = time.monotonic()
            make_games(client, args.games)
            print(f"{args.games} public games being played, created in {time.monotonic() - began:.1f} s")
            total = client.get("/api/live-games").json()["total"]
            print(f"the list holds {total} games")
            lists = live_games.lists_of(app.state.hub.store)
            for label, keep in (
                ("read at every request", 0.0),
                (f"kept {live_games.KEEP_SECONDS:g} s", None),
            ):
                lists.seconds = live_games.KEEP_SECONDS if keep is None else keep
                lists.kept.clear()
                rate, reads = measure(client, args.seconds, args.clients)
                print(f"{label}: {rate:.0f} requests/s, {reads:.1f} readings of the ranked list/s")


if __name__ == "__main__":
    main()
