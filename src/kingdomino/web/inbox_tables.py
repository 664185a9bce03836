"""The inbox's table: what happened for an account while it was away (``inbox_store`` reads and
writes it). Imported by ``store_setup``, so that it is made where missing with the others when a
store opens, on a database an earlier version made too."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Boolean, Float, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from kingdomino.web.tables import Base


class NotificationRow(Base):
    """An event kept for an account: its ``kind`` and the ``params`` its words need (names, the
    game, the round), never words, so that each reader reads it in their own language. ``key``
    names what it is about (``turn:GAME``): an account has one entry per key, so that a game's
    turns make one entry, not one per move."""

    __tablename__ = "notifications"
    __table_args__ = (
        Index("notifications_of", "account_id", "id"),
        Index("notifications_key", "account_id", "key", unique=True),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(32))
    key: Mapped[str] = mapped_column(String(96))
    params: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: When it happened (epoch seconds).
    at: Mapped[float] = mapped_column(Float)
    read: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
