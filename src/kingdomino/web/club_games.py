"""A club's recent games: the latest finished games played between its members (at least two of
its members at the table), as its page lists them, each with its players, result, kind, end and
replay. Games between members rather than every member's: a club's page tells what happened at
the club (a Thursday evening's games), not each member's games elsewhere, which their own pages
list. Cheap: one query picks the ``RECENT`` latest games through the members' seats (the index of
seats by account), two more read those games' seats' results and names by id.
"""

from __future__ import annotations

from datetime import UTC
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.engine import Connection

from kingdomino.web.club_tables import ClubMemberRow
from kingdomino.web.clubs import MEMBERS
from kingdomino.web.game_results import final_places
from kingdomino.web.tables import AccountRow, GameRow, SeatAccountRow, SeatResultRow

#: The games a club's page lists.
RECENT = 10


def recent_games(connection: Connection, club_id: int) -> list[dict[str, Any]]:
    """The latest ``RECENT`` finished games with two members or more of the club seated, newest
    ended first: each its ``id``, ``game``, ``options``, ``rated``, ``ended_at`` (ISO 8601), its
    ``players`` in seat order (``name``, ``player`` the account's name or null, ``score``,
    ``place``: null where the result was not kept) and its ``replay`` address."""
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
    ids = [row.id for row in games]
    results: dict[tuple[str, int], tuple[int, int]] = {}
    names: dict[tuple[str, int], str] = {}
    if ids:
        for result in connection.execute(select(SeatResultRow).where(SeatResultRow.game_id.in_(ids))):
            results[(result.game_id, result.seat)] = (result.score, result.place)
        for named in connection.execute(
            select(SeatAccountRow.game_id, SeatAccountRow.seat, AccountRow.name)
            .join(AccountRow, AccountRow.id == SeatAccountRow.account_id)
            .where(SeatAccountRow.game_id.in_(ids))
        ):
            names[(named.game_id, named.seat)] = named.name
    return [_game(row, results, names) for row in games]


def _game(
    row: Any, results: dict[tuple[str, int], tuple[int, int]], names: dict[tuple[str, int], str]
) -> dict[str, Any]:
    kept = [results.get((row.id, seat)) for seat in range(len(row.seats))]
    known = [result[1] for result in kept if result is not None]
    # A result kept before forfeited seats ranked last is ranked as now (as a player's page does).
    places: list[int | None] = (
        [*final_places(known, row.seats)] if known and len(known) == len(kept) else [None] * len(kept)
    )
    ended = (row.ended if row.ended.tzinfo else row.ended.replace(tzinfo=UTC)).astimezone(UTC)
    return {
        "id": row.id,
        "game": row.game,
        "options": dict(row.options),
        "rated": bool(row.rated),
        "ended_at": ended.isoformat(),
        "players": [
            {
                "name": info["name"],
                "player": names.get((row.id, seat)),
                "score": None if (result := kept[seat]) is None else result[0],
                "place": places[seat],
            }
            for seat, info in enumerate(row.seats)
        ],
        "replay": f"/game/{row.id}/replay",
    }
