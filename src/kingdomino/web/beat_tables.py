"""The tables of the servers' signs of life (``clock_pause``): made with the others
(``store_setup``), kept apart from ``tables`` for its size."""

from __future__ import annotations

from sqlalchemy import Boolean, Float, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from kingdomino.web.tables import Base


class ServerStopRow(Base):
    """When the server of a SQLite file stopped, as versions before ``server_beats`` noted it (one
    row): the next start gives that time back to the running clocks (``clock_pause``)."""

    __tablename__ = "server_stops"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: The moment it stopped (epoch seconds).
    at: Mapped[float] = mapped_column(Float)


class ServerBeatRow(Base):
    """A server's last sign of life (``clock_pause``): a running server's row is renewed every
    few seconds, a stopped one's says so; the time since the latest, when none runs, is given
    back to the running clocks."""

    __tablename__ = "server_beats"

    #: The server's name (``Store.server``: new at each start).
    server: Mapped[str] = mapped_column(String(32), primary_key=True)
    #: Its last beat (epoch seconds).
    at: Mapped[float] = mapped_column(Float)
    #: Whether it stopped in order at ``at``.
    stopped: Mapped[bool] = mapped_column(Boolean, default=False)
