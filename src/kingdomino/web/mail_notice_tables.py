"""The tables of the mailed notices of games by the day (``mail_notices``): each account's choice
of them, the turns mailed, and the key that signs the links that turn them off. Imported by
``store_setup``, so that they are made where missing with the others when a store opens."""

from __future__ import annotations

from sqlalchemy import Boolean, Float, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from kingdomino.web.tables import Base


class MailNoticeRow(Base):
    """An account's mailed notices, made at its first choice (none: both off): ``turns`` (its move
    in a game by the day) and ``time_short`` (a move's time running out), and when the last mail
    of its moves went (epoch seconds; None: never), which spaces them out by the hour."""

    __tablename__ = "mail_notices"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    turns: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    time_short: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    turns_mailed: Mapped[float | None] = mapped_column(Float, nullable=True)
    #: The page's language when the account last chose (its mails' unless it chose one in its
    #: preferences).
    language: Mapped[str] = mapped_column(String(8), default="en", server_default="en")
    #: How many times each notice was turned on from off: a mail's link carries the count of its
    #: moment, so that an older mail's link leaves a notice turned on again since alone.
    turns_on_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    time_short_on_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class MailNoticeSentRow(Base):
    """A turn mailed: the account, the game, the notice (``turns`` or ``time_short``) and the turn
    (the moment it began, as the inbox's entry of it says). The key is all four: two servers that
    both mean to mail a turn cannot both write it, and the one that fails sends nothing."""

    __tablename__ = "mail_notices_sent"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    notice: Mapped[str] = mapped_column(String(16), primary_key=True)
    turn: Mapped[float] = mapped_column(Float, primary_key=True)


class MailNoticeKeyRow(Base):
    """The key (one row, ``id`` 1) that signs the links turning a notice off: the database's, so
    that a link one server mailed works on every other."""

    __tablename__ = "mail_notice_key"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    key: Mapped[str] = mapped_column(String(64))
