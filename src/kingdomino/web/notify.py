"""Hearing the other servers' writes: PostgreSQL LISTEN on the store's channel.

Every write of a game on PostgreSQL sends ``NOTIFY kingdomino_games, 'id revision server count'``
(``count``: the number of actions after a write that only appended, else ``-``)
in its transaction (see :mod:`kingdomino.web.store`), so it is heard only once committed. A
server listens on one connection of its own and hands each notification to the hub, which
catches up from the database and tells its clients. If the connection drops, it reconnects
and first asks the hub to check every game it holds (notifications sent meanwhile are lost).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from sqlalchemy.engine import make_url

from kingdomino.web.store import CHANNEL

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
    heard: Callable[[str, int, str, int | None], Awaitable[None]],
    connected: Callable[[], Awaitable[None]] | None = None,
) -> None:
    """Call ``heard(game_id, revision, server, count)`` for every write notified, until cancelled."""
    import psycopg

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
                    try:
                        game_id, revision, server, count = notification.payload.split(" ")
                        await heard(game_id, int(revision), server, None if count == "-" else int(count))
                    except Exception:
                        log.exception("a notification could not be followed: %r", notification.payload)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("listening to %s failed; reconnecting", CHANNEL)
        first = False
        await asyncio.sleep(RECONNECT_SECONDS)
