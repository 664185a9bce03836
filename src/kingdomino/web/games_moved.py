"""Which finished games had no move played: a game resigned or called off after its players sat but
before anyone moved has a log of the deal alone (the dominoes drawn, the first king), nothing to
replay or review, so the lists that link games to their replay (a player's page and archive, a
club's recent games, a tournament's rounds and an arena's games) offer none for it.

A move is an action of a seat (``ActionRow.seat`` 0 or more); the deal's are the table's (-1). A
game with no action stored at all is not said unplayed: every game stored has its deal. One query
whatever the number of games, on the actions' primary key (game, index).
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import func, select
from sqlalchemy.engine import Connection

from kingdomino.web.store import Store
from kingdomino.web.tables import ActionRow


def unplayed(connection: Connection, game_ids: Iterable[str]) -> set[str]:
    """The games of ``game_ids`` whose every action is the table's: no seat played."""
    ids = sorted(set(game_ids))
    if not ids:
        return set()
    found = connection.execute(
        select(ActionRow.game_id)
        .where(ActionRow.game_id.in_(ids))
        .group_by(ActionRow.game_id)
        .having(func.max(ActionRow.seat) < 0)
    )
    return {str(game_id) for game_id in found.scalars()}


def unplayed_in(store: Store, game_ids: Iterable[str]) -> set[str]:
    """:func:`unplayed` read through a connection of its own to ``store``."""
    ids = list(game_ids)
    if not ids:
        return set()
    with store.engine.connect() as connection:
        return unplayed(connection, ids)
