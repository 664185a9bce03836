"""The AI seats' turns: one task per game plays them, each turn computed under the game's lease
by the AI queue's workers, paced for people to follow, and tried again after a failure.

What the AI turns guarantee, whatever the order of events:

* an AI move is computed from the game's seed and the action's index, so a game rebuilt from
  its stored actions after a restart continues exactly as it would have;
* an AI turn is computed by the one server holding its lease in the store; the server renews all
  its leases in one write, and another server's sweep takes over a turn whose lease lapsed (the
  server holding it died);
* an AI move is applied only to the very state it was computed for (``Table.play_ai``); a failed
  AI turn is logged and tried again, so no game is left without a next move.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from kingdomino.core.seeds import derive_seed
from kingdomino.web.ai_queue import AIQueue, Lane
from kingdomino.web.ai_workers import AIJob, agent_spec
from kingdomino.web.memory import GameMemory
from kingdomino.web.refusals import HubError
from kingdomino.web.store import Store
from kingdomino.web.table import Table

#: Seconds before a failed AI turn is tried again (doubling up to the last).
AI_RETRY_DELAYS = (0.1, 0.5, 2.0, 10.0)
#: Seconds an AI lease lasts unless renewed (every lease of a server is renewed at once, every
#: third of it, while its turn waits or runs), and how often the server looks for AI turns nobody
#: holds (a server died, a task failed).
LEASE_SECONDS = 6.0
SWEEP_SECONDS = 1.0
#: AI turns resumed (games read from the store, their tasks started) before the event loop
#: serves the others, and the seconds it is given then, so that a restart with thousands of
#: AI games to resume keeps answering. A game costs the loop 2 to 5 ms (read, then its lease
#: taken): two keep a request's wait short, and the resume about as fast as in batches of
#: five or ten (bench/bench_resume.py).
RESUME_BATCH = 2
RESUME_PAUSE_SECONDS = 0.002

log = logging.getLogger(__name__)


class AITurns:
    """The AI turns of the games held in ``tables``: started, leased, computed and applied.

    ``queue`` gives the AI queue (started on first use), ``read`` a game read again from the
    store (None: no such game), and ``ai_delay`` the least seconds an AI move takes.
    """

    def __init__(
        self,
        store: Store,
        tables: GameMemory,
        queue: Callable[[], AIQueue],
        read: Callable[[str], Table | None],
        ai_delay: float = 0.0,
    ) -> None:
        self.store = store
        self.tables = tables
        self.queue = queue
        self.read = read
        self.ai_delay = ai_delay
        #: Seconds and iterations of the last AI moves computed here (``/api/stats``).
        self.moves: deque[tuple[float, int]] = deque(maxlen=10_000)
        #: The AI turns under lease here (``_under_lease``): for each, the future set when a
        #: renewal finds its lease lost, the turn (game id, revision) and when its lease was taken.
        self._leased: dict[asyncio.Future[None], tuple[tuple[str, int], float]] = {}

    def start(self, table: Table) -> None:
        """Start ``table``'s AI task if an AI seat is to act and none runs."""
        state = table.state
        if state.is_terminal() or not table.is_ai(state.current_player):
            return
        if table.ai_task is not None and not table.ai_task.done():
            return
        table.ai_task = asyncio.get_running_loop().create_task(self._play(table))
        table.ai_task.add_done_callback(lambda _: self.tables.touch(table.id))
        self.tables.touch(table.id)

    async def _play(self, table: Table) -> None:
        """Play the AI seats' turns until a human (or nobody) is to act.

        Each turn is computed only under the game's lease (so once across servers), in the
        queue's workers; the move is applied only if the game is still at the revision it was
        computed for. Any failure is logged and the turn is tried again after a short wait.
        """
        failures = 0
        while True:
            turn = await table.ai_turn()
            if turn is None:
                return
            try:
                if not self.store.take_lease(table.id, turn.version, LEASE_SECONDS):
                    return  # another server computes this turn (or the game moved on: we will hear)
                seed = derive_seed(table.stored.seed, "seat", turn.seat, turn.index)
                job = AIJob(turn.state, agent_spec(turn.level, turn.state), seed)
                lane = Lane.PLAYERS if table.humans() else Lane.WATCHED
                search = self.queue().run(job, table.id, lane=lane, client=table.client)
                answer = await self._under_lease(table, turn.version, self._paced(search))
                if not await table.play_ai(turn, answer.action):
                    continue
                self.moves.append((answer.seconds, answer.iterations))
                failures = 0
            except asyncio.CancelledError:
                raise
            except HubError:
                continue  # the game moved on under us: look again
            except Exception:
                delay = AI_RETRY_DELAYS[min(failures, len(AI_RETRY_DELAYS) - 1)]
                failures += 1
                log.exception(
                    "game %s: AI turn of seat %d failed; trying again in %.1f s", table.id, turn.seat, delay
                )
                await asyncio.sleep(delay)

    async def _paced(self, search: Awaitable[Any]) -> Any:
        """``search``'s answer, given no sooner than ``ai_delay`` seconds (people follow the moves)."""
        answer, _ = await asyncio.gather(search, asyncio.sleep(self.ai_delay))
        return answer

    async def _under_lease(self, table: Table, version: int, search: Awaitable[Any]) -> Any:
        """Await ``search``, its lease (just taken) renewed with the server's others; give up if a
        renewal since finds it lost (another server took the turn over, or the game moved on).
        The renewal says so (``renew_leases``): the turns waiting in the queue cost the event loop
        nothing until then."""
        task = asyncio.ensure_future(search)
        lost = asyncio.get_running_loop().create_future()
        self._leased[lost] = ((table.id, version), time.monotonic())
        try:
            await asyncio.wait([task, lost], return_when=asyncio.FIRST_COMPLETED)
            if task.done():
                return task.result()
            raise HubError(409, "ai", "the AI turn was taken over or the game moved on")
        finally:
            del self._leased[lost]
            task.cancel()

    async def renew_leases(self) -> None:
        """Renew every AI lease of this server in one write, every third of a lease, however many
        AI turns wait or run here (a write per turn kept the event loop busy once hundreds of
        turns were queued). A turn whose lease a renewal finds lost (taken before the renewal
        began, not held after) is told."""
        while True:
            await asyncio.sleep(LEASE_SECONDS / 3)
            try:
                began = time.monotonic()
                held = self.store.renew_leases(LEASE_SECONDS)
                self.store.outage.answered()
                for lost, (turn, taken) in list(self._leased.items()):
                    if taken < began and turn not in held and not lost.done():
                        lost.set_result(None)
            except Exception as error:
                self.store.outage.failed("renewing the AI leases", error)

    async def sweep(self) -> None:
        """Start every AI turn that no server holds: at start, and after a server or task died."""
        while True:
            try:
                # In a thread: a loaded database takes milliseconds, which the event loop would lose.
                await self.resume(await asyncio.to_thread(self.store.unleased_ai_turns))
                self.store.outage.answered()
            except Exception as error:
                self.store.outage.failed("looking for AI turns to resume", error)
            await asyncio.sleep(SWEEP_SECONDS)

    async def resume(self, turns: list[tuple[str, int]]) -> None:
        """Start the AI turns ``turns`` (game id, revision), reading the games not in memory (or
        older there) from the store, ``RESUME_BATCH`` games at a time, the other tasks and
        requests served between two batches (each game resumed also starts its AI task, which
        takes its lease: a write)."""
        for first in range(0, len(turns), RESUME_BATCH):
            if first:
                await asyncio.sleep(RESUME_PAUSE_SECONDS)
            for game_id, revision in turns[first : first + RESUME_BATCH]:
                table = self.tables.get(game_id)
                if table is None or table.version < revision:
                    table = self.read(game_id)
                if table is not None:
                    self.start(table)

    def stats(self) -> dict[str, Any]:
        """How many AI moves this server computed (the last 10,000 at most), their seconds and
        iterations."""
        seconds = sorted(s for s, _ in self.moves)
        iterations = [i for _, i in self.moves if i]
        return {
            "ai_moves": len(seconds),
            "ai_seconds": {
                "mean": sum(seconds) / len(seconds) if seconds else None,
                "max": seconds[-1] if seconds else None,
            },
            "ai_iterations": {
                "min": min(iterations) if iterations else None,
                "max": max(iterations) if iterations else None,
            },
        }
