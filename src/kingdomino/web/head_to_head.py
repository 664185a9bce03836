"""Two players' record against each other (``GET /api/players/{name}/vs/{other}``): the finished
games both sat in, who won them, who placed above whom, per game, and their latest games.

How places count: a game is won by the seats placed first (a shared first place too), as the
player's page counts a win; a seat given up (resigned, left, out of time: ``game_results``) is
placed last and never wins. In a game of three or four, neither of the two may have won (a third
player did), so the record also compares the two's places, as the ratings do (``ratings.pools``):
``ahead`` (the player placed above the other), ``behind``, ``level`` (the same place: a draw). In a
game of two, ahead is a win and level a shared first place, or both given up.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from sqlalchemy import and_, select
from sqlalchemy.orm import aliased

from kingdomino.web.archive import Filters, archive
from kingdomino.web.store import Store
from kingdomino.web.tables import GameRow, SeatAccountRow, SeatResultRow

#: The latest games between the two that the record lists.
LATEST = 10
#: What the record counts, overall and per game.
COUNTS = ("games", "wins", "other_wins", "ahead", "behind", "level")


def _counted(mine: int, theirs: int) -> Counter[str]:
    """One game's counts from the two's places (``mine`` the player's)."""
    return Counter(
        {
            "games": 1,
            "wins": mine == 1,
            "other_wins": theirs == 1,
            "ahead": mine < theirs,
            "behind": mine > theirs,
            "level": mine == theirs,
        }
    )


def record(store: Store, account_id: int, other_id: int, latest: int = LATEST) -> dict[str, Any]:
    """The record of the account against the other (``COUNTS``, overall and ``per_game``, in
    the order of the games' names) and their ``latest`` games together, newest ended first."""
    me, them = aliased(SeatAccountRow), aliased(SeatAccountRow)
    my_result, their_result = aliased(SeatResultRow), aliased(SeatResultRow)
    query = (
        select(GameRow.game, GameRow.players, me.playing, them.playing, my_result.place, their_result.place)
        .select_from(me)
        .join(them, and_(them.game_id == me.game_id, them.account_id == other_id))
        .join(GameRow, GameRow.id == me.game_id)
        .join(my_result, and_(my_result.game_id == me.game_id, my_result.seat == me.seat))
        .join(their_result, and_(their_result.game_id == me.game_id, their_result.seat == them.seat))
        .where(me.account_id == account_id, GameRow.status == "finished", GameRow.ended.is_not(None))
    )
    with store.engine.connect() as connection:
        rows = connection.execute(query).all()
    per_game: dict[str, Counter[str]] = defaultdict(Counter)
    for game, players, i_play, they_play, mine, theirs in rows:
        # A result kept before given-up seats ranked last is counted as now.
        per_game[game] += _counted(mine if i_play else players, theirs if they_play else players)
    total = sum(per_game.values(), Counter[str]())
    return {
        **{name: int(total[name]) for name in COUNTS},
        "per_game": [
            {"game": game, **{name: int(per_game[game][name]) for name in COUNTS}}
            for game in sorted(per_game)
        ],
        "latest": archive(store, account_id, Filters(opponent=other_id), limit=latest)["games"],
    }
