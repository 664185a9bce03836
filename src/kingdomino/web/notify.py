"""Hearing the other servers' writes: PostgreSQL LISTEN on the store's channel.

Every write of a game on PostgreSQL sends a notification on ``kingdomino_games`` (a
:class:`WriteNotice`: the game, its new revision, the writing server and the
actions appended) in its transaction (see :mod:`kingdomino.web.store`), so it is heard only
once committed. A server listens on one connection of its own and hands each notification to
the hub, which catches up (from the notification, or the database) and tells its clients. If
the connection drops, it reconnects and first asks the hub to check every game it holds
(notifications sent meanwhile are lost).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy.engine import make_url

from kingdomino.web.session_name import session_name
from kingdomino.web.stored import StoredAction, Timing

if TYPE_CHECKING:
    from kingdomino.web.outage import Outage

log = logging.getLogger(__name__)

#: The PostgreSQL channel that announces every write of a game.
CHANNEL = "kingdomino_games"


#: The most bytes of a notification's payload (PostgreSQL refuses 8000 or more); a write whose
#: appended actions do not fit is announced without them (the listener reads them).
MAX_PAYLOAD = 7900


@dataclass(frozen=True)
class WriteNotice:
    """What a notification says of one committed write of a game.

    ``count``: the number of actions after a write that only appended (None: an undo);
    ``appended``: those actions, when they fit in the payload (None: read them from the store);
    ``timing``: the clock and deadline the write stored (None: the game has no clock, or a
    server of an earlier version wrote it), which a server catching up on the actions holds.

    >>> note = WriteNotice("g1", 4, "server-a", "playing", 3, [StoredAction(2, 0, "claim 5", "claims 5")])
    >>> WriteNotice.from_payload(note.payload()) == note
    True
    >>> clock = {"remaining": [60.0], "since": 1.5}
    >>> timed = WriteNotice("g1", 5, "server-a", "playing", 4, None, (clock, 61.5))
    >>> WriteNotice.from_payload(timed.payload()) == timed
    True
    """

    game_id: str
    revision: int
    server: str
    status: str
    count: int | None
    appended: list[StoredAction] | None
    timing: Timing | None = None

    def payload(self) -> str:
        """The notification's text (JSON), without the actions if they would not fit."""
        fields: dict[str, Any] = {
            "id": self.game_id,
            "revision": self.revision,
            "server": self.server,
            "status": self.status,
            "count": self.count,
        }
        if self.timing is not None:
            fields["timing"] = list(self.timing)
        if self.appended is not None:
            with_actions = json.dumps(
                {**fields, "appended": [[a.index, a.seat, a.text, a.description] for a in self.appended]}
            )
            if len(with_actions.encode()) <= MAX_PAYLOAD:
                return with_actions
        return json.dumps(fields)

    @classmethod
    def from_payload(cls, payload: str) -> WriteNotice:
        """The write a notification's text describes; ``ValueError`` if it is not one."""
        fields = json.loads(payload)
        appended = fields.get("appended")
        timing = fields.get("timing")
        return cls(
            str(fields["id"]),
            int(fields["revision"]),
            str(fields["server"]),
            str(fields["status"]),
            None if fields["count"] is None else int(fields["count"]),
            None
            if appended is None
            else [StoredAction(int(i), int(s), str(t), str(d)) for i, s, t, d in appended],
            None if timing is None else (timing[0], None if timing[1] is None else float(timing[1])),
        )


#: Seconds between two attempts to reconnect the listening connection.
RECONNECT_SECONDS = 1.0


def libpq_url(database_url: str) -> str:
    """The SQLAlchemy URL ``postgresql+psycopg://...`` as the plain ``postgresql://...`` libpq reads.

    >>> libpq_url("postgresql+psycopg://kd:secret@localhost:5433/games")
    'postgresql://kd:secret@localhost:5433/games'
    """
    return make_url(database_url).set(drivername="postgresql").render_as_string(hide_password=False)


Heard = TypeVar("Heard")


def _notice(payload: str) -> WriteNotice:
    return WriteNotice.from_payload(payload)


async def listen(
    database_url: str,
    heard: Callable[[Heard], Awaitable[None]],
    connected: Callable[[], Awaitable[None]] | None = None,
    channel: str = CHANNEL,
    read: Callable[[str], Heard] = _notice,  # type: ignore[assignment]
    outage: Outage | None = None,
) -> None:
    """Call ``heard(read(payload))`` for every notification of ``channel`` (every write of a game,
    by default), until cancelled; a lost connection is tried again each second, its failures told
    once a spell with ``outage`` (``web.outage``)."""
    import psycopg

    pending: set[asyncio.Future[None]] = set()
    first = True
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(
                libpq_url(database_url), autocommit=True, application_name=session_name()
            ) as conn:
                await conn.execute(f"LISTEN {channel}")
                if outage is not None:
                    outage.answered()
                if connected is not None and not first:
                    await connected()
                first = False
                async for notification in conn.notifies():
                    # Followed at once, each in its own task: one game's catching up (a read from
                    # the database) never holds up another's. The game's lock keeps them in order.
                    following = asyncio.ensure_future(follow(heard, notification.payload, read))
                    pending.add(following)
                    following.add_done_callback(pending.discard)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            if outage is None:
                log.exception("listening to %s failed; reconnecting", channel)
            else:
                outage.failed(f"listening to {channel}", error)
        first = False
        await asyncio.sleep(RECONNECT_SECONDS)


async def follow(
    heard: Callable[[Heard], Awaitable[None]],
    payload: str,
    read: Callable[[str], Heard] = _notice,  # type: ignore[assignment]
) -> None:
    """Hand what one notification's payload says (``read``) to ``heard``; log a failure."""
    try:
        await heard(read(payload))
    except Exception:
        log.exception("a notification could not be followed: %r", payload)
