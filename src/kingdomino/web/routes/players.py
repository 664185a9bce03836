"""Players over HTTP: each pool's leaderboard, a player's page, and the logged-in account's games
(its list on any device, and a guest's games claimed for it).

The leaderboards and players' pages are public (a name, its ratings and finished games); an
account's games hold its seats' tokens, so they are the logged-in account's alone (the
``kd_session`` cookie). Claiming changes who plays a seat, so a foreign ``Origin`` is refused as
for the other account requests. Database reads run in a thread, off the event loop.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request
from limits import RateLimitItem, parse

from kingdomino.ratings.pools import pool_names
from kingdomino.web import account_games, relations, standings
from kingdomino.web.default_pool import default_pool
from kingdomino.web.game_requests import client_request
from kingdomino.web.refusals import HubError
from kingdomino.web.routes.accounts import CurrentAccount, LoggedIn, limited, same_origin
from kingdomino.web.routes.bodies import LookupRequest
from kingdomino.web.routes.dependencies import Client, HubDep
from kingdomino.web.vacation import shown_away

router = APIRouter()

#: Players' pages a client may ask for, in a moving window: a page of a player of 5,000 games
#: holds a database thread about 100 ms (``bench/bench_archive.py``), so a loop of them held the
#: threads every other request waits for; a club of 30 people behind one address, each opening
#: a page every ten seconds, asks 180.
PAGES = parse("300/minute")
#: Leaderboards a client may ask for: each reads its pool's ratings on a database thread, about
#: 7 ms of the server's time on a loaded machine, the costliest public read
#: (``bench/bench_reads.py``); a reader switching pools and kinds asks one or two a second, a
#: club behind one address as ``PAGES`` says.
LEADERBOARDS: tuple[RateLimitItem, ...] = (parse("20/second"), parse("300/minute"))


async def leaderboard_request(request: Request) -> None:
    """Count the client's leaderboard against ``LEADERBOARDS`` (the app's ``leaderboard_rate``
    instead when set: the tests' shared servers), 429 ``too_many_requests`` beyond."""
    rates = getattr(request.app.state, "leaderboard_rate", None) or LEADERBOARDS
    await client_request(request, "leaderboard", rates)


#: Most players a leaderboard lists (and as many provisional ones apart).
MAX_LEADERS = 100
#: Whom a leaderboard lists (``standings.KINDS``): every account, people's, or bots'.
KindQuery = Annotated[
    Literal["all", "people", "bots"],
    Query(description="Whom to list: `all` accounts (the default), `people` only, or `bots` only."),
]


@router.get("/api/leaderboards", dependencies=[Depends(leaderboard_request)])
async def default_leaderboard(
    hub: HubDep,
    account: CurrentAccount,
    limit: Annotated[int, Query(ge=1, le=MAX_LEADERS)] = 50,
    kind: KindQuery = "all",
) -> dict[str, Any]:
    """The leaderboard of the pool its reader most likely looks for (`default_pool`): a logged-in
    account's latest rated game's (else its most played), anyone else's the one with most players."""
    pool = await asyncio.to_thread(default_pool, hub.store, account.id if account is not None else None)
    return await leaderboard(pool, hub, limit, kind)


@router.get("/api/leaderboards/{pool}", dependencies=[Depends(leaderboard_request)])
async def leaderboard(
    pool: str,
    hub: HubDep,
    limit: Annotated[int, Query(ge=1, le=MAX_LEADERS)] = 50,
    kind: KindQuery = "all",
) -> dict[str, Any]:
    """A pool's best players by rating (`players`, ranked), and apart the best whose rating is
    still provisional (`provisional`: deviation over `threshold`); `pools` names every pool.
    Each entry says whether it is a bot's account (`bot`); `kind` lists people or bots alone."""
    if pool not in pool_names():
        raise HubError(
            404, "pool", f"expected one of {', '.join(pool_names())}, got {pool!r}", "no_pool", {"pool": pool}
        )
    board = await asyncio.to_thread(standings.leaderboard, hub.store, pool, limit, kind)
    return {**board, "pools": pool_names()}


@router.get("/api/players/{name:path}")
async def player(name: str, request: Request, hub: HubDep, client: Client) -> dict[str, Any]:
    """A player's page: ratings per pool with their history, recent finished games (each with
    its replay), and per game the finished games (forfeited ones too), the wins and the mean score;
    `followers`: how many accounts follow it; `closed` says the account is closed (its page
    stays: its games are its opponents' too); `vacation`: `{until}` while it is away (null: not).
    At most 300 a minute per client (429 `too_many_tries`)."""
    await limited(request, "player", client, PAGES)
    account = await asyncio.to_thread(standings.account_named, hub.store, name, True)
    if account is None:
        raise HubError(404, "name", f"no player is named {name!r}", "no_player", {"name": name})
    for game_id in await asyncio.to_thread(standings.finished_without_results, hub.store, account[0]):
        table = hub.table(game_id)
        state = table.state
        await asyncio.to_thread(hub.results.keep_results, table.stored, state.scores(), state.places())
    page = await asyncio.to_thread(standings.player_page, hub.store, account)
    return {
        **page,
        "followers": await asyncio.to_thread(relations.followers, hub.store, account[0]),
        "vacation": await asyncio.to_thread(shown_away, hub.store, account[0]),
    }


@router.get("/api/account/games")
async def my_games(account: LoggedIn, hub: HubDep) -> dict[str, Any]:
    """The logged-in account's games, each with its seat's token: `playing` (those where it is
    to act first, `your_turn`), `open` and recent `finished`."""
    return await account_games.account_games(hub, account.id)


@router.post("/api/account/games/claim")
async def claim(body: LookupRequest, request: Request, account: LoggedIn, hub: HubDep) -> dict[str, Any]:
    """This browser's games made the account's: each human seat whose token is given and that
    no account plays yet (`claimed`); every other item `refused`, with the refusal."""
    same_origin(request)
    return await account_games.claim(hub, account.player(), [(item.id, item.token) for item in body.games])
