"""A Duel map as bitboards: coats of arms, crosses, connection and scoring.

The map is a fixed grid (5 x 7 from the data) with the castle in the centre.
Each coat of arms has a mask of its squares; the crosses of a square are kept
in three bit planes (1, 2 and 4 crosses), so the crosses of a whole region are
three popcounts.

>>> board = Board()
>>> board.draw(board.grid.bit(2, 4), 2, 1)          # a stripe with one cross east of the castle
>>> board.draw(board.grid.bit(2, 5), 2, 0)
>>> board.points()
2
"""

from __future__ import annotations

from typing import NamedTuple

from kingdomino.core.grid import Grid
from kingdomino.games.duel.components import CASTLE_COL, CASTLE_ROW, MAP_COLS, MAP_ROWS, NUM_COATS

GRID = Grid(MAP_ROWS, MAP_COLS)
CASTLE = GRID.bit(CASTLE_ROW, CASTLE_COL)
#: Squares that can hold a coat of arms.
DRAWABLE = GRID.valid & ~CASTLE
#: Square number (``row * cols + col``, used in action codes) -> bit, and back.
SQUARE_BITS: tuple[int, ...] = tuple(GRID.bit(r, c) for r in range(MAP_ROWS) for c in range(MAP_COLS))
SQUARE_OF_BIT = {bit: square for square, bit in enumerate(SQUARE_BITS)}
NUM_SQUARES = len(SQUARE_BITS)
#: The weight of each of a board's ``cross_planes`` (a square's cross count, in binary).
CROSS_WEIGHTS = (1, 2, 4)


class Domain(NamedTuple):
    """A region: one coat of arms, its squares mask, size and crosses."""

    coat: int
    mask: int
    squares: int
    crosses: int

    @property
    def points(self) -> int:
        return self.squares * self.crosses


class Board:
    """One player's map."""

    __slots__ = ("coats", "cross_planes", "grid", "occupied")

    def __init__(self) -> None:
        self.grid = GRID
        #: Per coat: the mask of its squares.
        self.coats = [0] * NUM_COATS
        #: Squares with a coat of arms (the castle is not one).
        self.occupied = 0
        #: Bit planes of the cross count of each square: weight 1, 2, 4.
        self.cross_planes = [0, 0, 0]

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.grid = self.grid
        other.coats = self.coats.copy()
        other.occupied = self.occupied
        other.cross_planes = self.cross_planes.copy()
        return other

    def contents(self) -> tuple[int, ...]:
        """What tells this map from another, as a key for a memory (the observation's planes)."""
        return (self.occupied, *self.coats, *self.cross_planes)

    def free(self) -> int:
        return DRAWABLE & ~self.occupied

    def is_full(self) -> bool:
        return self.occupied == DRAWABLE

    def coat_at(self, bit: int) -> int | None:
        for coat, mask in enumerate(self.coats):
            if mask & bit:
                return coat
        return None

    def crosses_at(self, bit: int) -> int:
        p1, p2, p4 = self.cross_planes
        return (1 if p1 & bit else 0) + (2 if p2 & bit else 0) + (4 if p4 & bit else 0)

    def draw(self, bit: int, coat: int, crosses: int) -> None:
        """Draw ``coat`` with ``crosses`` on the empty square ``bit``."""
        self.coats[coat] |= bit
        self.occupied |= bit
        if crosses:
            self.add_crosses(bit, crosses)

    def add_crosses(self, bit: int, crosses: int) -> None:
        total = self.crosses_at(bit) + crosses
        if total > 7:
            raise ValueError("a square holds at most 7 crosses")
        planes = self.cross_planes
        for plane in range(3):
            if total >> plane & 1:
                planes[plane] |= bit
            else:
                planes[plane] &= ~bit

    def crosses_in(self, mask: int) -> int:
        p1, p2, p4 = self.cross_planes
        return (p1 & mask).bit_count() + 2 * (p2 & mask).bit_count() + 4 * (p4 & mask).bit_count()

    def connects(self, coat: int, drawn_now: int = 0) -> int:
        """Squares where ``coat`` would satisfy the connection rule: next to the castle or its coat.

        ``drawn_now`` are squares drawn this turn: they are not "already in your kingdom (drawn on
        a previous turn)" (seed 003), so they connect nothing.
        """
        return self.grid.spread((self.coats[coat] & ~drawn_now) | CASTLE)

    def connects_any(self, drawn_now: int = 0) -> int:
        """Squares next to the castle or any coat of arms not in ``drawn_now`` (where a "?" can connect)."""
        return self.grid.spread((self.occupied & ~drawn_now) | CASTLE)

    def coat_points(self, coat: int) -> int:
        """Points of every domain of one coat of arms."""
        return self.grid.region_points(self.coats[coat], self.cross_planes, CROSS_WEIGHTS)

    def points(self) -> int:
        """Sum over domains of squares x crosses (powers not included); only domains with a
        cross score, so only those are grown (:meth:`Grid.region_points`)."""
        points, crosses = self.grid.region_points, self.cross_planes
        return sum([points(mask, crosses, CROSS_WEIGHTS) for mask in self.coats])

    def domains(self) -> list[Domain]:
        found = []
        for coat, mask in enumerate(self.coats):
            for region in self.grid.regions(mask):
                found.append(Domain(coat, region, region.bit_count(), self.crosses_in(region)))
        return found

    def domain_count(self, coat: int) -> int:
        return len(self.grid.regions(self.coats[coat]))

    def largest_domain(self) -> int:
        return max((d.squares for d in self.domains()), default=0)
