"""A player's report of another account over HTTP (``web.reports``): ``POST /api/reports``.

The logged-in account's act: a guest is refused 401 ``report_guest``; a report from another
site's page is refused (``Origin``). The answer thanks the reporter and says no more; the
reported account is told nothing.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from pydantic import Field

from kingdomino.web import reports
from kingdomino.web.accounts import Account
from kingdomino.web.routes.accounts import account_required, same_origin
from kingdomino.web.routes.bodies import MAX_ROW_ID, AccountName, Body
from kingdomino.web.routes.dependencies import HubDep

router = APIRouter()

#: The reporting account, as a route's parameter.
_reporter = account_required("log in to report a player: a report is an account's", "report_guest")
Reporter = Annotated[Account, Depends(_reporter)]


class ReportRequest(Body):
    """A report: whom, why, in a few words, and the game or the chat line it is about."""

    name: AccountName = Field(description="The reported account's name.")
    reason: reports.Reason = Field(
        description="`abusive_chat`, `cheating` (playing with an engine's help), `stalling` "
        "(stalling or leaving games), `offensive_name` or `other`."
    )
    text: str = Field(
        default="", max_length=reports.MAX_TEXT, description="What happened, cleaned as chat text is."
    )
    game: str | None = Field(default=None, max_length=32, description="The game it is about.")
    line: int | None = Field(
        default=None,
        ge=1,
        le=MAX_ROW_ID,
        description="The id of the chat line it cites (a line the account wrote).",
    )


@router.post("/api/reports")
async def make_report(
    body: ReportRequest, request: Request, account: Reporter, hub: HubDep
) -> dict[str, Any]:
    """Report the account `name` to the server's operator: `{id, thanks: true}`. Refused for
    yourself, a name with no account, a chat line it did not write, beyond 10 reports a day, and
    the same report (account and reason) while the first is open."""
    same_origin(request)
    made = await asyncio.to_thread(
        reports.report, hub.store, account.id, body.name, body.reason, body.text, body.game, body.line
    )
    return {"id": made, "thanks": True}
