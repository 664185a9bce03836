"""The ratings the lobby shows and pairs by: the rating of each open game's creator (an account)
in the game's pool (``ratings.pools.pool_of``), as ``{value, provisional}`` (a player new to the
pool: 1500, provisional), and the rating of a player asking for a quick game.

The lobby reads a game's creator's rating once, when it first lists the game (all its games in
one query when it loads them), and keeps it while the game waits: the listing is sent again at
every seat taken, and the rating the creator waits at is the one they are paired by.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from sqlalchemy import select, tuple_

from kingdomino.ratings.glicko2 import Rating
from kingdomino.ratings.pools import pool_names, pool_of
from kingdomino.web.store import Store
from kingdomino.web.stored import StoredGame
from kingdomino.web.tables import RatingRow

#: A rating as the lobby shows it: ``{"value": 1512.3, "provisional": False}``.
Shown = dict[str, Any]
#: By game id, the shown rating of each of these games' creator (None: a guest, or no pool).
CreatorRatings = Callable[[Iterable[StoredGame]], dict[str, Shown | None]]


def pool_or_none(game: str, players: int) -> str | None:
    """The rating pool of a game of ``game`` with ``players`` seats (None: it has none)."""
    try:
        return pool_of(game, players)
    except ValueError:
        return None


def shown(rating: Rating) -> Shown:
    return {"value": round(rating.rating, 1), "provisional": rating.provisional}


def creator_of(stored: StoredGame) -> tuple[int, str] | None:
    """The account that created ``stored`` and the game's pool (None: a guest's, or no pool)."""
    seat = stored.creator()
    account = stored.seats[seat].get("account") if seat is not None else None
    pool = pool_or_none(stored.game, stored.players)
    return (int(account), pool) if account is not None and pool else None


def read_ratings(store: Store, wanted: Iterable[tuple[int, str]]) -> dict[tuple[int, str], Rating]:
    """The ratings of these (account, pool) pairs, those rated there only: one query."""
    pairs = set(wanted)
    if not pairs:
        return {}
    with store.engine.connect() as connection:
        found = connection.execute(
            select(RatingRow.account_id, RatingRow.pool, RatingRow.rating, RatingRow.deviation).where(
                tuple_(RatingRow.account_id, RatingRow.pool).in_(pairs)
            )
        )
        return {(row.account_id, row.pool): Rating(row.rating, row.deviation) for row in found}


def creator_ratings(store: Store) -> CreatorRatings:
    """How the lobby of ``store`` reads its games' creators' ratings (one query a call)."""

    def read(games: Iterable[StoredGame]) -> dict[str, Shown | None]:
        creators = {stored.id: creator_of(stored) for stored in games}
        found = read_ratings(store, (pair for pair in creators.values() if pair is not None))
        return {
            game_id: None if pair is None else shown(found.get(pair, Rating()))
            for game_id, pair in creators.items()
        }

    return read


def rating_value(rating: Mapping[str, Any] | None) -> float:
    """The figure a shown rating pairs by: a guest's, or one without a pool, is a new player's."""
    return float(rating["value"]) if rating is not None else Rating().rating


def rating_in(store: Store, account: int | None, game: str, players: int) -> Shown | None:
    """The shown rating of ``account`` in the pool of ``game`` with ``players`` seats (a new
    player's if it has none there); None for a guest or a game without a pool."""
    pool = pool_or_none(game, players)
    if account is None or pool is None:
        return None
    return shown(read_ratings(store, [(account, pool)]).get((account, pool), Rating()))


def ratings_of(store: Store, account: int) -> dict[str, Shown]:
    """The shown rating of ``account`` in every pool, a new player's where it has none: what
    the lobby's page marks the games it may join by (``seek_ranges``)."""
    pools = pool_names()
    found = read_ratings(store, [(account, pool) for pool in pools])
    return {pool: shown(found.get((account, pool), Rating())) for pool in pools}
