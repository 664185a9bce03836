"""A tournament's games lost by a player who leaves (a withdrawal; in an arena, a pause before
sitting or a pairing whose lease lapsed, too): the result kept as a forfeit, then the game itself
ended, called off while it waits for its players and resigned by the leaving seat once under way.
"""

from __future__ import annotations

import asyncio
import contextlib

from kingdomino.web import tournament_rounds as rounds
from kingdomino.web import tournament_store as records
from kingdomino.web.endings import resign
from kingdomino.web.hub import Hub
from kingdomino.web.refusals import HubError
from kingdomino.web.tournament_store import Tournament


async def forfeit_current(hub: Hub, tournament: Tournament, account_id: int) -> None:
    """The current round's game of ``account_id``, who withdrew, lost by forfeit: the result
    kept first, then its game ended (a game waiting for its players called off, a game under
    way resigned by the withdrawn seat). At a table the others play on: a game under way is
    resigned (an AI plays the seat, last), one still waiting counts them absent at its wait's end."""
    for game in tournament.of_round(tournament.round):
        if tournament.table_size > 2:
            if game.first_points is None and game.game_id and account_id in records.seated(game):
                await end_game_of(hub, game.game_id, account_id, at_table=True)
            continue
        if game.first_points is not None or account_id not in (game.first, game.second):
            continue
        result = rounds.forfeit(game.first != account_id, game.second != account_id)
        await asyncio.to_thread(records.set_result, hub.store, tournament.id, game.round, game.board, result)
        if game.game_id is not None:
            await end_game_of(hub, game.game_id, account_id)


async def end_game_of(hub: Hub, game_id: str, account_id: int, *, at_table: bool = False) -> None:
    """End the game ``game_id`` of ``account_id``, who left: called off while it waits (unless it
    is ``at_table``), resigned by their seat once it is under way (a seat an AI plays on is left
    to it)."""
    table = hub.table(game_id)
    seats = table.stored.seats
    if table.stored.status == "open" and not at_table:
        async with table.lock:
            table.write_seats([dict(seat) for seat in seats], "expired", "game")
        await hub.seats_changed(table)
    elif table.stored.status == "playing":
        seat = next(s for s, info in enumerate(seats) if info.get("account") == account_id)
        token = seats[seat].get("token")
        if seats[seat]["kind"] == "human" and token:
            with contextlib.suppress(HubError):  # the game ended meanwhile
                await resign(table, str(token))
