"""The moderation's tables (``reports``, ``silences``): a player's report of another account, and
an operator's silencing of one. Made with the others when a store opens (``store_setup``), on an
earlier version's database too.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from kingdomino.web.tables import Base


class ReportRow(Base):
    """A report of an account by another (``reports``), open until an operator closes it."""

    __tablename__ = "reports"
    __table_args__ = (
        Index("reports_by_reporter", "reporter", "at"),
        Index("reports_by_reported", "reported", "closed"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    reporter: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    reported: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    #: One of ``reports.REASONS``.
    reason: Mapped[str] = mapped_column(String(16))
    #: The reporter's words (cleaned as chat text is; None: none given).
    text: Mapped[str | None] = mapped_column(Text, nullable=True)
    #: The game it is about (None: made from the player page). Not a foreign key: a report
    #: outlives the game's removal.
    game_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    #: The chat line it cites (``chat_messages.id``; None: none).
    chat_line: Mapped[int | None] = mapped_column(Integer, nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: When an operator closed it (None: open), and their note.
    closed: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    note: Mapped[str | None] = mapped_column(Text, nullable=True)


class SilenceRow(Base):
    """An account an operator silenced: it writes in no chat until ``until`` (every server reads
    the row when a line is written)."""

    __tablename__ = "silences"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    since: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    until: Mapped[datetime] = mapped_column(DateTime(timezone=True))
