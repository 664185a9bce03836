"""A socket's messages limited: each game socket (``/ws/games/{id}``) and lobby socket
(``/ws/lobby``) may send so many messages a second and a minute, and fewer of the costly kinds.

Each message costs the event loop a little (a ``ping`` about 1 ms, a ``sync``, a whole view built
and sent, over 2 ms: ``bench/bench_flood.py``), but nothing bounded how many a client sent: one
that read its answers could flood its socket and slow every other client of the server. The
limits are per socket, counted by each app in memory (``limits``' moving window: exactly so many
in any window), and far above what a page or ``kingdomino bot`` sends (``MESSAGE_RATES``). A
message over a limit is answered with an ``error``, code ``too_many_messages``, naming the kind,
the limit and the seconds to wait. The refusals are counted per client (``clients.client_key``:
an address, an IPv6 /64) over all its sockets: one more than ``REFUSALS`` in a minute closes the
socket with ``FLOOD_CODE``, and until the minute has passed the client's new sockets are refused.
A client may also open only so many sockets a second and a minute (``OPENINGS``): each costs a
handshake, a first view and the chat's rooms. Both refuse a socket before it is accepted, the
handshake answered 429 (``refuse_handshake``): a flooder reconnecting at once cost a handshake, a
view and another flood each time (``bench/bench_flood.py``). A page or bot is never refused, so
shares nothing of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import Mapping

from limits import RateLimitItem, parse, storage, strategies
from starlette.datastructures import State
from starlette.responses import JSONResponse
from starlette.websockets import WebSocket

from kingdomino.web.game_requests import per, seconds_to_wait
from kingdomino.web.outbox import Outbox
from kingdomino.web.refusals import HubError

#: The limits of one socket's messages: ``"message"`` counts every message, ``"client"`` every
#: message of a client's sockets together, the others one kind each. The most any socket sent on
#: the tests' servers: a game page (the browser tests of playing, online games, reconnecting, the
#: lobby, fast clicks) 6 in a second and 59 in a minute, a ``sync`` or a ``why`` once;
#: ``kingdomino bot`` (its tests, bots playing each other at once) 28 in a second and 142 in a
#: minute. A client that waits for each answer goes as fast as the server answers, so a second's
#: limit holds a whole game's messages (a game of two seats played on one socket, with pings,
#: and a ``sync`` and a ``why`` every few moves, sends about 160); the minute's limit is what a
#: flood meets. A flood of ``sync`` costs the most (``bench/bench_flood.py``: about 2.3 ms each,
#: against 1 ms a ``ping``). A client may hold 100 sockets (``MAX_SOCKETS_PER_CLIENT``), each
#: under its own limits: ``"client"`` bounds them together, as much as dozens of pages in play
#: (a household, a school behind one address) send, a tenth of the event loop for pings. Every
#: socket of a test worker, one address (those tests, and the bots' playing), sent at most 48
#: messages in a second and 228 in a minute together (the tests lift the limits all the same,
#: but those of the limits: many wait for a pong in a tight loop, a few flood on purpose).
MESSAGE_RATES: Mapping[str, tuple[RateLimitItem, ...]] = {
    "message": (parse("200/second"), parse("3000/minute")),
    "sync": (parse("50/second"), parse("600/minute")),
    "why": (parse("50/second"), parse("600/minute")),
    "chat_read": (parse("20/second"), parse("120/minute")),
    "client": (parse("300/second"), parse("6000/minute")),
}
#: Sockets (game and lobby together) a client may open: a page opens one or two as it loads, and
#: again after each connection lost (backing off to one in 10 s). A player clicking through pages
#: as fast as they load opens about 2 a second and 30 in a minute; a flood of reconnections opened
#: 110 a second, each with its first view (``bench/bench_flood.py``), and is cut to a handshake
#: refused each time past these.
OPENINGS: tuple[RateLimitItem, ...] = (parse("20/second"), parse("300/minute"))
#: Refused messages a socket may send in a minute: one more and it is closed (``FLOOD_CODE``).
REFUSALS = parse("20/minute")
#: The close code of a socket closed for flooding (as HTTP's 429, "too many requests"), and the
#: reason it is closed with.
FLOOD_CODE = 4429
FLOOD_REASON = "too many messages"
#: Seconds the answers already queued to a flooding socket (its refusals) have to go out before
#: it is closed.
FLUSH_SECONDS = 5.0

_sockets = itertools.count()


class Flooding(Exception):
    """The socket went on sending after ``REFUSALS`` refusals: it is to be closed (``FLOOD_CODE``)."""


class SocketLimit:
    """One socket's messages counted against its app's limits (``create_app``'s ``socket_rates``,
    ``MESSAGE_RATES`` unless the operator or a test chose others)."""

    def __init__(self, state: State, client: str) -> None:
        if not hasattr(state, "socket_messages"):
            state.socket_messages = strategies.MovingWindowRateLimiter(storage.MemoryStorage())
        self.limiter: strategies.MovingWindowRateLimiter = state.socket_messages
        self.rates: Mapping[str, tuple[RateLimitItem, ...]] = (
            getattr(state, "socket_rates", None) or MESSAGE_RATES
        )
        self.openings: tuple[RateLimitItem, ...] = getattr(state, "socket_openings", None) or OPENINGS
        self.key = str(next(_sockets))
        self.client = client

    def opening_refused(self) -> HubError | None:
        """The refusal (429) of a new socket of a client whose sockets were refused ``REFUSALS``
        messages in the last minute, or that opened ``OPENINGS`` already (the app's
        ``socket_openings`` instead when set); None: it may open. A flooder that reconnects
        costs a refused handshake, not a view and a flood again."""
        if not self.limiter.test(REFUSALS, "socket", self.client, "refused"):
            what = "messages refused to this address"
            return self._too_many(REFUSALS, (self.client, "refused"), what, "message")
        for rate in self.openings:
            if not self.limiter.hit(rate, "socket", self.client, "opened"):
                what = "sockets opened by this address"
                return self._too_many(rate, (self.client, "opened"), what, "socket")
        return None

    def count(self, kind: str) -> None:
        """Count one message of ``kind``: a ``HubError`` (429, ``too_many_messages``) if it is over
        a limit, ``Flooding`` if the client's sockets were refused too often already."""
        own = (kind,) if kind not in ("message", "client") else ()
        for counted in (*own, "message", "client"):
            key = self.client if counted == "client" else self.key
            for rate in self.rates.get(counted, ()):
                if not self.limiter.hit(rate, "socket", key, counted):
                    raise self._refusal(counted, rate)

    def _refusal(self, counted: str, rate: RateLimitItem) -> Exception:
        if not self.limiter.hit(REFUSALS, "socket", self.client, "refused"):
            return Flooding(f"too many messages: over {REFUSALS.amount} refused {per(REFUSALS)}")
        if counted == "client":
            return self._too_many(rate, (self.client, counted), "messages from this address", counted)
        what = "messages on this socket" if counted == "message" else f"{counted} messages on this socket"
        return self._too_many(rate, (self.key, counted), what, counted)

    def _too_many(self, rate: RateLimitItem, counted: tuple[str, str], what: str, kind: str) -> HubError:
        """The refusal of a message of ``kind``: too many ``what`` (``counted``) for ``rate``."""
        stats = self.limiter.get_window_stats(rate, "socket", *counted)
        wait = seconds_to_wait(stats)
        return HubError(
            429,
            "type",
            f"too many {what}: at most {rate.amount} {per(rate)}; try again in {wait} s",
            "too_many_messages",
            {"kind": kind, "limit": rate.amount, "per": per(rate), "seconds": wait},
        )


def close_reason(code: int) -> str:
    """The reason a socket closed with ``code`` by its outbox is given (none but a flood's)."""
    return FLOOD_REASON if code == FLOOD_CODE else ""


async def closed_for_flooding(outbox: Outbox) -> None:
    """Close a flooding socket (``FLOOD_CODE``) once the answers queued to it, its refusals
    among them, went out (at most ``FLUSH_SECONDS``)."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(outbox.flush(), FLUSH_SECONDS)
    await outbox.cut(FLOOD_CODE)


async def refuse_handshake(websocket: WebSocket, refusal: HubError) -> None:
    """Refuse a socket before accepting it: its handshake answered with ``refusal``'s status
    (429) and JSON, and ``Retry-After``, where the server can (uvicorn's denial response),
    else closed (a 403). A page sees a connection that failed and tries again later."""
    if "websocket.http.response" not in websocket.scope.get("extensions", {}):
        await websocket.close(code=FLOOD_CODE, reason=FLOOD_REASON)
        return
    wait = {"Retry-After": str(refusal.values["seconds"])} if "seconds" in refusal.values else {}
    await websocket.send_denial_response(JSONResponse(refusal.to_json(), refusal.status, headers=wait))
