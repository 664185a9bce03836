"""The moderators' tables (``moderators``, ``moderation_actions``): the accounts the operator made
moderators, and what each did on a report from the moderation page. Made with the others when a
store opens (``store_setup``), on an earlier version's database too.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from kingdomino.web.tables import Base


class ModeratorRow(Base):
    """An account the operator made a moderator (``kingdomino accounts moderator``): it reads the
    open reports and acts on them from ``/moderation``. Its row gone, it is an ordinary account."""

    __tablename__ = "moderators"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    since: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ModerationActionRow(Base):
    """One moderator's action on a report: who (the name they had then: the record outlives a
    rename), when, what (``moderation.ACTIONS``) and its detail (the note, the days, the new name)."""

    __tablename__ = "moderation_actions"
    __table_args__ = (Index("moderation_actions_by_report", "report_id", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    report_id: Mapped[int] = mapped_column(ForeignKey("reports.id", ondelete="CASCADE"))
    by: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    action: Mapped[str] = mapped_column(String(16))
    detail: Mapped[str | None] = mapped_column(Text, nullable=True)
