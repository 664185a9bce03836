"""A tournament's end stored with the inbox entries that tell its players of it, in one
transaction: its status ``finished`` and, in an arena (``arena``), each player's place
(``tournament_ended``) and a team battle's result (``team_battle_end``); in a round tournament
(``tournaments``), each player's place. Both or neither: a server stopped between the two, or a
database away a moment, would otherwise leave a tournament finished that nobody was told of, and
nothing looks back at a finished one. Rolled back, the tournament is running still, and its end
comes again whole: at the next pass of its loop, or once a server starts (``Arena.resume``,
``Tournaments.resume`` go on with the running ones).

The end is claimed: its status changes only from ``running``, so of two servers ending one
tournament (one PostgreSQL), the second's update waits for the first's commit, finds it finished
and writes nothing; each entry's key is unique besides (``inbox_store``), so none is doubled.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sqlalchemy import update
from sqlalchemy.engine import Connection

from kingdomino.web.arena_pairing import standings
from kingdomino.web.arena_store import ArenaState
from kingdomino.web.inbox_events import place_events, tournament_places
from kingdomino.web.inbox_store import Event, note_in
from kingdomino.web.store import Store
from kingdomino.web.team_battle_end import result_events
from kingdomino.web.tournament_store import Tournament
from kingdomino.web.tournament_tables import TournamentRow

#: The entries an end writes, read within its transaction: (account, event).
Told = Callable[[Connection], Sequence[tuple[int, Event]]]


def finish(store: Store, tournament_id: str, told: Told) -> bool:
    """End the running tournament ``tournament_id`` with the entries ``told`` gives, in one
    transaction: whether this call ended it (False: it was not running, ended by another server
    or an earlier call)."""
    with store.engine.begin() as connection:
        claimed = connection.execute(
            update(TournamentRow)
            .where(TournamentRow.id == tournament_id, TournamentRow.status == "running")
            .values(status="finished")
        )
        if claimed.rowcount != 1:
            return False
        for account_id, event in told(connection):
            note_in(connection, account_id, event)
    return True


def arena_told(tournament: Tournament, state: ArenaState) -> Told:
    """The entries of the arena ``tournament``'s end (its games ``state``): each player's place in
    its standings and, a team battle, its result."""
    lines = standings(tournament.names(), state.results())
    places = place_events(tournament, [(line.player, line.rank) for line in lines])
    return lambda connection: [*places, *result_events(connection, tournament, lines)]


def rounds_told(tournament: Tournament) -> Told:
    """The entries of the round tournament ``tournament``'s end: each player's place."""
    places = place_events(tournament, tournament_places(tournament))
    return lambda _connection: places
