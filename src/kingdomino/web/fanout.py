"""Sending one message to many watchers of a game: the players' pages first, then the spectators'
in batches, with the event loop free between batches.

A send only queues the message on the socket's outbox (``outbox.Outbox``), whose task writes it;
so a broadcast is a loop of sends, one after the other, with no task made for each (a task each
per message was most of a broadcast's cost, beside the socket's own write). Each outbox's writer
then wakes up to write; the writers of one batch run in one turn of the event loop. Were every
spectator's send queued at once, the 1,000 writes of a popular game's broadcast would all run in
one turn (about 50 ms on a 2-core server), and a player's request that came meanwhile would be
read only after them: ``BATCH`` spectators at a time, the loop reads and answers the players
between batches. The players' pages go first, so the people at the table see the move first.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable

from kingdomino.web.live import Watcher

#: Spectators' sends queued before the event loop is let serve others: about a millisecond of
#: writes on the 2-core server. With 1,000 spectators a player's ping during a broadcast was
#: answered in 8-11 ms (p50) at 16, 37-45 ms at 64, the broadcast as quick and the CPU the same
#: (``bench/bench_spectators.py``).
BATCH = 16


async def send_to_each(
    watchers: Iterable[Watcher], send: Callable[[Watcher], Awaitable[None]]
) -> list[Watcher]:
    """Await ``send`` for each of ``watchers``, the players' pages first, then the spectators'
    ``BATCH`` at a time; the watchers whose send failed (their sockets are gone)."""
    ordered = sorted(watchers, key=lambda watcher: not watcher.seats)  # stable: players first
    gone: list[Watcher] = []
    for count, watcher in enumerate(ordered):
        if not watcher.seats and count and count % BATCH == 0:
            await asyncio.sleep(0)
        try:
            await send(watcher)
        except Exception:
            gone.append(watcher)
    return gone
