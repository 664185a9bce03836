"""A client's game requests limited: a game's views (``GET /api/games/{id}``), its actions read
(``GET /api/games/{id}/actions``) and its moves (``POST /api/games/{id}/actions``).

Each costs the server little (300 views took 0.4 s), but nothing bounded them: one client could
keep the event loop busy with them. The limit is per client (``clients.client_key``), counted by
each app in memory, and far above what a player's page or a bot sends: a page reads a game over
its socket and asks a view over HTTP only on opening it or on coming back, and ``kingdomino bot``
sends two requests a move (the actions read, the move). A refused request is answered 429
``too_many_requests`` with ``Retry-After``. A sliding window counter (two counts a client, not a
time a request) weighs the last window's count by how much of it is still in reach: a client
kept at the limit meets it at about the rate given.
"""

from __future__ import annotations

import math
import time

from limits import RateLimitItem, WindowStats, parse
from limits.aio import storage, strategies
from starlette.requests import Request

from kingdomino.web.clients import client_key
from kingdomino.web.refusals import HubError

#: A client's game requests: 50 a second kept up (3,000 a minute), and at most 400 in any one
#: second. Measured on the tests' server: the tests of ``kingdomino bot`` one after another from
#: one host (bots playing each other or an AI, every agent answering at once) sent at most 113 in
#: a second and 1,760 in a minute; the browser tests of game pages (playing, online, reconnecting,
#: replays), every page of a test worker from one address, 87 in a second and 529 in a minute.
#: A flood (300 views took 0.4 s of the event loop) is cut to a 15th of the loop's time once its
#: first second is spent.
GAME_REQUESTS: tuple[RateLimitItem, ...] = (parse("400/second"), parse("3000/minute"))


async def game_request(request: Request) -> None:
    """Refuse the client's game request beyond ``GAME_REQUESTS`` (the app's ``game_rate``
    instead when set, for the tests of the limit), 429 with when to come back."""
    await client_request(request, "game", getattr(request.app.state, "game_rate", GAME_REQUESTS))


async def client_request(request: Request, kind: str, rates: tuple[RateLimitItem, ...]) -> None:
    """Refuse the client's request of ``kind`` beyond ``rates`` (each kind counted apart, by
    one limiter of the app), 429 ``too_many_requests`` with when to come back."""
    client = client_key(request.client.host if request.client else None)
    state = request.app.state
    if not hasattr(state, "game_requests"):
        state.game_requests = strategies.SlidingWindowCounterRateLimiter(storage.MemoryStorage())
    limiter: strategies.SlidingWindowCounterRateLimiter = state.game_requests
    for rate in rates:
        if not await limiter.test(rate, kind, client):
            stats = await limiter.get_window_stats(rate, kind, client)
            wait = seconds_to_wait(stats)
            message = f"too many {kind} requests: at most {rate.amount} {per(rate)}; try again in {wait} s"
            raise HubError(
                429, "client", message, "too_many_requests", {"seconds": wait}, {"Retry-After": str(wait)}
            )
    for rate in rates:
        await limiter.hit(rate, kind, client)


def seconds_to_wait(stats: WindowStats) -> int:
    """Whole seconds, at least 1, until the window of ``stats`` lets a request through again."""
    return max(1, math.ceil(stats.reset_time - time.time()))


def per(rate: RateLimitItem) -> str:
    """The window of ``rate`` in words.

    >>> per(parse("100/second")), per(parse("600/10 seconds")), per(parse("3/hour"))
    ('a second', 'in 10 seconds', 'an hour')
    """
    unit = rate.GRANULARITY.name
    if rate.multiples != 1:
        return f"in {rate.multiples} {unit}s"
    return f"an {unit}" if unit == "hour" else f"a {unit}"
