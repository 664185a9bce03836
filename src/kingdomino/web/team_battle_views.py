"""What a team battle's page shows besides its arena (``GET /api/tournaments/{id}``:
``team_battle``): the clubs' table, each club ranked by its score (the sum of the arena points of
its ``leaders`` best players, lichess's "leaders"), with those players and their points; the club
each player plays for (the standings and their CSV name it); once it is over, the winning club
(clubs of the same score share the first place; none while no club scored); and for a reader,
the club they play for or the battle's clubs they may play for."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kingdomino.web import team_battle
from kingdomino.web.arena_pairing import Line
from kingdomino.web.store import Store


@dataclass(frozen=True)
class ClubLine:
    """A line of the clubs' table: its rank, club, score and the leaders that make it."""

    rank: int
    name: str
    score: int
    leaders: list[tuple[str, int]]
    players: int


def club_table(
    clubs: Sequence[tuple[int, str]], sides: dict[int, int], lines: Sequence[Line], leaders: int
) -> list[ClubLine]:
    """The clubs ranked by score, then by name; equal scores share a rank. ``lines``: the arena's
    standings (best first), ``sides``: each player's club.

    >>> from kingdomino.web.arena_pairing import standings
    >>> lines = standings({1: "Ann", 2: "Bo", 3: "Cy"}, {1: ["win"], 2: ["win", "win", "win"], 3: ["loss"]})
    >>> table = club_table([(7, "Owls"), (8, "Larks")], {1: 7, 2: 8, 3: 7}, lines, 1)
    >>> [(club.rank, club.name, club.score, club.leaders) for club in table]
    [(1, 'Larks', 8, [('Bo', 8)]), (2, 'Owls', 2, [('Ann', 2)])]
    """
    made = []
    for club_id, name in clubs:
        theirs = [line for line in lines if sides.get(line.player) == club_id]
        best = [(line.name, line.points) for line in theirs[:leaders]]
        made.append((name, sum(points for _, points in best), best, len(theirs)))
    made.sort(key=lambda club: (-club[1], club[0].casefold()))
    table: list[ClubLine] = []
    for n, (name, score, best, players) in enumerate(made):
        rank = table[-1].rank if table and table[-1].score == score else n + 1
        table.append(ClubLine(rank, name, score, best, players))
    return table


def battle_json(
    store: Store, tournament_id: str, status: str, lines: Sequence[Line], viewer: int | None
) -> dict[str, Any] | None:
    """The ``team_battle`` of the arena ``tournament_id``'s page (None: it is no team battle);
    ``lines``: its standings."""
    with store.engine.connect() as connection:
        leaders = team_battle.leaders_of(connection, tournament_id)
        if leaders is None:
            return None
        clubs = team_battle.clubs_of(connection, tournament_id)
        theirs = [] if viewer is None else team_battle.memberships(connection, viewer, clubs)
    sides = team_battle.sides(store, tournament_id)
    named = dict(clubs)
    table = club_table(clubs, sides, lines, leaders)
    return {
        "leaders": leaders,
        "clubs": [
            {
                "rank": club.rank,
                "name": club.name,
                "score": club.score,
                "players": club.players,
                "leaders": [{"name": name, "points": points} for name, points in club.leaders],
            }
            for club in table
        ],
        "sides": {line.name: named.get(sides.get(line.player, -1), "") for line in lines},
        "winners": [c.name for c in table if c.rank == 1 and c.score > 0] if status == "finished" else [],
        "you": None
        if viewer is None
        else {"club": named.get(sides.get(viewer, -1)), "clubs": [name for _, name in theirs]},
    }
