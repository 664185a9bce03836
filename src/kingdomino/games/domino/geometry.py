"""The geometry of a domino kingdom: grid, centre square, placement codes.

The kingdom lives on a square grid of side ``2 * frame - 1`` with the centre
square (castle or hut) in the middle, so a kingdom that grows any way while its
bounding box stays ``frame`` x ``frame`` always fits. Placement codes are
``cell * 4 + direction`` over that grid: the first half of the domino goes on
``cell``, the second one step ``E``, ``S``, ``W`` or ``N`` of it. Classic
Kingdomino and Kingdomino Origins share this table (built once per frame size).

>>> geometry = Geometry.of(5)
>>> geometry.placement_text(geometry.placement_code(0, 1, 0))
'place 0,1 E'
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from kingdomino.core.grid import DIRECTIONS, Grid


class Placement(NamedTuple):
    """A placement code decoded: the two squares' bits, indices and the bounding box they span."""

    first_bit: int
    second_bit: int
    first_index: int
    second_index: int
    row_lo: int
    row_hi: int
    col_lo: int
    col_hi: int


class Geometry:
    """Everything about a frame size that never changes: grid, castle, placement table."""

    def __init__(self, frame: int) -> None:
        self.frame = frame
        self.side = 2 * frame - 1
        self.grid = Grid(self.side, self.side)
        self.centre = frame - 1
        self.castle = self.grid.bit(self.centre, self.centre)
        self.num_placements = self.side * self.side * 4
        #: Placement code -> decoded placement, ``None`` where the second half leaves the grid.
        self.placements: list[Placement | None] = []
        #: Bit index + 1 (``bit_length`` of the one-bit mask) -> ``cell * 4``.
        self.code_base_of_bit_length = [0] * (self.grid.stride * self.side + 2)
        for row in range(self.side):
            for col in range(self.side):
                cell = row * self.side + col
                self.code_base_of_bit_length[self.grid.index(row, col) + 1] = cell * 4
                for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                    row2, col2 = row + dr, col + dc
                    if not self.grid.inside(row2, col2):
                        self.placements.append(None)
                        continue
                    self.placements.append(
                        Placement(
                            self.grid.bit(row, col),
                            self.grid.bit(row2, col2),
                            self.grid.index(row, col),
                            self.grid.index(row2, col2),
                            min(row, row2),
                            max(row, row2),
                            min(col, col2),
                            max(col, col2),
                        )
                    )
        reach = frame // 2
        lo, hi = self.centre - reach, self.centre + reach
        #: The squares of the frame centred on the castle (where a Middle Kingdom, or a Fire
        #: Kingdom, lies).
        self.castle_frame = self.grid.rectangle(lo, hi, lo, hi)
        #: Placement code -> whether both its squares lie in ``castle_frame``.
        self.centred_codes = [
            p is not None and not (p.first_bit | p.second_bit) & ~self.castle_frame for p in self.placements
        ]

        #: Bounding box ``(row_lo, row_hi, col_lo, col_hi)`` -> the squares a kingdom with that
        #: box may cover while staying within the frame (its reach), filled as boxes are met.
        self.reach_by_box: dict[tuple[int, int, int, int], int] = {}

    def reach(self, row_lo: int, row_hi: int, col_lo: int, col_hi: int) -> int:
        """The squares a kingdom with this bounding box may cover and still fit in the frame
        (those it covers included): the frame slid over every place that holds the box."""
        box = (row_lo, row_hi, col_lo, col_hi)
        found = self.reach_by_box.get(box)
        if found is None:
            span = self.frame - 1
            found = self.reach_by_box[box] = self.grid.rectangle(
                row_hi - span, row_lo + span, col_hi - span, col_lo + span
            )
        return found

    @staticmethod
    @cache
    def of(frame: int) -> Geometry:
        """The shared geometry of a frame size (built once per process)."""
        return Geometry(frame)

    def placement_code(self, row: int, col: int, direction: int) -> int:
        """Code of the first half at castle-relative ``(row, col)``, second half in ``direction``."""
        return ((row + self.centre) * self.side + col + self.centre) * 4 + direction

    def placement_squares(self, code: int) -> tuple[tuple[int, int], tuple[int, int]]:
        """Castle-relative squares of the first and second half of a placement code."""
        cell, direction = divmod(code, 4)
        row, col = divmod(cell, self.side)
        row, col = row - self.centre, col - self.centre
        dr, dc = ((0, 1), (1, 0), (0, -1), (-1, 0))[direction]
        return (row, col), (row + dr, col + dc)

    def placement_text(self, code: int) -> str:
        (row, col), _ = self.placement_squares(code)
        return f"place {row},{col} {DIRECTIONS[code % 4]}"
