"""A player's statistics with thousands of games: what ``GET /api/players/{name}/stats`` costs the
server, and how fast the fill at a server's start keeps the details of games that ended before
they were kept at a game's end.

Builds, in a fresh SQLite file (or the empty PostgreSQL database ``--database`` names), the
archive's bench's accounts and games (``bench_archive``: ``--games`` finished games of Kira's
among twice as many, of every game and table size, against accounts, guests and AIs, with clocks
of each kind). Each game is given the configuration of a game of its kind and size played to its
end by random moves (Kingdomino with the Middle Kingdom and Harmony, Origins in each mode, Duel),
and the details of that game's kingdoms, as its end would have kept them; except Kira's ``--fill``
newest, which get that game's moves instead. Then it times the fill of those (games a second,
replayed from their moves and kept), and, through the app (Starlette's test client, its lifespan
run), ``--requests`` asks of Kira's statistics, unfiltered and with each filter: the ms a request
takes (p50, p95), its database queries, and the games counted.

Run: ``PYTHONPATH=src .venv/bin/python bench/bench_insights.py [--games 5000] [--fill 300]
[--requests 30] [--database URL]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from limits import parse
from sqlalchemy import bindparam, insert, select, update

from bench_archive import GAMES, add_accounts, add_games, measure
from kingdomino import CHANCE, make_game
from kingdomino.core.game import ScoreSheet
from kingdomino.web.app import create_app
from kingdomino.web.insight_details import keep, mode_of, sheets_of
from kingdomino.web.insight_fill import fill_batch
from kingdomino.web.store import Store
from kingdomino.web.tables import AccountRow, ActionRow, GameRow, SeatAccountRow

#: The options of each game and table size's games (Origins' mode by its table size).
OPTIONS: dict[tuple[str, int], dict[str, Any]] = {
    ("kingdomino", 2): {"middle_kingdom": True, "harmony": True},
    ("kingdomino", 3): {"middle_kingdom": True},
    ("kingdomino", 4): {"harmony": True},
    ("duel", 2): {},
    ("origins", 2): {"mode": "tribe"},
    ("origins", 3): {"mode": "totem"},
    ("origins", 4): {"mode": "discovery"},
}


def played(
    game_name: str, players: int, options: dict[str, Any], seed: int
) -> tuple[list[str], list[ScoreSheet]]:
    """A game played to its end by random moves: its steps' texts, and its final sheets."""
    game = make_game(game_name, players, options)
    state = game.new_initial_state()
    rng = random.Random(seed)
    texts = []
    while not state.is_terminal():
        action = (
            state.sample_chance(rng) if state.current_player == CHANCE else rng.choice(state.legal_actions())
        )
        texts.append(state.action_text(action))
        state.apply(action)
    return texts, sheets_of(state)


def dress(store: Store, fill: int) -> int:
    """Give every game its kind's configuration and its details, Kira's ``fill`` newest their
    moves instead; the games left to fill."""
    models = {
        kind: (options, *played(kind[0], kind[1], options, seed))
        for seed, (kind, options) in enumerate(OPTIONS.items())
    }
    with store.engine.connect() as connection:
        kira = connection.execute(select(AccountRow.id).where(AccountRow.name == "Kira")).scalar_one()
        rows = connection.execute(select(GameRow.id, GameRow.game, GameRow.players, GameRow.ended)).all()
        mine = set(
            connection.execute(
                select(SeatAccountRow.game_id).where(SeatAccountRow.account_id == kira)
            ).scalars()
        )
    newest = (
        {row.id for row in sorted((r for r in rows if r.id in mine), key=lambda r: r.ended)[-fill:]}
        if fill
        else set()
    )
    by_kind: dict[tuple[str, int], list[str]] = defaultdict(list)
    for row in rows:
        by_kind[(row.game, row.players)].append(row.id)
    with store.engine.begin() as connection:
        for kind, ids in by_kind.items():
            options, texts, sheets = models[kind]
            connection.execute(
                update(GameRow).where(GameRow.id == bindparam("game_id")).values(options=options),
                [{"game_id": game_id} for game_id in ids],
            )
            for game_id in ids:
                if game_id in newest:
                    connection.execute(
                        insert(ActionRow),
                        [
                            {"game_id": game_id, "index": i, "seat": 0, "text": text, "description": text}
                            for i, text in enumerate(texts)
                        ],
                    )
                else:
                    keep(connection, game_id, kind[0], mode_of(kind[0], options), sheets)
    return len(newest)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5000, help="Kira's finished games")
    parser.add_argument("--fill", type=int, default=300, help="Kira's newest games left to the fill")
    parser.add_argument("--requests", type=int, default=30)
    parser.add_argument("--database", help="an empty database's URL (a fresh SQLite file if not said)")
    args = parser.parse_args()
    assert set(OPTIONS) == {(game, size) for game, sizes in GAMES.items() for size in sizes}
    with tempfile.TemporaryDirectory() as folder:
        url = args.database or f"sqlite:///{Path(folder) / 'insights.sqlite3'}"
        app = create_app(url)
        # The bench asks more than a client may a minute (routes/insights.py READS): not what it times.
        app.state.login_rate = parse("1000000/minute")
        with TestClient(app) as client:
            store = client.app.state.hub.store  # type: ignore[attr-defined]
            began = time.perf_counter()
            add_games(store, add_accounts(store), args.games)
            left = dress(store, args.fill)
            took = time.perf_counter() - began
            print(f"{2 * args.games} games written in {took:.1f} s ({store.engine.dialect.name})")
            began = time.perf_counter()
            batches = []
            while taken := fill_batch(store):
                batches.append(taken)
            took = time.perf_counter() - began
            print(f"fill: {sum(batches)} of {left} games in {took:.1f} s, {sum(batches) / took:.0f} games/s")
            asks = {
                "all games": "",
                "against=ai": "?against=ai",
                "against=people": "?against=people",
                "clock=turn_based": "?clock=turn_based",
                "pool=origins-3-4": "?pool=origins-3-4",
                "last=100": "?last=100",
                "rated=true": "?rated=true",
            }
            print("| ask | p50 ms | p95 ms | queries | games counted |")
            print("| --- | --- | --- | --- | --- |")
            for label, query in asks.items():
                times, queries, answer = measure(client, f"/api/players/Kira/stats{query}", args.requests)
                counted = sum(group["games"] for group in answer["groups"])
                p95 = statistics.quantiles(times, n=20)[-1]
                print(f"| {label} | {statistics.median(times):.1f} | {p95:.1f} | {queries} | {counted} |")


if __name__ == "__main__":
    main()
