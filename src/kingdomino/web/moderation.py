"""The moderators' work on players' reports (``/moderation``, ``routes/moderation``): the operator
makes an account a moderator (``kingdomino accounts moderator``); a moderator reads the open
reports, one in full (``report_admin.details``), and closes it with a note, silences the reported
account for a few days or renames an offensive name. Each action is recorded with who did it and
when (``ModerationActionRow``) and shown on the report.

A moderator is an ordinary account besides, and moderators do not judge each other: a report
about any moderator (itself or another) is the operator's alone (``kingdomino reports``): the queue
leaves it out and its page and actions are refused, so that no moderator silences or renames
another. A rename made by mistake is put back from the report's page (``rename_back``), as the
operator's ``accounts rename`` would. A moderator does no more than these actions: closing,
reopening or renaming an account beyond a report, a longer silence, the fair-play of any account,
stay the operator's (``kingdomino accounts``).
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

#: What a moderator does on a report (``moderation.did.<code>`` on the page).
Action = Literal["close", "silence", "rename", "rename_back"]
ACTIONS: tuple[str, ...] = ("close", "silence", "rename", "rename_back")
#: Between the old and the new name in a rename's recorded detail.
ARROW = " → "
#: The longest silence a moderator gives, in days (a longer one is the operator's).
MOST_DAYS = 90
#: The longest note of a closed report, in characters.
MAX_NOTE = 500
#: How many open reports a page of the queue holds (older ones follow on asking).
PAGE = 20


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


def _about_a_moderator() -> Any:
    """The condition a report is about a moderator (the operator's, not the queue's)."""
    return ReportRow.reported.in_(select(ModeratorRow.account_id))


def _open_count(account: Any, column: Any) -> Any:
    """How many open reports ``account`` made or is the subject of (``column``), per queue line."""
    return (
        select(func.count())
        .select_from(ReportRow)
        .where(column == account.id, ReportRow.closed.is_(None))
        .correlate(account)
        .scalar_subquery()
    )


def queue(store: Store, before: int | None = None, limit: int = PAGE) -> dict[str, Any]:
    """A page of the open reports, newest first, but those about a moderator: ``limit`` of them,
    older than the report ``before`` (None: from the newest). Each with its reason, words, game,
    the reported account with how many open reports are about it, the reporter with how many it
    made, and what moderators did on it so far (as on its page, oldest first). With them
    ``open``, how many open reports the queue holds in all, ``newer``, how many of them are
    newer than the page (its first report's place is ``newer`` + 1, for a page opened at its
    address), and ``more``, whether older ones follow (asked with ``before`` the last one's id: a
    report closed meanwhile moves none)."""
    reporter, reported = aliased(AccountRow), aliased(AccountRow)
    waiting = (ReportRow.closed.is_(None), ~_about_a_moderator())
    query = (
        select(
            ReportRow,
            reporter.name,
            reported.name,
            _open_count(reporter, ReportRow.reporter),
            _open_count(reported, ReportRow.reported),
        )
        .join(reporter, reporter.id == ReportRow.reporter)
        .join(reported, reported.id == ReportRow.reported)
        .where(*waiting, *((ReportRow.id < before,) if before is not None else ()))
        .order_by(ReportRow.id.desc())
        .limit(limit + 1)
    )
    with store.sessions() as session:
        found = session.execute(query).all()
        rows = found[:limit]
        counted = select(func.count()).select_from(ReportRow)
        total = session.scalar(counted.where(*waiting))
        newer = 0
        if before is not None:
            newer = session.scalar(counted.where(*waiting, ReportRow.id >= before)) or 0
        done: dict[int, list[dict[str, str | None]]] = {row.id: [] for row, *_ in rows}
        if done:
            acts = select(ModerationActionRow).where(ModerationActionRow.report_id.in_(done))
            for act in session.scalars(acts.order_by(ModerationActionRow.id)):
                done[act.report_id].append({"by": act.by, "action": act.action, "detail": act.detail})
    reports = [
        {
            "id": row.id,
            "at": aware(row.at).isoformat(),
            "reason": row.reason,
            "text": row.text,
            "game": row.game_id,
            "reported": shown,
            "reported_open": int(about),
            "reporter": by,
            "reporter_open": int(count),
            "done": done[row.id],
        }
        for row, by, shown, count, about in rows
    ]
    return {"reports": reports, "open": int(total or 0), "newer": int(newer or 0), "more": len(found) > limit}


def _reported(store: Store, report_id: int, moderator_id: int) -> ReportRow:
    """The report ``report_id``, refused 404 ``no_report`` if none has the id, 403
    ``moderate_yourself`` when it is about ``moderator_id`` and 403 ``moderate_moderator`` when
    about another moderator (the operator's, both: the role is read now, so a report made before
    its account became a moderator is refused too)."""
    with store.sessions() as session:
        row = session.get(ReportRow, report_id)
        if row is None:
            raise HubError(404, "report", f"no report has the id {report_id}", "no_report")
        if row.reported == moderator_id:
            message = "this report is about you: the server's operator looks at it"
            raise HubError(403, "report", message, "moderate_yourself")
        if session.get(ModeratorRow, row.reported) is not None:
            message = "this report is about a moderator: the server's operator looks at it"
            raise HubError(403, "report", message, "moderate_moderator")
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


def next_open(store: Store, report_id: int) -> int | None:
    """The open report after ``report_id`` in the queue's order (the newest older one, else the
    newest of all), so that a moderator goes through an evening's reports from page to page."""
    ahead = select(ReportRow.id).where(
        ReportRow.closed.is_(None), ReportRow.id != report_id, ~_about_a_moderator()
    )
    with store.sessions() as session:
        older = session.scalar(ahead.where(ReportRow.id < report_id).order_by(ReportRow.id.desc()).limit(1))
        return older if older is not None else session.scalar(ahead.order_by(ReportRow.id.desc()).limit(1))


def report_page(store: Store, report_id: int, moderator_id: int) -> dict[str, Any]:
    """The report ``report_id`` in full for a moderator: its line (the reporter too), the chat line
    it cites, the reported account's last chat lines and games, whether it is silenced, and the
    moderators' actions on it, the name a rename would be put back to (``rename_back``, None: no
    rename to put back) and the next open report (``next_open``)."""
    row = _reported(store, report_id, moderator_id)
    found = report_admin.details(store, report_id)
    line = asdict(found.line)
    line["at"] = found.line.at.isoformat()
    line["closed"] = found.line.closed.isoformat() if found.line.closed else None
    games = [{**game, "created": game["created"].isoformat()} for game in found.games]
    until = silences.silenced_until(store, row.reported)
    renamed = _renamed_from(store, report_id, found.line.reported)
    return {
        "report": line,
        "cited": found.cited,
        "chat": found.chat,
        "games": games,
        "silenced_until": until.isoformat() if until else None,
        "actions": actions(store, report_id),
        "next": next_open(store, report_id),
        "rename_back": renamed[0] if renamed else None,
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
    _record(store, report_id, by, "rename", f"{old}{ARROW}{shown}")
    return shown


def _renamed_from(store: Store, report_id: int, current: str) -> tuple[str, str] | None:
    """The names before and after the report's last rename, if its last change of name is one
    (not put back already); its detail cut where the account's ``current`` name follows, should a
    name hold the arrow."""
    changes = (
        select(ModerationActionRow)
        .where(
            ModerationActionRow.report_id == report_id,
            ModerationActionRow.action.in_(("rename", "rename_back")),
        )
        .order_by(ModerationActionRow.id.desc())
        .limit(1)
    )
    with store.sessions() as session:
        last = session.scalars(changes).first()
    if last is None or last.action != "rename" or not last.detail or ARROW not in last.detail:
        return None
    parts = last.detail.split(ARROW)
    cuts = [(ARROW.join(parts[:cut]), ARROW.join(parts[cut:])) for cut in range(1, len(parts))]
    return next((cut for cut in cuts if cut[1] == current), cuts[0])


def rename_back(store: Store, report_id: int, moderator_id: int, by: str) -> str:
    """Put back the name the last rename from the report ``report_id`` replaced (a rename made by
    mistake; the report may be closed since), checked as a new account's: the name as kept.
    Refused 409 ``rename_nothing`` when the report's last change of name is no rename (none, or
    put back already), 409 ``rename_changed`` when the account was renamed again since, and 409
    ``name_taken`` naming ``name`` when another account took the old name meanwhile."""
    row = _reported(store, report_id, moderator_id)
    with store.sessions() as session:
        name = session.scalar(select(AccountRow.name).where(AccountRow.id == row.reported))
    old = _renamed_from(store, report_id, name or "")
    if old is None or name is None:
        message = f"the report {report_id} has no rename to put back"
        raise HubError(409, "report", message, "rename_nothing")
    if old[1] != name:
        message = f"the player was renamed again since: they are {name} now"
        raise HubError(409, "report", message, "rename_changed", {"name": name})
    shown = account_admin.rename(store, name, old[0])
    _record(store, report_id, by, "rename_back", f"{name}{ARROW}{shown}")
    return shown
