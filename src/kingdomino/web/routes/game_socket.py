"""A page's WebSocket to a game: the game's view now and after every change, and the page's moves.

``WS /ws/games/{id}?tokens=a,b`` (at most 8 tokens of at most 64 characters). The page sends
``{"type": "action", "token", "action", "index"?}``, ``{"type": "undo", "token"}``,
``{"type": "takeback", "token"?}`` and ``{"type": "takeback_answer", "accept", "token"?}`` (``take_back``),
``{"type": "give_time", "seat", "token"?}`` (``time_gift``),
``{"type": "hint", "token"}``, ``{"type": "resign", "token"}``, ``{"type": "abort", "token"}``
(``endings``), ``{"type": "claim", "token"?}`` (``gone_claims``, answered ``ack`` with ``claim``),
``{"type": "why", "action"}`` (read-only: the engine's reason why
that action is not legal now, ``reason`` null when it is, and ``refusal`` ``{key, values}``
naming the rule for the page's words), ``{"type": "sync"}`` (answered with the current
``state``), ``{"type": "ping"}`` and ``{"type": "echo"}`` (below), and the chat's ``chat_read``
and ``chat`` (``chats``); the server answers ``ack``, ``hint``, ``why``, ``thinking``,
``chat_history``, ``chat``, ``pong`` or ``error`` messages (text frames of JSON only; any other
frame is an ``error``, never a close), and sends ``state`` and ``presence`` as they change.

Versions (``page_link``): every message carries ``"v"``, the game's version (``Table.version``)
when it was queued, so one socket never hears a lower ``v`` after a higher one; each ``state``
also carries the ``"version"`` it shows, and no socket is sent a ``state`` older than one it was
sent. A page that hears a ``v`` newer than its state's catches up with a ``sync``. A move names
the ``index`` (the number of actions) of the view it was made on: resent after a reconnection,
it is refused (``error``, field ``index``) if the game has moved on, so it never applies twice.

Keep-alive: a ``pong`` says how often to ping (``ping_every`` seconds); a socket silent for
``socket_idle_seconds`` (``create_app``; 60) is closed with 4408, and its page connects again;
one silent for ``page_link.silent_after`` of that (two pings missed) stays open, but its seats
are not at the table (``presence``) until it speaks again.
A ``pong`` also says the server's time (``now``, epoch seconds: the page counts the clocks down
by it, not by its own clock, which may be minutes off), and the page answers it at once with an
``echo``: the time between the two is the socket's round trip, credited to the moves sent on it
(``lag``).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Literal

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import Field
from starlette.types import Message

from kingdomino.web import endings, gone_claims, take_back, time_gift
from kingdomino.web.chat import MAX_TEXT, Phrase, Reader, Room
from kingdomino.web.chats import Chats
from kingdomino.web.failures import failure_error, log_failure
from kingdomino.web.frames import decode
from kingdomino.web.hub import Hub
from kingdomino.web.lag import LagMeter
from kingdomino.web.live import ViewKey, Watcher
from kingdomino.web.outbox import Outbox, SlowClient
from kingdomino.web.page_link import IDLE_CODE, message_type, ping_every, silent_after, stamped
from kingdomino.web.refusals import HubError
from kingdomino.web.rematch import seat_joined
from kingdomino.web.routes.accounts import session_token
from kingdomino.web.routes.bodies import Body, Token
from kingdomino.web.routes.dependencies import client_of, hub_of
from kingdomino.web.send_backlog import backlog_of
from kingdomino.web.silence_mark import marked_until
from kingdomino.web.socket_limits import (
    Flooding,
    SocketLimit,
    close_reason,
    closed_for_flooding,
    refuse_handshake,
)
from kingdomino.web.table import Table
from kingdomino.web.tokens import TokenListError, token_list
from kingdomino.web.watch_apart import check_watcher

#: WebSockets one client (``clients.client_key``: an address, an IPv6 /64) may hold open at
#: once, over every game: a page of a game is one. Each game caps its own sockets, but a script
#: that created games (one request each) could open a game's share of spectator sockets on every
#: one, until the server had no file descriptor left for anyone else.
MAX_SOCKETS_PER_CLIENT = 100

router = APIRouter()


@router.websocket("/ws/games/{game_id}")
async def socket(websocket: WebSocket, game_id: str, tokens: str = "") -> None:
    """A page of the game: the view now and after every change, and the page's moves (above)."""
    hub = hub_of(websocket)
    sockets_open: Counter[str] = websocket.app.state.sockets_open
    idle: float = websocket.app.state.socket_idle_seconds
    client = client_of(websocket)
    limit = SocketLimit(websocket.app.state, client)
    refused = limit.opening_refused()
    if refused is not None:
        await refuse_handshake(websocket, refused)
        return
    await websocket.accept()
    table: Table | None = None
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
        table = hub.table(game_id, held)
        seats = table.admit(held)
        if not held:
            await check_watcher(websocket.app.state.accounts, session_token(websocket), table.stored)
    except HubError as error:
        refusal = json.dumps({"type": "error", **error.to_json()["error"]}, separators=(",", ":"))
        await websocket.send_text(stamped(refusal, table.version if table is not None else None))
        await websocket.close(code=4429 if error.status == 429 else 4403)
        return
    # Every message to this client goes out through its own outbox: a client that stops
    # reading is cut off and holds up no one (the game's broadcasts only queue).
    outbox = Outbox(
        websocket.send_text,
        lambda code: websocket.close(code=code, reason=close_reason(code)),
        backlog=backlog_of(websocket.scope),
    )
    page = _Page(hub, table, outbox, (seats, held), (client, limit), idle)
    watcher = page.watcher
    sockets_open[client] += 1
    chats: Chats = websocket.app.state.chats
    try:
        marked = marked_until(websocket.cookies)
        page.chat = (chats, await chats.join(table.id, held, session_token(websocket), page.put, marked))
        await table.join(watcher)
        hub.resume(table)  # a page opened: a pending AI turn starts now, not at the next sweep
        for seat in seats:  # a rematch's player opening it has joined it: its clock may start
            await seat_joined(hub, table, seat)
        thinking = hub.thinking.now(table)
        if thinking is not None:
            await page.put_broadcast(thinking)
        while True:
            received = await _received_unless_cut_off(websocket, outbox, idle, page.silenced)
            if received is None or received["type"] == "websocket.disconnect":
                break
            await page.heard()
            try:
                await page.handle(received)
            except (WebSocketDisconnect, SlowClient):
                break
            except Flooding:
                await closed_for_flooding(outbox)
                break
            except Exception as error:
                # A failure met by one message is that message's error; the connection goes on.
                log_failure(error, f"game {game_id}: a WebSocket message", hub.store.outage)
                await page.send({"type": "error", **failure_error(error).to_json()["error"]})
    except (WebSocketDisconnect, SlowClient):
        pass
    finally:
        sockets_open[client] -= 1
        if not sockets_open[client]:
            del sockets_open[client]
        if page.chat is not None:
            chats.part(table.id, page.chat[1])
        await table.part(watcher)
        await outbox.aclose()


async def _received_unless_cut_off(
    websocket: WebSocket, outbox: Outbox, idle: float, silenced: Callable[[], Awaitable[None]]
) -> Message | None:
    """The client's next message, or None once it is cut off for not reading, or closed for
    saying nothing for ``idle`` seconds; ``silenced`` is awaited once it has said nothing for
    ``silent_after(idle)`` seconds (the socket stays open)."""
    receiving = asyncio.ensure_future(websocket.receive())
    cut = asyncio.ensure_future(outbox.cut_off.wait())
    quiet = silent_after(idle)
    done, _ = await asyncio.wait({receiving, cut}, timeout=quiet, return_when=asyncio.FIRST_COMPLETED)
    if not done:
        await silenced()
        await asyncio.wait({receiving, cut}, timeout=idle - quiet, return_when=asyncio.FIRST_COMPLETED)
    cut.cancel()
    if receiving.done():
        return receiving.result()
    receiving.cancel()
    if not outbox.cut_off.is_set():
        await outbox.cut(IDLE_CODE)
    return None


def _seat_token(table: Table, tokens: frozenset[str]) -> str:
    """Of the tokens a client holds, one of a seat (else any, for a clear refusal)."""
    seated = sorted(token for token in tokens if table.seat_of(token) is not None)
    return seated[0] if seated else next(iter(tokens), "")


def _held_tokens(text: str) -> frozenset[str]:
    """The tokens of a socket's ``tokens`` query; too many or too long is a refusal."""
    try:
        return token_list(text)
    except TokenListError as error:
        raise HubError(400, "tokens", str(error)) from None


class SocketMessage(Body):
    """A message of a page, as ``frames.decode`` reads it."""

    type: Literal[
        "action",
        "undo",
        "hint",
        "why",
        "sync",
        "ping",
        "echo",
        "resign",
        "abort",
        "chat",
        "chat_read",
        "takeback",
        "takeback_answer",
        "give_time",
        "claim",
    ]
    token: Token | None = None
    action: str | None = Field(default=None, max_length=64)
    index: int | None = Field(default=None, ge=0)
    room: Room = "players"
    text: str | None = Field(default=None, max_length=MAX_TEXT)
    phrase: Phrase | None = None
    accept: bool | None = None
    seat: int | None = Field(default=None, ge=0, le=7)


class _Page:
    """One page's socket to a table: what it is sent, each message stamped with the game's version
    as it is queued, and the answer to each of its messages."""

    def __init__(
        self,
        hub: Hub,
        table: Table,
        outbox: Outbox,
        watching: tuple[ViewKey, frozenset[str]],
        sender: tuple[str, SocketLimit],
        idle: float,
    ) -> None:
        self.hub = hub
        self.table = table
        self.outbox = outbox
        #: The client (its address) and its socket's messages counted against the server's limits.
        self.client, self.limit = sender
        self.ping_every = ping_every(idle)
        #: The socket's round trip, credited to the moves it brings.
        self.lag = LagMeter()
        #: The game's chats and this page as they know it, once it joined them.
        self.chat: tuple[Chats, Reader] | None = None
        #: Whether the page was sent its first message.
        self.opened = False
        seats, tokens = watching
        self.watcher = Watcher(seats, self.put_broadcast, tokens)

    async def silenced(self) -> None:
        """The socket missed its pings: its seats are not at the table until it speaks again."""
        if not self.watcher.silent:
            await self.table.presence.silenced(self.watcher)

    async def heard(self) -> None:
        """The socket spoke: its seats are at the table again if it had gone silent."""
        self.watcher.heard = time.monotonic()
        if self.watcher.silent:
            await self.table.presence.spoke(self.watcher)

    async def put_broadcast(self, text: str) -> None:
        """Queue a message the game broadcasts, stamped once for all its watchers
        (``Table.stamped``), in place of this page's waiting message of the same type; but the
        page's first message, its first view, which nothing replaces: a page opens on a state."""
        kind = message_type(text) if self.opened else None
        self.opened = True
        await self.outbox.send(self.table.stamped(text), kind)

    async def put(self, text: str) -> None:
        await self.outbox.send(stamped(text, self.table.version))

    async def send(self, message: dict[str, Any]) -> None:
        await self.put(json.dumps(message))

    async def handle(self, received: Mapping[str, Any]) -> None:
        """Answer one message of the page: a refusal is an ``error`` message (one over the
        socket's limits too: ``Flooding`` once it was refused too often)."""
        try:
            message: SocketMessage | HubError = decode(received, SocketMessage)
        except HubError as error:
            message = error  # a flood of bad messages is one too: counted below
        try:
            self.limit.count(message.type if isinstance(message, SocketMessage) else "message")
            if isinstance(message, HubError):
                raise message
            await self._answer(message)
        except HubError as error:
            await self.send({"type": "error", **error.to_json()["error"]})

    async def _answer(self, message: SocketMessage) -> None:
        hub, table, held, client = self.hub, self.table, self.watcher.tokens, self.client
        if message.type == "ping":
            self.lag.pong_sent()  # before it is queued: its echo may come back before the send returns
            await self.send({"type": "pong", "ping_every": self.ping_every, "now": time.time()})
            return
        if message.type == "echo":
            self.lag.echo_heard()
            return
        if message.type == "sync":
            await table.send_view(self.watcher, again=True)
            return
        if message.type in ("chat", "chat_read"):
            await self._chat(message)
            return
        token = message.token or table.acting_token(held)
        if message.type == "action":
            if not message.action:
                raise HubError(400, "action", "action: expected an action text, e.g. 'claim 17'")
            action = message.action

            async def acknowledge(applied: int) -> None:
                await self.send({"type": "ack", "index": applied, "action": action})

            await table.act(token, action, message.index, client, acknowledge, self.lag.lag())
        elif message.type == "why":
            text = message.action or ""
            reason, refusal = table.why(token, text)
            named = refusal.to_json() if refusal is not None else None
            await self.send({"type": "why", "action": text, "reason": reason, "refusal": named})
        elif message.type == "undo":
            await take_back.undo(table, (message.token,) if message.token else held, client)
            await self.send({"type": "ack", "undo": True})
        elif message.type == "takeback":
            outcome = await take_back.ask(table, message.token or _seat_token(table, held), client)
            await self.send({"type": "ack", "takeback": outcome})
        elif message.type == "takeback_answer":
            if message.accept is None:
                raise HubError(400, "accept", "accept: expected true (take the move back) or false")
            answering = message.token or take_back.answering_token(table, held)
            outcome = await take_back.answer(table, answering, message.accept, client)
            await self.send({"type": "ack", "takeback": outcome})
        elif message.type == "give_time":
            if message.seat is None:
                raise HubError(400, "seat", "seat: expected the seat given time, e.g. 1")
            given = message.token or _seat_token(table, held)
            remaining = await time_gift.give(table, given, message.seat, client, held)
            await self.send({"type": "ack", "give_time": message.seat, "remaining": remaining})
        elif message.type in ("resign", "abort"):
            await self._end(message.type, message.token or _seat_token(table, held))
        elif message.type == "claim":
            claimed = await gone_claims.claim(table, message.token or _seat_token(table, held), client)
            await self.send({"type": "ack", "claim": claimed})
        else:
            await self.send({"type": "hint", "candidates": await hub.hints.hint(table, token, client)})

    async def _chat(self, message: SocketMessage) -> None:
        """Read the game's chat (``chat_read``) or write in it (``chat``; answered ``ack``)."""
        assert self.chat is not None
        chats, reader = self.chat
        if message.type == "chat_read":
            await self.send(await chats.history(self.table, reader))
            return

        async def acknowledge(sent: int) -> None:
            await self.send({"type": "ack", "chat": sent})

        await chats.write(self.table, reader, (message.room, message.text, message.phrase), acknowledge)

    async def _end(self, how: str, token: str) -> None:
        """Resign or abort the game for ``token``'s seat (``endings``); answered ``ack``."""
        if how == "resign":
            ended = await endings.resign(self.table, token, self.client)
            await self.send({"type": "ack", "resign": True, "ended": ended})
        else:
            await endings.abort(self.table, token)
            await self.send({"type": "ack", "abort": True})
