"""The team battles' tables (``team_battle``): an arena where clubs meet. Imported by
``store_setup``, so that they are made where missing with the others when a store opens. The
arena itself is a tournament of ``format`` ``arena`` (``arena_tables``); these rows name its clubs
and each player's club. A club is kept by id and by name: a club closed since (``club_leaving``)
still shows under its name in the battles it played, and no member of it joins any more."""

from __future__ import annotations

from sqlalchemy import ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from kingdomino.web.tables import Base


class TeamBattleRow(Base):
    """A team battle: its arena, and how many of each club's best players count (``leaders``)."""

    __tablename__ = "team_battles"

    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    leaders: Mapped[int] = mapped_column(Integer)


class TeamBattleClubRow(Base):
    """A club named in a team battle, in the order its creator named them."""

    __tablename__ = "team_battle_clubs"

    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    club_id: Mapped[int] = mapped_column(Integer, primary_key=True, index=True)
    name: Mapped[str] = mapped_column(String(64))
    number: Mapped[int] = mapped_column(Integer)


class TeamBattleSideRow(Base):
    """The club a player of a team battle plays for: chosen once, at their first join."""

    __tablename__ = "team_battle_sides"

    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    club_id: Mapped[int] = mapped_column(Integer)
