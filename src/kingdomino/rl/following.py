"""Following each seat's board (kingdom, territory, map) from one observation to the next.

An encoder derives planes and points from a seat's board, and a board changes only on some
moves. :class:`BoardFollower` answers a seat's last facts again while the board's *sources*
(the engine's own lists of bitboards and a few ints) compare equal to a copy taken when the
facts were found, then facts cached by the sources' values; on a miss the encoder builds
them, usually by patching the seat's previous ones (:meth:`BoardFollower.previous`).

>>> follower: BoardFollower[str] = BoardFollower(seats=2)
>>> squares = [0b11, 0b100]
>>> follower.get(0, (squares, 0)) is None
True
>>> follower.put(0, (squares, 0), "facts of 0b11, 0b100")
'facts of 0b11, 0b100'
>>> follower.get(0, (squares, 0))
'facts of 0b11, 0b100'
>>> squares[0] |= 0b1000  # the engine changes its list in place: the copy tells
>>> follower.get(0, (squares, 0)) is None, follower.previous(0)
(True, 'facts of 0b11, 0b100')
"""

from __future__ import annotations

from typing import Generic, TypeVar

FactsT = TypeVar("FactsT")
#: A board's sources: lists of bitboards (compared by value) and ints, as the engine holds them.
Sources = tuple[list[int] | int, ...]


class BoardFollower(Generic[FactsT]):
    """Per seat, the facts last found for its board; facts by board, cached."""

    __slots__ = ("cache", "cache_size", "facts", "snapshots")

    def __init__(self, seats: int, cache_size: int = 4096) -> None:
        self.facts: list[FactsT | None] = [None] * seats
        #: Per seat, a copy of the sources its facts were found for.
        self.snapshots: list[Sources | None] = [None] * seats
        self.cache: dict[tuple[int, ...], FactsT] = {}
        self.cache_size = cache_size

    def get(self, seat: int, sources: Sources) -> FactsT | None:
        """The facts of ``seat``'s board, or ``None`` when they were never built."""
        if self.snapshots[seat] == sources:
            return self.facts[seat]
        found = self.cache.get(_key(sources))
        if found is not None:
            self._follow(seat, sources, found)
        return found

    def previous(self, seat: int) -> FactsT | None:
        """The facts last found for ``seat`` (a board to patch from), if any."""
        return self.facts[seat]

    def put(self, seat: int, sources: Sources, facts: FactsT) -> FactsT:
        """Remember ``facts`` as those of ``seat``'s board, made of ``sources``."""
        if len(self.cache) >= self.cache_size:
            self.cache.clear()
        self.cache[_key(sources)] = facts
        self._follow(seat, sources, facts)
        return facts

    def _follow(self, seat: int, sources: Sources, facts: FactsT) -> None:
        self.snapshots[seat] = tuple(
            [source.copy() if isinstance(source, list) else source for source in sources]
        )
        self.facts[seat] = facts


def _key(sources: Sources) -> tuple[int, ...]:
    """The sources' values, flat."""
    key: list[int] = []
    for source in sources:
        if isinstance(source, list):
            key += source
        else:
            key.append(source)
    return tuple(key)
