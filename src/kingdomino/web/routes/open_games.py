"""The lobby over HTTP and a WebSocket: the games waiting for players, taking a seat at one,
calling one's own off, and quick pairing.

``WS /ws/lobby`` sends ``{"type": "open_games", "games": [...]}`` at once, then each change
(``listed``, ``unlisted``: ``lobby``); a page logged in (the ``kd_session`` cookie) gets its
account's challenges too (``challenges``, ``challenge``, ``challenge_gone``), unless a page of
another site opened the socket (its ``Origin``): that page is told the open games alone; once its
session has ended it is closed (``SESSION_ENDED``). It reads nothing
but pings (``{"type": "ping"}``, answered ``pong``, which says how often to ping: ``ping_every``
seconds, as a game's socket does), as many as ``socket_limits`` lets a socket
send (then an ``error``, ``too_many_messages``, and a socket that goes on is closed). A socket
that sends nothing, not even a ping, for ``socket_idle_seconds`` (``create_app``; 60) is closed
with 4408 as a game's is (``page_link``): a page or a bot gone without a goodbye (a phone asleep,
a cable pulled) holds no place among the lobby's watchers, nor its account's challenges' listeners,
nor one of its address's sockets (``MAX_SOCKETS_PER_CLIENT``); a page connects again. Taking a
seat changes who acts, so a foreign ``Origin`` is refused, as for accounts.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from limits import parse

from kingdomino.core.game import GameError
from kingdomino.games.registry import make_game
from kingdomino.web import relations, views
from kingdomino.web.hub import Hub
from kingdomino.web.lobby_ratings import Shown, rating_in, rating_value, ratings_of
from kingdomino.web.open_seats import Seeker, check_rated_clock
from kingdomino.web.outbox import Outbox, SlowClient
from kingdomino.web.page_link import IDLE_CODE, ping_every
from kingdomino.web.refusals import HubError
from kingdomino.web.routes.accounts import CurrentAccount, accounts_of, limited, same_origin, session_token
from kingdomino.web.routes.bodies import JoinRequest, PairingRequest, TokenRequest
from kingdomino.web.routes.dependencies import Client, HubDep, client_of, hub_of
from kingdomino.web.routes.game_socket import MAX_SOCKETS_PER_CLIENT
from kingdomino.web.routes.games import opening
from kingdomino.web.seek_ranges import holds, made_around
from kingdomino.web.send_backlog import backlog_of
from kingdomino.web.socket_limits import (
    Flooding,
    SocketLimit,
    close_reason,
    closed_for_flooding,
    refuse_handshake,
)

router = APIRouter()

#: How far a lobby page may fall behind before it is cut off: its first list (about 500 bytes a
#: game) must fit, with changes after it, or a page still reading it would be cut off and
#: reconnect again and again.
LOBBY_BYTES_BEHIND = 8 * 1024 * 1024

#: Seats a client may take at open games (or quick games asked for), in a moving window, as
#: logins and openings are limited: one client joined every game in the lobby and never played.
JOINS = parse("10/minute")


def seeker_of(account: CurrentAccount, name: str, rating: Shown | None = None) -> Seeker:
    return Seeker(account.player() if account is not None else None, name, rating)


def seated(table_id: str, seat: int, token: str, started: bool) -> dict[str, Any]:
    """What a player who took a seat is told: the game, their seat and its token."""
    return {"id": table_id, "seat": seat, "token": token, "started": started}


@router.get("/api/open-games")
async def open_games(hub: HubDep, account: CurrentAccount) -> dict[str, Any]:
    """The games waiting for players, the oldest first (as `WS /ws/lobby` first sends them); to a
    logged-in account, not those where an account sits that it blocks or that blocks it."""
    apart = await asyncio.to_thread(relations.kept_apart, hub.store, account.id) if account else set()
    return {"games": hub.lobby.listed(apart)}


@router.get("/api/open-games/ratings")
async def my_ratings(hub: HubDep, account: CurrentAccount) -> dict[str, Any]:
    """The logged-in account's rating in each pool (a new player's where it has none; null for a
    guest): what the lobby's page marks the open games it may join by, against their
    `rating_range` (``seek_ranges``)."""
    ratings = await asyncio.to_thread(ratings_of, hub.store, account.id) if account is not None else None
    return {"ratings": ratings}


@router.post("/api/games/{game_id}/join")
async def join(
    game_id: str, body: JoinRequest, request: Request, hub: HubDep, client: Client, account: CurrentAccount
) -> dict[str, Any]:
    """Take the first open seat of a game waiting for players: as the logged-in account, else as a
    guest named `name` (a rated game takes accounts only, a game with a rating range the accounts
    rated in it: ``seek_ranges``). The game starts with its last seat."""
    same_origin(request)
    await limited(request, "join", client, JOINS)
    stored = hub.table(game_id).stored
    rating = None
    if account is not None:
        others = relations.seated_accounts(stored.seats)
        await asyncio.to_thread(relations.apart, hub.store, account.id, others, "join_refused")
        if stored.rating_range is not None:
            rating = await asyncio.to_thread(rating_in, hub.store, account.id, stored.game, stored.players)
    table, seat, token = await hub.join(game_id, seeker_of(account, body.name, rating), client)
    return seated(table.id, seat, token, table.stored.status == "playing")


@router.post("/api/games/{game_id}/cancel")
async def cancel(game_id: str, body: TokenRequest, request: Request, hub: HubDep) -> dict[str, Any]:
    """Before a game starts: its creator (their seat's token) calls it off, and it expires unplayed
    (`called_off` true); a player who joined it gives back their seat, open again, and the game
    waits on (`called_off` false)."""
    same_origin(request)
    return {"ok": True, "called_off": await hub.cancel(game_id, body.token)}


@router.post("/api/pairing")
async def pairing(
    body: PairingRequest, request: Request, hub: HubDep, client: Client, account: CurrentAccount
) -> dict[str, Any]:
    """A quick game: a seat at the open game of this game, table size, options and rating that the
    player fits best (the creator's rating closest to theirs), else a new open game waiting for
    others. `created` says which; the answer of a new game is the creation's (`POST /api/games`).
    Both answers carry the player's `seat` and its `token` at the top, so a client reads one shape.
    Ranges count both ways (``seek_ranges``): a game's range must hold the player, the player's
    `rating_range` the game's creator; the game opened when none fits takes the player's range.
    `takebacks`: only games of the same choice are joined, as the clock and rated flag are."""
    same_origin(request)
    mine = None
    if account is not None:
        mine = await asyncio.to_thread(rating_in, hub.store, account.id, body.game, body.players)
    seeker = seeker_of(account, body.name, mine)
    if body.rated and seeker.account is None:
        # Refused for being a guest's, whether it would have joined a game or opened one.
        raise HubError(401, "session", "a rated game is between accounts: log in to join", "rated_guest")
    check_rated_clock(body.rated, _time_control(body))
    await limited(request, "join", client, JOINS)
    try:
        options = dict(make_game(body.game, body.players, dict(body.options)).options)
    except GameError as error:
        raise HubError(400, error.field or "options", str(error)) from None
    offsets = body.rating_range.model_dump() if body.rating_range else None
    own_range = made_around(offsets, mine, True) if offsets else None
    apart = await asyncio.to_thread(relations.kept_apart, hub.store, account.id) if account else set()
    for game_id in _candidates(hub, body, options, seeker, own_range, apart):
        try:
            table, seat, token = await hub.join(game_id, seeker, client)
        except HubError as error:
            if error.status == 409:  # taken meanwhile, here or on another server: the next
                continue
            raise
        return {**seated(table.id, seat, token, table.stored.status == "playing"), "created": False}
    await opening(request, hub, client, account)
    seats = [{"kind": "human", "name": body.name}] + [{"kind": "open"}] * (body.players - 1)
    table = await hub.create(
        body.game,
        body.players,
        dict(body.options),
        seats,
        client=client,
        rated=body.rated,
        account=seeker.account,
        time_control=_time_control(body),
        rating_range=own_range,
        takebacks=body.takebacks,
    )
    # The player opening the game sits first; the other seats wait open.
    return {**views.created(table), "created": True, "seat": 0, "token": table.stored.seats[0]["token"]}


def _time_control(body: PairingRequest) -> dict[str, Any] | None:
    return body.time_control.spec() if body.time_control else None


def _candidates(
    hub: Hub,
    body: PairingRequest,
    options: dict[str, Any],
    seeker: Seeker,
    own_range: dict[str, int] | None,
    apart: set[int],
) -> list[str]:
    """The open games of ``body``'s game and table with these ``options`` (as the game reads them:
    an option left out is its default) that a quick game may join, the closest creator's rating
    first; none where an account of ``apart`` sits (a block stands between it and the seeker),
    none whose range leaves the seeker out or whose creator is out of ``own_range``, and none of
    another takebacks choice: a seek is for a game of these rules, as its clock is; a player who
    refuses takebacks is never asked for one, and one who allows them (the form's default) finds
    them allowed in the game, whatever its page shows first."""
    account = seeker.account[0] if seeker.account else None
    fitting = [
        game
        for game in hub.lobby.listed()
        if game["game"] == body.game
        and game["players"] == body.players
        and game["rated"] == body.rated
        and game["open"] > 0
        and game["options"] == options
        and game["time_control"] == _time_control(body)
        and (account is None or game["creator_account"] != account)
        and not any(seat["account"] in apart for seat in game["seats"])
        and holds(game["rating_range"], seeker.rating)
        and holds(own_range, game["rating"])
        and game["takebacks"] == body.takebacks
    ]
    mine = rating_value(seeker.rating)
    fitting.sort(key=lambda game: abs(rating_value(game["rating"]) - mine))
    return [str(game["id"]) for game in fitting]


#: How often a logged-in lobby socket reads its session again, and the code it is closed with once
#: the session ended (logged out, a new password, the account closed: on any server), so that it
#: hears the account's challenges no more; its page opens another, a guest's.
SESSION_CHECK_SECONDS = 60.0
SESSION_ENDED = 4401


@router.websocket("/ws/lobby")
async def lobby_socket(websocket: WebSocket) -> None:
    """A page watching the lobby's open games (the module's protocol)."""
    hub = hub_of(websocket)
    sockets_open = websocket.app.state.sockets_open
    client = client_of(websocket)
    limit = SocketLimit(websocket.app.state, client)
    refused = limit.opening_refused()
    if refused is not None:
        await refuse_handshake(websocket, refused)
        return
    await websocket.accept()
    if sockets_open[client] >= MAX_SOCKETS_PER_CLIENT:
        await websocket.close(code=4429)
        return
    outbox = Outbox(
        websocket.send_text,
        lambda code: websocket.close(code=code, reason=close_reason(code)),
        backlog=backlog_of(websocket.scope),
        max_bytes=LOBBY_BYTES_BEHIND,
    )
    sockets_open[client] += 1
    try:
        session = session_token(websocket) if _same_site(websocket) else None
        account = await asyncio.to_thread(accounts_of(websocket).account_for, session) if session else None
        apart = await asyncio.to_thread(relations.kept_apart, hub.store, account.id) if account else set()
        await hub.lobby.join(outbox.send, account.id if account is not None else None, apart)
        check = getattr(websocket.app.state, "session_check_seconds", SESSION_CHECK_SECONDS)
        idle: float = websocket.app.state.socket_idle_seconds
        every = ping_every(idle)
        heard = checked = time.monotonic()
        receiving: asyncio.Future[Any] | None = None
        while True:
            receiving = receiving or asyncio.ensure_future(websocket.receive_text())
            cut: asyncio.Future[Any] = asyncio.ensure_future(outbox.cut_off.wait())
            wake = min(heard + idle, checked + check) if account else heard + idle
            done, _ = await asyncio.wait(
                {receiving, cut},
                timeout=max(0.0, wake - time.monotonic()),
                return_when=asyncio.FIRST_COMPLETED,
            )
            cut.cancel()
            if not done and time.monotonic() >= heard + idle:
                receiving.cancel()
                await outbox.cut(IDLE_CODE)  # gone without a goodbye: its place in the lobby is freed
                break
            if not done:
                if account is None:
                    continue
                checked = time.monotonic()
                still = (
                    await asyncio.to_thread(accounts_of(websocket).account_for, session) if session else None
                )
                if still is not None:
                    continue
                receiving.cancel()
                await websocket.close(code=SESSION_ENDED)
                break
            if not receiving.done():
                receiving.cancel()
                break
            heard = time.monotonic()
            said, receiving = receiving.result(), None
            ping = _is_ping(said)
            try:
                limit.count("ping" if ping else "message")
            except HubError as error:
                await outbox.send(json.dumps({"type": "error", **error.to_json()["error"]}))
                continue
            except Flooding:
                await closed_for_flooding(outbox)
                break
            if ping:
                await outbox.send(json.dumps({"type": "pong", "ping_every": every}))
    except (WebSocketDisconnect, SlowClient, RuntimeError):
        pass
    finally:
        sockets_open[client] -= 1
        if not sockets_open[client]:
            del sockets_open[client]
        hub.lobby.part(outbox.send)
        await outbox.aclose()


def _same_site(websocket: WebSocket) -> bool:
    """Whether the page that opened ``websocket`` is this site's (or no page: a script's)."""
    origin = websocket.headers.get("origin")
    return origin is None or urlsplit(origin).netloc == websocket.headers.get("host", "")


def _is_ping(text: str) -> bool:
    try:
        message = json.loads(text)
    except ValueError:
        return False
    return isinstance(message, dict) and message.get("type") == "ping"
