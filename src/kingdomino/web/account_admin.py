"""The operator's work on accounts (``kingdomino accounts``): list them, show one, give one a new
password, close, reopen or rename one.

Each is one read or one transaction on the database the servers use, safe while they run: what a
server holds of an account (its sessions, its name) is read from the database at each request,
so a closed account's sessions end everywhere at once and a new name shows at the next page.
"""

from __future__ import annotations

import fnmatch
import secrets
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import ScalarSelect, delete, func, select, update
from sqlalchemy.orm import Session

from kingdomino.web.accounts import Accounts, aware, check_name_free, close_account, valid_name
from kingdomino.web.mail_tables import MailAddressRow, MailLinkRow, reset_links_of
from kingdomino.web.push_tables import PushSubscriptionRow
from kingdomino.web.seats import clean_name, look_alike_key, name_key
from kingdomino.web.store import Store
from kingdomino.web.stored import now
from kingdomino.web.tables import AccountRow, GameRow, RatingRow, SeatAccountRow, SessionRow
from kingdomino.web.tournament_tables import TournamentPlayerRow

#: Characters of a new password the operator hands over (``secrets.token_urlsafe``'s, about 6 bits each).
NEW_PASSWORD_BYTES = 12


class NoAccount(LookupError):
    """No account has the name asked for."""


@dataclass(frozen=True)
class AccountLine:
    """An account as the operator's list shows it."""

    id: int
    name: str
    bot: bool
    created: datetime
    last_login: datetime | None
    games: int
    closed: datetime | None
    closed_by: str | None
    closed_reason: str | None


@dataclass(frozen=True)
class AccountDetails:
    """One account in full: its line, its ratings per pool, its games by status, its sessions."""

    line: AccountLine
    ratings: list[dict[str, object]] = field(default_factory=list)
    games: dict[str, int] = field(default_factory=dict)
    sessions: int = 0
    push_subscriptions: int = 0
    #: Its e-mail address: the verified one (None: none) and one a mailed link waits to verify.
    mail: str | None = None
    mail_pending: str | None = None
    #: Since when it is a moderator (None: it is not; ``moderation``).
    moderator_since: datetime | None = None


def _line(row: AccountRow, games: int) -> AccountLine:
    return AccountLine(
        row.id,
        row.name,
        bool(row.bot),
        aware(row.created),
        aware(row.last_login) if row.last_login else None,
        games,
        aware(row.closed) if row.closed else None,
        row.closed_by,
        row.closed_reason,
    )


def _games_count() -> ScalarSelect[int]:
    """The games an account sat in, for each row of ``AccountRow`` a query reads."""
    return (
        select(func.count(SeatAccountRow.game_id.distinct()))
        .where(SeatAccountRow.account_id == AccountRow.id)
        .scalar_subquery()
    )


def list_accounts(
    store: Store, pattern: str | None = None, bots: bool | None = None, closed: bool | None = None
) -> list[AccountLine]:
    """The accounts by name: those whose name matches ``pattern`` (``*`` and ``?`` as in a shell,
    else a part of the name; case aside), bots' or people's alone (``bots``), closed or open ones
    alone (``closed``); None: either."""
    query = select(AccountRow, _games_count()).order_by(AccountRow.name_key)
    if bots is not None:
        query = query.where(AccountRow.bot.is_(bots))
    if closed is not None:
        query = query.where(AccountRow.closed.is_not(None) if closed else AccountRow.closed.is_(None))
    with store.sessions() as session:
        lines = [_line(row, int(games)) for row, games in session.execute(query)]
    if not pattern:
        return lines
    wanted = pattern.casefold()
    if not any(mark in wanted for mark in "*?["):
        wanted = f"*{wanted}*"
    return [line for line in lines if fnmatch.fnmatchcase(line.name.casefold(), wanted)]


def _row_named(session: Session, name: str) -> AccountRow:
    row = session.scalars(select(AccountRow).where(AccountRow.name_key == name_key(clean_name(name)))).first()
    if row is None:
        raise NoAccount(f"no account is named {name!r} (nor reads as it)")
    return row


def account_id(store: Store, name: str) -> int:
    """The id of the account named ``name`` (as it reads); ``NoAccount`` if none."""
    with store.sessions() as session:
        return int(_row_named(session, name).id)


def details(store: Store, name: str) -> AccountDetails:
    """The account named ``name`` (as it reads: ``seats.name_key``) in full; ``NoAccount`` if none."""
    with store.sessions() as session:
        row = _row_named(session, name)
        games = session.scalar(select(_games_count()).where(AccountRow.id == row.id)) or 0
        ratings = session.scalars(
            select(RatingRow).where(RatingRow.account_id == row.id).order_by(RatingRow.pool)
        ).all()
        by_status = session.execute(
            select(GameRow.status, func.count())
            .join(SeatAccountRow, SeatAccountRow.game_id == GameRow.id)
            .where(SeatAccountRow.account_id == row.id)
            .group_by(GameRow.status)
        ).all()
        sessions = session.scalar(
            select(func.count()).where(SessionRow.account_id == row.id, SessionRow.expires > now())
        )
        pushes = session.scalar(select(func.count()).where(PushSubscriptionRow.account_id == row.id))
        mail = session.get(MailAddressRow, row.id)
        pending = session.scalar(
            select(MailLinkRow.address).where(
                MailLinkRow.account_id == row.id, MailLinkRow.purpose == "verify", MailLinkRow.expires > now()
            )
        )
    return AccountDetails(
        _line(row, int(games)),
        [
            {
                "pool": rating.pool,
                "rating": round(rating.rating, 1),
                "deviation": round(rating.deviation, 1),
                "games": rating.games,
                "wins": rating.wins,
            }
            for rating in ratings
        ],
        {str(status): int(count) for status, count in by_status},
        int(sessions or 0),
        int(pushes or 0),
        mail.address if mail is not None else None,
        pending,
    )


def reset_password(store: Store, name: str, accounts: Accounts | None = None) -> str:
    """A new random password for ``name``'s account, to hand to its owner (shown once, kept only
    hashed); every session of it ends, and every link mailed to choose a new one."""
    accounts = accounts or Accounts(store)
    password = secrets.token_urlsafe(NEW_PASSWORD_BYTES)
    hashed = accounts.hasher.hash(password)
    with store.sessions.begin() as session:
        row = _row_named(session, name)
        row.password_hash = hashed
        session.execute(delete(SessionRow).where(SessionRow.account_id == row.id))
        session.execute(reset_links_of(row.id))
    return password


def close(store: Store, name: str, reason: str) -> bool:
    """Close ``name``'s account for ``reason`` (``accounts.close_account``); False: it was closed."""
    with store.sessions() as session:
        account_id = _row_named(session, name).id
    return close_account(store, account_id, "operator", reason)


def reopen(store: Store, name: str) -> bool:
    """Open ``name``'s closed account again (its owner logs in with the password it had: a new one
    from ``reset_password`` if it is lost); False: it was open."""
    with store.sessions() as session:
        account_id = _row_named(session, name).id
    with store.engine.begin() as connection:
        opened = connection.execute(
            update(AccountRow)
            .where(AccountRow.id == account_id, AccountRow.closed.is_not(None))
            .values(closed=None, closed_by=None, closed_reason=None)
        )
        return bool(opened.rowcount)


def rename(store: Store, name: str, new: str) -> str:
    """Give ``name``'s account the name ``new``, checked as a new account's (its length, not an AI
        seat's, not taken nor looking like another account's); the old name is then free. The names
        written in the seats of games already played stay as they were; its club tournaments list the
    new one. Answers the new name as kept."""
    shown = valid_name(new)
    with store.sessions.begin() as session:
        row = _row_named(session, name)
        check_name_free(session, shown, renamed=row.id)
        row.name, row.name_key, row.name_skeleton = shown, name_key(shown), look_alike_key(shown)
        # A tournament's players are listed by the name each joined with: the new one shows there too.
        session.execute(
            update(TournamentPlayerRow).where(TournamentPlayerRow.account_id == row.id).values(name=shown)
        )
    return shown
