"""A player's statistics over HTTP (``GET /api/players/{name}/stats``): public, as the archive
is, over the same games (``insights``).

Matched before the player's page (``players``), whose path takes any name: a name ending in
``/stats`` reads as this. The database's aggregates run in a thread, off the event loop, after
the player's latest games lacking their results or details have them kept (a guest's game claimed
after its end; a game the fill at the server's start has not reached yet).
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from limits import parse

from kingdomino.web import archive as archives
from kingdomino.web import insights
from kingdomino.web.archive import Filters
from kingdomino.web.insight_fill import fill_account
from kingdomino.web.routes.accounts import limited
from kingdomino.web.routes.archive import account_id, results_kept
from kingdomino.web.routes.dependencies import Client, HubDep

router = APIRouter()

#: Statistics a client may ask for, in a moving window: a reader changing the filters asks a few
#: times a minute; each costs up to a second of a database thread for a player of 5,000 games, so
#: a loop of them would hold the threads every other request waits for.
READS = parse("30/minute")
#: Statistics read at once by one server, whoever asks: the others await their turn. The limit
#: per client bounds one reader; many clients (an IPv6 /64 each) asking for the same player of
#: thousands of games held a database thread each, the threads every login and move waits for.
AT_ONCE = 2


def _slots(request: Request) -> asyncio.Semaphore:
    """The app's turns to read statistics (``AT_ONCE``), made with its first reading."""
    state = request.app.state
    if not hasattr(state, "statistics_slots"):
        state.statistics_slots = asyncio.Semaphore(AT_ONCE)
    slots: asyncio.Semaphore = state.statistics_slots
    return slots


@router.get("/api/players/{name:path}/stats")
async def statistics(
    name: str,
    request: Request,
    hub: HubDep,
    client: Client,
    game: Annotated[str | None, Query(description="kingdomino, duel or origins")] = None,
    pool: Annotated[str | None, Query(description="A rating pool: its game and table sizes")] = None,
    rated: Annotated[bool | None, Query(description="Rated (true) or casual (false)")] = None,
    against: Annotated[
        Literal["people", "bots", "ai"] | None, Query(description="Whom the player met")
    ] = None,
    clock: Annotated[
        Literal["real_time", "turn_based", "none"] | None, Query(description="The clock")
    ] = None,
    last: Annotated[
        int | None, Query(ge=1, le=insights.MOST_LAST, description="The latest games only")
    ] = None,
) -> dict[str, Any]:
    """Per game and mode, over the player's finished games that the filters keep: the results
    (`games`, `wins`, `draws`, `average_place`, `average_score`, `best_score`), the kingdoms'
    details from the scorer (`average_crowns`, `average_largest`, `terrains`, `bonuses`) and the
    `scores` of the latest 100; `pending` counts the games whose details are not kept yet. At
    most 30 a minute per client (429 `too_many_tries`), and `AT_ONCE` read at once by a server."""
    await limited(request, "statistics", client, READS)
    me, shown = await account_id(hub, name, "name")
    filters = archives.checked(Filters(game=game, pool=pool, rated=rated, against=against, clock=clock))
    async with _slots(request):
        await results_kept(hub, me)
        await asyncio.to_thread(fill_account, hub.store, me)
        found = await asyncio.to_thread(insights.statistics, hub.store, me, filters, last)
    return {"name": shown, **found}
