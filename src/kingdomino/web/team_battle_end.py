"""A team battle's end told in its players' inboxes (``inbox_store``): each player who joined it
is told the winning club and their own club's place ("Owls won the team battle Club night; your
club Larks: place 2 of 3"), besides their own place in the arena, which every arena's end tells
(``arena_end``, which writes both in the transaction that ends the arena). A player counts for
the club they joined, even one they left since or one closed since (its name is kept with the
battle)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from sqlalchemy.engine import Connection

from kingdomino.web import team_battle
from kingdomino.web.arena_pairing import Line
from kingdomino.web.inbox_store import Event
from kingdomino.web.team_battle_views import club_table

if TYPE_CHECKING:
    from kingdomino.web.tournament_store import Tournament


def result_events(
    connection: Connection, tournament: Tournament, lines: Sequence[Line]
) -> list[tuple[int, Event]]:
    """The arena ``tournament`` (its final standings ``lines``) is over: if it is a team battle,
    the ``team_battle_ended`` entry of each of its players (none: it is no team battle):
    ``winners`` (the clubs ranked first; none when no club scored), their ``club``, its
    ``place`` and ``of`` how many clubs. Read within the end's transaction ``connection``."""
    leaders = team_battle.leaders_of(connection, tournament.id)
    if leaders is None:
        return []
    clubs = team_battle.clubs_of(connection, tournament.id)
    sides = team_battle.sides_in(connection, tournament.id)
    table = club_table(clubs, sides, lines, leaders)
    places = {club.name: club.rank for club in table}
    winners = [club.name for club in table if club.rank == 1 and club.score > 0]
    named = dict(clubs)
    params = {"tournament": tournament.id, "name": tournament.name, "winners": winners, "of": len(table)}
    key = f"tournament:{tournament.id}:battle"
    events = []
    for line in lines:
        club = named.get(sides.get(line.player, -1))
        if club is not None:
            told = {**params, "club": club, "place": places[club]}
            events.append((line.player, Event("team_battle_ended", key, told)))
    return events
