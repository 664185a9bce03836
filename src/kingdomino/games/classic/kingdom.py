"""A Kingdomino kingdom as bitboards: crowns and scoring on top of the shared placement part.

The grid, the placement codes (:class:`Geometry`) and where a domino may go
(:class:`~kingdomino.games.domino.territory.DominoKingdom`: free squares, placement
masks, legal placements, bounding box, centring) are shared with Kingdomino Origins
in :mod:`kingdomino.games.domino`; this module adds the crown layers, regions and
scoring. ``Geometry`` and ``Placement`` are re-exported here.

>>> geometry = Geometry.of(5)
>>> kingdom = Kingdom(geometry)
>>> from kingdomino.games.classic.components import DOMINOES
>>> len(kingdom.legal_placements(DOMINOES[1]))   # 2 identical wheat halves around a lone castle
12
"""

from __future__ import annotations

from typing import NamedTuple, Self

from kingdomino.games.classic.components import MAX_CROWNS, TERRAINS, Domino
from kingdomino.games.domino.geometry import Geometry, Placement
from kingdomino.games.domino.territory import DominoKingdom, RegionList

__all__ = ["NUM_TERRAINS", "Geometry", "Kingdom", "Placement", "Region"]

NUM_TERRAINS = len(TERRAINS)
#: Crown layer ``k`` marks the squares of ``k + 1`` crowns.
CROWN_WEIGHTS = tuple(range(1, MAX_CROWNS + 1))


class Region(NamedTuple):
    terrain: int
    mask: int
    squares: int
    crowns: int

    @property
    def points(self) -> int:
        return self.squares * self.crowns

    @property
    def symbols(self) -> int:
        """The crowns of the region (what a score sheet counts)."""
        return self.crowns


class Kingdom(DominoKingdom):
    """One player's kingdom. Mutable; ``copy`` is cheap."""

    __slots__ = ("crowns",)

    def __init__(self, geometry: Geometry) -> None:
        super().__init__(geometry, NUM_TERRAINS)
        #: ``crowns[k - 1]``: squares with exactly ``k`` crowns.
        self.crowns = [0] * MAX_CROWNS

    def copy(self) -> Self:
        other = super().copy()
        other.crowns = self.crowns.copy()
        return other

    def contents(self) -> tuple[int, ...]:
        return (*super().contents(), *self.crowns)

    # --- placement (free squares, masks, legal placements: DominoKingdom) -------------------

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
        self._cover(p)

    def put_square(self, row: int, col: int, terrain: int, crowns: int) -> None:
        """Set one square (castle-relative), for kingdoms read from text rather than played."""
        bit = self._put_terrain(row, col, terrain)
        if crowns:
            self.crowns[crowns - 1] |= bit

    # --- reading squares ---------------------------------------------------------------------

    def square(self, row: int, col: int) -> tuple[int, int] | None:
        """``(terrain, crowns)`` of a castle-relative square; ``(-1, 0)`` castle; ``None`` empty."""
        bit = self._occupied_bit(row, col)
        if not bit:
            return None
        if bit == self.geometry.castle:
            return (-1, 0)
        terrain = next(t for t in range(NUM_TERRAINS) if self.terrain[t] & bit)
        crowns = next((k + 1 for k in range(MAX_CROWNS) if self.crowns[k] & bit), 0)
        return terrain, crowns

    # --- scoring -----------------------------------------------------------------------------

    def crown_count(self, mask: int) -> int:
        """The crowns on the squares of ``mask``."""
        crowns = 0
        for weight, layer in zip(CROWN_WEIGHTS, self.crowns):
            crowns += weight * (mask & layer).bit_count()
        return crowns

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

        Only regions holding a crown score, so only those are grown (:meth:`Grid.region_points`).
        """
        points, crowns = self.geometry.grid.region_points, self.crowns
        return sum([points(mask, crowns, CROWN_WEIGHTS) for mask in self.terrain])

    def largest_region(self) -> int:
        """The squares of the largest region (counted without building a :class:`Region`)."""
        regions = self.geometry.grid.regions
        return max((mask.bit_count() for layer in self.terrain for mask in regions(layer)), default=0)

    def tie_break(self) -> tuple[int, int]:
        """What ranks tied scores: the largest region, then the crowns in all."""
        return self.largest_region(), self.total_crowns()

    def total_crowns(self) -> int:
        return self.crown_count(self.occupied)

    # --- greedy support ------------------------------------------------------------------------

    def placement_gains(self, domino: Domino, codes: list[int]) -> list[int]:
        """Change of region points for each placement code of ``domino``."""
        return self.merge_gains(domino, codes, (domino.first.crowns, domino.second.crowns))

    def scoring_regions(self, terrain: int) -> RegionList:
        """The regions of ``terrain`` as ``(mask, squares, crowns, points)`` (what
        :meth:`placement_gains` merges), worked out without building a :class:`Region` for each: the
        greedy players and full greedy's look-ahead ask for them at every placement they value."""
        found = []
        for mask in self.geometry.grid.regions(self.terrain[terrain]):
            squares, crowns = mask.bit_count(), self.crown_count(mask)
            found.append((mask, squares, crowns, squares * crowns))
        return found

    def region_totals(self, terrain: int, touching: int) -> tuple[int, int, int]:
        joined = self.regions_touching(terrain, touching)
        points = self.geometry.grid.region_points(joined, self.crowns, CROWN_WEIGHTS)
        return joined.bit_count(), self.crown_count(joined), points
