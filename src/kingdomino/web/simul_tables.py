"""The simultaneous exhibitions' tables (``simuls``): a simul itself and each player who applied
to it. Imported by ``store_setup``, so that they are made where missing with the others when a
store opens."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Boolean, Float, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from kingdomino.web.tables import Base


class SimulRow(Base):
    """A simul: its host, the game every board plays and its clock (with the host's extra time:
    ``host_extra`` minutes, ``extra_per_challenger`` seconds for each game), who moves first on
    each board (``host``, ``challengers`` or ``alternate``), the host's words, and where it
    stands: ``open`` (taking applicants), ``running`` (its games under way), ``finished`` or
    ``cancelled``."""

    __tablename__ = "simuls"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    host: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    time_control: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    first: Mapped[str] = mapped_column(String(16))
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    text: Mapped[str] = mapped_column(String(400), default="")
    status: Mapped[str] = mapped_column(String(16), index=True)
    created: Mapped[float] = mapped_column(Float)
    started: Mapped[float | None] = mapped_column(Float, nullable=True)
    ended: Mapped[float | None] = mapped_column(Float, nullable=True)
    host_extra: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    extra_per_challenger: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class SimulEntrantRow(Base):
    """A player who applied to a simul: ``applied``, ``accepted`` or ``declined`` by its host;
    from the start, an accepted one's game, the host's seat in it, and once over the host's
    ``result`` there (``win``, ``draw``, ``loss``, or ``unplayed``: it ended before a result)."""

    __tablename__ = "simul_entrants"

    simul_id: Mapped[str] = mapped_column(ForeignKey("simuls.id", ondelete="CASCADE"), primary_key=True)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    name: Mapped[str] = mapped_column(String(64))
    bot: Mapped[bool] = mapped_column(Boolean, default=False)
    state: Mapped[str] = mapped_column(String(16))
    applied: Mapped[float] = mapped_column(Float)
    game_id: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    host_seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    result: Mapped[str | None] = mapped_column(String(16), nullable=True)
