"""The hints computed at once, server-wide and for each client, and the refusal of one more.

A hint is a search of a worker's time; the server computes ``MAX_HINTS`` at once and one client
(``clients.client_key``: an address, an IPv6 /64) ``MAX_HINTS_PER_CLIENT`` of them, so that a
client asking hints in many games leaves the other slots to the other players.

>>> slots = HintSlots()
>>> with slots.held("203.0.113.9"):
...     try:
...         slots.held("203.0.113.9").__enter__()
...     except HubError as refusal:
...         print(refusal.code)
client_hints_busy
>>> slots.running
0
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

from kingdomino.web.refusals import HubError

#: Hints computed at the same time, server-wide; one more is answered "busy" (503).
MAX_HINTS = 2
#: Hints one client may have computed at once; one more is answered "your hint is still being
#: computed" (429), before the server-wide limit is looked at.
MAX_HINTS_PER_CLIENT = 1


class HintSlots:
    """The hints running now: how many in all (``running``) and of each client."""

    def __init__(self) -> None:
        self.running = 0
        self._by_client: Counter[str] = Counter()

    @contextmanager
    def held(self, client: str) -> Iterator[None]:
        """A slot of ``client`` for as long as the block runs, or the refusal why it has none:
        its own share is taken (checked first, so a client is told to wait for its own hint),
        or the server has no slot left."""
        if self._by_client[client] >= MAX_HINTS_PER_CLIENT:
            raise HubError(
                429,
                "hint",
                f"a hint asked from this address is still being computed (at most {MAX_HINTS_PER_CLIENT} "
                "at once per address): wait for it",
                "client_hints_busy",
                {"n": MAX_HINTS_PER_CLIENT},
            )
        if self.running >= MAX_HINTS:
            raise HubError(
                503, "hint", "the server is busy with other hints: try again in a moment", "hints_busy"
            )
        self.running += 1
        self._by_client[client] += 1
        try:
            yield
        finally:
            self.running -= 1
            self._by_client[client] -= 1
            if not self._by_client[client]:
                del self._by_client[client]
