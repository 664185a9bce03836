"""The notices mailed of games by the day, which an account with a verified address turns on in
its preferences (both off until then): ``turns``, "mail me when it is my move", and
``time_short``, "mail me when a game's time is running out". A player whose browser stays shut
hears of Web Push nothing, and would lose on time; a mail reaches them.

Each mail carries a link that turns its notice off without logging in (``unsubscribe_token``):
the account's id, the notice and how many times it had been turned on when the mail went, signed
with the database's key (HMAC-SHA256), so that a link names one account's one notice and no other
can be made up from it; it is good for nothing else, and no longer once the notice was turned off
and on again (an older mail's link must not undo a later choice). The figures (how late a move
is mailed, how often, when its time runs out) are the server's data, ``data/mail_notices.json``.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
from importlib import resources
from typing import Any, Literal

from sqlalchemy import case, insert, select, update
from sqlalchemy.exc import IntegrityError

from kingdomino.web.mail_notice_tables import MailNoticeKeyRow, MailNoticeRow
from kingdomino.web.store import Store

Notice = Literal["turns", "time_short"]
NOTICES: tuple[Notice, ...] = ("turns", "time_short")

#: ``time_short_share``: the share of a move's time left under which it runs out (a quarter: 6
#: hours of a 1-day move); ``turn_wait_minutes``: how long a turn waits before it is mailed (a
#: player at the site moves first); ``digest_minutes``: the least time between two mails of moves
#: to an account (the games waiting then go in one mail).
FIGURES: dict[str, Any] = json.loads(
    resources.files("kingdomino.web").joinpath("data", "mail_notices.json").read_text(encoding="utf-8")
)
#: The purpose a link's signature is bound to: a token of any other signed thing is no use here.
PURPOSE = "mail-notice-off"


def choices_of(store: Store, account_id: int) -> dict[str, bool]:
    """Which notices the account chose (both off when it chose none)."""
    with store.engine.connect() as connection:
        row = connection.execute(
            select(MailNoticeRow.turns, MailNoticeRow.time_short).where(
                MailNoticeRow.account_id == account_id
            )
        ).first()
    return (
        {"turns": bool(row.turns), "time_short": bool(row.time_short)}
        if row
        else dict.fromkeys(NOTICES, False)
    )


def choose(store: Store, account_id: int, chosen: dict[str, object]) -> dict[str, bool]:
    """Set the notices ``chosen`` names (and the ``language`` of their mails, if it names one),
    keep the others; all the notices after."""
    if chosen:
        counted = {f"{n}_on_count": _count(n) + case((_on(n), 0), else_=1) for n in NOTICES if chosen.get(n)}
        for _attempt in range(2):
            try:
                with store.engine.begin() as connection:
                    where = MailNoticeRow.account_id == account_id
                    changed = update(MailNoticeRow).where(where).values(**chosen, **counted)
                    if connection.execute(changed).rowcount == 0:
                        made = {**chosen, **dict.fromkeys(counted, 1)}
                        connection.execute(insert(MailNoticeRow).values(account_id=account_id, **made))
                break
            except IntegrityError:  # made meanwhile by another request: update it now
                continue
    return choices_of(store, account_id)


def _on(notice: str) -> Any:
    """The column of whether ``notice`` is on."""
    return getattr(MailNoticeRow, notice)


def _count(notice: str) -> Any:
    """The column of how many times ``notice`` was turned on."""
    return getattr(MailNoticeRow, f"{notice}_on_count")


def turn_off(store: Store, account_id: int, notice: Notice, count: int) -> bool:
    """Turn ``notice`` off by the link of a mail that went when it had been turned on ``count``
    times; False (nothing changed) if it was turned on again since and is on."""
    with store.engine.begin() as connection:
        where = (MailNoticeRow.account_id == account_id, _count(notice) <= count)
        if connection.execute(update(MailNoticeRow).where(*where).values({notice: False})).rowcount:
            return True
    return not older_link(store, account_id, notice, count)


def older_link(store: Store, account_id: int, notice: Notice, count: int) -> bool:
    """Whether a link of ``count`` is an older mail's: ``notice`` was turned on again since, and is on."""
    with store.engine.connect() as connection:
        row = connection.execute(
            select(_on(notice), _count(notice)).where(MailNoticeRow.account_id == account_id)
        ).first()
    return row is not None and bool(row[0]) and row[1] > count


def _key(store: Store) -> bytes:
    """The database's signing key, made at its first use (the first server to make it wins)."""
    with store.engine.connect() as connection:
        found = connection.execute(select(MailNoticeKeyRow.key).where(MailNoticeKeyRow.id == 1)).scalar()
    if found is None:
        try:
            with store.engine.begin() as connection:
                connection.execute(insert(MailNoticeKeyRow).values(id=1, key=secrets.token_hex(32)))
        except IntegrityError:
            pass
        with store.engine.connect() as connection:
            found = connection.execute(
                select(MailNoticeKeyRow.key).where(MailNoticeKeyRow.id == 1)
            ).scalar_one()
    return bytes.fromhex(found)


def _signature(key: bytes, account_id: int, notice: str, count: int) -> str:
    """The signature of a link; a count of 0 signs as the links of mails sent before counts were
    kept did, which stay good until their notice is turned on again."""
    signed = f"{PURPOSE}:{account_id}:{notice}" + (f":{count}" if count else "")
    digest = hmac.new(key, signed.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def unsubscribe_token(store: Store, account_id: int, notice: Notice) -> str:
    """The token of the link that turns ``notice`` off for ``account_id``, as long as it is not
    turned on again: ``ID.NOTICE.COUNT.SIGNATURE``, the times it was turned on so far."""
    with store.engine.connect() as connection:
        found = connection.execute(
            select(_count(notice)).where(MailNoticeRow.account_id == account_id)
        ).scalar()
    count = found or 0
    return f"{account_id}.{notice}.{count}.{_signature(_key(store), account_id, notice, count)}"


def read_token(store: Store, token: str) -> tuple[int, Notice, int] | None:
    """The account and notice a link's ``token`` turns off, and the times the notice had been
    turned on when its mail went; None if it was not signed here. A token of three parts (a mail
    sent before counts were kept) has the count 0."""
    parts = token.split(".")
    if len(parts) == 3:
        parts.insert(2, "0")
    if (
        len(parts) != 4
        or not all(part.isdecimal() and len(part) <= 18 for part in parts[0:3:2])
        or parts[1] not in NOTICES
    ):
        return None
    account_id, notice, count = int(parts[0]), parts[1], int(parts[2])
    if not hmac.compare_digest(
        _signature(_key(store), account_id, notice, count).encode(), parts[3].encode("utf-8", "replace")
    ):
        return None
    return account_id, "turns" if notice == "turns" else "time_short", count


def language_of(store: Store, account_id: int) -> str:
    """The page's language when the account last chose its notices ("en": it never chose)."""
    with store.engine.connect() as connection:
        found = connection.execute(
            select(MailNoticeRow.language).where(MailNoticeRow.account_id == account_id)
        ).scalar()
    return found or "en"
