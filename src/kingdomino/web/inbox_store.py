"""The inbox's reads and writes: the events kept for an account (``inbox_events`` notes them), its
latest ones a page at a time with the count of those unread, and marking them read.

An account keeps at most ``MAX_KEPT`` entries and none older than ``KEPT_SECONDS``: each note
drops what is beyond. One entry per ``key``: an event ``renewed`` (a game's turn come again) takes
its key's entry's place, newest and unread again; another is noted once, however often it is told
(a game's end recorded again at a restart, two servers going on with one tournament).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from kingdomino.web.inbox_tables import NotificationRow
from kingdomino.web.store import Store
from kingdomino.web.tables import GameRow

#: Entries kept per account (the oldest dropped first) and how long one is kept.
MAX_KEPT = 100
KEPT_SECONDS = 30 * 24 * 3600
#: Entries a page of the list holds at most.
MAX_PAGE = 50


@dataclass(frozen=True)
class Event:
    """What happened for an account: its ``kind``, the ``params`` its words need, and ``key``,
    what it is about (one entry per key)."""

    kind: str
    key: str
    params: dict[str, Any]


def note(store: Store, account_id: int, event: Event, renewed: bool = False, at: float | None = None) -> None:
    """Keep ``event`` for ``account_id``, unread, at ``at`` (epoch seconds; None: now), in a
    transaction of its own (``note_in``)."""
    try:
        with store.engine.begin() as connection:
            note_in(connection, account_id, event, renewed, at)
    except IntegrityError:  # another server noted the same key at the same moment: its entry stands
        return


def note_in(
    connection: Connection, account_id: int, event: Event, renewed: bool = False, at: float | None = None
) -> None:
    """Keep ``event`` for ``account_id`` within the caller's transaction ``connection`` (an event
    written with what it tells of, as an arena's end is: both or neither). Its key's entry is
    taken over if ``renewed``, else the event is noted once. Then the account's entries beyond
    ``MAX_KEPT`` and older than ``KEPT_SECONDS`` are dropped."""
    moment = time.time() if at is None else at
    mine = NotificationRow.account_id == account_id
    if renewed:
        connection.execute(delete(NotificationRow).where(mine, NotificationRow.key == event.key))
    elif connection.execute(select(NotificationRow.id).where(mine, NotificationRow.key == event.key)).first():
        return
    connection.execute(
        insert(NotificationRow).values(
            account_id=account_id, kind=event.kind, key=event.key, params=event.params, at=moment
        )
    )
    kept = connection.execute(
        select(NotificationRow.id).where(mine).order_by(NotificationRow.id.desc()).offset(MAX_KEPT).limit(1)
    ).scalar()
    old = NotificationRow.at < moment - KEPT_SECONDS
    connection.execute(
        delete(NotificationRow).where(mine, old if kept is None else old | (NotificationRow.id <= kept))
    )


def mark_read(store: Store, account_id: int, entry: int | None) -> int:
    """Mark ``account_id``'s entry ``entry`` read (None: every entry); how many were unread."""
    where = [NotificationRow.account_id == account_id, NotificationRow.read.is_(False)]
    if entry is not None:
        where.append(NotificationRow.id == entry)
    with store.engine.begin() as connection:
        return int(connection.execute(update(NotificationRow).where(*where).values(read=True)).rowcount)


def mark_key_read(store: Store, account_id: int, key: str) -> None:
    """Mark ``account_id``'s entry of ``key`` read, if it has one (a turn played)."""
    with store.engine.begin() as connection:
        connection.execute(
            update(NotificationRow)
            .where(NotificationRow.account_id == account_id, NotificationRow.key == key)
            .values(read=True)
        )


def drop_key(store: Store, account_id: int, key: str) -> None:
    """Drop ``account_id``'s entry of ``key``, if it has one (a challenge gone unanswered)."""
    with store.engine.begin() as connection:
        mine = NotificationRow.account_id == account_id
        connection.execute(delete(NotificationRow).where(mine, NotificationRow.key == key))


def has_entry(store: Store, account_id: int, entry: int) -> bool:
    """Whether ``entry`` is one of ``account_id``'s."""
    with store.engine.connect() as connection:
        found = connection.execute(
            select(NotificationRow.id).where(
                NotificationRow.account_id == account_id, NotificationRow.id == entry
            )
        )
        return found.first() is not None


def entries(store: Store, account_id: int, before: int | None, limit: int, moment: float) -> dict[str, Any]:
    """``account_id``'s inbox: the count of its entries ``unread``, and its latest ``entries``
    (``limit`` of them, those older than the entry ``before`` if given: the next page), each with
    its ``id``, ``kind``, ``params``, ``at`` and ``read``, and for one of a game the account plays
    its seat's ``token`` while the game goes on (any device opens it at the seat); ``more``: older
    ones follow. None older than ``KEPT_SECONDS`` before ``moment``."""
    fresh = [NotificationRow.account_id == account_id, NotificationRow.at >= moment - KEPT_SECONDS]
    columns = (
        NotificationRow.id,
        NotificationRow.kind,
        NotificationRow.params,
        NotificationRow.at,
        NotificationRow.read,
    )
    page = select(*columns).where(*fresh).order_by(NotificationRow.id.desc()).limit(limit + 1)
    if before is not None:
        page = page.where(NotificationRow.id < before)
    with store.engine.connect() as connection:
        unread = connection.execute(
            select(func.count()).select_from(NotificationRow).where(*fresh, NotificationRow.read.is_(False))
        ).scalar_one()
        rows = connection.execute(page).all()
        games = {str(row.params.get("game_id")) for row in rows if row.params.get("game_id")}
        seats = connection.execute(
            select(GameRow.id, GameRow.seats).where(
                GameRow.id.in_(games), GameRow.status.in_(("open", "playing"))
            )
        )
        tokens = {
            str(game_id): str(seat["token"])
            for game_id, listed in seats
            for seat in listed
            if seat.get("account") == account_id and seat.get("kind") == "human" and seat.get("token")
        }
    shown = [
        {
            "id": row.id,
            "kind": row.kind,
            "params": row.params,
            "at": row.at,
            "read": row.read,
            "token": tokens.get(str(row.params.get("game_id"))),
        }
        for row in rows[:limit]
    ]
    return {"unread": int(unread), "entries": shown, "more": len(rows) > limit}
