"""The start of the tournaments set to start by themselves (``starts_at``): a timer each on this
server, which starts its tournament at its time. A tournament started by its organiser or called
off first has its timer stopped; one whose start another server made first is refused as not open.
A server that starts sets the timers of the open tournaments again (``Tournaments.resume``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from kingdomino.web.refusals import HubError

log = logging.getLogger(__name__)

#: Starts a tournament by its id (the organiser None: its start time came).
Starter = Callable[[str, int | None], Awaitable[None]]


class StartTimers:
    """The timers of the tournaments to start by themselves, each calling ``start`` at its time."""

    def __init__(self, start: Starter) -> None:
        self.start = start
        self.timers: dict[str, asyncio.Task[None]] = {}

    def schedule(self, tournament_id: str, starts_at: float | None) -> None:
        """Start ``tournament_id`` at ``starts_at`` (epoch seconds; None: its organiser starts it)."""
        if starts_at is not None and tournament_id not in self.timers:
            self.timers[tournament_id] = asyncio.get_running_loop().create_task(
                self._start_at(tournament_id, starts_at)
            )

    def unschedule(self, tournament_id: str) -> None:
        """Stop the timer of ``tournament_id`` (started, or called off), unless it is the caller."""
        timer = self.timers.pop(tournament_id, None)
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()

    async def _start_at(self, tournament_id: str, starts_at: float) -> None:
        await asyncio.sleep(max(0.0, starts_at - time.time()))
        try:
            await self.start(tournament_id, None)
        except HubError:  # started by its organiser or called off meanwhile
            pass
        except Exception:
            log.exception("the tournament %s did not start at its time", tournament_id)
        finally:
            self.timers.pop(tournament_id, None)

    def stop(self) -> None:
        """Stop every timer (the server stops)."""
        for timer in self.timers.values():
            timer.cancel()
        self.timers.clear()
