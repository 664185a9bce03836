"""The puzzles' tables: each account's puzzle rating in each set, each puzzle's rating once it was
played, and every puzzle an account answered. Imported by ``store_setup``, so that they are made
where missing with the others when a store opens. The puzzles themselves are the package's sets
(``kingdomino.puzzles.catalogue``), named here by their ids only."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, Float, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from kingdomino.web.tables import Base


class PuzzlePlayerRow(Base):
    """An account's Glicko-2 puzzle rating (``puzzle_players``): each answer a rating period."""

    __tablename__ = "puzzle_players"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    tried: Mapped[int] = mapped_column(Integer, default=0)
    solved: Mapped[int] = mapped_column(Integer, default=0)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PuzzleRatingRow(Base):
    """A puzzle's rating once an account answered it (``puzzle_ratings``; before: the set's own)."""

    __tablename__ = "puzzle_ratings"

    puzzle_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    plays: Mapped[int] = mapped_column(Integer, default=0)


class PuzzleAnswerRow(Base):
    """An account's answer to a puzzle (``puzzle_answers``): the first one only counts, the pair
    unique, so a puzzle moves a rating once however often it is answered."""

    __tablename__ = "puzzle_answers"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    puzzle_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    action: Mapped[str] = mapped_column(String(64))
    solved: Mapped[bool] = mapped_column(Boolean)
    rating_before: Mapped[float] = mapped_column(Float)
    rating_after: Mapped[float] = mapped_column(Float)
    answered: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class PuzzleGamePlayerRow(Base):
    """An account's Glicko-2 puzzle rating in a set other than Kingdomino's
    (``puzzle_game_players``: ``duel``, ``origins-tribe`` ...): a Duel puzzle rating is no
    Kingdomino one, as a game's rating is not. Kingdomino's stay in ``puzzle_players``."""

    __tablename__ = "puzzle_game_players"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    kind: Mapped[str] = mapped_column(String(32), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    tried: Mapped[int] = mapped_column(Integer, default=0)
    solved: Mapped[int] = mapped_column(Integer, default=0)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True))
