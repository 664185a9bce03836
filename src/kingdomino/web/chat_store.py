"""A game's chat in the database (``tables.ChatMessageRow``): a message added to its room unless
the room is full, and a room's messages read; on PostgreSQL each message is announced to the
other servers (``NOTIFY kingdomino_chat``, in the transaction that stores it) with its words, so
they tell their own pages without reading it again.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from sqlalchemy import func, select, text

from kingdomino.web.store import Store
from kingdomino.web.tables import ChatMessageRow

#: The PostgreSQL channel that announces every chat message stored.
CHAT_CHANNEL = "kingdomino_chat"


@dataclass(frozen=True)
class ChatLine:
    """One message as stored and as the pages are sent it (``to_json``): ``seat`` the sender's in the
    players' room (None in the spectators'), ``account`` whether an account sent it (the name's
    mark), ``text`` the words or ``phrase`` a quick phrase's code. ``sender`` is the sending
    account's id (None: a guest's seat), which only the server reads (whom a block keeps from
    the line: ``chats``) and the pages are never sent.

    >>> line = ChatLine(7, "players", 1.5, 0, "Anna", True, False, None, "good_game")
    >>> ChatLine.from_json(line.to_json()) == line
    True
    """

    id: int
    room: str
    at: float
    seat: int | None
    name: str
    account: bool
    bot: bool
    text: str | None
    phrase: str | None
    sender: int | None = field(default=None, compare=False)

    def to_json(self) -> dict[str, Any]:
        """The line as the pages are sent it (without ``sender``)."""
        shown = asdict(self)
        del shown["sender"]
        return shown

    @classmethod
    def from_json(cls, fields: dict[str, Any], sender: int | None = None) -> ChatLine:
        """The line ``to_json`` wrote (a notification's), ``KeyError``/``TypeError`` if it is not one."""
        return cls(**{key: fields[key] for key in cls.__dataclass_fields__ if key != "sender"}, sender=sender)


def _line(row: ChatMessageRow) -> ChatLine:
    return ChatLine(
        row.id,
        row.room,
        row.at,
        row.seat,
        row.name,
        row.account_id is not None,
        row.bot,
        row.text,
        row.phrase,
        row.account_id,
    )


def add_line(
    store: Store, game_id: str, line: ChatLine, account_id: int | None, most: int
) -> ChatLine | None:
    """Store ``line`` (its ``id`` ignored) in its room of ``game_id``; the line as stored, with its
    id, or None if the room already holds ``most`` messages. Counted and written in one
    transaction (two servers adding the last one at once may both succeed: one message more)."""
    with store.sessions.begin() as session:
        held = session.scalar(
            select(func.count())
            .select_from(ChatMessageRow)
            .where(ChatMessageRow.game_id == game_id, ChatMessageRow.room == line.room)
        )
        if (held or 0) >= most:
            return None
        row = ChatMessageRow(
            game_id=game_id,
            room=line.room,
            at=line.at,
            seat=line.seat,
            account_id=account_id,
            name=line.name,
            bot=line.bot,
            text=line.text,
            phrase=line.phrase,
        )
        session.add(row)
        session.flush()
        stored = _line(row)
        if store.notifies:
            line_json = stored.to_json()
            payload = json.dumps(
                {"server": store.server, "game": game_id, "line": line_json, "sender": stored.sender}
            )
            session.execute(
                text("SELECT pg_notify(:channel, :payload)"), {"channel": CHAT_CHANNEL, "payload": payload}
            )
    return stored


def room_lines(store: Store, game_id: str, room: str) -> list[ChatLine]:
    """The messages of ``room`` of ``game_id``, oldest first."""
    with store.sessions() as session:
        rows = session.scalars(
            select(ChatMessageRow)
            .where(ChatMessageRow.game_id == game_id, ChatMessageRow.room == room)
            .order_by(ChatMessageRow.id)
        ).all()
    return [_line(row) for row in rows]
