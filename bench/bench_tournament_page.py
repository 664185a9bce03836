"""A big club tournament's page: what one ``GET /api/tournaments/{id}`` costs the server, and the
lobby's ``GET /api/tournaments``.

Builds, in a fresh SQLite file, 64 accounts and three tournaments of 64 players written as their
rows (results drawn at random, no game played): a round robin finished (63 rounds of 32 games,
2,016 game rows), the same half-way (round 32 being played, its games under way), and a Swiss at
tables of four finished after 15 rounds (240 tables); each game of a round has its server game's
row (status and seats, as the page reads them). Then, through the app (Starlette's test client,
its lifespan run), it reads each tournament's page ``--requests`` times, as a guest and as one of
its players, and the lobby's list, and prints for each: the ms a request takes (p50, p95), the
ms of it the event loop was held (the request's wall time less the time its threads ran the
store's reads: what every other request and socket of the server waits for), the CPU ms of the
process (the test client's few included: steadier than the wall time on a loaded machine), the
database queries a request makes (SQLAlchemy's ``before_cursor_execute``, counted) and the
answer's bytes.

Run: ``PYTHONPATH=src .venv/bin/python bench/bench_tournament_page.py [--requests 50]``.

Measured 2026-11-30 (50 requests each, the shared 2-core machine at a load of 9-12; p50 of the
wall time, of the event loop's share, of the process's CPU; queries a request):

| page | before (``5e30701``) | built in a thread, ended rounds kept |
| --- | --- | --- |
| round robin of 64 finished, guest | 97 ms, 57 loop, 45 CPU; 5 | 2.2 ms, 1.5 loop, 2.1 CPU; 3 |
| the same, a player | 75 ms, 43 loop, 49 CPU; 6 | 58 ms, 7.9 loop, 29 CPU; 4 |
| round robin of 64 at round 32, guest | 34 ms, 21 loop, 25 CPU; 5 | 19 ms, 3.9 loop, 15 CPU; 5 |
| the same, a player | 29 ms, 18 loop, 25 CPU; 6 | 21 ms, 3.7 loop, 19 CPU; 6 |
| Swiss of 64 at tables of 4 finished, guest | 22 ms, 14 loop, 14 CPU; 5 | 3.4 ms, 2.0 loop, 3.1 CPU; 3 |
| the lobby's list, a guest | 2.5 ms, 1.6 loop, 2.5 CPU; 3 | the same |

The pages are 340 KB (the round robin finished), 177 KB (half-way) and 130 KB (the Swiss).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import secrets
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import event, insert, update
from sqlalchemy.engine import Engine

from kingdomino.web.accounts import Accounts
from kingdomino.web.app import create_app
from kingdomino.web.club_pairing import round_robin
from kingdomino.web.store import Store
from kingdomino.web.table_pairing import place_points
from kingdomino.web.tables import AccountRow, GameRow
from kingdomino.web.tournament_tables import TournamentGameRow, TournamentPlayerRow, TournamentRow

PLAYERS = 64
SWISS_ROUNDS = 15
TABLE = 4
CLOCK = {"kind": "days", "days": 2}
#: A game's result columns while it is played.
UNDECIDED = {"first_points": None, "second_points": None, "first_score": 0, "second_score": 0}


def add_accounts(store: Store) -> list[int]:
    """The 64 players' accounts (the first organises), their ids."""
    now = datetime.now(UTC)
    rows = [
        {"name": f"Player {n}", "name_key": f"player {n}", "password_hash": "-", "created": now}
        for n in range(1, PLAYERS + 1)
    ]
    with store.engine.begin() as connection:
        connection.execute(insert(AccountRow), rows)
    return list(range(1, PLAYERS + 1))


def add_tournament(store: Store, tid: str, players: list[int], fmt: str, rounds: int, table: int) -> None:
    """The tournament's row (``running`` at its last round; the caller sets how far it went) and
    its players, seeded in order."""
    with store.engine.begin() as connection:
        connection.execute(
            insert(TournamentRow).values(
                id=tid,
                name=f"Bench {tid}",
                organiser=players[0],
                game="kingdomino",
                options={},
                time_control=CLOCK,
                rated=False,
                public=True,
                format=fmt,
                rounds=rounds,
                max_players=PLAYERS,
                bots=False,
                wait_minutes=20,
                status="running",
                starts_at=None,
                created=datetime.now(UTC),
                round=rounds,
                table_size=table,
            )
        )
        connection.execute(
            insert(TournamentPlayerRow),
            [
                {"tournament_id": tid, "account_id": p, "name": f"Player {p}", "joined": n, "seed": n + 1}
                for n, p in enumerate(players)
            ],
        )


def game_row(game_id: str, seated: list[int], status: str) -> dict[str, Any]:
    """A tournament's server game as the page reads it: its status and its seats."""
    seats = [
        {"name": f"Player {p}", "kind": "human", "token": secrets.token_hex(8), "account": p, "for": p}
        for p in seated
    ]
    return {
        "id": game_id,
        "game": "kingdomino",
        "players": len(seated),
        "options": {},
        "seed": 0,
        "seats": seats,
        "spectator_token": secrets.token_hex(8),
        "status": status,
        "created": datetime.now(UTC),
    }


def add_games(store: Store, tid: str, rows: list[dict[str, Any]], games: list[dict[str, Any]]) -> None:
    with store.engine.begin() as connection:
        connection.execute(insert(GameRow), games)
        connection.execute(insert(TournamentGameRow), [{"tournament_id": tid, **row} for row in rows])


def pair_result(rng: random.Random) -> dict[str, Any]:
    first = rng.choice([1.0, 0.5, 0.0])
    return {
        "first_points": first,
        "second_points": 1.0 - first,
        "first_score": rng.randint(20, 90),
        "second_score": rng.randint(20, 90),
    }


def build_round_robin(store: Store, tid: str, players: list[int], played: int, rng: random.Random) -> None:
    """A round robin of ``players``: its rounds up to ``played`` ended, the next one under way
    (none if ``played`` is its last)."""
    schedule = round_robin(players)
    add_tournament(store, tid, players, "round_robin", len(schedule), 2)
    shown = min(len(schedule), played + 1)
    rows, games = [], []
    for number, pairings in enumerate(schedule[:shown], 1):
        for board, pairing in enumerate(pairings, 1):
            game_id = f"{tid}-{number}-{board}"
            seated = [pairing.first] if pairing.second is None else [pairing.first, pairing.second]
            ended = number <= played
            result = pair_result(rng) if ended else UNDECIDED
            row = {"round": number, "board": board, "first": pairing.first, "second": pairing.second}
            rows.append({**row, "game_id": game_id, **result})
            games.append(game_row(game_id, seated, "finished" if ended else "playing"))
    add_games(store, tid, rows, games)
    set_round(store, tid, shown, "finished" if played >= len(schedule) else "running")


def build_swiss_tables(store: Store, tid: str, players: list[int], rng: random.Random) -> None:
    """A Swiss at tables of four, every round ended (tables drawn at random: the page's cost does
    not depend on who met whom)."""
    add_tournament(store, tid, players, "swiss", SWISS_ROUNDS, TABLE)
    rows, games = [], []
    for number in range(1, SWISS_ROUNDS + 1):
        order = rng.sample(players, len(players))
        for board, start in enumerate(range(0, len(order), TABLE), 1):
            seated = order[start : start + TABLE]
            places = rng.sample(range(1, TABLE + 1), TABLE)
            points = place_points(places, [False] * TABLE)
            scores = [rng.randint(20, 90) for _ in seated]
            outcome = {"points": points, "scores": scores, "places": places, "forfeits": [False] * TABLE}
            game_id = f"{tid}-{number}-{board}"
            rows.append(
                {
                    "round": number,
                    "board": board,
                    "first": seated[0],
                    "second": seated[1],
                    "game_id": game_id,
                    "first_points": points[0],
                    "second_points": points[1],
                    "first_score": scores[0],
                    "second_score": scores[1],
                    "table_players": seated,
                    "outcome": outcome,
                }
            )
            games.append(game_row(game_id, seated, "finished"))
    add_games(store, tid, rows, games)
    set_round(store, tid, SWISS_ROUNDS, "finished")


def set_round(store: Store, tid: str, round_: int, status: str) -> None:
    with store.engine.begin() as connection:
        connection.execute(
            update(TournamentRow).where(TournamentRow.id == tid).values(round=round_, status=status)
        )


class Counted:
    """The queries run on ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.queries = 0
        event.listen(engine, "before_cursor_execute", self._query)

    def _query(self, *_: Any) -> None:
        self.queries += 1


@contextmanager
def off_the_loop() -> Iterator[list[float]]:
    """The seconds each function handed to ``asyncio.to_thread`` ran there, while inside."""
    spent: list[float] = []
    original = asyncio.to_thread

    async def timed(function: Any, /, *args: Any, **kwargs: Any) -> Any:
        def run() -> Any:
            started = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                spent.append(time.perf_counter() - started)

        return await original(run)

    asyncio.to_thread = timed
    try:
        yield spent
    finally:
        asyncio.to_thread = original


def measure(client: TestClient, counted: Counted, path: str, requests: int, cookie: str | None) -> str:
    """``requests`` reads of ``path`` (as the session ``cookie``, None: a guest): its figures."""
    walls, cpus, loops, queries, sizes = [], [], [], [], []
    client.cookies.clear()
    if cookie is not None:
        client.cookies.set("kd_session", cookie)
    for _ in range(requests):
        before = counted.queries
        with off_the_loop() as spent:
            started, used = time.perf_counter(), time.process_time()
            answer = client.get(path)
            wall = time.perf_counter() - started
            cpus.append(time.process_time() - used)
        answer.raise_for_status()
        walls.append(wall)
        loops.append(wall - sum(spent))
        queries.append(counted.queries - before)
        sizes.append(len(answer.content))
    walls.sort()
    loops.sort()
    p95 = max(0, int(len(walls) * 0.95) - 1)
    return (
        f"p50 {statistics.median(walls) * 1000:.1f} / p95 {walls[p95] * 1000:.1f} ms, "
        f"on the loop p50 {statistics.median(loops) * 1000:.1f} ms; "
        f"CPU p50 {statistics.median(cpus) * 1000:.1f} ms; "
        f"{statistics.median(queries):.0f} queries; {statistics.mean(sizes) / 1000:.0f} KB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--requests", type=int, default=50)
    args = parser.parse_args()
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as directory:
        app = create_app(f"sqlite:///{Path(directory) / 'bench.sqlite3'}", ai_workers="1")
        with TestClient(app) as client:
            store: Store = app.state.hub.store
            players = add_accounts(store)
            build_round_robin(store, "rrdone", players, PLAYERS - 1, rng)
            build_round_robin(store, "rrhalf", players, PLAYERS // 2 - 1, rng)
            build_swiss_tables(store, "swiss4", players, rng)
            accounts: Accounts = app.state.accounts
            session = accounts_session(accounts, players[5])
            counted = Counted(store.engine)
            cases = [
                ("round robin of 64, finished", "/api/tournaments/rrdone"),
                ("round robin of 64, round 32 under way", "/api/tournaments/rrhalf"),
                ("Swiss of 64 at tables of 4, 15 rounds, finished", "/api/tournaments/swiss4"),
                ("the lobby's list", "/api/tournaments"),
            ]
            for title, path in cases:
                for who, cookie in (("a guest", None), ("a player", session)):
                    figures = measure(client, counted, path, args.requests, cookie)
                    print(f"{title}, as {who}: {figures}", flush=True)


def accounts_session(accounts: Accounts, account_id: int) -> str:
    """A session cookie of the account ``account_id``."""
    return accounts._open_session(account_id)


if __name__ == "__main__":
    main()
