"""Which leaderboard ``/leaderboards`` opens on when no pool is named: the one its reader most
likely looks for, not always Kingdomino with two players.

A logged-in account's is the pool of its latest rated game (its rating row written last), else
the pool of the games it played to the end most; anyone else's (or an account with neither) is
the pool with the most rated players, else the first pool.
"""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.engine import Connection

from kingdomino.ratings.pools import pool_names
from kingdomino.web.lobby_ratings import pool_or_none
from kingdomino.web.store import Store
from kingdomino.web.tables import GameRow, RatingRow, SeatAccountRow


def default_pool(store: Store, account_id: int | None) -> str:
    """The pool a leaderboard without one shows to ``account_id`` (None: not logged in)."""
    with store.engine.connect() as connection:
        found = _account_pool(connection, account_id) if account_id is not None else None
        return found or _busiest_pool(connection) or pool_names()[0]


def _account_pool(connection: Connection, account_id: int) -> str | None:
    latest = connection.execute(
        select(RatingRow.pool)
        .where(RatingRow.account_id == account_id)
        .order_by(RatingRow.updated.desc(), RatingRow.pool)
        .limit(1)
    ).scalar()
    if latest in pool_names():
        return str(latest)
    played = connection.execute(
        select(GameRow.game, GameRow.players, func.count())
        .join(SeatAccountRow, SeatAccountRow.game_id == GameRow.id)
        .where(SeatAccountRow.account_id == account_id, GameRow.status == "finished")
        .group_by(GameRow.game, GameRow.players)
        .order_by(func.count().desc(), GameRow.game, GameRow.players)
    ).all()
    return next((pool for game, players, _ in played if (pool := pool_or_none(game, players))), None)


def _busiest_pool(connection: Connection) -> str | None:
    busiest = connection.execute(
        select(RatingRow.pool).group_by(RatingRow.pool).order_by(func.count().desc(), RatingRow.pool).limit(1)
    ).scalar()
    return str(busiest) if busiest in pool_names() else None
