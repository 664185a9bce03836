"""The ``row`` and ``next_row`` sections of the Kingdomino and Origins observations.

Both games show a row of dominoes being placed and a row being claimed, slot by slot: the
domino's own features (a per-game table of float32 bytes), then a tail with a "nobody on it"
flag, "already placed" and "acting now" flags and the owner's seat relative to the observer.
Every slot is one precomputed piece; a row is its slots then zero padding.
"""

from __future__ import annotations

from collections.abc import Sequence

from kingdomino.core.observation import FLOAT_BYTES, float_bytes, zero_bytes
from kingdomino.games.domino.rules import DominoState


def slot_tail(
    players: int, seat: int, width: int, owner_offset: int, owner: int, placed: int, acting: int
) -> bytes:
    """A slot's tail (``width`` floats) as ``seat`` sees it: 0 "no king/chief on it"; 1 placed;
    2 acting; from ``owner_offset``, the one-hot of ``owner`` (an absolute seat, -1 for none)
    relative to ``seat``."""
    values = [0.0] * width
    if owner == -1:
        values[0] = 1.0
    else:
        values[owner_offset + (owner - seat) % players] = 1.0
    values[1] = placed
    values[2] = acting
    return float_bytes(values)


class RowPieces:
    """Byte pieces of the two rows as each seat sees them.

    ``domino_bytes[n]``: the features of domino ``n`` (entry 0 unused); ``slot_width``: floats
    per slot, the tail (:func:`slot_tail`) filling what the domino features leave.
    """

    def __init__(
        self, players: int, slots: int, slot_width: int, domino_bytes: Sequence[bytes], owner_offset: int
    ) -> None:
        tail_width = slot_width - len(domino_bytes[0]) // FLOAT_BYTES
        owners = [*range(players), -1]
        #: ``slot_bytes[seat][number][owner][placed][acting]``: a whole slot seen by ``seat``.
        self.slot_bytes = [
            [
                [
                    [
                        [
                            domino + slot_tail(players, seat, tail_width, owner_offset, owner, placed, acting)
                            for acting in (0, 1)
                        ]
                        for placed in (0, 1)
                    ]
                    for owner in owners
                ]
                for domino in domino_bytes
            ]
            for seat in range(players)
        ]
        #: ``padding[k]``: the zero slots after ``k`` filled ones.
        self.padding = [zero_bytes((slots - k) * slot_width) for k in range(slots + 1)]

    def append(self, parts: list[bytes], state: DominoState, seat: int, placed: int, acting: int) -> None:
        """Append ``row`` then ``next_row`` as ``seat`` sees them: the first ``placed`` slots of
        the row being placed are done, slot ``acting`` acts now (-1: none)."""
        slots, padding = self.slot_bytes[seat], self.padding
        for numbers, owners in ((state.row, state.row_owner), (state.next_row, state.next_owner)):
            for i, number in enumerate(numbers):
                parts.append(slots[number][owners[i]][i < placed][i == acting])
            parts.append(padding[len(numbers)])
            placed, acting = 0, -1
