"""Puzzles over HTTP (``web.puzzles``): the next one of a game near the player's rating in it, one by
its id, the daily one, an answer checked and rated, and a player's puzzle ratings; and the page,
``/puzzles`` (``/puzzles/{id}``: that one first).

A puzzle's answers travel only in the answer to ``POST /api/puzzles/{id}/answer``. Answers are
limited per client (``ANSWERS``) as other requests that write are, and the reads (``PUZZLE_READS``)
as the leaderboards are; the database is read and written in a thread, off the event loop.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import HTMLResponse
from limits import RateLimitItem, parse
from pydantic import Field

from kingdomino.web import puzzles, standings
from kingdomino.web.accounts import Account
from kingdomino.web.game_requests import client_request
from kingdomino.web.refusals import HubError
from kingdomino.web.routes.accounts import CurrentAccount, limited, same_origin
from kingdomino.web.routes.app_pages import page
from kingdomino.web.routes.bodies import Body
from kingdomino.web.routes.dependencies import Client, HubDep
from kingdomino.web.store import Store

router = APIRouter()

#: Answers a client may send, in a moving window: a person answers one every few seconds.
ANSWERS = parse("30/minute")
#: A client's puzzle reads (the next one, the daily one, one by its id, a player's ratings)
#: together. The next puzzle costs the server 4 to 7 ms on a loaded machine, more than a
#: leaderboard (``bench/bench_puzzle_reads.py``); a player asks one or two a puzzle, a club behind
#: one address a few a second.
PUZZLE_READS: tuple[RateLimitItem, ...] = (parse("20/second"), parse("300/minute"))
#: The ids a guest's page may name as seen (its last ones: it keeps no more).
MAX_SKIPPED = 100


class AnswerRequest(Body):
    """An answer: a legal action of the puzzle's position, written as in games (`place 0,1 E`)."""

    action: str = Field(min_length=1, max_length=64, description="The action's text, as a game's.")


def _shown(puzzle_id: str, account: Account | None, store: Store) -> dict[str, Any]:
    """A puzzle's view with the account's puzzle rating (``player``; null for a guest)."""
    view = puzzles.puzzle_view(puzzle_id)
    return {**view, "player": puzzles.page_rating(store, account.id, view["kind"]) if account else None}


@router.get("/puzzles", include_in_schema=False)
@router.get("/puzzles/{puzzle_id}", include_in_schema=False)
async def puzzles_page(request: Request) -> HTMLResponse:
    """The app's page, as the puzzles (``app_pages``: with the preloads of its modules and texts)."""
    return page("puzzle.js", request)


async def puzzle_read(request: Request) -> None:
    """Count the client's puzzle read against ``PUZZLE_READS`` (the app's ``puzzle_read_rate``
    instead when set: the tests' shared servers), 429 ``too_many_requests`` beyond."""
    rates = getattr(request.app.state, "puzzle_read_rate", None) or PUZZLE_READS
    await client_request(request, "puzzle", rates)


@router.get("/api/puzzles/next", dependencies=[Depends(puzzle_read)])
async def next_puzzle(
    account: CurrentAccount,
    hub: HubDep,
    skip: Annotated[str, Query(max_length=MAX_SKIPPED * 13, description="Ids seen, comma-separated.")] = "",
    game: Annotated[
        str, Query(max_length=32, description="The set: kingdomino, duel, origins-discovery, ...")
    ] = "kingdomino",
) -> dict[str, Any]:
    """A puzzle of `game` (a set: Kingdomino, Duel or a mode of Origins; 422 for another) near
    the player's rating in it that they have not answered (a guest: not in `skip`), its position
    as the player sees it, and `player`, the account's puzzle rating in that set (the starting
    one before its first answer; null for a guest)."""
    seen = {s for s in skip.split(",")[:MAX_SKIPPED] if s}
    kind = puzzles.kind_named(game)
    account_id = account.id if account else None
    found = await asyncio.to_thread(puzzles.next_puzzle, hub.store, account_id, seen, kind)
    return await asyncio.to_thread(_shown, found.id, account, hub.store)


@router.get("/api/puzzles/daily", dependencies=[Depends(puzzle_read)])
async def daily(account: CurrentAccount, hub: HubDep) -> dict[str, Any]:
    """The puzzle of the day (UTC), the same for everyone: a Kingdomino one."""
    found = puzzles.daily_puzzle(datetime.now(UTC).date())
    return await asyncio.to_thread(_shown, found.id, account, hub.store)


@router.get("/api/puzzles/players/{name:path}", dependencies=[Depends(puzzle_read)])
async def player_rating(name: str, hub: HubDep) -> dict[str, Any]:
    """A player's puzzle ratings: `rating`, Kingdomino's (null before their first answer), and
    `ratings`, one per set they answered a puzzle of (`duel`, `origins-tribe` ...)."""
    found = await asyncio.to_thread(standings.account_named, hub.store, name, True)
    if found is None:
        raise HubError(404, "name", f"no player is named {name!r}", "no_player", {"name": name})
    ratings = await asyncio.to_thread(puzzles.player_ratings, hub.store, found[0])
    return {"rating": ratings.get("kingdomino"), "ratings": ratings}


@router.get("/api/puzzles/{puzzle_id}", dependencies=[Depends(puzzle_read)])
async def one_puzzle(puzzle_id: str, account: CurrentAccount, hub: HubDep) -> dict[str, Any]:
    """A puzzle by its id (404 `no_puzzle`), its position as the player sees it."""
    return await asyncio.to_thread(_shown, puzzles.puzzle_named(puzzle_id).id, account, hub.store)


@router.post("/api/puzzles/{puzzle_id}/answer")
async def answer(
    puzzle_id: str,
    body: AnswerRequest,
    request: Request,
    account: CurrentAccount,
    hub: HubDep,
    client: Client,
) -> dict[str, Any]:
    """An answer checked: `solved`, its `points`, the `best`, every action's points, and for an
    account its puzzle rating before and after (its first answer to this puzzle only)."""
    same_origin(request)
    await limited(request, "puzzle_answer", client, ANSWERS)
    puzzle = puzzles.puzzle_named(puzzle_id)
    account_id = account.id if account else None
    return await asyncio.to_thread(puzzles.answer, hub.store, account_id, puzzle, body.action)
