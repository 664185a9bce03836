"""The sweep each server runs every second over the games whose time is up, as the database says:
an open game whose wait is over (``open_seats.stop_waiting``), the seat to act of a player out of
time (``out_of_time``), a rematch not joined in time called off (its old game's end screen told).
Every server sweeps: the first write wins, the others' are refused as stale.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import TYPE_CHECKING

from kingdomino.web import open_seats
from kingdomino.web.failures import log_failure
from kingdomino.web.out_of_time import time_out
from kingdomino.web.refusals import HubError
from kingdomino.web.rematch_wait import tell_old_game

if TYPE_CHECKING:
    from kingdomino.web.hub import Hub

#: Seconds between two looks for open games whose wait is over and players out of time.
TIME_SWEEP_SECONDS = 1.0


class TimeSweep:
    """The time sweep over ``hub``'s store, its tables changed through ``hub``."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.store = hub.store

    async def run(self) -> None:
        """Sweep every second until cancelled; a database away for a while is tried again at the
        next look."""
        while True:
            await asyncio.sleep(TIME_SWEEP_SECONDS)
            try:
                await self.sweep(time.time())
                self.store.outage.answered()
            except Exception as error:
                log_failure(error, "the clocks' sweep", self.store.outage)

    async def sweep(self, moment: float) -> None:
        """End the waits over at ``moment`` and hand the seats out of time to AIs."""
        for game_id in await asyncio.to_thread(self.store.open_games_due, moment):
            with contextlib.suppress(HubError):
                table = self.hub.table(game_id)
                if await open_seats.stop_waiting(table):
                    await self.hub.seats_changed(table)
        for game_id in await asyncio.to_thread(self.store.out_of_time, moment):
            with contextlib.suppress(HubError):
                table = self.hub.table(game_id)
                if await time_out(table, moment):
                    await self.hub.seats_changed(table)
                    await tell_old_game(self.hub, table)  # a rematch called off: its end screen
