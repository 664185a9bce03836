"""The clubs' tables (``clubs``): each club, and its members with their roles. Imported by
``store_setup``, so that they are made where missing with the others when a store opens. A
members-only tournament names its club in ``tournaments.club`` (no foreign key: closing a club,
``clubs.close`` and ``club_leaving`` set it to None, or to ``GONE``, and the column is added to
older databases as a plain one)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from kingdomino.web.tables import Base

#: The club a members-only tournament names once its club closed with its last member
#: (``club_leaving``): no club's id (ids begin at 1), so no club made since takes the tournament
#: for its own, and nobody is a member of it (``club_tournaments.admit``).
GONE = 0


class ClubRow(Base):
    """A club of players (``clubs``): its name, unique as accounts' names are, and its rules."""

    __tablename__ = "clubs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    #: The name as its creator wrote it (cleaned: ``seats.clean_name``); it never changes.
    name: Mapped[str] = mapped_column(String(64))
    #: The name as it reads (``seats.name_key``) and as it looks (``seats.look_alike_key``).
    name_key: Mapped[str] = mapped_column(String(64), unique=True)
    name_skeleton: Mapped[str] = mapped_column(Text, index=True)
    description: Mapped[str] = mapped_column(Text, default="")
    #: ``open`` (anyone joins) or ``request`` (its leaders accept or refuse each request).
    admission: Mapped[str] = mapped_column(String(16))
    #: The account that created it (its bound of clubs created); None once that account is gone.
    creator: Mapped[int | None] = mapped_column(
        ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True, index=True
    )
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ClubMemberRow(Base):
    """An account in a club: a ``leader``, a ``member``, or ``asked`` (its request to join waits)."""

    __tablename__ = "club_members"
    __table_args__ = (Index("club_members_by_role", "club_id", "role"),)

    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), primary_key=True)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    role: Mapped[str] = mapped_column(String(16))
    since: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ClubBarRow(Base):
    """An account a club's leader turned away, refusing its request or removing it
    (``club_bars``): it may not join or ask again before ``until``."""

    __tablename__ = "club_bars"

    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), primary_key=True)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    until: Mapped[datetime] = mapped_column(DateTime(timezone=True))
