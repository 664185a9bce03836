"""A player out of time: the seat to act whose clock ran out (``clocks``) goes to an AI of the
level the game's time control names, which plays it on to the game's end, so the others finish
their game. The seat is marked ``timed_out``: a rated game ranks its player last.

Each server's sweep finds such games in the database (``Store.out_of_time``); the write names the
revision it was made on, so two servers never hand one seat over twice.
"""

from __future__ import annotations

from typing import Any

from kingdomino.web.clocks import TimeControl, joining
from kingdomino.web.endings import no_show
from kingdomino.web.seats import ai_seat
from kingdomino.web.table import Table
from kingdomino.web.vacation_games import held_instead


async def time_out(table: Table, moment: float) -> bool:
    """Hand the seat to act of ``table``'s game to an AI if its time ran out before ``moment``
    (False: it did not, or no longer does: the player moved meanwhile). A rematch not joined by
    every player yet is called off instead (``endings.no_show``): nobody was late for a move. A
    player on vacation is not late either: the turn waits for them (``vacation_games``)."""
    if joining(table.stored.seats):
        return await no_show(table, moment)
    if await held_instead(table, moment):
        return False
    async with table.lock:
        stored = table.stored
        acting = table.state.current_player
        if stored.status != "playing" or stored.time_control is None or stored.deadline is None:
            return False
        if stored.deadline > moment or not 0 <= acting < len(stored.seats):
            return False
        if stored.seats[acting]["kind"] != "human":
            return False
        table.write_seats(timed_out(table, acting), "playing", "time")
        return True


def timed_out(table: Table, seat: int) -> list[dict[str, Any]]:
    """The seats of ``table``'s game (with a clock) once ``seat`` is out of time: an AI of the time
    control's level plays it from now, marked ``timed_out`` (a claimed seat is written so too:
    ``gone_claims``)."""
    stored = table.stored
    assert stored.time_control is not None
    level = TimeControl.of(stored.time_control).level
    seats = [dict(info) for info in stored.seats]
    seats[seat] = {**ai_seat(seats[seat], level, len(table.actions)), "timed_out": True}
    return seats
