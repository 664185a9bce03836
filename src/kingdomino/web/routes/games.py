"""A game from its creation to its end: creating it, looking games up, seeing it, moving, undoing,
hints, and seats handed to an AI. Every rule is the engine's; each command is the game's table's
(``table.Table``), the same the WebSocket calls."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import Response
from limits import parse

from kingdomino.web import endings, gone_claims, take_back, time_gift, views
from kingdomino.web import rematch as rematches
from kingdomino.web.account_games import seats_of_account
from kingdomino.web.accounts import Accounts
from kingdomino.web.admission import watchable
from kingdomino.web.ai_game_limits import check_ai_game
from kingdomino.web.game_requests import game_request
from kingdomino.web.hub import Hub
from kingdomino.web.live import ViewKey
from kingdomino.web.open_seats import MAX_WAITING, check_waiting
from kingdomino.web.refusals import HubError
from kingdomino.web.rematch_wait import tell_old_game
from kingdomino.web.routes.accounts import AccountsDep, CurrentAccount, SessionToken, limited, same_origin
from kingdomino.web.routes.bodies import (
    ActionRequest,
    CreateRequest,
    LeaveRequest,
    LookupRequest,
    TakebackAnswer,
    TimeGift,
    TokenRequest,
)
from kingdomino.web.routes.dependencies import Client, HubDep
from kingdomino.web.seek_ranges import range_asked
from kingdomino.web.stored import StoredGame
from kingdomino.web.watch_apart import check_watcher

router = APIRouter()

#: Games with open seats a client may open, in a moving window: the lobby is not to be flooded.
OPEN_GAMES = parse("10/minute")


async def opening(request: Request, hub: Hub, client: str, account: CurrentAccount) -> None:
    """Refuse opening a game to the lobby beyond ``OPEN_GAMES`` a minute, or beyond
    ``MAX_WAITING`` waiting at once by the client or the account (the app's ``max_waiting``
    instead when set, for the tests whose server is shared)."""
    await limited(request, "open_game", client, OPEN_GAMES)
    waiting = hub.lobby.waiting_of(client, account.id if account is not None else None)
    check_waiting(waiting, getattr(request.app.state, "max_waiting", MAX_WAITING))


#: A game request counted against the client's limit (``game_requests.GAME_REQUESTS``).
LIMITED = Depends(game_request)

#: A seat's or the spectator's token, as a query parameter.
TokenQuery = Annotated[str, Query(max_length=64)]


@router.post("/api/games", status_code=201)
async def create(
    body: CreateRequest, request: Request, hub: HubDep, client: Client, account: CurrentAccount
) -> dict[str, Any]:
    """A new game: its id, each human seat's token and invite link, and the spectator link. The
    creator's seat is their account's when they are logged in; a game with `open` seats waits
    in the lobby for players (at most ``OPEN_GAMES`` opened by a client a minute, and
    ``MAX_WAITING`` waiting at once by a client or an account); a game against AIs alone is
    refused beyond ``ai_game_limits``' bounds; `rating_range`: the ratings a
    player joining it needs, around the creator's (``seek_ranges``)."""
    opened = any(seat.kind == "open" for seat in body.seats)
    rating_range = None
    if body.rating_range is not None:
        mine = account.id if account is not None else None
        asked = (hub.store, body.rating_range.model_dump(), mine, body.game, body.players, opened)
        rating_range = await asyncio.to_thread(range_asked, *asked)
    if opened:
        await opening(request, hub, client, account)
    else:
        await check_ai_game(request.app.state, hub, client, [seat.kind for seat in body.seats])
    table = await hub.create(
        body.game,
        body.players,
        dict(body.options),
        [s.model_dump() for s in body.seats],
        body.seed,
        body.hints,
        client,
        body.aids,
        rated=body.rated,
        wait_minutes=body.wait_minutes,
        ai_fill=body.ai_fill,
        account=account.player() if account is not None else None,
        time_control=body.time_control.spec() if body.time_control else None,
        public=body.public,
        takebacks=body.takebacks,
        rating_range=rating_range,
    )
    return views.created(table)


@router.post("/api/games/{game_id}/same-deal", status_code=201)
async def same_deal(
    game_id: str, body: TokenRequest, request: Request, hub: HubDep, client: Client
) -> dict[str, Any]:
    """A finished game's deal played again: a new game with its seats, options and seed (a game
    against AIs: ``ai_game_limits``)."""
    await check_ai_game(
        request.app.state, hub, client, [seat["kind"] for seat in hub.table(game_id).stored.seats]
    )
    return views.created(await rematches.same_deal(hub, game_id, body.token, client))


@router.post("/api/games/{game_id}/rematch")
async def rematch(
    game_id: str, body: TokenRequest, request: Request, hub: HubDep, client: Client, account: CurrentAccount
) -> dict[str, Any]:
    """A finished game's rematch for the seat of `token`: a new deal for the same players, each in
    the seat they had. The first player asking offers it (the game's view names it: `rematch`),
    the others join it; each is answered with the new game's `id`, their `seat` and its `token`
    (`offered`: this request made it). A logged-in player's seat is claimed for the account
    (`claimed`): a foreign `Origin` is refused. Refused for a spectator, a seat an AI took over,
    a game not finished."""
    same_origin(request)
    return await rematches.rematch(hub, game_id, body.token, account.player() if account else None, client)


@router.post("/api/games/{game_id}/leave")
async def leave(game_id: str, body: LeaveRequest, hub: HubDep, client: Client) -> dict[str, Any]:
    """The caller's seat handed to an AI (``level``), so the others play on; the answer holds
    the spectator token, with which the leaver may go on watching."""
    table = hub.table(game_id)
    await table.hand_to_ai(body.token, body.level, client=client)
    return {"ok": True, "spectator_token": table.stored.spectator_token}


@router.post("/api/games/{game_id}/resign")
async def resign(game_id: str, body: TokenRequest, hub: HubDep, client: Client) -> dict[str, Any]:
    """The token's seat resigns: a game of two seats ends at once, the resigner placed last
    (`ended`: true); in a game of three or four an AI plays the seat on and it ranks last. Refused
    for a spectator's or former player's token, before the start and after the end."""
    table = hub.table(game_id)
    ended = await endings.resign(table, body.token, client)
    return {"ok": True, "ended": ended, "spectator_token": table.stored.spectator_token}


@router.post("/api/games/{game_id}/abort")
async def abort(game_id: str, body: TokenRequest, hub: HubDep) -> dict[str, Any]:
    """The game called off with no result, while some player has not moved yet (then
    `abort_too_late`: resign instead); never rated, no result kept."""
    table = hub.table(game_id)
    await endings.abort(table, body.token)
    await tell_old_game(hub, table)  # a rematch called off: its finished game's end screen says so
    return {"ok": True}


@router.post("/api/games/{game_id}/seats/{seat}/ai")
async def take_over(
    game_id: str, seat: Annotated[int, Path(ge=1, le=8)], body: LeaveRequest, hub: HubDep, client: Client
) -> dict[str, Any]:
    """Seat ``seat`` (1-based) handed to an AI by another player of the game, once that seat's
    player is away: to act, with no page of the game open for ``away_seconds``."""
    await hub.table(game_id).hand_to_ai(body.token, body.level, seat - 1, client)
    return {"ok": True}


@router.post("/api/games/{game_id}/claim")
async def claim(game_id: str, body: TokenRequest, hub: HubDep, client: Client) -> dict[str, Any]:
    """A real-time game claimed from its seat to act, gone (no page open on any server) for
    ``claim_after`` seconds: that seat is out of time from now (``gone_claims``). Refused with the
    wait left (`gone_wait`), a seat not gone (`gone_here`), a turn-based or unclocked game
    (`gone_clock`), the caller's own turn (`gone_own_turn`), a game over, a token of no seat."""
    return {"ok": True, "seat": await gone_claims.claim(hub.table(game_id), body.token, client)}


@router.post("/api/games/lookup")
async def lookup(body: LookupRequest, hub: HubDep) -> dict[str, Any]:
    """The summaries of the games whose tokens fit. A game read from the database lets the
    event loop serve others before the next (a lookup of 200 long games took 2 s of it)."""
    found = []
    for item in body.games:
        stored = not hub.in_memory(item.id)
        with contextlib.suppress(HubError):
            found.append(views.summary(hub.table(item.id, frozenset([item.token])), item.token))
        if stored:
            await asyncio.sleep(0)
    return {"games": found}


@router.get("/api/games/{game_id}", dependencies=[LIMITED])
async def view(
    game_id: str, hub: HubDep, accounts: AccountsDep, session: SessionToken, token: TokenQuery = ""
) -> Response:
    """The game as the token's holder sees it: the board, scores, and its legal moves if it is to act.
    Without a token, a finished game's public view (its replay is open to anyone by then, and a
    shared replay link holds no token), or a public game's being played (anyone may watch it);
    any other game needs a token. A game being played is refused across a block (``watch_apart``).
    A finished game is its own player's without a token too, by the session's account
    (``seats_of_account``)."""
    if not token:
        table = hub.table(game_id)
        if table.stored.status != "finished" and not watchable(table.stored):
            needed = "a seat token or the spectator token is needed until the game is over"
            raise HubError(403, "token", needed, "no_token")
        await check_watcher(accounts, session, table.stored)
        mine, former = await own_finished_seats(accounts, session, table.stored)
        return Response(table.view_text(mine, former), media_type="application/json")
    tokens = frozenset([token])
    table = hub.table(game_id, tokens)
    mine, former = table.seats_held(tokens), table.formers_held(tokens)
    return Response(table.view_text(mine, former), media_type="application/json")


async def own_finished_seats(
    accounts: Accounts, session: str | None, stored: StoredGame
) -> tuple[ViewKey, ViewKey]:
    """The seat the ``session``'s account played in ``stored``'s finished game (``mine``, ``former``):
    none before the end (a token proves a seat while it is played) or for a stranger."""
    if not session or stored.status != "finished":
        return (), ()
    account = await asyncio.to_thread(accounts.account_for, session)
    return seats_of_account(stored, account.id) if account is not None else ((), ())


@router.get("/api/games/{game_id}/actions", dependencies=[LIMITED])
async def actions(
    game_id: str, hub: HubDep, token: TokenQuery = "", start: Annotated[int, Query(ge=0)] = 0
) -> dict[str, Any]:
    """Every action of the game from `start` on, chance outcomes included, as its log writes them:
    what a bot replays through the engine to have the position (`kingdomino bot`). For a seat's or
    the spectator's token; nothing in it is hidden from them (each draw is public once drawn)."""
    table = hub.table(game_id, frozenset([token]) if token else frozenset())
    shown = table.shown()[1]  # before the start, no deal
    return {
        "game": table.game.name,
        "players": table.game.num_players,
        "options": dict(table.game.options),
        "status": table.stored.status,
        "index": len(shown),
        "actions": [[a.index, a.seat, a.text] for a in shown[start:]],
    }


@router.post("/api/games/{game_id}/actions", dependencies=[LIMITED])
async def act(game_id: str, body: ActionRequest, hub: HubDep, client: Client) -> dict[str, Any]:
    """A move of the token's seat, checked by the engine (refused with the reason if illegal)."""
    applied = await hub.table(game_id).act(body.token, body.action, body.index, client=client)
    return {"ok": True, "index": applied}


@router.post("/api/games/{game_id}/undo")
async def undo(game_id: str, body: TokenRequest, hub: HubDep, client: Client) -> dict[str, Any]:
    """The token's last move taken back with all after it (against AI seats; never across a draw)."""
    await take_back.undo(hub.table(game_id), (body.token,), client)
    return {"ok": True}


@router.post("/api/games/{game_id}/takeback")
async def takeback(game_id: str, body: TokenRequest, hub: HubDep, client: Client) -> dict[str, Any]:
    """The token's seat asks to take back its last move with all after it: every other person at
    the table must accept (`outcome` "asked"); against AI seats alone it is an undo ("undone")."""
    return {"ok": True, "outcome": await take_back.ask(hub.table(game_id), body.token, client)}


@router.post("/api/games/{game_id}/takeback/answer")
async def takeback_answer(game_id: str, body: TakebackAnswer, hub: HubDep, client: Client) -> dict[str, Any]:
    """The token's seat accepts or declines the takeback asked (`outcome`: "accepted" once every
    other person accepted, "waiting" before, or "declined")."""
    outcome = await take_back.answer(hub.table(game_id), body.token, body.accept, client)
    return {"ok": True, "outcome": outcome}


@router.post("/api/games/{game_id}/give-time", dependencies=[LIMITED])
async def give_time(game_id: str, body: TimeGift, hub: HubDep, client: Client) -> dict[str, Any]:
    """The token's seat gives an opponent's seat time (`time_gift`: 15 s, a whole game's clock):
    `remaining`, that seat's seconds left when the turn began, the gift included."""
    return {"ok": True, "remaining": await time_gift.give(hub.table(game_id), body.token, body.seat, client)}


@router.get("/api/games/{game_id}/hint")
async def hint(game_id: str, hub: HubDep, client: Client, token: TokenQuery = "") -> dict[str, Any]:
    """The search's best moves for the seat to act: each with its `value` (a win chance) and `visits`."""
    return {"candidates": await hub.hints.hint(hub.table(game_id), token, client)}
