"""An account's vacation over HTTP (``web.vacation``): ``GET /api/account/vacation`` reads it
with the days left this year, ``POST`` ``{until}`` (a date, ``YYYY-MM-DD``: the day its player is
back) sets the account away from now, ``DELETE`` ends it early.

They are an account's: a guest is refused 401 ``vacation_guest`` (a guest's games have no account
to be away). A change from another site's page is refused (``Origin``), and changes are limited
per client (``CHANGES``). The account's games by the day are written as it leaves and comes back
(``vacation_games``) before the answer, which says how many were (``games``).
"""

from __future__ import annotations

import asyncio
import time
from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from limits import parse
from pydantic import BaseModel, ConfigDict, Field

from kingdomino.web import vacation, vacation_games
from kingdomino.web.accounts import Account
from kingdomino.web.routes.accounts import account_required, limited, same_origin
from kingdomino.web.routes.dependencies import Client, HubDep

router = APIRouter()

#: Changes a client may send, in a moving window: a player sets a vacation a few times a year.
CHANGES = parse("10/minute")


class VacationRequest(BaseModel):
    """A vacation asked for: the day its player is back."""

    model_config = ConfigDict(extra="forbid")

    until: date = Field(
        description="The day you are back (`YYYY-MM-DD`, UTC): your clocks run again from its start."
    )


_owner = account_required("log in to go on vacation: a guest has no account to be away", "vacation_guest")
Owner = Annotated[Account, Depends(_owner)]


@router.get("/api/account/vacation")
async def read(account: Owner, hub: HubDep) -> dict[str, Any]:
    """Your vacation: `until` (the moment you are back, epoch seconds; null: not away),
    `days_left` this year, and the rules (`days_per_year`, `min_days`)."""
    return await asyncio.to_thread(vacation.state, hub.store, account.id, time.time())


@router.post("/api/account/vacation")
async def start(
    body: VacationRequest, request: Request, account: Owner, hub: HubDep, client: Client
) -> dict[str, Any]:
    """Go on vacation from now until the day `until`: the clocks of your games by the day stand
    still on your turns. Refused 422 (field `until`): a day past (`vacation_past`), too short
    (`vacation_too_short`), beyond the year's allowance (`vacation_allowance`); 409 while you are
    away already (`vacation_running`)."""
    same_origin(request)
    await limited(request, "vacation", client, CHANGES)
    moment = time.time()
    made = await asyncio.to_thread(vacation.start, hub.store, account.id, body.until, moment)
    games = await vacation_games.went_away(hub, made, account.name)
    return {**await asyncio.to_thread(vacation.state, hub.store, account.id, moment), "games": games}


@router.delete("/api/account/vacation")
async def end(request: Request, account: Owner, hub: HubDep, client: Client) -> dict[str, Any]:
    """Come back early: your clocks run again from now. Refused 409 `vacation_none` if you are
    not away."""
    same_origin(request)
    await limited(request, "vacation", client, CHANGES)
    moment = time.time()
    await asyncio.to_thread(vacation.end, hub.store, account.id, moment)
    games = await vacation_games.came_back(hub, account.id, moment)
    return {**await asyncio.to_thread(vacation.state, hub.store, account.id, moment), "games": games}
