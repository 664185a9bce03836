"""E-mail's tables: each account's verified address, and the links mailed to verify an address or
to choose a new password (``mail_links``). Imported by ``store_setup``, so that they are made
where missing with the others when a store opens."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, Delete, ForeignKey, Index, String, delete
from sqlalchemy.orm import Mapped, mapped_column

from kingdomino.web.tables import Base


class MailAddressRow(Base):
    """An account's verified address (one at most): as its owner typed it, and folded
    (``mail_addresses.address_key``), unique, so that one mailbox is one account's."""

    __tablename__ = "mail_addresses"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    address: Mapped[str] = mapped_column(String(320))
    address_key: Mapped[str] = mapped_column(String(320), unique=True)
    verified: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class MailLinkRow(Base):
    """A link mailed to an account: ``verify`` (the address it was sent to, which the link makes
    the account's) or ``reset`` (a new password). Only the token's SHA-256 is kept; the row is
    deleted when the link is used, and is no use past ``expires``."""

    __tablename__ = "mail_links"
    __table_args__ = (Index("mail_links_by_account", "account_id", "purpose", "created"),)

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    purpose: Mapped[str] = mapped_column(String(16))
    address: Mapped[str] = mapped_column(String(320))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires: Mapped[datetime] = mapped_column(DateTime(timezone=True))


def reset_links_of(account_id: int) -> Delete:
    """The statement ending every link mailed to ``account_id`` to choose a new password: run
    whenever its password changes (by its owner, a link, the operator)."""
    return delete(MailLinkRow).where(MailLinkRow.account_id == account_id, MailLinkRow.purpose == "reset")
