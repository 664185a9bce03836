"""A player's whole archive of finished games and two players' record against each other, over
HTTP: public, as the player's page is (a closed account's too: its games are its opponents').

Matched before the player's page (``players``), whose path takes any name: a name ending in
``/games`` or holding ``/vs/`` reads as these. Database reads run in a thread, off the event loop,
and a client asks at most ``ARCHIVE`` of them a minute: each page counts its filter's games over
the whole archive, and a client asking forty at once held the database's threads for seconds.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from limits import parse

from kingdomino.web import archive as archives
from kingdomino.web import head_to_head, standings
from kingdomino.web.archive import Filters
from kingdomino.web.hub import Hub
from kingdomino.web.refusals import HubError
from kingdomino.web.routes.accounts import limited
from kingdomino.web.routes.dependencies import Client, HubDep

router = APIRouter()

#: The archive's pages and records a client may ask for, in a moving window: a reader's filters
#: and pages are far fewer, a script's loop meets them.
ARCHIVE = parse("60/minute")


async def account_id(hub: Hub, name: str, field: str) -> tuple[int, str]:
    """The id and name of the account named ``name`` (a closed one too), or 404 ``no_player``
    naming ``field``."""
    account = await asyncio.to_thread(standings.account_named, hub.store, name, True)
    if account is None:
        raise HubError(404, field, f"no player is named {name!r}", "no_player", {"name": name})
    return account[0], account[1]


async def results_kept(hub: Hub, account: int) -> None:
    """Keep the results of the account's latest finished games that lack them (claimed after
    their end), as its page does: only a game with its result kept is listed."""
    for game_id in await asyncio.to_thread(standings.finished_without_results, hub.store, account):
        table = hub.table(game_id)
        state = table.state
        await asyncio.to_thread(hub.results.keep_results, table.stored, state.scores(), state.places())


@router.get("/api/players/{name:path}/games")
async def games(
    name: str,
    request: Request,
    hub: HubDep,
    client: Client,
    game: Annotated[str | None, Query(description="kingdomino, duel or origins")] = None,
    players: Annotated[int | None, Query(ge=2, le=4, description="Seats at the table")] = None,
    pool: Annotated[str | None, Query(description="A rating pool: its game and table sizes")] = None,
    result: Annotated[Literal["won", "lost"] | None, Query(description="Placed first, or not")] = None,
    rated: Annotated[bool | None, Query(description="Rated (true) or casual (false)")] = None,
    against: Annotated[
        Literal["people", "bots", "ai"] | None, Query(description="Whom the player met")
    ] = None,
    opponent: Annotated[str | None, Query(description="An account that sat at the game too")] = None,
    clock: Annotated[
        Literal["real_time", "turn_based", "none"] | None, Query(description="The clock")
    ] = None,
    before: Annotated[str | None, Query(description="The `next` of the page before")] = None,
    limit: Annotated[int, Query(ge=1, le=archives.MOST)] = archives.PAGE,
) -> dict[str, Any]:
    """A page of the player's finished games that the filters keep, newest ended first: `games`
    (as the player's page lists them), `next` (the `before` of the next page; null on the last)
    and `total` (the games of every page). At most 60 a minute per client (429 `too_many_tries`),
    with the records below."""
    await limited(request, "archive", client, ARCHIVE)
    me, shown = await account_id(hub, name, "name")
    other = None if opponent is None else (await account_id(hub, opponent, "opponent"))[0]
    filters = archives.checked(Filters(game, players, pool, result, rated, against, other, clock))
    if before is None:
        await results_kept(hub, me)
    page = await asyncio.to_thread(archives.archive, hub.store, me, filters, before, limit)
    return {"name": shown, **page}


@router.get("/api/players/{name:path}/vs/{other:path}")
async def versus(name: str, other: str, request: Request, hub: HubDep, client: Client) -> dict[str, Any]:
    """The player's record against the other: the finished games both sat in, each's wins (placed
    first), places compared (`ahead`, `behind`, `level`), per game (`per_game`), and their
    `latest` games together. Counted with the archive's pages (`too_many_tries`)."""
    await limited(request, "archive", client, ARCHIVE)
    me, shown = await account_id(hub, name, "name")
    them, their_name = await account_id(hub, other, "other")
    if me == them:
        raise HubError(422, "other", f"other: expected another player than {shown!r}")
    await results_kept(hub, me)
    found = await asyncio.to_thread(head_to_head.record, hub.store, me, them)
    return {"name": shown, "other": their_name, **found}
