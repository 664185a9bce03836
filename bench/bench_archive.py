"""A player's archive with thousands of games: what ``GET /api/players/{name}/games`` (its pages
and filters) and ``GET /api/players/{name}/vs/{other}`` cost the server.

Builds, in a fresh SQLite file (or the empty PostgreSQL database ``--database`` names), 60
accounts (10 of them bots') and ``--games`` finished games of one of them, Kira, written as their
end leaves them (the game's row with its end, its seats' accounts and kept results): Kingdomino,
Duel and Origins at tables of 2 to 4, against the other accounts, guests and the server's AIs, a
clock of each kind or none, a tenth rated, drawn at random (seed 1); and as many games again
among the other accounts, so that Kira's are not the server's only ones. Then, through the app
(Starlette's test client, its lifespan run), it asks ``--requests`` times for each of: the first
page (50 games), the 50th page (through a ``next`` found beforehand), a page of each filter, and
Kira's record against her most frequent opponent; and prints for each the ms a request takes
(p50, p95), the database queries it makes and its rows (the games on the page, and ``total``).

Run: ``PYTHONPATH=src .venv/bin/python bench/bench_archive.py [--games 5000] [--requests 30]
[--database URL]``.
"""

from __future__ import annotations

import argparse
import random
import secrets
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import quote

from fastapi.testclient import TestClient
from sqlalchemy import event, insert
from sqlalchemy.engine import Engine

from kingdomino.web.app import create_app
from kingdomino.web.seats import name_key
from kingdomino.web.store import Store
from kingdomino.web.tables import AccountRow, GameRow, SeatAccountRow, SeatResultRow, seat_accounts

ACCOUNTS = 60
BOTS = 10
CLOCKS: list[dict[str, Any] | None] = [
    None,
    {"kind": "game", "minutes": 5, "increment": 3},
    {"kind": "move", "seconds": 60},
    {"kind": "days", "days": 1},
]
GAMES = {"kingdomino": (2, 3, 4), "duel": (2,), "origins": (2, 3, 4)}


def add_accounts(store: Store) -> dict[int, tuple[str, bool]]:
    """The accounts (the first is Kira; the last ``BOTS`` are bots'): their names and kinds by id."""
    moment = datetime.now(UTC)
    rows = [
        {
            "name": "Kira" if n == 1 else f"Player {n}",
            "name_key": name_key("Kira" if n == 1 else f"Player {n}"),
            "password_hash": "-",
            "created": moment,
            "bot": n > ACCOUNTS - BOTS,
        }
        for n in range(1, ACCOUNTS + 1)
    ]
    with store.engine.begin() as connection:
        connection.execute(insert(AccountRow), rows)
    return {n: (str(row["name"]), bool(row["bot"])) for n, row in enumerate(rows, 1)}


def a_game(
    rng: random.Random, account: int, accounts: dict[int, tuple[str, bool]], ended: datetime
) -> dict[str, Any]:
    """A finished game with ``account`` at a random seat, its other seats drawn from the accounts
    (Kira's never: her games are hers alone), guests and AIs: its rows of each table."""
    game = rng.choice(list(GAMES))
    players = rng.choice(GAMES[game])
    others = rng.sample([a for a in accounts if a not in (account, 1)], players - 1)
    seats: list[dict[str, Any]] = []
    for other in [account, *others]:
        kind = "account" if other == account else rng.choice(("account", "account", "guest", "ai"))
        if kind == "account":
            name, bot = accounts[other]
            seats.append({"name": name, "kind": "human", "account": other, **({"bot": True} if bot else {})})
        elif kind == "guest":
            seats.append({"name": f"Guest {rng.randrange(1000)}", "kind": "human"})
        else:
            seats.append({"name": "Bo (AI, medium)", "kind": "ai", "level": "medium"})
    rng.shuffle(seats)
    seats = [{"token": secrets.token_hex(8), **seat} for seat in seats]
    places = list(range(1, players + 1))
    rng.shuffle(places)
    game_id = secrets.token_hex(8)
    row = {
        "id": game_id,
        "game": game,
        "players": players,
        "options": {},
        "seed": 1,
        "seats": seats,
        "spectator_token": secrets.token_hex(8),
        "status": "finished",
        "created": ended - timedelta(minutes=30),
        "rated": rng.random() < 0.1,
        "time_control": rng.choice(CLOCKS),
        "ended": ended,
    }
    results = [
        {"game_id": game_id, "seat": seat, "score": rng.randrange(20, 90), "place": place}
        for seat, place in enumerate(places)
    ]
    return {"game": row, "seats": seat_accounts(game_id, seats), "results": results}


def add_games(store: Store, accounts: dict[int, tuple[str, bool]], games: int) -> None:
    """``games`` of Kira's and as many among the others, one ending every hour or so."""
    rng = random.Random(1)
    start = datetime.now(UTC) - timedelta(hours=2 * games)
    made = [
        a_game(rng, 1 if n % 2 == 0 else rng.randrange(2, ACCOUNTS + 1), accounts, start + timedelta(hours=n))
        for n in range(2 * games)
    ]
    with store.engine.begin() as connection:
        for chunk in range(0, len(made), 1000):
            part = made[chunk : chunk + 1000]
            connection.execute(insert(GameRow), [m["game"] for m in part])
            connection.execute(insert(SeatAccountRow), [row for m in part for row in m["seats"]])
            connection.execute(insert(SeatResultRow), [row for m in part for row in m["results"]])


@contextmanager
def counted_queries(engine: Engine) -> Iterator[list[str]]:
    """The statements the engine runs meanwhile."""
    statements: list[str] = []

    def count(*args: Any) -> None:
        statements.append(str(args[2]))

    event.listen(engine, "before_cursor_execute", count)
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", count)


def measure(client: TestClient, path: str, requests: int) -> tuple[list[float], int, dict[str, Any]]:
    """The ms of each of ``requests`` GETs of ``path``, the queries of one, and its answer."""
    engine = client.app.state.hub.store.engine  # type: ignore[attr-defined]
    times = []
    answer: dict[str, Any] = {}
    for _ in range(requests):
        began = time.perf_counter()
        reply = client.get(path)
        times.append((time.perf_counter() - began) * 1000)
        assert reply.status_code == 200, reply.text
        answer = reply.json()
    with counted_queries(engine) as statements:
        client.get(path)
    return times, len(statements), answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5000, help="Kira's finished games")
    parser.add_argument("--requests", type=int, default=30)
    parser.add_argument("--database", help="an empty database's URL (a fresh SQLite file if not said)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = args.database or f"sqlite:///{Path(folder) / 'archive.sqlite3'}"
        with TestClient(create_app(url)) as client:
            store = client.app.state.hub.store  # type: ignore[attr-defined]
            accounts = add_accounts(store)
            began = time.perf_counter()
            add_games(store, accounts, args.games)
            took = time.perf_counter() - began
            print(f"{2 * args.games} games written in {took:.1f} s ({store.engine.dialect.name})")
            rival = max(
                (name for name, bot in accounts.values() if name != "Kira" and not bot),
                key=lambda name: client.get(
                    "/api/players/Kira/games", params={"opponent": name, "limit": 1}
                ).json()["total"],
            )
            cursor = None
            for _ in range(49):
                cursor = client.get(
                    "/api/players/Kira/games" + (f"?before={cursor}" if cursor else "")
                ).json()["next"]
            asks = {
                "first page": "/api/players/Kira/games",
                "50th page": f"/api/players/Kira/games?before={cursor}",
                "result=won": "/api/players/Kira/games?result=won",
                "against=ai": "/api/players/Kira/games?against=ai",
                "against=people": "/api/players/Kira/games?against=people",
                "against=bots": "/api/players/Kira/games?against=bots",
                f"opponent={rival}": f"/api/players/Kira/games?opponent={quote(rival)}",
                "clock=turn_based": "/api/players/Kira/games?clock=turn_based",
                "pool=origins-3-4": "/api/players/Kira/games?pool=origins-3-4",
                "rated=true&result=lost": "/api/players/Kira/games?rated=true&result=lost",
                f"vs/{rival}": f"/api/players/Kira/vs/{quote(rival)}",
                "the player's page": "/api/players/Kira",
            }
            print("| ask | p50 ms | p95 ms | queries | games listed / total |")
            print("| --- | --- | --- | --- | --- |")
            for label, path in asks.items():
                times, queries, answer = measure(client, path, args.requests)
                listed = len(answer["latest"] if "latest" in answer else answer["games"])
                total = answer.get("total", answer["games"] if "latest" in answer else "")
                p95 = statistics.quantiles(times, n=20)[-1]
                p50 = statistics.median(times)
                print(f"| {label} | {p50:.1f} | {p95:.1f} | {queries} | {listed} / {total} |")


if __name__ == "__main__":
    main()
