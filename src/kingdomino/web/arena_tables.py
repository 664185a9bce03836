"""The arenas' tables (``arena``): an arena tournament's window, its games, its paused players and
when its players were last seen on its page.
Imported by ``store_setup``, so that they are made where missing with the others when a store
opens. The tournament itself (its players, settings and status) is a row of ``tournaments`` whose
``format`` is ``arena``."""

from __future__ import annotations

from sqlalchemy import Boolean, Float, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from kingdomino.web.tables import Base


class ArenaRow(Base):
    """An arena's window: ``minutes`` long from its start, so ending at ``ends_at`` (None before);
    and its pairing's lease: the server that pairs it (``pairer``, ``Store.server``) until
    ``pairer_until`` (epoch seconds), renewed at each of its passes (``arena_store.take_pairing``)."""

    __tablename__ = "arenas"

    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    minutes: Mapped[int] = mapped_column(Integer)
    ends_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    pairer: Mapped[str | None] = mapped_column(String(32), nullable=True)
    pairer_until: Mapped[float] = mapped_column(Float, default=0.0, server_default="0")


class ArenaGameRow(Base):
    """A game of an arena, numbered in the order paired: its two accounts, the server's game, and
    once over each side's tournament points (1, ½ or 0) and whether it was a forfeit."""

    __tablename__ = "arena_games"

    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    first: Mapped[int] = mapped_column(Integer)
    second: Mapped[int] = mapped_column(Integer)
    game_id: Mapped[str] = mapped_column(String(32), index=True)
    paired: Mapped[float] = mapped_column(Float)
    first_points: Mapped[float | None] = mapped_column(Float, nullable=True)
    second_points: Mapped[float | None] = mapped_column(Float, nullable=True)
    forfeit: Mapped[bool] = mapped_column(Boolean, default=False)


class ArenaPauseRow(Base):
    """A player of an arena who paused (or whose seat was forfeited) at ``since`` (epoch seconds; 0:
    before the moment was kept): not paired until they rejoin."""

    __tablename__ = "arena_pauses"

    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    since: Mapped[float] = mapped_column(Float, default=0.0, server_default="0")


class ArenaCallOffRow(Base):
    """The games a player of an arena called off by pausing before they sat (``count``), and the
    moment before which they are not paired again (``held_until``, epoch seconds; 0: not held)."""

    __tablename__ = "arena_call_offs"

    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    count: Mapped[int] = mapped_column(Integer, default=0)
    held_until: Mapped[float] = mapped_column(Float, default=0.0)


class ArenaSeenRow(Base):
    """When a player of an arena was last seen on its page by any server (epoch seconds), as the
    servers share their page reads on a database they share (``arena_presence``)."""

    __tablename__ = "arena_seen"

    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    account_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    seen: Mapped[float] = mapped_column(Float)
