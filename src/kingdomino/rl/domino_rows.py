"""The ``row`` and ``next_row`` sections of Kingdomino and Origins observations.

Both games show a row of dominoes being placed and a row being claimed, slot by slot: the
domino's own features (a per-game table of byte pieces), then a tail with a "nobody on it"
flag, "already placed" and "acting now" flags and the owner's seat relative to the
observer (:func:`~kingdomino.rl.pieces.slot_tail_table`). Every slot is one precomputed
piece; a row is its slots then zero padding.
"""

from __future__ import annotations

from collections.abc import Sequence

from kingdomino.games.domino.rules import DominoState
from kingdomino.rl.pieces import FLOAT_BYTES, slot_tail_table, zero_bytes


class RowPieces:
    """Byte pieces of the two rows as each seat sees them.

    ``domino_bytes[n]``: the features of domino ``n`` (entry 0 unused). ``slot_width``: floats
    per slot; the tail fills what the domino features leave, with the owner one-hot from
    ``owner_offset`` and the placed/acting flags at ``placed_index``/``acting_index`` (counted
    within the tail).
    """

    def __init__(
        self,
        players: int,
        slots: int,
        slot_width: int,
        domino_bytes: Sequence[bytes],
        owner_offset: int,
        placed_index: int,
        acting_index: int,
    ) -> None:
        self.tail_width = slot_width - len(domino_bytes[0]) // FLOAT_BYTES
        self.domino_bytes = domino_bytes
        #: ``tails[seat][owner][placed][acting]``: a slot's tail seen by ``seat`` (owner -1: none).
        self.tails = [
            slot_tail_table(players, seat, self.tail_width, owner_offset, placed_index, acting_index)
            for seat in range(players)
        ]
        #: ``slot_bytes[seat][number][owner][placed][acting]``: a whole slot seen by ``seat``.
        self.slot_bytes = [
            [
                [[[domino + tail for tail in by_acting] for by_acting in by_placed] for by_placed in tails]
                for domino in domino_bytes
            ]
            for tails in self.tails
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

    def kernel_tables(self) -> dict[str, object]:
        """The rows' tables as a compiled kernel reads them (:mod:`kingdomino.rl.compiled`):
        every domino's features, then every tail by seat, owner (none last), placed, acting."""
        return {
            "domino_table": b"".join(self.domino_bytes),
            "domino_features": len(self.domino_bytes[0]) // FLOAT_BYTES,
            "num_dominoes": len(self.domino_bytes) - 1,
            "tail_width": self.tail_width,
            "tails": b"".join(
                tail
                for by_owner in self.tails
                for by_placed in by_owner
                for by_acting in by_placed
                for tail in by_acting
            ),
        }
