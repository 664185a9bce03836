"""The ratings beside the names at a rated table: each account seat's rating in the game's pool
(``ratings.pools.pool_of``) and whether it is still provisional, as the view's seats carry them
(``rating: {value, provisional}``; a player new to the pool: 1500, provisional).

Read from the database once per table (``Table``), at its first view once its game has started
(a rated game's seats are all taken then), and kept with the table while it is held: a view is
built at every move, and the names' ratings are the ones the game is played at. A table loaded
again (another server, a restart) reads them again; once the game is recorded those include it.
"""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from sqlalchemy import select

from kingdomino.ratings.glicko2 import Rating
from kingdomino.ratings.pools import pool_of
from kingdomino.web.live import LiveGame
from kingdomino.web.store import Store
from kingdomino.web.stored import StoredGame
from kingdomino.web.tables import RatingRow

#: Each held table's seats' ratings, read once (dropped with the table).
_kept: WeakKeyDictionary[LiveGame, dict[int, dict[str, Any]]] = WeakKeyDictionary()


def seat_ratings(live: LiveGame) -> dict[int, dict[str, Any]]:
    """By seat, the rating of each account seat of ``live``'s rated game once it started (empty
    for an unrated game, one still waiting for its players, or a game held without its store)."""
    if not live.stored.rated or not live.started():
        return {}
    kept = _kept.get(live)
    if kept is None:
        store = getattr(live, "store", None)  # a Table's; a bare LiveGame (a test's) has none
        if not isinstance(store, Store):
            return {}
        kept = _kept[live] = read_ratings(store, live.stored)
    return kept


def read_ratings(store: Store, game: StoredGame) -> dict[int, dict[str, Any]]:
    """By seat, the rating of each account seat of ``game`` in its pool: one query."""
    accounts = {
        seat: int(info["account"]) for seat, info in enumerate(game.seats) if info.get("account") is not None
    }
    if not accounts:
        return {}
    pool = pool_of(game.game, game.players)
    with store.engine.connect() as connection:
        found = connection.execute(
            select(RatingRow.account_id, RatingRow.rating, RatingRow.deviation).where(
                RatingRow.pool == pool, RatingRow.account_id.in_(set(accounts.values()))
            )
        )
        rows = {row.account_id: Rating(row.rating, row.deviation) for row in found}
    shown = {}
    for seat, account in accounts.items():
        rating = rows.get(account, Rating())
        shown[seat] = {"value": round(rating.rating, 1), "provisional": rating.provisional}
    return shown
