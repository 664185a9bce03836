"""The operator's work on players' reports (``kingdomino reports``): list them, show one with what
it is about (the cited chat line, the reported account's last chat lines and recent games), and
close one with a note. Each is one read or one transaction, safe while the servers run.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import aliased

from kingdomino.web.account_admin import NoAccount
from kingdomino.web.accounts import aware
from kingdomino.web.moderation_tables import ModeratorRow
from kingdomino.web.report_tables import ReportRow
from kingdomino.web.seats import clean_name, name_key
from kingdomino.web.store import Store
from kingdomino.web.stored import now
from kingdomino.web.tables import AccountRow, ChatMessageRow, GameRow, SeatAccountRow

#: How many of the reported account's chat lines, and of its games, a report's page shows.
CHAT_LINES = 20
GAMES = 10


class NoReport(LookupError):
    """No report has the id asked for."""


@dataclass(frozen=True)
class ReportLine:
    """A report as the operator's list shows it."""

    id: int
    at: datetime
    reporter: str
    reported: str
    reason: str
    text: str | None
    game_id: str | None
    chat_line: int | None
    closed: datetime | None
    note: str | None
    #: Whether the reported account is a moderator now: moderators do not judge moderators, so
    #: such a report waits for the operator alone (``moderation``).
    about_moderator: bool = False


@dataclass(frozen=True)
class ReportDetails:
    """One report in full: its line, the chat line it cites (None: none, or gone with its game),
    the reported account's last ``CHAT_LINES`` chat lines and its last ``GAMES`` games."""

    line: ReportLine
    cited: dict[str, Any] | None = None
    chat: list[dict[str, Any]] = field(default_factory=list)
    games: list[dict[str, Any]] = field(default_factory=list)


def _reports() -> Any:
    reporter, reported = aliased(AccountRow), aliased(AccountRow)
    query = (
        select(ReportRow, reporter.name, reported.name, ModeratorRow.account_id.is_not(None))
        .join(reporter, reporter.id == ReportRow.reporter)
        .join(reported, reported.id == ReportRow.reported)
        .outerjoin(ModeratorRow, ModeratorRow.account_id == ReportRow.reported)
    )
    return query, reported


def _line(row: ReportRow, reporter: str, reported: str, moderator: bool) -> ReportLine:
    return ReportLine(
        row.id,
        aware(row.at),
        reporter,
        reported,
        row.reason,
        row.text,
        row.game_id,
        row.chat_line,
        aware(row.closed) if row.closed else None,
        row.note,
        bool(moderator),
    )


def list_reports(
    store: Store, open_only: bool = False, account: str | None = None, moderators_only: bool = False
) -> list[ReportLine]:
    """The reports, newest first: the open ones alone (``open_only``), those about ``account``
    alone (its name as it reads; ``NoAccount`` if none has it), those about a moderator alone
    (``moderators_only``: the reports no moderator may act on)."""
    query, reported = _reports()
    if open_only:
        query = query.where(ReportRow.closed.is_(None))
    if moderators_only:
        query = query.where(ModeratorRow.account_id.is_not(None))
    with store.sessions() as session:
        if account is not None:
            key = name_key(clean_name(account))
            if session.scalar(select(AccountRow.id).where(AccountRow.name_key == key)) is None:
                raise NoAccount(f"no account is named {account!r} (nor reads as it)")
            query = query.where(reported.name_key == key)
        rows = session.execute(query.order_by(ReportRow.id.desc())).all()
        return [_line(*found) for found in rows]


def _chat(row: ChatMessageRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "game": row.game_id,
        "room": row.room,
        "at": row.at,
        "name": row.name,
        "text": row.text,
        "phrase": row.phrase,
    }


def details(store: Store, report_id: int) -> ReportDetails:
    """The report ``report_id`` in full; ``NoReport`` if none has the id."""
    query, _ = _reports()
    with store.sessions() as session:
        found = session.execute(query.where(ReportRow.id == report_id)).first()
        if found is None:
            raise NoReport(f"no report has the id {report_id}")
        row, reporter, reported, moderator = found
        cited = session.get(ChatMessageRow, row.chat_line) if row.chat_line is not None else None
        chat = session.scalars(
            select(ChatMessageRow)
            .where(ChatMessageRow.account_id == row.reported)
            .order_by(ChatMessageRow.id.desc())
            .limit(CHAT_LINES)
        ).all()
        games = session.execute(
            select(GameRow.id, GameRow.game, GameRow.status, GameRow.created)
            .join(SeatAccountRow, SeatAccountRow.game_id == GameRow.id)
            .where(SeatAccountRow.account_id == row.reported)
            .order_by(GameRow.created.desc())
            .limit(GAMES)
        ).all()
        return ReportDetails(
            _line(row, reporter, reported, moderator),
            _chat(cited) if cited is not None else None,
            [_chat(line) for line in chat],
            [
                {
                    "id": game.id,
                    "game": game.game,
                    "status": game.status,
                    "created": aware(game.created),
                    "replay": f"/game/{game.id}/replay",
                }
                for game in games
            ],
        )


def close(store: Store, report_id: int, note: str | None) -> bool:
    """Close the report ``report_id`` with the operator's ``note`` (False: it was closed already;
    ``NoReport`` if none has the id)."""
    with store.sessions.begin() as session:
        row = session.get(ReportRow, report_id)
        if row is None:
            raise NoReport(f"no report has the id {report_id}")
        if row.closed is not None:
            return False
        session.execute(update(ReportRow).where(ReportRow.id == report_id).values(closed=now(), note=note))
    return True
