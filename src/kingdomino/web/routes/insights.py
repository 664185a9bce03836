"""A player's statistics over HTTP (``GET /api/players/{name}/stats``): public, as the archive
is, over the same games (``insights``).

Matched before the player's page (``players``), whose path takes any name: a name ending in
``/stats`` reads as this. The database's aggregates run in a thread, off the event loop.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query

from kingdomino.web import archive as archives
from kingdomino.web import insights, standings
from kingdomino.web.archive import Filters
from kingdomino.web.hub import Hub
from kingdomino.web.insight_details import keep_details, sheets_of
from kingdomino.web.routes.archive import account_id
from kingdomino.web.routes.dependencies import HubDep

router = APIRouter()


async def results_kept(hub: Hub, account: int) -> None:
    """Keep the results and details of the account's latest finished games that lack their
    results (claimed after their end: no account played them then), as the archive does."""
    for game_id in await asyncio.to_thread(standings.finished_without_results, hub.store, account):
        table = hub.table(game_id)
        state = table.state
        await asyncio.to_thread(hub.results.keep_results, table.stored, state.scores(), state.places())
        await asyncio.to_thread(keep_details, hub.store, table.stored, sheets_of(state))


@router.get("/api/players/{name:path}/stats")
async def statistics(
    name: str,
    hub: HubDep,
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
    `scores` of the latest 100; `pending` counts the games whose details are not kept yet."""
    me, shown = await account_id(hub, name, "name")
    filters = archives.checked(Filters(game=game, pool=pool, rated=rated, against=against, clock=clock))
    await results_kept(hub, me)
    found = await asyncio.to_thread(insights.statistics, hub.store, me, filters, last)
    return {"name": shown, **found}
