"""The moderators' work on players' reports (``/moderation``, ``routes/moderation``): the operator
makes an account a moderator (``kingdomino accounts moderator``); a moderator reads the open
reports, one in full (``report_admin.details``), and closes it with a note, silences the reported
account for a few days or renames an offensive name. Each action is recorded with who did it and
when (``ModerationActionRow``) and shown on the report.

A moderator is an ordinary account besides: it never sees nor acts on a report about itself (the
queue leaves those out, a report's page refuses them), and does no more than these actions:
closing, reopening or renaming an account beyond a report, a longer silence, the fair-play of any
account, stay the operator's (``kingdomino accounts``).
"""

from __future__ import annotations

from dataclasses import asdict
from datetime import datetime
from typing import Any, Literal

from sqlalchemy import delete, func, select
from sqlalchemy.orm import aliased

from kingdomino.web import account_admin, report_admin, silences
from kingdomino.web.accounts import aware, name_taken
from kingdomino.web.moderation_tables import ModerationActionRow, ModeratorRow
from kingdomino.web.refusals import HubError
from kingdomino.web.report_tables import ReportRow
from kingdomino.web.seats import clean_name, name_key
from kingdomino.web.store import Store
from kingdomino.web.stored import now
from kingdomino.web.tables import AccountRow

#: What a moderator does on a report (``moderation.action.<code>`` on the page).
Action = Literal["close", "silence", "rename"]
ACTIONS: tuple[str, ...] = ("close", "silence", "rename")
#: The longest silence a moderator gives, in days (a longer one is the operator's).
MOST_DAYS = 90
#: The longest note of a closed report, in characters.
MAX_NOTE = 500


def is_moderator(store: Store, account_id: int) -> bool:
    """Whether the operator made ``account_id`` a moderator (read at each request: taken back, the
    role ends on every server at once)."""
    return moderator_since(store, account_id) is not None


def moderator_since(store: Store, account_id: int) -> datetime | None:
    """Since when ``account_id`` is a moderator (None: it is not)."""
    with store.engine.connect() as connection:
        since = connection.scalar(select(ModeratorRow.since).where(ModeratorRow.account_id == account_id))
    return aware(since) if since is not None else None


def set_moderator(store: Store, name: str, on: bool) -> bool:
    """Make the account named ``name`` a moderator (``on``) or an ordinary account again: False
    when it was so already (``account_admin.NoAccount`` if none has the name)."""
    account_id = account_admin.account_id(store, name)
    with store.sessions.begin() as session:
        had = session.get(ModeratorRow, account_id) is not None
        if on and not had:
            session.add(ModeratorRow(account_id=account_id, since=now()))
        elif not on and had:
            session.execute(delete(ModeratorRow).where(ModeratorRow.account_id == account_id))
    return had != on


def queue(store: Store, moderator_id: int) -> list[dict[str, Any]]:
    """The open reports, newest first, but those about ``moderator_id``: each with its reason,
    words, game, the reported account and the reporter with how many open reports it made."""
    reporter, reported = aliased(AccountRow), aliased(AccountRow)
    made = (
        select(func.count())
        .select_from(ReportRow)
        .where(ReportRow.reporter == reporter.id, ReportRow.closed.is_(None))
        .correlate(reporter)
        .scalar_subquery()
    )
    query = (
        select(ReportRow, reporter.name, reported.name, made)
        .join(reporter, reporter.id == ReportRow.reporter)
        .join(reported, reported.id == ReportRow.reported)
        .where(ReportRow.closed.is_(None), ReportRow.reported != moderator_id)
        .order_by(ReportRow.id.desc())
    )
    with store.sessions() as session:
        rows = session.execute(query).all()
    return [
        {
            "id": row.id,
            "at": aware(row.at).isoformat(),
            "reason": row.reason,
            "text": row.text,
            "game": row.game_id,
            "reported": shown,
            "reporter": by,
            "reporter_open": int(count),
        }
        for row, by, shown, count in rows
    ]


def _reported(store: Store, report_id: int, moderator_id: int) -> ReportRow:
    """The report ``report_id``, refused 404 ``no_report`` if none has the id and 403
    ``moderate_yourself`` when it is about ``moderator_id``."""
    with store.sessions() as session:
        row = session.get(ReportRow, report_id)
        if row is None:
            raise HubError(404, "report", f"no report has the id {report_id}", "no_report")
        if row.reported == moderator_id:
            message = "this report is about you: another moderator or the operator looks at it"
            raise HubError(403, "report", message, "moderate_yourself")
        session.expunge(row)
        return row


def subject(store: Store, report_id: int, moderator_id: int) -> tuple[str, int, str]:
    """The reason of the report ``report_id`` and the account it is about (its id and name),
    refused to ``moderator_id`` as its page is."""
    row = _reported(store, report_id, moderator_id)
    with store.sessions() as session:
        name = session.scalar(select(AccountRow.name).where(AccountRow.id == row.reported))
    return row.reason, row.reported, str(name)


def actions(store: Store, report_id: int) -> list[dict[str, Any]]:
    """What moderators did on ``report_id``, oldest first."""
    query = (
        select(ModerationActionRow)
        .where(ModerationActionRow.report_id == report_id)
        .order_by(ModerationActionRow.id)
    )
    with store.sessions() as session:
        return [
            {"by": row.by, "at": aware(row.at).isoformat(), "action": row.action, "detail": row.detail}
            for row in session.scalars(query)
        ]


def report_page(store: Store, report_id: int, moderator_id: int) -> dict[str, Any]:
    """The report ``report_id`` in full for a moderator: its line (the reporter too), the chat line
    it cites, the reported account's last chat lines and games, whether it is silenced, and the
    moderators' actions on it."""
    row = _reported(store, report_id, moderator_id)
    found = report_admin.details(store, report_id)
    line = asdict(found.line)
    line["at"] = found.line.at.isoformat()
    line["closed"] = found.line.closed.isoformat() if found.line.closed else None
    games = [{**game, "created": game["created"].isoformat()} for game in found.games]
    until = silences.silenced_until(store, row.reported)
    return {
        "report": line,
        "cited": found.cited,
        "chat": found.chat,
        "games": games,
        "silenced_until": until.isoformat() if until else None,
        "actions": actions(store, report_id),
    }


def _record(store: Store, report_id: int, by: str, action: str, detail: str | None) -> None:
    with store.sessions.begin() as session:
        session.add(ModerationActionRow(report_id=report_id, by=by, at=now(), action=action, detail=detail))


def _open(store: Store, report_id: int, moderator_id: int) -> ReportRow:
    row = _reported(store, report_id, moderator_id)
    if row.closed is not None:
        raise HubError(409, "report", f"the report {report_id} is closed already", "report_closed")
    return row


def close(store: Store, report_id: int, moderator_id: int, by: str, note: str) -> None:
    """Close the open report ``report_id`` with ``note`` (cleaned as chat text is), recorded as
    ``by``'s; it leaves the queue."""
    _open(store, report_id, moderator_id)
    kept = clean_name(note)[:MAX_NOTE] or None
    if not report_admin.close(store, report_id, kept):
        raise HubError(409, "report", f"the report {report_id} is closed already", "report_closed")
    _record(store, report_id, by, "close", kept)


def silence(store: Store, report_id: int, moderator_id: int, by: str, days: int) -> datetime:
    """Silence the account the open report ``report_id`` is about for ``days``: when it ends."""
    row = _open(store, report_id, moderator_id)
    until = silences.silence(store, row.reported, days)
    _record(store, report_id, by, "silence", str(days))
    return until


def rename(store: Store, report_id: int, moderator_id: int, by: str, new: str) -> str:
    """Rename the account the open report ``report_id`` is about to ``new`` (checked as a new
    account's, refused naming ``name``): the new name as kept."""
    row = _open(store, report_id, moderator_id)
    with store.sessions() as session:
        old = session.scalar(select(AccountRow.name).where(AccountRow.id == row.reported))
    if old is None or name_key(clean_name(new)) == name_key(old):
        raise name_taken(clean_name(new))
    shown = account_admin.rename(store, old, new)
    _record(store, report_id, by, "rename", f"{old} → {shown}")
    return shown
