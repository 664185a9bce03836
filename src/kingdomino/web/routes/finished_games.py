"""A finished game: its record, its replay step by step, the review of its human moves, its chat
read without a socket (its replay page), and a new game played on from one of its positions."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from limits import parse

from kingdomino.web import standings, views
from kingdomino.web.ai_game_limits import check_ai_game
from kingdomino.web.chats import Chats
from kingdomino.web.play_on import play_on
from kingdomino.web.refusals import HubError
from kingdomino.web.replays import replay_view
from kingdomino.web.routes.accounts import CurrentAccount, limited, same_origin, session_token
from kingdomino.web.routes.bodies import PlayOnRequest
from kingdomino.web.routes.dependencies import Client, HubDep
from kingdomino.web.routes.games import LIMITED, TokenQuery

router = APIRouter()

#: The games a client plays on from finished ones, in a moving window: each stores the finished
#: game's actions to its step again (a Dynasty's 438) and replays them on the event loop (23 ms
#: against a new game's 6), so a loop of them filled the database and held every request up.
PLAY_ONS = parse("20/minute")


@router.get("/api/games/{game_id}/record", dependencies=[LIMITED])
async def record(game_id: str, hub: HubDep) -> dict[str, Any]:
    """A finished game's record (`kingdomino replay` checks it)."""
    return views.record(hub.table(game_id)).to_json()


@router.get("/api/games/{game_id}/review", dependencies=[LIMITED])
async def game_review(game_id: str, response: Response, hub: HubDep, client: Client) -> dict[str, Any]:
    """The review of a finished game's human moves (202 with the progress while it waits or
    is computed)."""
    found = hub.reviews.review_of(hub.table(game_id), client)
    if found["status"] != "ready":
        response.status_code = 202
    return found


@router.get("/api/games/{game_id}/ratings", dependencies=[LIMITED])
async def rating_changes(game_id: str, response: Response, hub: HubDep) -> dict[str, Any]:
    """What a finished rated game did to its players' ratings: per seat its account's pool,
    place counted, rating before and after (`recorded`); 202 `pending` until the result is
    recorded, a moment after the last move."""
    table = hub.table(game_id)
    if table.stored.status != "finished":
        raise HubError(409, "game", "the ratings move once the game is over")
    if not table.stored.rated:
        raise HubError(409, "game", "this game is not rated: it moves no rating")
    changes = await asyncio.to_thread(standings.game_rating_changes, hub.store, game_id)
    if not changes:
        response.status_code = 202
        return {"status": "pending"}
    accounts = [seat.get("account") for seat in table.stored.seats]
    seats = [None if account is None else changes.get(account) for account in accounts]
    return {"status": "recorded", "seats": seats}


@router.get("/api/games/{game_id}/replay", dependencies=[LIMITED])
async def replay(game_id: str, hub: HubDep, step: int = 0) -> dict[str, Any]:
    """A finished game's public view after ``step`` actions, with the action taken next."""
    return replay_view(hub.table(game_id), step, hub.replays)


@router.get("/api/games/{game_id}/chat", dependencies=[LIMITED])
async def chat_rooms(game_id: str, request: Request, hub: HubDep, token: TokenQuery = "") -> dict[str, Any]:
    """A finished game's chat without its socket, as ``chat_read`` answers it: the spectators'
    room for anyone (its replay is anyone's by then), the players' room too with a player's
    ``token``. A game still played is read on its socket."""
    tokens = frozenset([token]) if token else frozenset()
    table = hub.table(game_id, tokens or None)
    if table.stored.status != "finished":
        raise HubError(409, "game", "a game's chat is read here once it is finished; before, on its socket")
    chats: Chats = request.app.state.chats
    reader = await chats.reader(tokens, session_token(request))
    return await chats.history(table, reader, counted=False)


@router.post("/api/games/{game_id}/play-on", status_code=201)
async def played_on(
    game_id: str, body: PlayOnRequest, request: Request, hub: HubDep, client: Client, account: CurrentAccount
) -> dict[str, Any]:
    """A new practice game from the position after `step` actions of the finished game: you in
    `seat`, AIs in the others (an AI seat's own level, `level` in a player's); answered as a new
    game is (its id and your seat's token). Refused while the game is played
    (`play_on_playing`), at its last step (`play_on_over`), beyond 20 a minute per client
    (`too_many_tries`), and as every game against AIs (``ai_game_limits``)."""
    same_origin(request)
    await limited(request, "play_on", client, PLAY_ONS)
    await check_ai_game(request.app.state, hub, client, ["human", "ai"])
    player = account.player() if account is not None else None
    return views.created(await play_on(hub, game_id, body.step, body.seat, body.level, client, player))
