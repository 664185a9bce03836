"""A club's recent games: the latest finished games played between its members (at least two of
its members at the table), as its page lists them, each with its players, result, kind, end and
replay. Games between members rather than every member's: a club's page tells what happened at
the club (a Thursday evening's games), not each member's games elsewhere, which their own pages
list. Cheap: one query picks the ``RECENT`` latest games through the members' seats (the index of
seats by account), two more read those games' seats' results and names by id
(``standings.seated_players``, as a player's page lists its games).
"""

from __future__ import annotations

from datetime import UTC
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.engine import Connection

from kingdomino.web.accounts import aware
from kingdomino.web.club_tables import ClubMemberRow
from kingdomino.web.clubs import MEMBERS
from kingdomino.web.games_moved import unplayed
from kingdomino.web.standings import seated_players
from kingdomino.web.tables import GameRow, SeatAccountRow

#: The games a club's page lists.
RECENT = 10


def recent_games(connection: Connection, club_id: int) -> list[dict[str, Any]]:
    """The latest ``RECENT`` finished games with two members or more of the club seated, newest
    ended first: each its ``id``, ``game``, ``options``, ``rated``, ``ended_at`` (ISO 8601), its
    ``players`` in seat order (``name``, ``player`` the account's name or null, ``score``,
    ``place``: null where the result was not kept) and its ``replay`` address (null: resigned
    before anyone moved, nothing to replay: ``games_moved``)."""
    between = (
        select(SeatAccountRow.game_id)
        .join(ClubMemberRow, ClubMemberRow.account_id == SeatAccountRow.account_id)
        .where(ClubMemberRow.club_id == club_id, ClubMemberRow.role.in_(MEMBERS))
        .group_by(SeatAccountRow.game_id)
        .having(func.count(func.distinct(SeatAccountRow.account_id)) >= 2)
    )
    games = connection.execute(
        select(GameRow.id, GameRow.game, GameRow.options, GameRow.rated, GameRow.seats, GameRow.ended)
        .where(GameRow.id.in_(between), GameRow.status == "finished", GameRow.ended.is_not(None))
        .order_by(GameRow.ended.desc(), GameRow.id)
        .limit(RECENT)
    ).all()
    players = seated_players(connection, games)
    without_play = unplayed(connection, [row.id for row in games])
    return [
        {
            "id": row.id,
            "game": row.game,
            "options": dict(row.options),
            "rated": bool(row.rated),
            "ended_at": aware(row.ended).astimezone(UTC).isoformat(),
            "players": players[row.id],
            "replay": f"/game/{row.id}/replay" if row.id not in without_play else None,
        }
        for row in games
    ]
