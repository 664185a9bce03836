"""Players' reports of other accounts (``ReportRow``): a logged-in account reports another, from
its player page or from a line it wrote in a game's chat, with a reason and a few words, for the
operator to read (``report_admin``, ``kingdomino reports``).

A report is the reporter's and the operator's alone: the reported account is never told, and the
reporter is only thanked. An account reports at most ``PER_DAY`` in any 24 hours (a report is
read by a person), and one open report per account and reason is enough: the same one again is
refused until the operator closed it. Each report made is logged at WARNING with its id, so that
an operator's monitoring of the log tells them of it.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any, Literal, get_args

from sqlalchemy import func, select

from kingdomino.web.refusals import HubError
from kingdomino.web.report_tables import ReportRow
from kingdomino.web.seats import clean_name
from kingdomino.web.standings import account_named
from kingdomino.web.store import Store
from kingdomino.web.stored import now
from kingdomino.web.tables import ChatMessageRow, GameRow, SeatAccountRow

log = logging.getLogger(__name__)

#: Why a player reports another (``report.reason.<code>`` on the page).
Reason = Literal["abusive_chat", "cheating", "stalling", "offensive_name", "other"]
REASONS: tuple[str, ...] = get_args(Reason)
#: The longest words a report carries, in characters.
MAX_TEXT = 500
#: The most reports one account makes in any 24 hours.
PER_DAY = 10


def _sits(session: Any, account: int, game_id: str) -> bool:
    """Whether ``account`` plays (or played) a seat of ``game_id``."""
    found = select(SeatAccountRow.seat).where(
        SeatAccountRow.account_id == account, SeatAccountRow.game_id == game_id
    )
    return session.scalar(found) is not None


def report(
    store: Store,
    reporter: int,
    name: str,
    reason: str,
    words: str | None,
    game_id: str | None = None,
    line_id: int | None = None,
) -> int:
    """Store ``reporter``'s report of the account ``name``: its id. ``line_id`` cites a chat line
    the reported account wrote (its game is the report's); ``game_id`` the game it is about.
    Refused: no such account (404 ``no_player``), oneself (422 ``report_yourself``), a line not
    theirs or in a players' room ``reporter`` does not sit in, or a game not found (422
    ``report_line``, 404 ``no_game``), more than ``PER_DAY``
    (429 ``too_many_reports``), the same open report again (409 ``report_again``)."""
    found = account_named(store, name)
    if found is None:
        raise HubError(404, "name", f"no player is named {name!r}", "no_player", {"name": name})
    reported, shown = found[0], found[1]
    if reported == reporter:
        raise HubError(422, "name", "you cannot report yourself", "report_yourself")
    text = clean_name(words)[:MAX_TEXT] if words else ""
    with store.sessions.begin() as session:
        if line_id is not None:
            line = session.get(ChatMessageRow, line_id)
            # A players' room is its players' alone: no one else cites what they could not read.
            unread = (
                line is not None and line.room == "players" and not _sits(session, reporter, line.game_id)
            )
            if line is None or line.account_id != reported or game_id not in (None, line.game_id) or unread:
                message = f"that chat line is not one {shown} wrote"
                raise HubError(422, "line", message, "report_line", {"name": shown})
            game_id = line.game_id
        elif game_id is not None and session.get(GameRow, game_id) is None:
            raise HubError(404, "game", f"no game has the id {game_id!r}", "no_game")
        since = now() - timedelta(days=1)
        made = session.scalar(
            select(func.count())
            .select_from(ReportRow)
            .where(ReportRow.reporter == reporter, ReportRow.at >= since)
        )
        if (made or 0) >= PER_DAY:
            message = f"you made {PER_DAY} reports in the last 24 hours, the most: try again tomorrow"
            raise HubError(429, "name", message, "too_many_reports", {"n": PER_DAY})
        again = session.scalar(
            select(ReportRow.id).where(
                ReportRow.reporter == reporter,
                ReportRow.reported == reported,
                ReportRow.reason == reason,
                ReportRow.closed.is_(None),
            )
        )
        if again is not None:
            message = f"you reported {shown} for this already; the report is being looked at"
            raise HubError(409, "reason", message, "report_again", {"name": shown})
        row = ReportRow(
            reporter=reporter,
            reported=reported,
            reason=reason,
            text=text or None,
            game_id=game_id,
            chat_line=line_id,
            at=now(),
        )
        session.add(row)
        session.flush()
        made_id = int(row.id)
    # The operator learns of it without asking (``kingdomino reports list``): a line at WARNING,
    # which a log's monitoring catches, names the report to read; never the reporter nor its words.
    log.warning(
        "report %d made: %s reported for %s (kingdomino reports show %d)", made_id, shown, reason, made_id
    )
    return made_id
