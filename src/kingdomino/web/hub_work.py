"""The hub's background work, started with the server and stopped with it: the sweep that resumes
the AI turns, the renewal of their leases, the lobby's first read, the time sweep, the other
servers' writes heard on PostgreSQL, and the results of finished games not recorded yet.

Its own module because starting and stopping is one job with its own rules, apart from what the
hub does with games: the stop lets the short writes of results finish (never cut off), then
cancels every task (the hub's, the AI turns' and the reviews') and waits for each, and only then
closes the worker processes the searches run in.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING

from kingdomino.web.notify import WriteNotice, listen
from kingdomino.web.time_sweep import TimeSweep

if TYPE_CHECKING:
    from kingdomino.web.hub import Hub


class HubWork:
    """The background tasks of ``hub``'s server."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.tasks: list[asyncio.Task[None]] = []

    def start(self) -> None:
        """Resume the AI turns of unfinished games, and follow the other servers' writes."""
        hub = self.hub
        loop = asyncio.get_running_loop()
        self.tasks.append(loop.create_task(hub.ai_turns.sweep()))
        self.tasks.append(loop.create_task(hub.ai_turns.renew_leases()))
        hub.lobby.load()
        self.tasks.append(loop.create_task(TimeSweep(hub).run()))
        if hub.store.notifies:
            self.tasks.append(
                loop.create_task(listen(hub.store.url, self._heard, self._caught_up, outage=hub.store.outage))
            )
        self.tasks.append(loop.create_task(hub.results.record_unrecorded(hub.read)))

    async def stop(self) -> None:
        """Stop every task of the server's games, the results being written let finish first."""
        hub = self.hub
        tasks = [
            *self.tasks,
            *(table.ai_task for table in hub.tables.values() if table.ai_task),
            *hub.reviews.tasks(),
        ]
        if hub.results.recording:  # short writes: finished, never cut off
            await asyncio.wait(set(hub.results.recording))
        hub.thinking.close()
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if hub.executor is not None:
            hub.executor.close()

    async def _heard(self, written: WriteNotice) -> None:
        """Another server wrote a game: its table here and the lobby catch up."""
        await self.hub.replication.on_write_elsewhere(written)
        await self.hub.lobby.heard(written)

    async def _caught_up(self) -> None:
        """After notifications may have been lost: the tables and the lobby read again."""
        await self.hub.replication.caught_up()
        self.hub.lobby.load()
