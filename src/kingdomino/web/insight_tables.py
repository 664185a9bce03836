"""The tables of a player's statistics (``insights``): each finished game's details, per seat, as
its engine's scorer explains its kingdom at the end (``insight_details``). Imported by
``store_setup``, so that they are made where missing with the others when a store opens.

Written once per game, at its end (``game_results``) or, for a game that ended before they
were kept, by the fill at a server's start (``insight_fill``); read only by the statistics'
aggregates, which join them to the account's seats and kept results (``seat_results``)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, ForeignKey, ForeignKeyConstraint, Integer, String, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Mapped, mapped_column

from kingdomino.web.tables import Base, GameRow


class InsightGameRow(Base):
    """That a finished game's details are kept (``failed``: its record could not be replayed, so
    that the fill never tries it again), and the game, mode and end by which the statistics group
    and order: the game's and its end are its ``games`` row's, kept here too so that the
    aggregates read them from the row they join anyway (a fifth faster over 5,000 games)."""

    __tablename__ = "insight_games"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    #: ``insight_details.mode_of``: ``standard``, ``dynasty``, ``mighty_duel``, or Origins' mode.
    mode: Mapped[str] = mapped_column(String(16))
    failed: Mapped[bool] = mapped_column(Boolean, default=False)
    kept: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: ``games.game`` and ``games.ended`` (a database of an earlier version: ``fill_game_columns``).
    game: Mapped[str] = mapped_column(String(16), server_default="")
    ended: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


def fill_game_columns(connection: Connection) -> None:
    """Give the kept details of a database made before their game and end were kept with them
    (``add_missing_columns`` added ``game`` empty and ``ended`` null) those of their games."""
    lacking = InsightGameRow.game == ""
    if connection.execute(select(InsightGameRow.game_id).where(lacking).limit(1)).first() is None:
        return
    of_game = GameRow.id == InsightGameRow.game_id
    connection.execute(
        update(InsightGameRow)
        .where(lacking)
        .values(
            game=select(GameRow.game).where(of_game).scalar_subquery(),
            ended=select(GameRow.ended).where(of_game).scalar_subquery(),
        )
    )


class InsightSeatRow(Base):
    """A seat's kingdom at the game's end: its crowns (Duel: crosses; Origins: fires), the squares
    of its largest region (property, domain), its regions' count, and the points of its regions
    of each terrain (Duel: coat of arms), in the order ``insight_details.KINDS`` gives the game's:
    columns, not rows, so that a player's thousands of games are summed without a row each."""

    __tablename__ = "insight_seats"
    __table_args__ = (ForeignKeyConstraint(["game_id"], ["insight_games.game_id"], ondelete="CASCADE"),)

    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    crowns: Mapped[int] = mapped_column(Integer)
    largest: Mapped[int] = mapped_column(Integer)
    regions: Mapped[int] = mapped_column(Integer)
    points_0: Mapped[int] = mapped_column(Integer, default=0)
    points_1: Mapped[int] = mapped_column(Integer, default=0)
    points_2: Mapped[int] = mapped_column(Integer, default=0)
    points_3: Mapped[int] = mapped_column(Integer, default=0)
    points_4: Mapped[int] = mapped_column(Integer, default=0)
    points_5: Mapped[int] = mapped_column(Integer, default=0)


#: The columns of ``insight_seats`` that hold a terrain's points, in the order of its game's kinds.
TERRAIN_POINTS = tuple(getattr(InsightSeatRow, f"points_{n}") for n in range(6))


class InsightLineRow(Base):
    """A bonus's line of a seat's score sheet (``key`` the bonus's, ``detail`` its caveman,
    resource or coat if any): its points, and how many lines of it the sheet had, two hunters
    ``count`` 2. A bonus the game did not play has no line; one played and missed has its line
    at 0 points."""

    __tablename__ = "insight_lines"
    __table_args__ = (ForeignKeyConstraint(["game_id"], ["insight_games.game_id"], ondelete="CASCADE"),)

    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    key: Mapped[str] = mapped_column(String(32), primary_key=True)
    detail: Mapped[str] = mapped_column(String(32), primary_key=True, default="")
    points: Mapped[int] = mapped_column(Integer)
    count: Mapped[int] = mapped_column(Integer)
