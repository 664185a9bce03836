"""Accounts an operator silenced (``SilenceRow``, ``kingdomino accounts silence``): such an account
writes in no game's chat until its silence ends, on every server (each reads the row when a line
is written, never from its memory), nor any other words that others read: a club's name or
description, a tournament's name (``check_writing``). Everything else goes on: it plays, joins,
reads the chat and is read.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import delete, select

from kingdomino.web.accounts import aware
from kingdomino.web.refusals import HubError
from kingdomino.web.report_tables import SilenceRow
from kingdomino.web.store import Store
from kingdomino.web.stored import now

#: A silence's length when the operator names none, in days.
DAYS = 7


def silence(store: Store, account_id: int, days: float = DAYS) -> datetime:
    """Silence ``account_id`` for ``days`` from now (a silence it had is replaced): when it ends."""
    since = now()
    until = since + timedelta(days=days)
    with store.sessions.begin() as session:
        session.execute(delete(SilenceRow).where(SilenceRow.account_id == account_id))
        session.add(SilenceRow(account_id=account_id, since=since, until=until))
    return until


def unsilence(store: Store, account_id: int) -> bool:
    """End ``account_id``'s silence now (True: it was silenced)."""
    with store.engine.begin() as connection:
        gone = connection.execute(
            delete(SilenceRow).where(SilenceRow.account_id == account_id, SilenceRow.until > now())
        )
        connection.execute(delete(SilenceRow).where(SilenceRow.account_id == account_id))
        return bool(gone.rowcount)


def silenced_until(store: Store, account_id: int | None) -> datetime | None:
    """When ``account_id``'s silence ends (None: it is not silenced, or a guest's seat)."""
    if account_id is None:
        return None
    with store.engine.connect() as connection:
        until = connection.scalar(select(SilenceRow.until).where(SilenceRow.account_id == account_id))
    if until is None or aware(until) <= now():
        return None
    return aware(until)


def refusal(until: datetime) -> HubError:
    """The refusal of a silenced account's chat line: ``silenced``, with when it ends (``until``,
    an ISO moment the page words in its language)."""
    return HubError(
        403,
        "text",
        f"the server's operator silenced this account: it writes in no chat until {until:%Y-%m-%d %H:%M} UTC",
        "silenced",
        {"until": until.isoformat()},
    )


def check_writing(store: Store, account_id: int, field: str) -> None:
    """Refuse the silenced ``account_id`` words that others read besides the chat (``field``: a
    club's name or description, a tournament's name), 403 ``silenced_writing`` with when its
    silence ends: the abuse a silence stops would move there."""
    until = silenced_until(store, account_id)
    if until is not None:
        message = (
            f"the server's operator silenced this account: it writes no {field} others read "
            f"until {until:%Y-%m-%d %H:%M} UTC"
        )
        raise HubError(403, field, message, "silenced_writing", {"until": until.isoformat()})
