"""Players' accounts: a unique name and a password, and the sessions a login opens.

A password is kept only as its Argon2id hash (``argon2-cffi``, its parameters and salt in the
encoded hash, rehashed at the next login when the parameters change). A session is a random
token the browser holds in a cookie; the database keeps only the token's SHA-256, so a copy of
the database opens no session. A login with an unknown name still spends a hash's time, so that
the answer's time does not tell which names exist. Hashing takes a tenth of a second of CPU on
purpose: the server calls these methods off its event loop.

Names are cleaned as seat names are (``seats.clean_name``: no control or direction characters)
and must be new as they read: "Anna", "anna" and a Cyrillic "Аnna" are one name
(``seats.name_key``), and a name may not read as an AI seat's ("Bo (AI, hard)"). A new name may
not look like an account's either (``seats.look_alike_key``: Unicode's confusable skeleton, so
"ᏴoᏒis" in Cherokee letters beside "Boris"); the refusal does not say which account's, since an
account that has played no rated game is listed nowhere. Accounts made before that check keep
their names.

A closed account (by its owner, ``close_own``, or the operator, ``kingdomino accounts close``)
keeps its row, so its name stays taken, but no session of it is honoured and a login to it is
refused, in words, once its password is right (a guesser learns nothing more than from a wrong one).
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, select, true, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from kingdomino.web.club_leaving import leave_all
from kingdomino.web.inbox_tables import NotificationRow
from kingdomino.web.mail_tables import reset_links_of
from kingdomino.web.push_tables import PushSubscriptionRow
from kingdomino.web.refusals import HubError
from kingdomino.web.seats import SeatPlayer, clean_name, look_alike_key, name_key, reads_as_ai
from kingdomino.web.store import Store
from kingdomino.web.stored import now
from kingdomino.web.tables import AccountRow, SessionRow

#: A name's length, in characters, once cleaned.
NAME_LENGTH = range(2, 25)
#: A password's length: at least NIST's 8 characters, long passphrases welcome.
PASSWORD_LENGTH = range(8, 257)
#: How long a session lasts without a new login.
SESSION_DAYS = 30


@dataclass(frozen=True)
class Account:
    """A player's account as the server shows it (never its password)."""

    id: int
    name: str
    created: datetime
    bot: bool = False

    def player(self) -> SeatPlayer:
        """The account as the seats it takes hold it."""
        return SeatPlayer(self.id, self.name, self.bot)


def aware(moment: datetime) -> datetime:
    """``moment`` in UTC as SQLite gives it back (without its time zone) or PostgreSQL (with)."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Accounts:
    """The accounts and sessions of ``store``'s database; ``hasher`` hashes the passwords (Argon2id
    with argon2-cffi's parameters unless given)."""

    def __init__(
        self, store: Store, hasher: PasswordHasher | None = None, session_days: float = SESSION_DAYS
    ) -> None:
        self.store = store
        self.hasher = hasher or PasswordHasher()
        self.session_days = session_days
        #: A hash to check a password against when the name is unknown (the same time spent),
        #: made at the first such login.
        self._decoy: str | None = None

    def create(self, name: str, password: str, bot: bool = False) -> tuple[Account, str]:
        """A new account (a bot's, for ``kingdomino bot``) and a session of it (its token)."""
        shown = valid_name(name)
        check_password(password, "password")
        row = AccountRow(
            name=shown,
            name_key=name_key(shown),
            name_skeleton=look_alike_key(shown),
            password_hash=self.hasher.hash(password),
            created=now(),
            bot=bot,
            last_login=now(),
        )
        try:
            with self.store.sessions.begin() as session:
                check_name_free(session, shown)
                session.add(row)
        except IntegrityError:
            raise name_taken(shown) from None
        account = Account(row.id, row.name, aware(row.created), bool(row.bot))
        return account, self._open_session(account.id)

    def log_in(self, name: str, password: str) -> tuple[Account, str]:
        """The account of ``name`` and a new session of it, if ``password`` is its password."""
        with self.store.sessions() as session:
            row = session.scalars(
                select(AccountRow).where(AccountRow.name_key == name_key(clean_name(name)))
            ).first()
        verified = self._verifies(row.password_hash if row is not None else None, password)
        if row is None or not verified:
            raise HubError(401, "password", "no account has this name and password", "login_failed")
        if row.closed is not None:
            raise closed_refusal(row.closed_by, row.closed_reason)
        if self.hasher.check_needs_rehash(row.password_hash):
            self._set_password(row.id, password)
        with self.store.sessions.begin() as session:
            session.execute(update(AccountRow).where(AccountRow.id == row.id).values(last_login=now()))
        return Account(row.id, row.name, aware(row.created), bool(row.bot)), self._open_session(row.id)

    def account_for(self, token: str) -> Account | None:
        """The account whose session ``token`` is, while it lasts (None: no such session)."""
        with self.store.sessions() as session:
            found = session.execute(
                select(AccountRow, SessionRow.expires)
                .join(SessionRow, SessionRow.account_id == AccountRow.id)
                .where(SessionRow.token_hash == _token_hash(token), AccountRow.closed.is_(None))
            ).first()
        if found is None:
            return None
        row, expires = found
        if aware(expires) <= now():
            self.log_out(token)
            return None
        return Account(row.id, row.name, aware(row.created), bool(row.bot))

    def log_out(self, token: str) -> None:
        """End the session ``token`` (nothing if it has ended)."""
        with self.store.sessions.begin() as session:
            session.execute(delete(SessionRow).where(SessionRow.token_hash == _token_hash(token)))

    def change_password(self, token: str, old: str, new: str) -> str:
        """Set the password of ``token``'s account to ``new`` if ``old`` is its password; every
        session of the account ends, and the token of a new one is returned."""
        account = self.account_for(token)
        if account is None:
            raise HubError(401, "session", "log in first: this session has ended", "session_ended")
        with self.store.sessions() as session:
            stored = session.get(AccountRow, account.id)
        if stored is None or not self._verifies(stored.password_hash, old):
            raise HubError(
                403, "old_password", "the old password is not this account's", "old_password_wrong"
            )
        return self.new_password(account.id, new)

    def new_password(self, account_id: int, password: str) -> str:
        """Set the password of ``account_id`` to ``password`` (changed by its owner, or chosen by
        a mailed link, ``mail_links``): every session of the account ends, and so does every link
        mailed to choose a new one; the token of a new session is returned."""
        check_password(password, "new_password")
        self._set_password(account_id, password)
        with self.store.sessions.begin() as session:
            session.execute(delete(SessionRow).where(SessionRow.account_id == account_id))
            session.execute(reset_links_of(account_id))
        return self._open_session(account_id)

    def confirms(self, account_id: int, password: str) -> bool:
        """Whether ``password`` is the account ``account_id``'s (a change asks it, as ``close_own``)."""
        with self.store.sessions() as session:
            stored = session.get(AccountRow, account_id)
        return self._verifies(stored.password_hash if stored is not None else None, password)

    def close_own(self, token: str, password: str) -> Account:
        """Close ``token``'s account, its owner confirming with ``password`` (``close_account``:
        its sessions and push subscriptions end, its name stays taken)."""
        account = self.account_for(token)
        if account is None:
            raise HubError(401, "session", "log in first: this session has ended", "session_ended")
        with self.store.sessions() as session:
            stored = session.get(AccountRow, account.id)
        if stored is None or not self._verifies(stored.password_hash, password):
            raise HubError(403, "password", "the password is not this account's", "password_wrong")
        close_account(self.store, account.id, "owner")
        return account

    def _verifies(self, encoded: str | None, password: str) -> bool:
        if encoded is None and self._decoy is None:
            self._decoy = self.hasher.hash(secrets.token_urlsafe(16))
        try:
            return self.hasher.verify(encoded or str(self._decoy), password) and encoded is not None
        except (VerificationError, InvalidHashError):
            return False

    def _set_password(self, account_id: int, password: str) -> None:
        with self.store.sessions.begin() as session:
            row = session.get(AccountRow, account_id)
            if row is not None:
                row.password_hash = self.hasher.hash(password)

    def _open_session(self, account_id: int) -> str:
        token = secrets.token_urlsafe(32)
        expires = now() + timedelta(days=self.session_days)
        with self.store.sessions.begin() as session:
            session.add(SessionRow(token_hash=_token_hash(token), account_id=account_id, expires=expires))
        return token


def check_password(password: str, field: str) -> None:
    """Refuse ``password`` (naming ``field``) unless it has a password's length."""
    if len(password) not in PASSWORD_LENGTH:
        lengths = {"min": PASSWORD_LENGTH.start, "max": PASSWORD_LENGTH.stop - 1}
        message = f"a password has {lengths['min']} to {lengths['max']} characters, not {len(password)}"
        raise HubError(400, field, message, "password_length", lengths)


def cleaned_name(name: str) -> str:
    """``name`` cleaned (``seats.clean_name``) if it has a name's length and a letter or digit (an
    account's, a club's); else the refusal naming the field ``name``."""
    shown = clean_name(name)
    lengths = {"min": NAME_LENGTH.start, "max": NAME_LENGTH.stop - 1}
    if len(shown) not in NAME_LENGTH:
        message = f"a name has {lengths['min']} to {lengths['max']} characters, not {len(shown)}"
        raise HubError(400, "name", message, "name_length", lengths)
    if not name_key(shown):
        raise HubError(400, "name", "a name needs letters or digits", "name_letters")
    return shown


def valid_name(name: str) -> str:
    """``name`` cleaned if it may be an account's (``cleaned_name``), not read as an AI seat's;
    else the refusal naming the field ``name``."""
    shown = cleaned_name(name)
    if reads_as_ai(shown):
        raise HubError(400, "name", f"{shown!r} reads as an AI seat's name", "account_name_as_ai")
    return shown


def name_taken(shown: str) -> HubError:
    """The refusal of ``shown``, which an account's name reads as (``seats.name_key``)."""
    return HubError(
        409, "name", f"the name {shown!r} is taken (or reads as one that is)", "name_taken", {"name": shown}
    )


def check_name_free(session: Session, shown: str, renamed: int | None = None) -> None:
    """Refuse ``shown`` if an account's name reads as it, or looks like it (``renamed``, an
    account given it as its new name, aside: a name may look like its own)."""
    others = AccountRow.id != renamed if renamed is not None else true()
    if session.scalar(select(AccountRow.id).where(AccountRow.name_key == name_key(shown), others)):
        raise name_taken(shown)
    skeleton = look_alike_key(shown)
    if skeleton and session.scalar(
        select(AccountRow.id).where(AccountRow.name_skeleton == skeleton, others).limit(1)
    ):
        raise HubError(
            409,
            "name",
            f"the name {shown!r} looks like an existing account's name",
            "name_look_alike",
            {"name": shown},
        )


def closed_refusal(by: str | None, reason: str | None) -> HubError:
    """The refusal of a login to a closed account (its password right): the operator's reason
    said to its owner, who may then ask the operator; closed by its owner, plainly closed."""
    if by == "operator":
        message = f"this account was closed by the server's operator: {reason}"
        return HubError(403, "name", message, "account_closed_by_operator", {"reason": reason or ""})
    return HubError(403, "name", "this account is closed", "account_closed")


def close_account(store: Store, account_id: int, by: str, reason: str | None = None) -> bool:
    """Close the account ``account_id`` (``by`` its ``owner`` or the ``operator``, ``reason``
    the operator's): its sessions end on every server at once (each request reads them from the
    database), its push subscriptions and its inbox are dropped, it leaves its clubs
    (``club_leaving``); its open games and challenges are called off by each server's sweep
    (``closed_accounts``). False if it was closed already."""
    with store.engine.begin() as connection:
        closed = connection.execute(
            update(AccountRow)
            .where(AccountRow.id == account_id, AccountRow.closed.is_(None))
            .values(closed=now(), closed_by=by, closed_reason=reason)
        )
        connection.execute(delete(SessionRow).where(SessionRow.account_id == account_id))
        connection.execute(delete(PushSubscriptionRow).where(PushSubscriptionRow.account_id == account_id))
        connection.execute(delete(NotificationRow).where(NotificationRow.account_id == account_id))
        if closed.rowcount:
            leave_all(connection, account_id)
        return bool(closed.rowcount)
