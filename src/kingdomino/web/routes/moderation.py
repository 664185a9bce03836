"""The moderators' page's API (``web.moderation``): the open reports, one in full with its
fair-play evidence, and closing, silencing and renaming from it (a rename put back too).

Every route is a moderator's: a guest is refused 401 ``moderation_guest``, an account the operator
did not make a moderator 403 ``not_moderator`` (the role is read at each request: taken back, it
ends at once). An action from another site's page is refused (``Origin``), as every other POST.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Request
from pydantic import Field

from kingdomino.web import moderation
from kingdomino.web.accounts import Account
from kingdomino.web.moderation_fairplay import FairplayDesk
from kingdomino.web.refusals import HubError
from kingdomino.web.routes.accounts import account_required, same_origin
from kingdomino.web.routes.bodies import MAX_ROW_ID, AccountName, Body
from kingdomino.web.routes.dependencies import HubDep

router = APIRouter()

_logged_in = account_required("log in as a moderator to moderate", "moderation_guest")


async def _moderator(account: Annotated[Account, Depends(_logged_in)], hub: HubDep) -> Account:
    if not await asyncio.to_thread(moderation.is_moderator, hub.store, account.id):
        message = "only a moderator the server's operator named moderates"
        raise HubError(403, "session", message, "not_moderator")
    return account


#: The moderating account, as a route's parameter.
Moderator = Annotated[Account, Depends(_moderator)]
#: A report's id in the path.
ReportId = Annotated[int, Path(ge=1, le=MAX_ROW_ID, description="The report's id.")]


class CloseRequest(Body):
    """Closing a report: what was done about it."""

    note: str = Field(default="", max_length=moderation.MAX_NOTE, description="A note kept with the report.")


class SilenceRequest(Body):
    """Silencing the reported account."""

    days: int = Field(ge=1, le=moderation.MOST_DAYS, description="For how many days.")


class RenameRequest(Body):
    """Renaming the reported account (an offensive name)."""

    name: AccountName = Field(description="The new name, checked as a new account's.")


@router.get("/api/moderation/reports")
async def open_reports(
    moderator: Moderator,
    hub: HubDep,
    before: Annotated[
        int | None, Query(ge=1, le=MAX_ROW_ID, description="The page after this report (its id): older ones.")
    ] = None,
) -> dict[str, Any]:
    """A page of the open reports (20), newest first (but those about a moderator), each with the
    count of open reports about its player and by its reporter, and what moderators did on it so
    far: `{reports, open, newer, more}`, `open` how many the queue holds in all, `newer` how many of
    them are newer than the page, `more` whether older ones follow (asked with `before` the last
    one's id)."""
    return await asyncio.to_thread(moderation.queue, hub.store, before)


@router.get("/api/moderation/reports/{report_id}")
async def report(report_id: ReportId, moderator: Moderator, hub: HubDep) -> dict[str, Any]:
    """A report in full: the cited chat line, the reported account's last chat lines and games,
    and what moderators did on it."""
    return await asyncio.to_thread(moderation.report_page, hub.store, report_id, moderator.id)


def _desk(request: Request, hub: HubDep) -> FairplayDesk:
    state = request.app.state
    if getattr(state, "fairplay_desk", None) is None:
        state.fairplay_desk = FairplayDesk(hub.store, lambda: hub.queue, hub.reviews.agent)
    desk: FairplayDesk = state.fairplay_desk
    return desk


@router.get("/api/moderation/reports/{report_id}/fairplay")
async def fairplay(
    report_id: ReportId, moderator: Moderator, hub: HubDep, request: Request
) -> dict[str, Any]:
    """A cheating report's fair-play evidence: `{state: "computing", done, total}` while the
    server values the games (ask again), then `{state: "ready", evidence}`."""
    reason, reported, name = await asyncio.to_thread(moderation.subject, hub.store, report_id, moderator.id)
    if reason != "cheating":
        message = "the fair-play evidence is a cheating report's"
        raise HubError(409, "report", message, "fairplay_not_cheating")
    return _desk(request, hub).look(reported, name)


@router.post("/api/moderation/reports/{report_id}/close")
async def close(
    report_id: ReportId, body: CloseRequest, request: Request, moderator: Moderator, hub: HubDep
) -> dict[str, Any]:
    """Close the report with a note: it leaves the queue."""
    same_origin(request)
    await asyncio.to_thread(moderation.close, hub.store, report_id, moderator.id, moderator.name, body.note)
    return {"closed": True}


@router.post("/api/moderation/reports/{report_id}/silence")
async def silence(
    report_id: ReportId, body: SilenceRequest, request: Request, moderator: Moderator, hub: HubDep
) -> dict[str, Any]:
    """Silence the reported account for `days` (1 to 90): `{until}`."""
    same_origin(request)
    until = await asyncio.to_thread(
        moderation.silence, hub.store, report_id, moderator.id, moderator.name, body.days
    )
    return {"until": until.isoformat()}


@router.post("/api/moderation/reports/{report_id}/rename")
async def rename(
    report_id: ReportId, body: RenameRequest, request: Request, moderator: Moderator, hub: HubDep
) -> dict[str, Any]:
    """Rename the reported account (an offensive name): `{name}` as kept."""
    same_origin(request)
    shown = await asyncio.to_thread(
        moderation.rename, hub.store, report_id, moderator.id, moderator.name, body.name
    )
    return {"name": shown}


@router.post("/api/moderation/reports/{report_id}/rename_back")
async def rename_back(
    report_id: ReportId, request: Request, moderator: Moderator, hub: HubDep
) -> dict[str, Any]:
    """Put back the name the report's last rename replaced (one made by mistake): `{name}`."""
    same_origin(request)
    shown = await asyncio.to_thread(
        moderation.rename_back, hub.store, report_id, moderator.id, moderator.name
    )
    return {"name": shown}
