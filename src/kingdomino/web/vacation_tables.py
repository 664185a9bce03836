"""The accounts' vacations (``vacation``): each one taken, kept for the year's allowance. Imported
by ``store_setup``, so that the table is made where missing with the others when a store opens."""

from __future__ import annotations

from sqlalchemy import Float, ForeignKey, Index, Integer
from sqlalchemy.orm import Mapped, mapped_column

from kingdomino.web.tables import Base


class VacationRow(Base):
    """An account's vacation: from ``started`` to ``until`` (epoch seconds), or to ``ended`` if its
    player came back early. An account has at most one running (``ended`` None, ``until`` ahead)."""

    __tablename__ = "vacations"
    __table_args__ = (Index("vacations_by_account", "account_id", "started"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    started: Mapped[float] = mapped_column(Float)
    until: Mapped[float] = mapped_column(Float)
    ended: Mapped[float | None] = mapped_column(Float, nullable=True)
