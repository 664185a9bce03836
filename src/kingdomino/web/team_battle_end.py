"""A team battle's end told in its players' inboxes (``inbox_events``): each player who joined it
is told the winning club and their own club's place ("Owls won the team battle Club night; your
club Larks: place 2 of 3"), besides their own place in the arena, which every arena's end tells
(``arena.tell_the_end``). A player counts for the club they joined, even one they left since or
one closed since (its name is kept with the battle)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kingdomino.web import team_battle
from kingdomino.web.arena_pairing import Line
from kingdomino.web.inbox_events import kept
from kingdomino.web.inbox_store import Event, note
from kingdomino.web.store import Store
from kingdomino.web.team_battle_views import club_table

if TYPE_CHECKING:
    from kingdomino.web.tournament_store import Tournament


def tell_the_result(store: Store, tournament: Tournament, lines: Sequence[Line]) -> None:
    """The arena ``tournament`` (its final standings ``lines``) is over: if it is a team battle,
    each of its players gets a ``team_battle_ended`` entry: ``winners`` (the clubs ranked first;
    none when no club scored), their ``club``, its ``place`` and ``of`` how many clubs."""
    with store.engine.connect() as connection:
        leaders = team_battle.leaders_of(connection, tournament.id)
        if leaders is None:
            return
        clubs = team_battle.clubs_of(connection, tournament.id)
    sides = team_battle.sides(store, tournament.id)
    table = club_table(clubs, sides, lines, leaders)
    places = {club.name: club.rank for club in table}
    winners = [club.name for club in table if club.rank == 1 and club.score > 0]
    named = dict(clubs)
    params = {"tournament": tournament.id, "name": tournament.name, "winners": winners, "of": len(table)}

    def writes() -> None:
        for line in lines:
            club = named.get(sides.get(line.player, -1))
            if club is None:
                continue
            told = {**params, "club": club, "place": places[club]}
            note(store, line.player, Event("team_battle_ended", f"tournament:{tournament.id}:battle", told))

    kept(store, writes, "a team battle's end")
