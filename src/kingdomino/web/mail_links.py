"""An account's e-mail address and the links mailed to it: one to verify the address, one to
choose a new password when the old one is forgotten.

A link's token is 32 random bytes (``secrets.token_urlsafe``: no guessing it); the database keeps
only its SHA-256, so a copy of the database follows no link. A link is used once (its row is
deleted as it is used, in the transaction that acts) and lasts ``VERIFY_HOURS`` or
``RESET_HOURS``. A newer link of the same kind replaces the older one.

The address an account adds counts once its link is followed: a mistyped address, or someone
else's, is never the account's. Adding one whose mailbox another account verified is not refused
at once (that would tell anyone that the address has an account here): the link is mailed, and
following it says the address is another account's, to the mailbox's owner alone.

The owner may remove the address (``remove``, the password confirming it). An address that
stops being the account's, replaced by another verified or removed, is told so by mail (and a
link it was mailed to choose a new password ends: its mailbox is no longer a way in), and the
verified address is told when the password is changed in the account's settings
(``tell_password_changed``): whoever took over a session or a password cannot change them unseen.
No mail tells of a password chosen through a reset link: that link was the address's own.

"Forgot your password?" (``forgot``) looks the account up by its name or its verified address,
and mails the link only if it finds one with a verified address, not closed, mailed fewer than
``MAILS_PER_HOUR`` such links in the last hour (counted in the database: every server alike).
It tells its caller nothing: the route runs it after its answer, the same for every asker.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, cast

from sqlalchemy import CursorResult, delete, false, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from kingdomino.web.accounts import Account, Accounts, aware, check_password
from kingdomino.web.mail_address import address_key, checked_address, mailbox_key
from kingdomino.web.mail_send import MailSettings, Postman
from kingdomino.web.mail_tables import MailAddressRow, MailLinkRow, reset_links_of
from kingdomino.web.mail_texts import link_mail, notice_mail
from kingdomino.web.preferences import preferences_of
from kingdomino.web.refusals import HubError
from kingdomino.web.seats import clean_name, name_key
from kingdomino.web.stored import now
from kingdomino.web.tables import AccountRow

#: How long a link to verify an address lasts, and one to choose a new password.
VERIFY_HOURS = 24
RESET_HOURS = 1
#: Links of one kind an account may be mailed in an hour: its mailbox is not flooded by
#: whoever knows its name.
MAILS_PER_HOUR = 3
#: Links to verify an address that one mailbox (``mailbox_key``) may be mailed in an hour, from
#: every account: each account is bound (``MAILS_PER_HOUR``), but many accounts adding a
#: stranger's address, its case, dots or ``+tag`` varied, mailed it without end.
MAILBOX_MAILS_PER_HOUR = 5


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def link_invalid() -> HubError:
    message = "this link is unknown, used already or expired: ask for a new one"
    return HubError(400, "token", message, "mail_link_invalid")


def address_taken() -> HubError:
    message = "this address is another account's: it counts for one account alone"
    return HubError(409, "address", message, "mail_address_taken")


@dataclass(frozen=True)
class Links:
    """The paths of the pages the mailed links open (``routes/mail``): the verifying one carries
    its token in the query, the new password's in the fragment, which no server or proxy logs."""

    verify: str = "/account/verify?token="
    reset: str = "/account/reset#token="


class Mail:
    """The addresses and links of ``accounts``' database, mailed by ``postman`` with ``settings``
    (both None: the server sends no mail, and offers none of this)."""

    def __init__(self, accounts: Accounts, settings: MailSettings | None, postman: Postman | None) -> None:
        self.accounts = accounts
        self.store = accounts.store
        self.settings = settings
        self.postman = postman

    @property
    def available(self) -> bool:
        return self.settings is not None and self.postman is not None

    def check_available(self) -> None:
        if not self.available:
            message = "this server sends no e-mail (its operator set no --smtp-url)"
            raise HubError(503, "mail", message, "mail_unavailable")

    def address_of(self, account_id: int) -> dict[str, Any]:
        """The account's verified address (None: none) and the one a link waits to verify."""
        with self.store.sessions() as session:
            row = session.get(MailAddressRow, account_id)
            pending = session.scalars(
                select(MailLinkRow.address).where(
                    MailLinkRow.account_id == account_id,
                    MailLinkRow.purpose == "verify",
                    MailLinkRow.expires > now(),
                )
            ).first()
        return {
            "address": row.address if row is not None else None,
            "verified": aware(row.verified).isoformat() if row is not None else None,
            "pending": pending,
        }

    def ask_verify(self, account: Account, password: str, typed: str, language: str) -> str:
        """Mail a link to verify ``typed`` as the address of ``account``, its owner confirming with
        ``password``; the address as kept (``checked_address``)."""
        self.check_available()
        address = checked_address(typed)
        if not self.accounts.confirms(account.id, password):
            raise HubError(403, "password", "the password is not this account's", "password_wrong")
        with self.store.sessions.begin() as session:
            if _mailed_lately(session, account.id, "verify") >= MAILS_PER_HOUR:
                message = f"at most {MAILS_PER_HOUR} such mails an hour: wait and try again"
                raise HubError(429, "address", message, "too_many_mails", {"n": MAILS_PER_HOUR})
            if _mailbox_mailed_lately(session, address) >= MAILBOX_MAILS_PER_HOUR:
                # The same words as above: who else added the address is not the asker's to know.
                message = f"at most {MAILS_PER_HOUR} such mails an hour: wait and try again"
                raise HubError(429, "address", message, "too_many_mails", {"n": MAILS_PER_HOUR})
            token = _new_link(session, account.id, "verify", address, VERIFY_HOURS)
        self._send("verify", account.id, account.name, address, language, token)
        return address

    def verify(self, token: str) -> str:
        """Make the address of the verifying link ``token`` its account's (the link used); the
        address."""
        try:
            with self.store.sessions.begin() as session:
                link = _take_link(session, token, "verify")
                closed = session.scalar(select(AccountRow.closed).where(AccountRow.id == link.account_id))
                if closed is not None:
                    raise link_invalid()
                key = address_key(link.address)
                owner = session.scalar(
                    select(MailAddressRow.account_id).where(MailAddressRow.address_key == key)
                )
                if owner is not None and owner != link.account_id:
                    raise address_taken()
                former = session.get(MailAddressRow, link.account_id)
                replaced = former.address if former is not None and former.address_key != key else None
                session.execute(delete(MailAddressRow).where(MailAddressRow.account_id == link.account_id))
                if replaced is not None:
                    session.execute(reset_links_of(link.account_id))
                session.add(
                    MailAddressRow(
                        account_id=link.account_id, address=link.address, address_key=key, verified=now()
                    )
                )
        except IntegrityError:  # verified for another account meanwhile
            raise address_taken() from None
        if replaced is not None:
            self._tell("address_changed", link.account_id, replaced)
        return link.address

    def remove(self, account: Account, password: str) -> bool:
        """Remove the verified address of ``account`` (and the link waiting to verify one, and
        those mailed to choose a new password), its owner confirming with ``password``; the
        address removed is told. False: it had none."""
        if not self.accounts.confirms(account.id, password):
            raise HubError(403, "password", "the password is not this account's", "password_wrong")
        with self.store.sessions.begin() as session:
            row = session.get(MailAddressRow, account.id)
            removed = row.address if row is not None else None
            session.execute(delete(MailAddressRow).where(MailAddressRow.account_id == account.id))
            session.execute(reset_links_of(account.id))
            session.execute(
                update(MailLinkRow)
                .where(MailLinkRow.account_id == account.id, MailLinkRow.purpose == "verify")
                .values(expires=now())
            )
        if removed is not None:
            self._tell("address_removed", account.id, removed)
        return removed is not None

    def tell_password_changed(self, account_id: int) -> None:
        """Tell the account's verified address, if any, that its password was changed."""
        with self.store.sessions() as session:
            row = session.get(MailAddressRow, account_id)
        if row is not None:
            self._tell("password_changed", account_id, row.address)

    def forgot(self, typed: str, language: str) -> None:
        """Mail a link to choose a new password to the verified address of the account ``typed``
        names (its name, or that address), if there is one (the module: says nothing either way)."""
        if not self.available:
            return
        with self.store.sessions.begin() as session:
            found = session.execute(_account_of(typed)).first()
            if found is None:
                return
            account, address = found
            if account.closed is not None or _mailed_lately(session, account.id, "reset") >= MAILS_PER_HOUR:
                return
            token = _new_link(session, account.id, "reset", address, RESET_HOURS)
        self._send("reset", account.id, account.name, address, language, token)

    def reset(self, token: str, password: str) -> tuple[Account, str]:
        """Set the password of the account of the link ``token`` (used: every reset link of the
        account goes, ``Accounts.new_password``), every session of it ended; the account and a
        new session's token."""
        check_password(password, "new_password")
        with self.store.sessions.begin() as session:
            link = _take_link(session, token, "reset")
            row = session.get(AccountRow, link.account_id)
            if row is None or row.closed is not None:
                raise link_invalid()
            account = Account(row.id, row.name, aware(row.created), bool(row.bot))
        return account, self.accounts.new_password(account.id, password)

    def _tell(self, kind: str, account_id: int, address: str) -> None:
        """Mail ``address`` the notice of ``kind`` (``mail_texts.notice_mail``) in the account's
        language (English when it chose none); nothing when the server sends no mail."""
        if self.settings is None or self.postman is None:
            return
        with self.store.sessions() as session:
            name = session.scalar(select(AccountRow.name).where(AccountRow.id == account_id))
        chosen = preferences_of(self.store, account_id).language or "en"
        settings = self.settings
        mail = notice_mail(kind, chosen, settings.sender, address, str(name), settings.public_url)
        self.postman.post(account_id, mail)

    def _send(self, kind: str, account_id: int, name: str, address: str, language: str, token: str) -> None:
        assert self.settings is not None and self.postman is not None
        chosen = preferences_of(self.store, account_id).language or language
        link = f"{self.settings.public_url}{getattr(Links(), kind)}{token}"
        mail = link_mail(kind, chosen, self.settings.sender, address, name, link, self.settings.public_url)
        self.postman.post(account_id, mail)


def _account_of(typed: str) -> Any:
    """The statement reading the account ``typed`` names (by its verified address when it has an
    ``@``, else by its name as it reads) with that address."""
    joined = select(AccountRow, MailAddressRow.address).join(
        MailAddressRow, MailAddressRow.account_id == AccountRow.id
    )
    if "@" in typed:
        try:
            return joined.where(MailAddressRow.address_key == address_key(checked_address(typed)))
        except HubError:
            return joined.where(false())
    return joined.where(AccountRow.name_key == name_key(clean_name(typed)))


def _mailed_lately(session: Session, account_id: int, purpose: str) -> int:
    since = now() - timedelta(hours=1)
    return (
        session.scalar(
            select(func.count()).where(
                MailLinkRow.account_id == account_id,
                MailLinkRow.purpose == purpose,
                MailLinkRow.created > since,
            )
        )
        or 0
    )


def _mailbox_mailed_lately(session: Session, address: str) -> int:
    """The links to verify an address mailed in the last hour to the mailbox ``address`` reaches
    (``mailbox_key``), from every account."""
    since = now() - timedelta(hours=1)
    domain = address.rpartition("@")[2]
    sent = session.scalars(
        select(MailLinkRow.address).where(
            MailLinkRow.purpose == "verify",
            MailLinkRow.created > since,
            func.lower(MailLinkRow.address).like(f"%@{domain}"),
        )
    )
    mailbox = mailbox_key(address)
    return sum(1 for other in sent if mailbox_key(other) == mailbox)


def _new_link(session: Session, account_id: int, purpose: str, address: str, hours: int) -> str:
    """A new link's token, its hash kept; the account's older links of ``purpose`` stay only as
    counts of the mails sent lately (``_mailed_lately``): they open nothing any more."""
    token = secrets.token_urlsafe(32)
    moment = now()
    session.execute(
        delete(MailLinkRow).where(
            MailLinkRow.account_id == account_id,
            MailLinkRow.expires <= moment,
            MailLinkRow.created <= moment - timedelta(hours=1),
        )
    )
    session.execute(
        update(MailLinkRow)
        .where(MailLinkRow.account_id == account_id, MailLinkRow.purpose == purpose)
        .values(expires=moment)
    )
    session.add(
        MailLinkRow(
            token_hash=token_hash(token),
            account_id=account_id,
            purpose=purpose,
            address=address,
            created=moment,
            expires=moment + timedelta(hours=hours),
        )
    )
    return token


def _take_link(session: Session, token: str, purpose: str) -> MailLinkRow:
    """The link ``token`` of ``purpose`` while it lasts, deleted (used once); else the refusal."""
    link = session.scalars(
        select(MailLinkRow).where(MailLinkRow.token_hash == token_hash(token), MailLinkRow.purpose == purpose)
    ).first()
    if link is None or aware(link.expires) <= now():
        raise link_invalid()
    deleted = session.execute(delete(MailLinkRow).where(MailLinkRow.token_hash == link.token_hash))
    if not cast(CursorResult[Any], deleted).rowcount:  # used by another request meanwhile
        raise link_invalid()
    return link
