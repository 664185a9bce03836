"""A bounded memory for the engine's gain functions, which a search calls again and again.

The placement values behind ``score_gains`` and ``fast_estimates`` are a pure function
of the game's scoring settings, a kingdom's contents and a domino. A search meets the same
ones over and over (the domino a seat claims is valued again on the kingdom it is then
placed in; every playout from a position starts from the same kingdoms), so each game's
state module keeps one ``GainMemo``. It is emptied whole when full: no bookkeeping per use.

>>> memo: GainMemo[str, int] = GainMemo(limit=2)
>>> memo.put("a", 1), memo.get("a"), memo.get("b")
(1, 1, None)
>>> _ = memo.put("b", 2); _ = memo.put("c", 3)
>>> len(memo), memo.get("a")
(1, None)
"""

from __future__ import annotations

from typing import Generic, TypeVar

Key = TypeVar("Key")
Value = TypeVar("Value")


class GainMemo(Generic[Key, Value]):
    """Remembers values by key, at most ``limit`` of them; forgets all when full."""

    __slots__ = ("entries", "limit")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.entries: dict[Key, Value] = {}

    def get(self, key: Key) -> Value | None:
        return self.entries.get(key)

    def put(self, key: Key, value: Value) -> Value:
        """Remember ``value`` (emptying the memory first when it is full) and return it."""
        if len(self.entries) >= self.limit:
            self.entries.clear()
        self.entries[key] = value
        return value

    def clear(self) -> None:
        self.entries.clear()

    def __len__(self) -> int:
        return len(self.entries)
