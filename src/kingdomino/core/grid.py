"""Rectangular boards stored as bitboards: one bit per square in a Python int.

Every game of the family keeps its kingdoms on a small grid. Storing a set of
squares as the bits of an ``int`` lets the engines answer the questions they
ask most often (which squares touch this terrain, where can a domino go, which
squares form a region) with a handful of shifts and masks instead of loops.

Layout: square ``(row, col)`` is bit ``row * stride + col`` with
``stride = cols + 1``. The extra column is a sentinel that is never set, so a
shift east or west can never wrap a square onto the next row.

>>> grid = Grid(3, 3)
>>> centre = grid.bit(1, 1)
>>> sorted(grid.cells(grid.spread(centre)))
[(0, 1), (1, 0), (1, 2), (2, 1)]
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from collections.abc import Iterator, Sequence
from typing import Any

#: The optional compiled flood fill (built when a C compiler was there at install time; same
#: regions, faster), unless ``KINGDOMINO_PURE_PYTHON=1``.
_compiled_regions: Any = None
if os.environ.get("KINGDOMINO_PURE_PYTHON", "") in ("", "0") and importlib.util.find_spec(
    "kingdomino.core._bitgrid"
):
    _compiled_regions = importlib.import_module("kingdomino.core._bitgrid").Regions
#: The most layers the compiled scoring methods take in one argument (more go the pure-Python way).
_COMPILED_MAX_LAYERS = 32

#: Direction names in code order: east, south, west, north.
DIRECTIONS = ("E", "S", "W", "N")
#: Row and column steps of each direction, in the order of DIRECTIONS.
DIRECTION_STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


class Grid:
    """Geometry of a ``rows`` x ``cols`` board and the bit operations on it."""

    __slots__ = (
        "_col_bands",
        "_compiled",
        "_row_bands",
        "cols",
        "deltas",
        "neighbours",
        "rows",
        "stride",
        "surrounding",
        "valid",
    )

    def __init__(self, rows: int, cols: int) -> None:
        if rows < 1 or cols < 1:
            raise ValueError(f"a grid needs at least one row and one column, got {rows}x{cols}")
        self.rows = rows
        self.cols = cols
        self.stride = cols + 1
        self.valid = 0
        for row in range(rows):
            for col in range(cols):
                self.valid |= self.bit(row, col)
        #: Bit-index step of each direction, in the order of DIRECTIONS.
        self.deltas = tuple(dr * self.stride + dc for dr, dc in DIRECTION_STEPS)
        #: For each bit index: the mask of its orthogonal neighbours.
        self.neighbours: dict[int, int] = {}
        #: For each bit index: the mask of its 8 surrounding squares.
        self.surrounding: dict[int, int] = {}
        for row in range(rows):
            for col in range(cols):
                index = row * self.stride + col
                self.neighbours[index] = self.spread(1 << index)
                ring = 0
                for dr in (-1, 0, 1):
                    for dc in (-1, 0, 1):
                        if (dr or dc) and self.inside(row + dr, col + dc):
                            ring |= self.bit(row + dr, col + dc)
                self.surrounding[index] = ring
        self._row_bands = [[self._band(lo, hi, True) for hi in range(rows)] for lo in range(rows)]
        self._col_bands = [[self._band(lo, hi, False) for hi in range(cols)] for lo in range(cols)]
        #: The compiled flood fill of this grid, when it was built (``regions_holding``).
        self._compiled: Any = None
        if _compiled_regions is not None and rows * self.stride <= 256:
            self._compiled = _compiled_regions(rows, self.stride, self.valid)

    def _band(self, lo: int, hi: int, rows: bool) -> int:
        mask = 0
        for row in range(self.rows):
            for col in range(self.cols):
                if lo <= (row if rows else col) <= hi:
                    mask |= self.bit(row, col)
        return mask

    def inside(self, row: int, col: int) -> bool:
        """Whether ``(row, col)`` is a square of this grid."""
        return 0 <= row < self.rows and 0 <= col < self.cols

    def bit(self, row: int, col: int) -> int:
        """The one-bit mask of square ``(row, col)``."""
        return 1 << (row * self.stride + col)

    def index(self, row: int, col: int) -> int:
        """The bit index of square ``(row, col)``."""
        return row * self.stride + col

    def square(self, index: int) -> tuple[int, int]:
        """The ``(row, col)`` of a bit index."""
        return divmod(index, self.stride)

    def spread(self, mask: int) -> int:
        """Squares orthogonally adjacent to any square of ``mask`` (may include ``mask``)."""
        stride = self.stride
        return ((mask << 1) | (mask >> 1) | (mask << stride) | (mask >> stride)) & self.valid

    def rectangle(self, row_lo: int, row_hi: int, col_lo: int, col_hi: int) -> int:
        """Mask of the squares in rows ``row_lo..row_hi`` and columns ``col_lo..col_hi``, clipped."""
        row_lo, col_lo = max(row_lo, 0), max(col_lo, 0)
        row_hi, col_hi = min(row_hi, self.rows - 1), min(col_hi, self.cols - 1)
        if row_lo > row_hi or col_lo > col_hi:
            return 0
        return self._row_bands[row_lo][row_hi] & self._col_bands[col_lo][col_hi]

    def regions(self, mask: int) -> list[int]:
        """Split ``mask`` into its maximal orthogonally connected groups of squares."""
        return self.regions_holding(mask, mask)

    def regions_holding(self, mask: int, seeds: int) -> list[int]:
        """The connected groups of ``mask`` that hold at least one square of ``seeds``, in the
        order of their lowest seed square.

        Scoring needs only regions with a crown (or fire): growing those from their
        seeds skips every other region. The compiled flood fill (``kingdomino.core._bitgrid``)
        answers when it was built; :meth:`regions_holding_python` is the definition.
        """
        compiled = self._compiled
        if compiled is not None:
            found: list[int] = compiled.regions_holding(mask, seeds)
            return found
        return self.regions_holding_python(mask, seeds)

    def region_points(self, mask: int, layers: Sequence[int], weights: Sequence[int]) -> int:
        """Scoring: the sum over the connected groups of ``mask`` of the group's squares times
        ``sum(weight * squares of layer in the group)`` over ``layers`` and ``weights`` (crowns,
        fires, crosses: layer ``i`` marks the squares worth ``weights[i]`` each). Only groups
        holding a square of some layer score, so only those are grown.

        >>> Grid(3, 3).region_points(0b111, [0b1, 0b10], [1, 2])
        9
        """
        compiled = self._compiled
        if compiled is not None and len(layers) <= _COMPILED_MAX_LAYERS:
            points: int = compiled.region_points(mask, layers, weights)
            return points
        return self.region_points_python(mask, layers, weights)

    def region_points_python(self, mask: int, layers: Sequence[int], weights: Sequence[int]) -> int:
        """:meth:`region_points` in pure Python."""
        if len(layers) != len(weights):
            raise ValueError(
                f"region_points: expected as many weights as layers, got {len(layers)} and {len(weights)}"
            )
        seeds = 0
        for layer in layers:
            seeds |= layer
        total = 0
        for region in self.regions_holding_python(mask, seeds):
            weighted = sum(weight * (region & layer).bit_count() for layer, weight in zip(layers, weights))
            total += region.bit_count() * weighted
        return total

    def surrounding_count(
        self, centres: Sequence[int], targets: Sequence[int], weights: Sequence[Sequence[int]]
    ) -> int:
        """Scoring around squares: over each centre layer ``i`` and each of its squares, the
        squares of each target layer ``j`` among its 8 surrounding squares, each worth
        ``weights[i][j]`` (a hunter's mammoths, a shaman's fires: a target square counts once
        per centre square next to it). One call scores every kind of centre at once.

        >>> Grid(3, 3).surrounding_count([0b1, 0b100], [0b10 | 1 << 4 | 1 << 5], [[2], [10]])
        26
        """
        compiled = self._compiled
        if (
            compiled is not None
            and len(centres) <= _COMPILED_MAX_LAYERS
            and len(targets) <= _COMPILED_MAX_LAYERS
        ):
            count: int = compiled.surrounding_count(centres, targets, weights)
            return count
        return self.surrounding_count_python(centres, targets, weights)

    def surrounding_count_python(
        self, centres: Sequence[int], targets: Sequence[int], weights: Sequence[Sequence[int]]
    ) -> int:
        """:meth:`surrounding_count` in pure Python."""
        if len(weights) != len(centres):
            got = f"got {len(centres)} and {len(weights)}"
            raise ValueError(f"surrounding_count: expected one row of weights per centre layer, {got}")
        surrounding = self.surrounding
        total = 0
        for centre, row in zip(centres, weights):
            if len(row) != len(targets):
                got = f"got {len(targets)} and {len(row)}"
                raise ValueError(f"surrounding_count: expected as many weights as targets, {got}")
            for index in bit_indices(centre & self.valid):
                ring = surrounding[index]
                total += sum(weight * (ring & target).bit_count() for target, weight in zip(targets, row))
        return total

    def largest_region_size(self, masks: Sequence[int]) -> int:
        """The number of squares of the largest connected group within any one of ``masks``
        (0 when all are empty): a tie-break's "largest region" over each terrain's squares.

        >>> Grid(3, 3).largest_region_size([0b11, 0])
        2
        """
        compiled = self._compiled
        if compiled is not None:
            size: int = compiled.largest_region_size(masks)
            return size
        return self.largest_region_size_python(masks)

    def largest_region_size_python(self, masks: Sequence[int]) -> int:
        """:meth:`largest_region_size` in pure Python."""
        regions = self.regions_holding_python
        return max((region.bit_count() for mask in masks for region in regions(mask, mask)), default=0)

    def regions_holding_python(self, mask: int, seeds: int) -> list[int]:
        """:meth:`regions_holding` in pure Python."""
        found = []
        stride = self.stride
        mask &= self.valid
        seeds &= mask
        while seeds:
            region = seeds & -seeds
            while True:
                grown = (
                    region | (region << 1) | (region >> 1) | (region << stride) | (region >> stride)
                ) & mask
                if grown == region:
                    break
                region = grown
            found.append(region)
            seeds &= ~region
        return found

    def placement_masks(
        self, free: int, touches_first: int, touches_second: int, symmetric: bool
    ) -> tuple[int, ...]:
        """Where a domino may go, as one mask of first-half squares per direction.

        ``free``: squares the domino may cover. ``touches_first`` / ``touches_second``:
        squares where the first / second half would satisfy the connection rule.
        The second half lies one step in the direction from the first. When both
        halves are identical (``symmetric``) only east and south are generated, since
        west and north would repeat the same placements.
        """
        masks = []
        for delta in self.deltas[:2] if symmetric else self.deltas:
            if delta > 0:
                second_free, second_touch = free >> delta, touches_second >> delta
            else:
                second_free, second_touch = free << -delta, touches_second << -delta
            masks.append(free & second_free & (touches_first | second_touch))
        return tuple(masks)

    def cells(self, mask: int) -> Iterator[tuple[int, int]]:
        """The ``(row, col)`` of each square of ``mask``, in bit order."""
        while mask:
            low = mask & -mask
            yield divmod(low.bit_length() - 1, self.stride)
            mask ^= low


def bit_indices(mask: int) -> Iterator[int]:
    """The index of each set bit of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
