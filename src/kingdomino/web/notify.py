"""Hearing the other servers' writes: PostgreSQL LISTEN on the store's channel.

Every write of a game on PostgreSQL sends a notification on ``kingdomino_games`` (a
:class:`~kingdomino.web.store.WriteNotice`: the game, its new revision, the writing server and the
actions appended) in its transaction (see :mod:`kingdomino.web.store`), so it is heard only
once committed. A server listens on one connection of its own and hands each notification to
the hub, which catches up (from the notification, or the database) and tells its clients. If
the connection drops, it reconnects and first asks the hub to check every game it holds
(notifications sent meanwhile are lost).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from sqlalchemy.engine import make_url

from kingdomino.web.store import CHANNEL, WriteNotice

log = logging.getLogger(__name__)

#: Seconds between two attempts to reconnect the listening connection.
RECONNECT_SECONDS = 1.0


def libpq_url(database_url: str) -> str:
    """The SQLAlchemy URL ``postgresql+psycopg://...`` as the plain ``postgresql://...`` libpq reads.

    >>> libpq_url("postgresql+psycopg://kd:secret@localhost:5433/games")
    'postgresql://kd:secret@localhost:5433/games'
    """
    return make_url(database_url).set(drivername="postgresql").render_as_string(hide_password=False)


async def listen(
    database_url: str,
    heard: Callable[[WriteNotice], Awaitable[None]],
    connected: Callable[[], Awaitable[None]] | None = None,
) -> None:
    """Call ``heard(written)`` for every write notified, until cancelled."""
    import psycopg

    pending: set[asyncio.Future[None]] = set()
    first = True
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(
                libpq_url(database_url), autocommit=True
            ) as conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                if connected is not None and not first:
                    await connected()
                first = False
                async for notification in conn.notifies():
                    # Followed at once, each in its own task: one game's catching up (a read from
                    # the database) never holds up another's. The game's lock keeps them in order.
                    following = asyncio.ensure_future(follow(heard, notification.payload))
                    pending.add(following)
                    following.add_done_callback(pending.discard)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("listening to %s failed; reconnecting", CHANNEL)
        first = False
        await asyncio.sleep(RECONNECT_SECONDS)


async def follow(heard: Callable[[WriteNotice], Awaitable[None]], payload: str) -> None:
    """Hand the write one notification's payload describes to ``heard``; log a failure."""
    try:
        await heard(WriteNotice.from_payload(payload))
    except Exception:
        log.exception("a notification could not be followed: %r", payload)
