"""The club tournaments' tables (``tournaments``): a tournament's settings and where it stands,
its players and each round's games. Imported by ``store_setup``, so that they are made where
missing with the others when a store opens; an arena's own rows are ``arena_tables``'."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, Float, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from kingdomino.web.tables import Base


class TournamentRow(Base):
    """A club tournament of people (``tournaments``): its organiser's settings and where it stands."""

    __tablename__ = "tournaments"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    organiser: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    #: The game of two each pairing plays: its name, options and clock (``clocks``; None: none).
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    time_control: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    #: Anyone may watch its games (``live_games``).
    public: Mapped[bool] = mapped_column(Boolean, default=True)
    #: ``round_robin`` or ``swiss``; a Swiss tournament's ``rounds`` (a round robin's are set at
    #: its start: one fewer than its players, or as many for an odd count).
    format: Mapped[str] = mapped_column(String(16))
    rounds: Mapped[int] = mapped_column(Integer)
    max_players: Mapped[int] = mapped_column(Integer)
    #: Bots' accounts may join (``kingdomino bot``).
    bots: Mapped[bool] = mapped_column(Boolean, default=False)
    #: How long each game waits for its two players to take their seats (minutes).
    wait_minutes: Mapped[int] = mapped_column(Integer)
    #: ``open`` (players join), ``running``, ``finished`` or ``cancelled``.
    status: Mapped[str] = mapped_column(String(16), index=True)
    #: When it starts by itself (epoch seconds; None: when its organiser starts it).
    starts_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: The round being played (0 before the start).
    round: Mapped[int] = mapped_column(Integer, default=0)
    #: Players at a table: 2 (games of two), or 3 or 4, a Swiss by tables (``table_pairing``).
    table_size: Mapped[int] = mapped_column(Integer, default=2, server_default="2")
    #: The club whose members alone may join it (``club_tables``; None: anyone may).
    club: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)


class TournamentPlayerRow(Base):
    """A player of a tournament: before its start in the order they joined, then by ``seed``."""

    __tablename__ = "tournament_players"

    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    name: Mapped[str] = mapped_column(String(64))
    bot: Mapped[bool] = mapped_column(Boolean, default=False)
    joined: Mapped[float] = mapped_column(Float)
    #: The starting rank, set at the start: by rating in the game's pool, best first (a player
    #: not rated there as a new one), then by the order they joined. None before the start.
    seed: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: The round in which the player withdrew (None: still playing); never paired after it.
    withdrew: Mapped[int | None] = mapped_column(Integer, nullable=True)


class TournamentGameRow(Base):
    """A game of a tournament's round: ``first`` takes the first seat; ``second`` None is a bye.
    ``game_id`` is the server's game (None: a bye, a forfeit without a game, or not made yet);
    the points are set once it ended (None: still to play)."""

    __tablename__ = "tournament_games"

    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    board: Mapped[int] = mapped_column(Integer, primary_key=True)
    first: Mapped[int] = mapped_column(Integer)
    second: Mapped[int | None] = mapped_column(Integer, nullable=True)
    game_id: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    first_points: Mapped[float | None] = mapped_column(Float, nullable=True)
    second_points: Mapped[float | None] = mapped_column(Float, nullable=True)
    first_score: Mapped[int] = mapped_column(Integer, default=0)
    second_score: Mapped[int] = mapped_column(Integer, default=0)
    #: Not played to its end (a no-show, a resignation, a withdrawal): its kingdom points count none.
    forfeit: Mapped[bool] = mapped_column(Boolean, default=False)
    #: A tournament by tables': the table's accounts in seat order (``first`` and ``second`` are
    #: its first two; one alone is a bye), and once it ended each seat's ``points``, ``scores``,
    #: ``places`` and ``forfeits`` (lists in seat order). None in a tournament of games of two.
    table_players: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
