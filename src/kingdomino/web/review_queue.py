"""Which game reviews compute now: a fair queue of reviews, clients served in turn.

A review is a game's worth of searches, one after the other in the AI queue's background lane.
Admitted without a bound, a client that finished a dozen games had a dozen reviews competing
with everyone else's, and the background lane held a job of each. Here a review computes only
once admitted: at most ``REVIEWS_AT_ONCE`` on a server, at most ``REVIEWS_PER_CLIENT`` of one
client (an address, an IPv6 /64: ``clients.client_key``); the others wait their turn. The
clients take turns as the AI queue's lanes do for jobs: the client whose review started longest
ago (or never) first, each client's own reviews first come, first served.

>>> in_turn(["a1", "a2", "b1"], lambda name: name[0], {"a": 5})
['b1', 'a1', 'a2']
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections import Counter
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

#: Reviews computing at once on a server (each holds at most one job of the AI queue at a time,
#: so the background lane holds at most this many jobs).
REVIEWS_AT_ONCE = 8

#: Reviews of one client computing at once; its other reviews wait their turn.
REVIEWS_PER_CLIENT = 1

T = TypeVar("T")


def in_turn(waiting: Sequence[T], client_of: Callable[[T], str], last_start: Mapping[str, int]) -> list[T]:
    """``waiting`` (in arrival order) in the order it starts: round by round, one of each client
    (``client_of``) a round, the clients by when one of theirs last started (``last_start``, a
    count of starts; a client not in it first)."""
    clients = list(dict.fromkeys(map(client_of, waiting)))
    turn = {client: place for place, client in enumerate(sorted(clients, key=lambda c: last_start.get(c, 0)))}
    rounds: Counter[str] = Counter()
    keyed = []
    for place, item in enumerate(waiting):
        client = client_of(item)
        keyed.append((rounds[client], turn[client], place, item))
        rounds[client] += 1
    keyed.sort(key=lambda entry: entry[:3])
    return [item for *_, item in keyed]


@dataclass(eq=False)
class _Review:
    """A review asking to compute: its client, its game, and the future set when admitted."""

    client: str
    game_id: str
    admitted: asyncio.Future[None] = field(default_factory=lambda: asyncio.get_running_loop().create_future())


class ReviewQueue:
    """Admits reviews to compute: at most ``at_once`` in all, ``per_client`` of one client."""

    def __init__(self, at_once: int = REVIEWS_AT_ONCE, per_client: int = REVIEWS_PER_CLIENT) -> None:
        self.at_once = at_once
        self.per_client = per_client
        self.waiting: list[_Review] = []
        self.computing: list[_Review] = []
        #: When a review of each client with reviews here last started (a count of starts).
        self._served: dict[str, int] = {}
        self._starts = itertools.count(1)

    @contextlib.asynccontextmanager
    async def turn(self, game_id: str, client: str) -> AsyncIterator[None]:
        """Wait until the review of ``game_id`` (``client``'s) may compute, and compute it in the
        block; leaving the block (done, failed or cancelled) lets the next one in."""
        review = _Review(client, game_id)
        self.waiting.append(review)
        self._admit()
        try:
            await review.admitted
            yield
        finally:
            if review in self.waiting:
                self.waiting.remove(review)
            if review in self.computing:
                self.computing.remove(review)
            if not any(r.client == client for r in [*self.waiting, *self.computing]):
                self._served.pop(client, None)  # nothing of theirs here: they come back first
            self._admit()

    def _order(self) -> list[_Review]:
        """The waiting reviews in the order they start."""
        return in_turn(self.waiting, lambda review: review.client, self._served)

    def _admit(self) -> None:
        computing = Counter(r.client for r in self.computing)
        for review in self._order():
            if len(self.computing) >= self.at_once:
                return
            if review.admitted.cancelled():
                continue  # its task is being cancelled (a server's stop): its own exit removes it
            if computing[review.client] >= self.per_client:
                continue
            self.waiting.remove(review)
            self.computing.append(review)
            computing[review.client] += 1
            self._served[review.client] = next(self._starts)
            review.admitted.set_result(None)

    def place(self, game_id: str) -> int | None:
        """The place in line of ``game_id``'s waiting review (1: the next to start), None if it
        does not wait (it computes, or is not here)."""
        for place, review in enumerate(self._order(), start=1):
            if review.game_id == game_id:
                return place
        return None
