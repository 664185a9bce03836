"""The clocks stand still while no server serves the games (an upgrade, a restart, a crash).

A clock's turn and deadline are wall-clock moments (``clocks``): without this, a player to move
in a real-time game lost the minutes the servers were down, and with a move clock shorter than
the stop, their seat went to an AI at the start (a rated game ranking them last).

Each server notes that it lives in ``server_beats``: its row's moment is renewed every
``BEAT_SECONDS`` (``keep_beating``) and set once more when it stops in order (``note_stop``).
A server that starts (``resume_clocks``) looks at the others' rows: if one of them beat in the
last ``ALIVE_SECONDS``, the games were served all along and nothing is given; otherwise the games
were served by no one since the latest beat, and that time is given back to every running clock.
A server killed outright thus costs its players at most one beat's seconds, not the time it was
down; but one killed and started again within ``ALIVE_SECONDS`` finds its former row alive, and
gives nothing back (those seconds ran on). Servers of PostgreSQL that start together look one
after the other (an advisory lock), so the time is given once.

A game waiting for its players (a tournament's game, a challenge, an open game) waits that time
longer too: its wait's end decides a tournament's game by forfeit, and nobody could take a seat
while no server ran. A turn begun after the latest beat begins again at the start, never later:
the time given back is the stop's, not more.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from sqlalchemy import delete, insert, select, text, update
from sqlalchemy.engine import Connection

from kingdomino.web.beat_tables import ServerBeatRow, ServerStopRow
from kingdomino.web.store import Store
from kingdomino.web.tables import GameRow

log = logging.getLogger(__name__)

#: How often a running server renews its row.
BEAT_SECONDS = 5.0
#: A row renewed this recently is a running server's (a few beats: a slow write is not a death).
ALIVE_SECONDS = 30.0
#: The PostgreSQL advisory lock held while a starting server looks at the rows and writes its own.
BEATS_LOCK = 0x6B64_6274


def resume_clocks(store: Store, moment: float) -> int:
    """At the start of ``store``'s server: give every running clock the time no server ran
    (nothing if another server runs now), forget the other servers' former rows, and note this
    one as running; how many games were given time."""
    with store.engine.begin() as connection:
        if store.engine.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": BEATS_LOCK})
        beats = list(
            connection.execute(select(ServerBeatRow.server, ServerBeatRow.at, ServerBeatRow.stopped))
        )
        # This server's own row is there when its app starts again in one process.
        others = [row for row in beats if row.server != store.server]
        alive = [row.server for row in others if not row.stopped and moment - row.at < ALIVE_SECONDS]
        given = 0
        if not alive:
            last = [row.at for row in beats] + list(connection.scalars(select(ServerStopRow.at)))
            if last:
                given = _give_back(connection, moment, max(0.0, moment - max(last)))
        connection.execute(delete(ServerStopRow))
        connection.execute(delete(ServerBeatRow).where(ServerBeatRow.server.not_in(alive)))
        connection.execute(insert(ServerBeatRow).values(server=store.server, at=moment, stopped=False))
        return given


def _give_back(connection: Connection, moment: float, pause: float) -> int:
    """Move each playing game's clock forward by the seconds it ran of the ``pause`` that ends at
    ``moment`` (a turn begun after the latest beat lost only the time since it began; a clock
    standing still until a player's return from vacation, ``vacation_clocks``: ``since`` later
    than the pause's start, lost only the time after it), and each waiting game's wait's end by
    ``pause``, each as a new revision of its game (the other servers read it again); how many
    games were given time."""
    waiting = select(GameRow.id, GameRow.status, GameRow.clock, GameRow.deadline, GameRow.open_until)
    given = 0
    for game_id, status, clock, deadline, open_until in list(
        connection.execute(waiting.where(GameRow.status.in_(("playing", "open"))))
    ):
        if status == "open":
            if open_until is None:
                continue
            values: dict[str, Any] = {"open_until": open_until + pause}
        elif clock is None:
            continue
        else:
            lost = max(0.0, min(pause, moment - clock["since"]))
            values = {
                "clock": {**clock, "since": clock["since"] + lost},
                "deadline": None if deadline is None else deadline + lost,
            }
        connection.execute(
            update(GameRow).where(GameRow.id == game_id).values(**values, revision=GameRow.revision + 1)
        )
        given += 1
    return given


def beat(store: Store, moment: float) -> None:
    """Note that ``store``'s server runs at ``moment``."""
    with store.engine.begin() as connection:
        connection.execute(
            update(ServerBeatRow).where(ServerBeatRow.server == store.server).values(at=moment)
        )


def note_stop(store: Store, moment: float) -> None:
    """Note that ``store``'s server stopped in order at ``moment``: not running, and the games
    served until then."""
    with store.engine.begin() as connection:
        mine = ServerBeatRow.server == store.server
        connection.execute(update(ServerBeatRow).where(mine).values(at=moment, stopped=True))


async def keep_beating(store: Store) -> None:
    """Renew the server's row every ``BEAT_SECONDS`` until cancelled; a failed write (the
    database away for a moment) is logged and the next beat tried."""
    while True:
        await asyncio.sleep(BEAT_SECONDS)
        try:
            await asyncio.to_thread(beat, store, time.time())
        except Exception as error:
            store.outage.failed("writing the server's beat", error)
