"""The placement half of a domino kingdom, shared by classic Kingdomino and Origins.

A kingdom is bitboards over a :class:`~.geometry.Geometry`: one mask per terrain,
the occupied squares (the centre square included) and the bounding box in grid
coordinates. Where a domino may go depends only on these (it must fit the frame and
touch the centre square or a square of the same terrain), so free squares, placement
masks, legal placements, the bounding box and centring are written once here. Each
game's ``Kingdom`` subclasses :class:`DominoKingdom`, adds its own layers (crowns;
fires, resources, cavemen) and extends ``copy``, ``place`` and ``put_square``.

>>> from kingdomino.games.domino.geometry import Geometry
>>> kingdom = DominoKingdom(Geometry.of(5), 6)
>>> kingdom.bounds(), kingdom.is_centred()
((0, 0, 0, 0), True)
"""

from __future__ import annotations

from typing import Protocol, Self

from kingdomino.games.domino.geometry import Geometry, Placement


class HalfLike(Protocol):
    """One half of a domino, as far as placement cares: its terrain."""

    @property
    def terrain(self) -> int: ...


class DominoLike(Protocol):
    """A domino, as far as placement cares: two halves (equal halves: half the placements)."""

    @property
    def first(self) -> HalfLike: ...

    @property
    def second(self) -> HalfLike: ...


class DominoKingdom:
    """Terrain masks, occupied squares, bounding box and discards of one player. Mutable."""

    __slots__ = (
        "col_hi",
        "col_lo",
        "discards",
        "geometry",
        "occupied",
        "row_hi",
        "row_lo",
        "terrain",
    )

    def __init__(self, geometry: Geometry, num_terrains: int) -> None:
        self.geometry = geometry
        #: One mask per terrain.
        self.terrain = [0] * num_terrains
        self.occupied = geometry.castle
        self.row_lo = self.row_hi = self.col_lo = self.col_hi = geometry.centre
        self.discards = 0

    def copy(self) -> Self:
        """A copy of the shared part; subclasses copy their own layers on top."""
        cls = type(self)
        other = cls.__new__(cls)
        other.geometry = self.geometry
        other.terrain = self.terrain.copy()
        other.occupied = self.occupied
        other.row_lo, other.row_hi = self.row_lo, self.row_hi
        other.col_lo, other.col_hi = self.col_lo, self.col_hi
        other.discards = self.discards
        return other

    def contents(self) -> tuple[int, ...]:
        """What tells this kingdom from another on the same geometry, as a key for a memory
        (``domino.memo``); subclasses add their own layers on top."""
        return (self.occupied, self.discards, *self.terrain)

    # --- placement -------------------------------------------------------------------------

    def reach(self) -> int:
        """The squares this kingdom may cover while it fits in the frame, those it covers
        included: a function of its bounding box alone."""
        return self.geometry.reach(self.row_lo, self.row_hi, self.col_lo, self.col_hi)

    def free(self) -> int:
        """Empty squares that keep the bounding box within the frame."""
        return self.geometry.reach(self.row_lo, self.row_hi, self.col_lo, self.col_hi) & ~self.occupied

    def placement_masks(self, domino: DominoLike) -> tuple[int, ...]:
        """Per direction, the squares where the domino's first half may legally go."""
        grid, centre = self.geometry.grid, self.geometry.castle
        first, second = domino.first, domino.second
        touches_first = grid.spread(centre | self.terrain[first.terrain])
        touches_second = (
            touches_first
            if second.terrain == first.terrain
            else grid.spread(centre | self.terrain[second.terrain])
        )
        return grid.placement_masks(self.free(), touches_first, touches_second, first == second)

    def legal_placements(self, domino: DominoLike) -> list[int]:
        """Placement codes where ``domino`` may go (empty: it must be discarded)."""
        base_of = self.geometry.code_base_of_bit_length
        codes = []
        for direction, mask in enumerate(self.placement_masks(domino)):
            while mask:
                low = mask & -mask
                codes.append(base_of[low.bit_length()] + direction)
                mask ^= low
        return codes

    def _cover(self, p: Placement) -> None:
        """Mark the two squares of placement ``p`` occupied and grow the bounding box over them."""
        self.occupied |= p.first_bit | p.second_bit
        if p.row_lo < self.row_lo:
            self.row_lo = p.row_lo
        if p.row_hi > self.row_hi:
            self.row_hi = p.row_hi
        if p.col_lo < self.col_lo:
            self.col_lo = p.col_lo
        if p.col_hi > self.col_hi:
            self.col_hi = p.col_hi

    def _put_terrain(self, row: int, col: int, terrain: int) -> int:
        """Occupy one centre-relative square with ``terrain`` (kingdoms read from text); its bit."""
        geometry = self.geometry
        r, c = row + geometry.centre, col + geometry.centre
        bit = geometry.grid.bit(r, c)
        self.terrain[terrain] |= bit
        self.occupied |= bit
        self.row_lo, self.row_hi = min(self.row_lo, r), max(self.row_hi, r)
        self.col_lo, self.col_hi = min(self.col_lo, c), max(self.col_hi, c)
        return bit

    # --- reading squares ---------------------------------------------------------------------

    def _occupied_bit(self, row: int, col: int) -> int:
        """Bit of a centre-relative square if it is occupied (the centre square is); else 0."""
        geometry = self.geometry
        r, c = row + geometry.centre, col + geometry.centre
        if not geometry.grid.inside(r, c):
            return 0
        return geometry.grid.bit(r, c) & self.occupied

    def bounds(self) -> tuple[int, int, int, int]:
        """Centre-relative bounding box: ``(row_lo, row_hi, col_lo, col_hi)``."""
        c = self.geometry.centre
        return self.row_lo - c, self.row_hi - c, self.col_lo - c, self.col_hi - c

    def is_centred(self) -> bool:
        """Middle (Fire) Kingdom: every square within ``frame // 2`` rows and columns of the centre."""
        geometry = self.geometry
        reach = geometry.frame // 2
        lo, hi = geometry.centre - reach, geometry.centre + reach
        return self.row_lo >= lo and self.row_hi <= hi and self.col_lo >= lo and self.col_hi <= hi

    def empty_squares(self) -> int:
        """How many squares of the frame are still empty (0: the kingdom is full)."""
        return self.geometry.frame**2 - self.occupied.bit_count()

    def is_full(self) -> bool:
        return self.empty_squares() == 0

    def is_complete(self) -> bool:
        """Harmony (Origins: Homo Habilis): the frame is full and no domino was discarded."""
        return self.discards == 0 and self.is_full()

    # --- greedy support ------------------------------------------------------------------------

    def merge_gains(self, domino: DominoLike, codes: list[int], weights: tuple[int, int]) -> list[int]:
        """Change of region points for each placement code of ``domino``, whose halves weigh
        ``weights`` (crowns, fires). Only the regions a new square touches change: they merge
        with it (the regions of each terrain from :meth:`scoring_regions`)."""
        first, second = domino.first, domino.second
        same = first.terrain == second.terrain
        first_regions = self.scoring_regions(first.terrain)
        second_regions = first_regions if same else self.scoring_regions(second.terrain)
        neighbours = self.geometry.grid.neighbours
        placements = self.geometry.placements
        gains = []
        for code in codes:
            p = placements[code]
            assert p is not None
            gain = 0
            if same:
                if first_regions is not None:
                    touch = neighbours[p.first_index] | neighbours[p.second_index]
                    gain = merge_gain(first_regions, touch, 2, weights[0] + weights[1])
            else:
                if first_regions is not None:
                    gain += merge_gain(first_regions, neighbours[p.first_index], 1, weights[0])
                if second_regions is not None:
                    gain += merge_gain(second_regions, neighbours[p.second_index], 1, weights[1])
            gains.append(gain)
        return gains

    def merge_gain_bound(self, domino: DominoLike, weights: tuple[int, int]) -> int:
        """At least every value :meth:`merge_gains` gives for ``domino`` (its halves weighing
        ``weights``: crowns, fires) in this kingdom: each half joins every region of its terrain
        next to an empty square the kingdom may still cover (a merge gains no less with more
        regions joined). Full greedy's look-ahead skips the pairs this bound rules out."""
        touchable = self.geometry.grid.spread(self.free())
        first, second = domino.first.terrain, domino.second.terrain
        if first == second:
            return joined_gain(self.region_totals(first, touchable), 2, weights[0] + weights[1])
        first_gain = joined_gain(self.region_totals(first, touchable), 1, weights[0])
        return first_gain + joined_gain(self.region_totals(second, touchable), 1, weights[1])

    def region_totals(self, terrain: int, touching: int) -> tuple[int, int, int] | None:
        """The squares, weight (crowns, fires) and points of the regions of ``terrain`` that hold a
        square of ``touching``, all together; ``None`` for a terrain that never scores."""
        raise NotImplementedError

    def regions_touching(self, terrain: int, touching: int) -> int:
        """The squares of the regions of ``terrain`` that hold a square of ``touching``."""
        joined = 0
        for mask in self.geometry.grid.regions_holding(self.terrain[terrain], touching):
            joined |= mask
        return joined

    def scoring_regions(self, terrain: int) -> RegionList | None:
        """A terrain's regions as ``(mask, squares, weight, points)``, or ``None`` for a terrain
        that never scores (each game's kingdom says)."""
        raise NotImplementedError

    def bonus_changes(self, codes: list[int], centred_bonus: int, full_bonus: int) -> list[int]:
        """Change of the frame bonuses for each placement code: ``centred_bonus`` while every
        square stays within ``frame // 2`` of the centre (Middle Kingdom, Fire Kingdom), and
        ``full_bonus`` when the placement fills the frame (Harmony, Homo Habilis; pass 0 where
        a discard already lost it)."""
        if not centred_bonus and not full_bonus:
            return [0] * len(codes)
        fills = full_bonus if self.occupied.bit_count() + 2 == self.geometry.frame**2 else 0
        if not centred_bonus or not self.is_centred():
            return [fills] * len(codes)  # a bounding box only grows: a kingdom off centre stays so
        centred_codes = self.geometry.centred_codes
        return [fills if centred_codes[code] else fills - centred_bonus for code in codes]

    def bonus_change_bound(self, full_bonus: int) -> int:
        """At least every value :meth:`bonus_changes` gives: ``full_bonus`` when a placement can
        fill the frame (a centred bonus can only be lost)."""
        return full_bonus if self.occupied.bit_count() + 2 == self.geometry.frame**2 else 0


#: A terrain's regions for :meth:`DominoKingdom.merge_gains`: ``(mask, squares, weight, points)``.
RegionList = list[tuple[int, int, int, int]]


def joined_gain(totals: tuple[int, int, int] | None, squares: int, weight: int) -> int:
    """Points gained when new squares (with ``weight``) join regions of these ``totals`` at once."""
    if totals is None:
        return 0
    region_squares, region_weight, points = totals
    return (squares + region_squares) * (weight + region_weight) - points


def merge_gain(regions: RegionList, touch: int, squares: int, weight: int) -> int:
    """Points gained when new squares (with ``weight``: crowns, fires) join every region they touch."""
    old = 0
    for mask, region_squares, region_weight, points in regions:
        if mask & touch:
            squares += region_squares
            weight += region_weight
            old += points
    return squares * weight - old
