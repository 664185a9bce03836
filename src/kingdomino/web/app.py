"""The FastAPI application: REST for creating and looking up games, WebSocket for playing them.

Endpoints (all JSON; every refusal is ``{"error": {"field": ..., "message": ...}}``):

* ``POST /api/games`` create a game; returns its id, every human seat's token and invite
  link, and the spectator link;
* ``POST /api/games/lookup`` summaries of the games whose ``{id, token}`` pairs a browser keeps;
* ``GET /api/games/{id}?token=`` the current view; ``POST /api/games/{id}/actions``
  ``{token, action, index?}``; ``POST /api/games/{id}/undo``; ``GET /api/games/{id}/hint?token=``;
  ``POST /api/games/{id}/leave`` ``{token, level?}`` hands the caller's seat to an AI;
  ``POST /api/games/{id}/seats/{n}/ai`` ``{token, level?}`` hands an away player's seat to one;
* ``POST /api/score`` ``{game, options, text}``: a kingdom written as text, scored and explained
  (``GET /api/score/formats``: how each game's text is written);
* ``GET /api/games/{id}/record``, ``/replay?step=N`` and ``/review`` once the game is over
  (``/review``: 202 with ``{"status": "pending", "done", "total"}`` while it is computed, and
  ``"queued"`` with its ``place`` while it waits for other reviews);
* ``WS /ws/games/{id}?tokens=a,b`` (at most 8 tokens of at most 64 characters): the view now and
  after every change; send ``{"type": "action", "token", "action", "index"?}``,
  ``{"type": "undo", "token"}``, ``{"type": "hint", "token"}``, ``{"type": "why", "action"}``
  (read-only: the engine's reason why that action is not legal now, ``reason`` null when it is,
  and ``refusal`` ``{key, values}`` naming the rule for the page's words),
  ``{"type": "ping"}``; answers ``ack``, ``hint``, ``why``, ``thinking``, ``pong`` or ``error``
  messages (text frames of JSON only; any other frame is an ``error``, never a close).
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections import Counter
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from importlib import resources
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Path, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import HTTPConnection
from starlette.types import Message

from kingdomino.arena.ladder import load_ratings, rating_of
from kingdomino.web import views
from kingdomino.web.ai_workers import Executor, client_key, make_executor
from kingdomino.web.body_limit import BodyLimit
from kingdomino.web.errors import install_error_handlers
from kingdomino.web.failures import FailureAnswers, failure_error, log_failure
from kingdomino.web.frames import decode
from kingdomino.web.hub import HINT_AGENT, Hub
from kingdomino.web.live import AI_LEVELS, AWAY_SECONDS, HubError, Watcher
from kingdomino.web.outbox import Outbox, SlowClient
from kingdomino.web.pages import LANGUAGE_COOKIE, languages, page_in, page_language, page_with_preloads
from kingdomino.web.review import REVIEW_AGENT
from kingdomino.web.security_headers import SecurityHeaders
from kingdomino.web.send_backlog import backlog_of
from kingdomino.web.store import Store
from kingdomino.web.tokens import TokenListError, token_list

#: WebSockets one client (``ai_workers.client_key``: an address, an IPv6 /64) may hold open at
#: once, over every game: a page of a game is one. Found by the attack review of 2026-11-27:
#: each game caps its own sockets, but a script that created games (one request each) opened 32
#: spectator sockets on every one, as many as it liked, until the server had no file descriptor
#: left for anyone else.
MAX_SOCKETS_PER_CLIENT = 100

Token = Annotated[str, Field(min_length=1, max_length=64)]
#: A game's name, as ``GET /api/meta`` lists them.
GameName = Annotated[
    str, Field(max_length=32, description="`kingdomino`, `duel` or `origins` (`GET /api/meta`).")
]
#: A game's options by name, as the command line's (``mode``, ``harmony``, ...).
GameOptions = Annotated[dict[str, bool | int | str], Field(max_length=16)]
#: How many players a game has; the game says which counts it takes.
Players = Annotated[int, Field(ge=1, le=8, strict=True)]
#: An AI seat's level, as ``AI_LEVELS`` lists them.
Level = Literal["random", "greedy", "easy", "medium", "hard"]


class SeatRequest(BaseModel):
    """One seat of a new game: a human (on this screen, or online with an invite link) or an AI."""

    kind: Literal["human", "ai"] = Field(description="Who plays the seat.")
    name: str = Field(
        default="",
        max_length=40,
        description="The name shown; empty for the seat's default. An AI's name says it is one.",
    )
    level: Level | None = Field(default=None, description="An AI seat's level (`easy` if not given).")
    online: bool = Field(
        default=False, description="A human playing from another browser, with an invite link."
    )


class CreateRequest(BaseModel):
    """A new game: which game, how many players, its options and who sits where."""

    game: GameName
    players: Players = Field(description="How many players; the game says which counts it takes.")
    options: GameOptions = Field(
        default_factory=dict,
        description="The game's options by name, as the command line's (`mode`, `harmony`, ...).",
    )
    seats: list[SeatRequest] = Field(
        min_length=1, max_length=8, description="One seat for each player, in order."
    )
    seed: int | None = Field(
        default=None,
        ge=0,
        lt=2**62,
        description="The deal's seed; the server draws a secret one when left out.",
    )
    hints: bool = Field(default=False, description="Hints for everyone in a game with several humans.")


class ActionRequest(BaseModel):
    """A move of the token's seat, written as the view's legal moves write it."""

    token: Token = Field(description="The seat's token, from the game's creation or its invite link.")
    action: str = Field(
        min_length=1, max_length=64, description="The move's text, one of the view's legal moves."
    )
    index: int | None = Field(
        default=None,
        ge=0,
        description="How many actions the game holds as the client saw it: 409 if it moved on since.",
    )


class TokenRequest(BaseModel):
    """The token of the seat that asks."""

    token: Token = Field(description="The seat's token.")


class LeaveRequest(BaseModel):
    """A seat handed to an AI: the caller's own, or that of a player who is away."""

    token: Token = Field(description="The token of the player who asks.")
    level: Level = Field(default="medium", description="The level of the AI that takes the seat.")


class RatingsRequest(BaseModel):
    """A game configuration whose AI levels' ratings are wanted."""

    game: GameName
    players: Players = Field(description="How many players.")
    options: GameOptions = Field(default_factory=dict, description="The game's options by name.")


class ScoreRequest(BaseModel):
    """A kingdom written as text, to be scored (`GET /api/score/formats` says how it is written)."""

    game: GameName
    options: GameOptions = Field(
        default_factory=dict, description="The options that score (`harmony`, `mode`, ...)."
    )
    text: str = Field(max_length=4000, description="The kingdom, one line a row, top to bottom.")


class LookupItem(BaseModel):
    """A game a browser keeps, with a token of it."""

    id: str = Field(max_length=32, description="The game's id.")
    token: Token = Field(description="A seat's or the spectator's token of that game.")


class LookupRequest(BaseModel):
    """The games a browser keeps, to list them with their status and scores."""

    games: list[LookupItem] = Field(max_length=200, description="At most 200 games.")


def create_app(
    database_url: str,
    ai_delay: float = 0.0,
    hint_agent: str = HINT_AGENT,
    secret_seeds: Callable[[], int] | None = None,
    ai_workers: str | Executor = "",
    review_agent: str = REVIEW_AGENT,
    away_seconds: float = AWAY_SECONDS,
) -> FastAPI:
    """The app over the database at ``database_url`` (``sqlite:///path`` or ``postgresql://...``).

    ``secret_seeds`` draws the seeds the server keeps secret (tests pass a seeded generator);
    ``ai_workers`` is where searches run: a number of local processes (``""``: one per core,
    started on first use), ``"ray"`` / ``"ray:ADDRESS"``, or an executor; ``review_agent`` values
    the human moves of finished games (a level or an agent spec); ``away_seconds`` is how long
    an awaited player is away before another may hand their seat to an AI.
    """
    store = Store(database_url, server=secrets.token_hex(6))
    executor = ai_workers if not isinstance(ai_workers, str) else None
    hub = Hub(
        store,
        ai_delay=ai_delay,
        hint_agent=hint_agent,
        secret_seeds=secret_seeds,
        executor=executor,
        review_agent=review_agent,
        away_seconds=away_seconds,
    )
    if isinstance(ai_workers, str) and ai_workers:
        hub.executor = make_executor(ai_workers)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        yield
        await hub.stop()
        store.close()

    app = FastAPI(title="Kingdomino family", lifespan=lifespan)
    app.add_middleware(FailureAnswers)
    app.add_middleware(BodyLimit)
    app.add_middleware(SecurityHeaders)
    static = resources.files("kingdomino.web").joinpath("static")
    install_error_handlers(app, str(static.joinpath("index.html")))
    app.state.hub = hub
    #: The WebSockets open now, by client.
    sockets_open: Counter[str] = Counter()

    # Each page's modules preloaded: fetched at once, not in a chain; and its language's texts (pages.py).
    pages = {module: page_with_preloads(static, module) for module in ("lobby.js", "game.js", "scorer.js")}
    known_languages = languages(static)

    def page(module: str, request: Request) -> HTMLResponse:
        """The page of ``module`` with the preloads of the texts it will fetch: the language the
        page chose (its cookie), else the browser's."""
        cookie, accept = request.cookies.get(LANGUAGE_COOKIE), request.headers.get("accept-language")
        language = page_language(cookie, accept, known_languages)
        return HTMLResponse(page_in(pages[module], language), headers={"Vary": "Accept-Language, Cookie"})

    @app.get("/", include_in_schema=False)
    async def index(request: Request) -> HTMLResponse:
        return page("lobby.js", request)

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return Response(status_code=204)

    @app.get("/score", include_in_schema=False)
    async def scorer_page(request: Request) -> HTMLResponse:
        return page("scorer.js", request)

    @app.get("/game/{game_id}", include_in_schema=False)
    @app.get("/game/{game_id}/replay", include_in_schema=False)
    async def game_page(game_id: str, request: Request) -> HTMLResponse:
        del game_id
        return page("game.js", request)

    # The page's scripts and styles go compressed (a game page's 209 KB are about 60): the static
    # files only, never the API's answers, which hold seats' tokens next to text a client chose.
    app.mount("/static", GZipMiddleware(StaticFiles(directory=str(static)), minimum_size=1024), name="static")

    @app.get("/api/meta")
    async def meta() -> dict[str, Any]:
        """The games this server offers and the AI levels a seat may have."""
        from kingdomino.games.registry import game_names

        return {"games": game_names(), "levels": list(AI_LEVELS)}

    ratings = load_ratings()

    @app.post("/api/ratings")
    async def level_ratings(body: RatingsRequest) -> dict[str, Any]:
        """Each AI level's Elo rating (``random`` = 0) and 95 % interval for a game configuration,
        from the ladders in the package's ratings file (``kingdomino ladder``); null if unrated."""
        found = {}
        for level in AI_LEVELS:
            rating = rating_of(ratings, body.game, body.players, dict(body.options), level)
            found[level] = None if rating is None else [round(value) for value in rating]
        return {"ratings": found}

    @app.get("/api/score/formats")
    async def score_formats() -> dict[str, Any]:
        """How each game's kingdom text is written, for the scorer page that builds it."""
        from kingdomino.games.scorer import text_formats

        return text_formats()

    @app.post("/api/score")
    async def score(body: ScoreRequest) -> dict[str, Any]:
        """A kingdom written as text (each game's ``text`` module), scored and explained: what a
        table player gets from the scorer page (microseconds of work: it stays on the loop)."""
        return views.scored_text(body.game, body.text, dict(body.options))

    @app.get("/api/stats")
    async def stats() -> dict[str, Any]:
        """Figures for operators and benchmarks: the AI moves computed by this server, the queue."""
        return hub.stats()

    @app.post("/api/games", status_code=201)
    async def create(body: CreateRequest, request: Request) -> dict[str, Any]:
        """A new game: its id, each human seat's token and invite link, and the spectator link."""
        live = await hub.create(
            body.game,
            body.players,
            dict(body.options),
            [s.model_dump() for s in body.seats],
            body.seed,
            body.hints,
            _client(request),
        )
        return views.created(live)

    @app.post("/api/games/{game_id}/same-deal", status_code=201)
    async def same_deal(game_id: str, body: TokenRequest, request: Request) -> dict[str, Any]:
        """A finished game's deal played again: a new game with its seats, options and seed."""
        return views.created(await hub.same_deal(game_id, body.token, _client(request)))

    @app.post("/api/games/{game_id}/leave")
    async def leave(game_id: str, body: LeaveRequest, request: Request) -> dict[str, Any]:
        """The caller's seat handed to an AI (``level``), so the others play on; the answer holds
        the spectator token, with which the leaver may go on watching."""
        live = await hub.hand_to_ai(game_id, body.token, body.level, client=_client(request))
        return {"ok": True, "spectator_token": live.stored.spectator_token}

    @app.post("/api/games/{game_id}/seats/{seat}/ai")
    async def take_over(
        game_id: str, seat: Annotated[int, Path(ge=1, le=8)], body: LeaveRequest, request: Request
    ) -> dict[str, Any]:
        """Seat ``seat`` (1-based) handed to an AI by another player of the game, once that seat's
        player is away: to act, with no page of the game open for ``away_seconds``."""
        await hub.hand_to_ai(game_id, body.token, body.level, seat - 1, _client(request))
        return {"ok": True}

    @app.post("/api/games/lookup")
    async def lookup(body: LookupRequest) -> dict[str, Any]:
        """The summaries of the games whose tokens fit. A game read from the database lets the
        event loop serve others before the next (a lookup of 200 long games took 2 s of it)."""
        found = []
        for item in body.games:
            stored = not hub.in_memory(item.id)
            try:
                live = hub.get(item.id, frozenset([item.token]))
                found.append(views.summary(live, item.token))
            except HubError:
                pass
            if stored:
                await asyncio.sleep(0)
        return {"games": found}

    @app.get("/api/games/{game_id}")
    async def view(game_id: str, token: Annotated[str, Query(max_length=64)] = "") -> Response:
        """The game as the token's holder sees it: the board, scores, and its legal moves if it is to act."""
        tokens = frozenset([token]) if token else frozenset()
        live = hub.get(game_id, tokens)
        return Response(hub.view_text(live, hub.seats_held(live, tokens)), media_type="application/json")

    @app.post("/api/games/{game_id}/actions")
    async def act(game_id: str, body: ActionRequest, request: Request) -> dict[str, Any]:
        """A move of the token's seat, checked by the engine (refused with the reason if illegal)."""
        applied = await hub.act(game_id, body.token, body.action, body.index, client=_client(request))
        return {"ok": True, "index": applied}

    @app.post("/api/games/{game_id}/undo")
    async def undo(game_id: str, body: TokenRequest, request: Request) -> dict[str, Any]:
        """The token's last move taken back with all after it (against AI seats; never across a draw)."""
        await hub.undo(game_id, body.token, _client(request))
        return {"ok": True}

    @app.get("/api/games/{game_id}/hint")
    async def hint(
        game_id: str, request: Request, token: Annotated[str, Query(max_length=64)] = ""
    ) -> dict[str, Any]:
        """The search's best moves for the seat to act: each with its `value` (a win chance) and `visits`."""
        return {"candidates": await hub.hint(game_id, token, _client(request))}

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str) -> dict[str, Any]:
        """A finished game's record (`kingdomino replay` checks it)."""
        return views.record(hub.get(game_id)).to_json()

    @app.get("/api/games/{game_id}/review")
    async def game_review(game_id: str, request: Request, response: Response) -> dict[str, Any]:
        """The review of a finished game's human moves (202 with the progress while it waits or
        is computed)."""
        found = hub.review_of(game_id, _client(request))
        if found["status"] != "ready":
            response.status_code = 202
        return found

    @app.get("/api/games/{game_id}/replay")
    async def replay(game_id: str, step: int = 0) -> dict[str, Any]:
        """A finished game's public view after ``step`` actions, with the action taken next."""
        return views.replay_view(hub.get(game_id), step, hub.replays)

    @app.websocket("/ws/games/{game_id}")
    async def socket(websocket: WebSocket, game_id: str, tokens: str = "") -> None:
        await websocket.accept()
        client = _client(websocket)
        try:
            if sockets_open[client] >= MAX_SOCKETS_PER_CLIENT:
                raise HubError(
                    429,
                    "client",
                    f"this address already has {MAX_SOCKETS_PER_CLIENT} game pages open, the most it "
                    "may have at once: close some first",
                    "client_sockets_full",
                    {"n": MAX_SOCKETS_PER_CLIENT},
                )
            held = _held_tokens(tokens)
            live = hub.get(game_id, held)
            seats = hub.admit(live, held)
        except HubError as error:
            await websocket.send_json({"type": "error", **error.to_json()["error"]})
            await websocket.close(code=4429 if error.status == 429 else 4403)
            return
        # Every message to this client goes out through its own outbox: a client that stops
        # reading is cut off and holds up no one (the game's broadcasts only queue).
        outbox = Outbox(
            websocket.send_text, lambda code: websocket.close(code=code), backlog=backlog_of(websocket.scope)
        )

        async def send(message: dict[str, Any]) -> None:
            await outbox.send(json.dumps(message))

        watcher = Watcher(seats, outbox.send, held)
        sockets_open[client] += 1
        try:
            await hub.join(live, watcher)
            thinking = hub.thinking_now(live)
            if thinking is not None:
                await outbox.send(thinking)
            while True:
                received = await _received_unless_cut_off(websocket, outbox)
                if received is None or received["type"] == "websocket.disconnect":
                    break
                try:
                    await _handle(hub, game_id, received, held, send, client)
                except (WebSocketDisconnect, SlowClient):
                    break
                except Exception as error:
                    # A failure met by one message is that message's error; the connection goes on.
                    log_failure(error, f"game {game_id}: a WebSocket message")
                    await send({"type": "error", **failure_error(error).to_json()["error"]})
        except (WebSocketDisconnect, SlowClient):
            pass
        finally:
            sockets_open[client] -= 1
            if not sockets_open[client]:
                del sockets_open[client]
            await hub.part(live, watcher)
            await outbox.aclose()

    return app


async def _received_unless_cut_off(websocket: WebSocket, outbox: Outbox) -> Message | None:
    """The client's next message, or None once it is cut off for not reading."""
    receiving = asyncio.ensure_future(websocket.receive())
    cut = asyncio.ensure_future(outbox.cut_off.wait())
    await asyncio.wait({receiving, cut}, return_when=asyncio.FIRST_COMPLETED)
    cut.cancel()
    if receiving.done():
        return receiving.result()
    receiving.cancel()
    return None


def _client(connection: HTTPConnection) -> str:
    """The client a request or socket comes from, as the AI queue tells clients apart (behind a
    proxy that uvicorn trusts, ``--forwarded-allow-ips``, the address it forwards)."""
    return client_key(connection.client.host if connection.client else None)


def _held_tokens(text: str) -> frozenset[str]:
    """The tokens of a socket's ``tokens`` query; too many or too long is a refusal."""
    try:
        return token_list(text)
    except TokenListError as error:
        raise HubError(400, "tokens", str(error)) from None


class SocketMessage(BaseModel):
    type: Literal["action", "undo", "hint", "why", "ping"]
    token: Token | None = None
    action: str | None = Field(default=None, max_length=64)
    index: int | None = Field(default=None, ge=0)


async def _handle(
    hub: Hub, game_id: str, received: Mapping[str, Any], held: frozenset[str], send: Any, client: str = ""
) -> None:
    try:
        message = decode(received, SocketMessage)
    except HubError as error:
        await send({"type": "error", **error.to_json()["error"]})
        return
    if message.type == "ping":
        await send({"type": "pong"})
        return
    token = message.token or hub.acting_token(game_id, held)
    try:
        if message.type == "action":
            if not message.action:
                raise HubError(400, "action", "action: expected an action text, e.g. 'claim 17'")
            applied = await hub.act(game_id, token, message.action, message.index, False, client)
            await send({"type": "ack", "index": applied, "action": message.action})
            await hub.broadcast(hub.get(game_id))
        elif message.type == "why":
            text = message.action or ""
            reason, refusal = hub.why(game_id, token, text)
            named = refusal.to_json() if refusal is not None else None
            await send({"type": "why", "action": text, "reason": reason, "refusal": named})
        elif message.type == "undo":
            await hub.undo(game_id, token, client)
            await send({"type": "ack", "undo": True})
        else:
            await send({"type": "hint", "candidates": await hub.hint(game_id, token, client)})
    except HubError as error:
        await send({"type": "error", **error.to_json()["error"]})
