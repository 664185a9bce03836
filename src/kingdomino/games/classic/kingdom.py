"""A Kingdomino kingdom as bitboards: placement, connection, frame and scoring.

The kingdom lives on a square grid of side ``2 * frame - 1`` with the castle in
the centre, so a kingdom that grows any way while its bounding box stays
``frame`` x ``frame`` always fits. Placement codes are ``cell * 4 + direction``
over that grid: the first half of the domino goes on ``cell``, the second one
step ``E``, ``S``, ``W`` or ``N`` of it.

>>> geometry = Geometry.of(5)
>>> kingdom = Kingdom(geometry)
>>> from kingdomino.games.classic.components import DOMINOES
>>> len(kingdom.legal_placements(DOMINOES[1]))   # 2 identical wheat halves around a lone castle
12
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from kingdomino.core.grid import DIRECTIONS, Grid
from kingdomino.games.classic.components import MAX_CROWNS, TERRAINS, Domino

NUM_TERRAINS = len(TERRAINS)


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


class Region(NamedTuple):
    terrain: int
    mask: int
    squares: int
    crowns: int

    @property
    def points(self) -> int:
        return self.squares * self.crowns


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


class Kingdom:
    """One player's kingdom. Mutable; ``copy`` is cheap."""

    __slots__ = (
        "col_hi",
        "col_lo",
        "crowns",
        "discards",
        "geometry",
        "occupied",
        "row_hi",
        "row_lo",
        "terrain",
    )

    def __init__(self, geometry: Geometry) -> None:
        self.geometry = geometry
        #: One mask per terrain.
        self.terrain = [0] * NUM_TERRAINS
        #: ``crowns[k - 1]``: squares with exactly ``k`` crowns.
        self.crowns = [0] * MAX_CROWNS
        self.occupied = geometry.castle
        self.row_lo = self.row_hi = self.col_lo = self.col_hi = geometry.centre
        self.discards = 0

    def copy(self) -> Kingdom:
        other = Kingdom.__new__(Kingdom)
        other.geometry = self.geometry
        other.terrain = self.terrain.copy()
        other.crowns = self.crowns.copy()
        other.occupied = self.occupied
        other.row_lo, other.row_hi = self.row_lo, self.row_hi
        other.col_lo, other.col_hi = self.col_lo, self.col_hi
        other.discards = self.discards
        return other

    # --- placement -------------------------------------------------------------------------

    def free(self) -> int:
        """Empty squares that keep the bounding box within the frame."""
        reach = self.geometry.frame - 1
        allowed = self.geometry.grid.rectangle(
            self.row_hi - reach, self.row_lo + reach, self.col_hi - reach, self.col_lo + reach
        )
        return allowed & ~self.occupied

    def placement_masks(self, domino: Domino) -> tuple[int, ...]:
        """Per direction, the squares where the domino's first half may legally go."""
        grid, castle = self.geometry.grid, self.geometry.castle
        first, second = domino.first, domino.second
        touches_first = grid.spread(castle | self.terrain[first.terrain])
        touches_second = (
            touches_first
            if second.terrain == first.terrain
            else grid.spread(castle | self.terrain[second.terrain])
        )
        return grid.placement_masks(self.free(), touches_first, touches_second, first == second)

    def legal_placements(self, domino: Domino) -> list[int]:
        """Placement codes where ``domino`` may go (empty: it must be discarded)."""
        base_of = self.geometry.code_base_of_bit_length
        codes = []
        for direction, mask in enumerate(self.placement_masks(domino)):
            while mask:
                low = mask & -mask
                codes.append(base_of[low.bit_length()] + direction)
                mask ^= low
        return codes

    def count_placements(self, domino: Domino) -> int:
        return sum(mask.bit_count() for mask in self.placement_masks(domino))

    def can_place(self, domino: Domino) -> bool:
        return any(self.placement_masks(domino))

    def place(self, code: int, domino: Domino) -> None:
        """Put ``domino`` on the squares of placement ``code`` (assumed legal)."""
        p = self.geometry.placements[code]
        assert p is not None
        first, second = domino.first, domino.second
        self.terrain[first.terrain] |= p.first_bit
        self.terrain[second.terrain] |= p.second_bit
        if first.crowns:
            self.crowns[first.crowns - 1] |= p.first_bit
        if second.crowns:
            self.crowns[second.crowns - 1] |= p.second_bit
        self.occupied |= p.first_bit | p.second_bit
        if p.row_lo < self.row_lo:
            self.row_lo = p.row_lo
        if p.row_hi > self.row_hi:
            self.row_hi = p.row_hi
        if p.col_lo < self.col_lo:
            self.col_lo = p.col_lo
        if p.col_hi > self.col_hi:
            self.col_hi = p.col_hi

    def put_square(self, row: int, col: int, terrain: int, crowns: int) -> None:
        """Set one square (castle-relative), for kingdoms read from text rather than played."""
        geometry = self.geometry
        bit = geometry.grid.bit(row + geometry.centre, col + geometry.centre)
        self.terrain[terrain] |= bit
        if crowns:
            self.crowns[crowns - 1] |= bit
        self.occupied |= bit
        r, c = row + geometry.centre, col + geometry.centre
        self.row_lo, self.row_hi = min(self.row_lo, r), max(self.row_hi, r)
        self.col_lo, self.col_hi = min(self.col_lo, c), max(self.col_hi, c)

    # --- reading squares ---------------------------------------------------------------------

    def square(self, row: int, col: int) -> tuple[int, int] | None:
        """``(terrain, crowns)`` of a castle-relative square; ``(-1, 0)`` castle; ``None`` empty."""
        geometry = self.geometry
        if not geometry.grid.inside(row + geometry.centre, col + geometry.centre):
            return None
        bit = geometry.grid.bit(row + geometry.centre, col + geometry.centre)
        if bit == geometry.castle:
            return (-1, 0)
        if not self.occupied & bit:
            return None
        terrain = next(t for t in range(NUM_TERRAINS) if self.terrain[t] & bit)
        crowns = next((k + 1 for k in range(MAX_CROWNS) if self.crowns[k] & bit), 0)
        return terrain, crowns

    def bounds(self) -> tuple[int, int, int, int]:
        """Castle-relative bounding box: ``(row_lo, row_hi, col_lo, col_hi)``."""
        c = self.geometry.centre
        return self.row_lo - c, self.row_hi - c, self.col_lo - c, self.col_hi - c

    # --- scoring -----------------------------------------------------------------------------

    def crown_count(self, mask: int) -> int:
        return sum((k + 1) * (mask & layer).bit_count() for k, layer in enumerate(self.crowns))

    def regions(self, terrain: int | None = None) -> list[Region]:
        """The regions of one terrain, or of all terrains."""
        terrains = range(NUM_TERRAINS) if terrain is None else (terrain,)
        found = []
        for t in terrains:
            for mask in self.geometry.grid.regions(self.terrain[t]):
                found.append(Region(t, mask, mask.bit_count(), self.crown_count(mask)))
        return found

    def region_points(self) -> int:
        """Sum over regions of squares x crowns.

        Only regions holding a crown score, so each region is grown from a crowned square
        (the lowest one left) instead of splitting every terrain into all its regions.
        """
        crowns = self.crowns
        any_crown = 0
        for layer in crowns:
            any_crown |= layer
        regions_holding = self.geometry.grid.regions_holding
        total = 0
        for terrain in self.terrain:
            for region in regions_holding(terrain, any_crown):
                count, weight = 0, 1
                for layer in crowns:
                    count += weight * (region & layer).bit_count()
                    weight += 1
                total += region.bit_count() * count
        return total

    def largest_region(self) -> int:
        return max((r.squares for r in self.regions()), default=0)

    def total_crowns(self) -> int:
        return self.crown_count(self.occupied)

    def is_centred(self) -> bool:
        """Middle Kingdom: every square within ``frame // 2`` rows and columns of the castle."""
        geometry = self.geometry
        reach = geometry.frame // 2
        lo, hi = geometry.centre - reach, geometry.centre + reach
        return self.row_lo >= lo and self.row_hi <= hi and self.col_lo >= lo and self.col_hi <= hi

    def is_full(self) -> bool:
        return self.occupied.bit_count() == self.geometry.frame**2

    # --- greedy support ------------------------------------------------------------------------

    def placement_gains(self, domino: Domino, codes: list[int]) -> list[int]:
        """Change of region points for each placement code of ``domino``."""
        geometry = self.geometry
        neighbours = geometry.grid.neighbours
        first, second = domino.first, domino.second
        first_regions = [(r.mask, r.squares, r.crowns, r.points) for r in self.regions(first.terrain)]
        same = first.terrain == second.terrain
        second_regions = (
            first_regions
            if same
            else [(r.mask, r.squares, r.crowns, r.points) for r in self.regions(second.terrain)]
        )
        gains = []
        for code in codes:
            p = geometry.placements[code]
            assert p is not None
            if same:
                touch = neighbours[p.first_index] | neighbours[p.second_index]
                gains.append(_merge_gain(first_regions, touch, 2, first.crowns + second.crowns))
            else:
                gains.append(
                    _merge_gain(first_regions, neighbours[p.first_index], 1, first.crowns)
                    + _merge_gain(second_regions, neighbours[p.second_index], 1, second.crowns)
                )
        return gains

    def best_placement_gain(self, domino: Domino) -> int:
        codes = self.legal_placements(domino)
        return max(self.placement_gains(domino, codes), default=0)


def _merge_gain(regions: list[tuple[int, int, int, int]], touch: int, squares: int, crowns: int) -> int:
    """Points gained when new squares (with ``crowns``) join every region they touch."""
    old = 0
    for mask, region_squares, region_crowns, points in regions:
        if mask & touch:
            squares += region_squares
            crowns += region_crowns
            old += points
    return squares * crowns - old
