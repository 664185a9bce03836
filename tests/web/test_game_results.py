"""Rated results (issue #64): a rated game moves its accounts' ratings as ``rate_game`` says, once,
a seat handed to an AI counting last; an unrated game keeps its results and moves no rating. On
SQLite and PostgreSQL."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import select
from tests.web.deadlines import barrier, joined

from kingdomino.ratings.glicko2 import Rating
from kingdomino.ratings.pools import rate_game
from kingdomino.web.game_results import GameResults
from kingdomino.web.store import Store
from kingdomino.web.stored import StoredGame, now
from kingdomino.web.tables import AccountRow, RatingChangeRow, RatingRow, SeatAccountRow, SeatResultRow


@pytest.fixture
def results(either_database: str) -> Iterator[GameResults]:
    store = Store(either_database)
    yield GameResults(store)
    store.close()


def new_accounts(store: Store, count: int) -> list[int]:
    rows = []
    with store.sessions.begin() as session:
        for _ in range(count):
            name = f"P{secrets.token_hex(5)}"
            row = AccountRow(name=name, name_key=name.lower(), password_hash="x", created=now())
            session.add(row)
            rows.append(row)
    return [row.id for row in rows]


def finished_game(
    store: Store,
    accounts: list[int | None],
    rated: bool = True,
    game: str = "kingdomino",
    left: tuple[int, ...] = (),
) -> StoredGame:
    """A finished game stored with a seat per account (None: a guest's); the seats in ``left``
    handed to an AI."""
    seats = []
    for seat, account in enumerate(accounts):
        row: dict[str, Any] = {"kind": "human", "name": f"P{seat}", "token": secrets.token_urlsafe(16)}
        if seat in left:
            row = {
                "kind": "ai",
                "level": "medium",
                "name": f"P{seat} (AI, medium)",
                "token": None,
                "former_token": row["token"],
                "ai_since": 10,
            }
        if account is not None:
            row["account"] = account
        seats.append(row)
    stored = StoredGame(
        secrets.token_hex(8), game, len(seats), {}, 1, seats, "s", "finished", now(), [], rated=rated
    )
    store.create_game(stored)
    return stored


def ratings_of(store: Store, accounts: list[int]) -> list[Rating]:
    with store.engine.connect() as connection:
        rows = {row.account_id: row for row in connection.execute(select(RatingRow))}
    return [Rating(rows[a].rating, rows[a].deviation, rows[a].volatility) for a in accounts]


def test_a_rated_two_player_game_moves_both_ratings_once(results: GameResults) -> None:
    store = results.store
    players = new_accounts(store, 2)
    game = finished_game(store, list(players))
    assert results.record(game, [40, 31], [1, 2])
    expected = rate_game([Rating(), Rating()], [1, 2])
    assert ratings_of(store, players) == expected
    assert not results.record(game, [40, 31], [1, 2])  # offered again: nothing moves
    assert not results.record(game, [31, 40], [2, 1])  # nor a forged other result
    assert ratings_of(store, players) == expected
    with store.engine.connect() as connection:
        changes = connection.execute(select(RatingChangeRow).where(RatingChangeRow.game_id == game.id)).all()
        rows = connection.execute(select(RatingRow).where(RatingRow.account_id.in_(players))).all()
    assert sorted((c.place, round(c.before), c.pool) for c in changes) == [
        (1, 1500, "kingdomino-2"),
        (2, 1500, "kingdomino-2"),
    ]
    assert sorted((r.games, r.wins) for r in rows) == [(1, 0), (1, 1)]
    # A second game starts from the ratings the first left.
    second = finished_game(store, list(players))
    assert results.record(second, [20, 30], [2, 1])
    assert ratings_of(store, players) == rate_game(expected, [2, 1])


def test_a_four_player_game_is_rated_pairwise(results: GameResults) -> None:
    store = results.store
    players = new_accounts(store, 4)
    game = finished_game(store, list(players), game="origins")
    assert results.record(game, [50, 40, 40, 10], [1, 2, 2, 4])
    assert ratings_of(store, players) == rate_game([Rating()] * 4, [1, 2, 2, 4])
    with store.engine.connect() as connection:
        pools = set(
            connection.execute(select(RatingRow.pool).where(RatingRow.account_id.in_(players))).scalars()
        )
    assert pools == {"origins-3-4"}


def test_a_seat_handed_to_an_ai_ranks_last(results: GameResults) -> None:
    store = results.store
    players = new_accounts(store, 3)
    # Seat 0 left; its AI then won on points. The two who stayed rank first and second.
    game = finished_game(store, list(players), game="kingdomino", left=(0,))
    assert results.record(game, [60, 40, 30], [1, 2, 3])
    assert ratings_of(store, players) == rate_game([Rating()] * 3, [3, 1, 2])
    with store.engine.connect() as connection:
        kept = connection.execute(select(SeatAccountRow).where(SeatAccountRow.game_id == game.id)).all()
    assert sorted((row.seat, row.playing) for row in kept) == [(0, False), (1, True), (2, True)]


def test_an_unrated_game_keeps_its_results_and_moves_no_rating(results: GameResults) -> None:
    store = results.store
    (player,) = new_accounts(store, 1)
    game = finished_game(store, [player, None], rated=False)
    assert not results.record(game, [12, 30], [2, 1])
    with store.engine.connect() as connection:
        assert connection.execute(select(RatingRow).where(RatingRow.account_id == player)).all() == []
        kept = connection.execute(select(SeatResultRow).where(SeatResultRow.game_id == game.id)).all()
    assert sorted((row.seat, row.score, row.place) for row in kept) == [(0, 12, 2), (1, 30, 1)]
    # A game no account played keeps nothing.
    guests = finished_game(store, [None, None], rated=False)
    results.record(guests, [1, 2], [2, 1])
    with store.engine.connect() as connection:
        assert connection.execute(select(SeatResultRow).where(SeatResultRow.game_id == guests.id)).all() == []


def test_two_servers_recording_one_game_at_once_count_it_once(results: GameResults) -> None:
    store = results.store
    players = new_accounts(store, 2)
    game = finished_game(store, list(players))
    other = GameResults(Store(store.url))
    outcomes: list[bool] = []
    start = barrier()

    def record(book: GameResults) -> None:
        start.wait()
        outcomes.append(book.record(game, [40, 31], [1, 2]))

    threads = [threading.Thread(target=record, args=(book,)) for book in (results, other)]
    for thread in threads:
        thread.start()
    joined(threads, "the two servers recording the game")
    other.store.close()
    assert sorted(outcomes) == [False, True]
    assert ratings_of(store, players) == rate_game([Rating(), Rating()], [1, 2])
    assert results.unrecorded_rated(10_000).count(game.id) == 0


def test_a_game_every_player_forfeited_is_a_draw_for_the_last_place_and_no_win(results: GameResults) -> None:
    """Both players of a game of two ran out of time: the AIs' points rank nobody; both share the
    last place, kept so (no "won: 1" on their pages), and neither rating counts a win."""
    store = results.store
    players = new_accounts(store, 2)
    game = finished_game(store, list(players), left=(0, 1))
    assert results.record(game, [40, 31], [1, 2])
    assert ratings_of(store, players) == rate_game([Rating(), Rating()], [2, 2])
    with store.engine.connect() as connection:
        kept = connection.execute(select(SeatResultRow).where(SeatResultRow.game_id == game.id)).all()
        rows = connection.execute(select(RatingRow).where(RatingRow.account_id.in_(players))).all()
    assert sorted((row.seat, row.place) for row in kept) == [(0, 2), (1, 2)]
    assert sorted((r.games, r.wins) for r in rows) == [(1, 0), (1, 0)]
