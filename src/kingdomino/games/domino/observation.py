"""What the Kingdomino and Origins observations share: the seats in relative order and the
``row`` and ``next_row`` sections.

Both games show a row of dominoes being placed and a row being claimed, slot by slot: the
domino's own features (a per-game table of float32 bytes), then a tail with a "nobody on it"
flag, "already placed" and "acting now" flags and the owner's seat relative to the observer.
Every slot is one precomputed piece; a row is its slots then zero padding.
"""

from __future__ import annotations

from collections.abc import Sequence

from kingdomino.core.game import GameError
from kingdomino.core.observation import FLOAT_BYTES, RebuiltFromGame, float_bytes, zero_bytes
from kingdomino.games.domino.codec import DominoGame
from kingdomino.games.domino.state import DominoState


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


class DominoObservation(RebuiltFromGame):
    """The part of a domino game's observation both games share: its sizes, each observer's
    relative order of the seats, and the rows (``slot_features`` floats per slot before the
    one-hot of the king or chief on it, whose tail starts at ``owner_offset`` of the domino's
    features ``domino_bytes``)."""

    #: A typical score magnitude: the observations show scores / 100.
    score_scale = 100.0
    #: Entries are fractions and flags, except scores / 100 (far below 64 even over a Dynasty).
    bounds = (0.0, 64.0)

    def __init__(
        self, game: DominoGame, slot_features: int, domino_bytes: Sequence[bytes], owner_offset: int
    ) -> None:
        players = game.num_players
        self.players = players
        self.side = game.geometry.side
        self.slots = game.row_size
        self.slot_width = slot_features + players
        #: Observer seat -> absolute seats in relative order (relative seat 0 = the observer).
        self.orders = [tuple((seat + r) % players for r in range(players)) for seat in range(players)]
        self.rows = RowPieces(players, self.slots, self.slot_width, domino_bytes, owner_offset)

    def order(self, seat: int) -> tuple[int, ...]:
        """The absolute seats in the relative order of observer ``seat`` (refused when no seat)."""
        if not 0 <= seat < self.players:
            raise GameError(f"seat must be 0..{self.players - 1}, got {seat}")
        return self.orders[seat]
