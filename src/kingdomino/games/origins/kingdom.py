"""A Kingdomino Origins territory as bitboards: terrain, fires, resources, cavemen.

The geometry (grid of side ``2 * frame - 1`` with the hut in the centre, the
placement codes ``cell * 4 + direction``, the floating frame) and where a domino
may go (free squares, placement masks, legal placements, bounding box, centring)
are shared with classic Kingdomino: :class:`~kingdomino.games.domino.geometry.Geometry`
and :class:`~kingdomino.games.domino.territory.DominoKingdom`, reused as is.
On top of them a territory keeps one mask per terrain, per number of printed
fires, per fire marker, per resource kind and per caveman kind, so every rule
question (where can a marker go, where may a caveman stand, what does a region
score) is a few mask operations.

>>> from kingdomino.games.origins.components import DOMINOES
>>> kingdom = Kingdom(Geometry.of(5))
>>> kingdom.place(kingdom.geometry.placement_code(0, 1, 0), DOMINOES[48], True)
>>> kingdom.region_points(), kingdom.resource_count()
(0, 1)
>>> sorted(kingdom.geometry.grid.cells(kingdom.fire_targets(kingdom.geometry.grid.index(4, 6), 3)))
[(4, 5)]
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple, Self

from kingdomino.core.grid import bit_indices
from kingdomino.games.domino.geometry import Geometry
from kingdomino.games.domino.territory import DominoKingdom, RegionList
from kingdomino.games.origins.components import (
    CAVEMEN,
    MARKERS,
    MAX_MARKER,
    MAX_PRINTED_FIRES,
    NUM_CAVEMEN_KINDS,
    NUM_RESOURCES,
    NUM_TERRAINS,
    RESOURCE_BY_ID,
    VOLCANO,
    Domino,
)

__all__ = [
    "TIE_BREAK_TERRAINS",
    "Geometry",
    "Kingdom",
    "Region",
    "balls",
]

#: Scoring terrains (every terrain but the volcano).
SCORING_TERRAINS = tuple(t for t in range(NUM_TERRAINS) if t != VOLCANO)
#: Terrains whose regions count for the "largest region" tie-break: every terrain, volcanoes
#: included. Seed 004 breaks a tie by the largest region "whether or not it has fire", and a
#: group of volcano squares is a region of its own terrain (RULES.md): it scores 0 but counts.
TIE_BREAK_TERRAINS = tuple(range(NUM_TERRAINS))
#: The fires of ``printed + markers``: layer ``k`` of each marks the squares of ``k + 1`` fires.
FIRE_WEIGHTS = (*range(1, MAX_PRINTED_FIRES + 1), *range(1, MAX_MARKER + 1))
#: Warrior kinds and their strength.
WARRIORS = tuple((c.value, c.strength) for c in CAVEMEN if c.strength)
_WARRIOR_KINDS = tuple(kind for kind, _ in WARRIORS)
_WARRIOR_STRENGTHS = tuple(strength for _, strength in WARRIORS)
#: Hunter/gatherer kinds: (kind, points, what is counted: resource index, -1 any, -2 fire, -3 caveman).
_PER_CODES = {"resource": -1, "fire": -2, "caveman": -3}
GATHERERS = tuple(
    (c.value, c.points, RESOURCE_BY_ID[c.per].value if c.per in RESOURCE_BY_ID else _PER_CODES[c.per])
    for c in CAVEMEN
    if not c.strength
)


def _around_row(points: int, per: int) -> tuple[int, ...]:
    """The points a hunter/gatherer earns per square of each layer of a territory's
    ``resources + printed + markers + cavemen`` around it."""
    resources = [points if per in (r, _PER_CODES["resource"]) else 0 for r in range(NUM_RESOURCES)]
    fires = [points * weight if per == _PER_CODES["fire"] else 0 for weight in FIRE_WEIGHTS]
    cavemen = [points if per == _PER_CODES["caveman"] else 0] * NUM_CAVEMEN_KINDS
    return (*resources, *fires, *cavemen)


_GATHERER_ROWS = {kind: _around_row(points, per) for kind, points, per in GATHERERS}
#: ``_AROUND[kind]``: :func:`_around_row` of each caveman kind (all zeros for warriors, who score
#: as hordes instead).
_AROUND = tuple(_GATHERER_ROWS.get(kind, _around_row(0, 0)) for kind in range(NUM_CAVEMEN_KINDS))


class Region(NamedTuple):
    terrain: int
    mask: int
    squares: int
    fires: int

    @property
    def points(self) -> int:
        return self.squares * self.fires

    @property
    def symbols(self) -> int:
        """The fires of the region (what a score sheet counts)."""
        return self.fires


@cache
def balls(frame: int) -> tuple[dict[int, int], ...]:
    """``balls(frame)[k - 1][index]``: squares within Chebyshev range of marker ``k`` around ``index``."""
    grid = Geometry.of(frame).grid
    found = []
    for marker in MARKERS:
        reach = marker.range
        table = {}
        for row in range(grid.rows):
            for col in range(grid.cols):
                table[grid.index(row, col)] = grid.rectangle(
                    row - reach, row + reach, col - reach, col + reach
                ) & ~grid.bit(row, col)
        found.append(table)
    return tuple(found)


class Kingdom(DominoKingdom):
    """One player's territory. Mutable; ``copy`` is cheap."""

    __slots__ = ("cavemen", "craters", "markers", "printed", "resources")

    def __init__(self, geometry: Geometry) -> None:
        super().__init__(geometry, NUM_TERRAINS)
        #: ``printed[k - 1]``: squares with exactly ``k`` printed fires.
        self.printed = [0] * MAX_PRINTED_FIRES
        #: ``markers[k - 1]``: squares holding the marker with ``k`` fires.
        self.markers = [0] * MAX_MARKER
        #: ``craters[k - 1]``: volcano squares with ``k`` craters.
        self.craters = [0] * MAX_MARKER
        self.resources = [0] * NUM_RESOURCES
        self.cavemen = [0] * NUM_CAVEMEN_KINDS

    def copy(self) -> Self:
        other = super().copy()
        other.printed = self.printed.copy()
        other.markers = self.markers.copy()
        other.craters = self.craters.copy()
        other.resources = self.resources.copy()
        other.cavemen = self.cavemen.copy()
        return other

    def contents(self) -> tuple[int, ...]:
        return (
            *super().contents(),
            *self.printed,
            *self.markers,
            *self.craters,
            *self.resources,
            *self.cavemen,
        )

    # --- placement (free squares, masks, legal placements: DominoKingdom) -------------------

    def place(self, code: int, domino: Domino, with_resources: bool) -> None:
        """Put ``domino`` on placement ``code`` (assumed legal), with its resources if the mode has them."""
        p = self.geometry.placements[code]
        assert p is not None
        for half, bit in ((domino.first, p.first_bit), (domino.second, p.second_bit)):
            self.terrain[half.terrain] |= bit
            if half.fires:
                self.printed[half.fires - 1] |= bit
            if half.craters:
                self.craters[half.craters - 1] |= bit
            if with_resources and half.resource >= 0:
                self.resources[half.resource] |= bit
        self._cover(p)

    def put_square(
        self,
        row: int,
        col: int,
        terrain: int,
        fires: int = 0,
        craters: int = 0,
        marker: int = 0,
        resource: int = -1,
        caveman: int = -1,
    ) -> None:
        """Set one hut-relative square directly (kingdoms read from text or built by tests)."""
        bit = self._put_terrain(row, col, terrain)
        if fires:
            self.printed[fires - 1] |= bit
        if craters:
            self.craters[craters - 1] |= bit
        if marker:
            self.markers[marker - 1] |= bit
        if resource >= 0:
            self.resources[resource] |= bit
        if caveman >= 0:
            self.cavemen[caveman] |= bit

    # --- fire, resources, cavemen ----------------------------------------------------------------

    def any_fire(self) -> int:
        """Squares with a printed fire or a marker."""
        mask = 0
        for layer in self.printed:
            mask |= layer
        for layer in self.markers:
            mask |= layer
        return mask

    def any_resource(self) -> int:
        mask = 0
        for layer in self.resources:
            mask |= layer
        return mask

    def any_caveman(self) -> int:
        mask = 0
        for layer in self.cavemen:
            mask |= layer
        return mask

    def fire_targets(self, index: int, craters: int) -> int:
        """Squares that may receive the marker of a ``craters`` volcano at bit ``index``."""
        ball = balls(self.geometry.frame)[craters - 1][index]
        return ball & self.occupied & ~self.geometry.castle & ~self.terrain[VOLCANO] & ~self.any_fire()

    def put_marker(self, bit: int, fires: int) -> None:
        """Place a marker; the fire destroys the resource or caveman on that square."""
        self.markers[fires - 1] |= bit
        keep = ~bit
        resources, cavemen = self.resources, self.cavemen
        for k in range(NUM_RESOURCES):
            if resources[k] & bit:
                resources[k] &= keep
        for k in range(NUM_CAVEMEN_KINDS):
            if cavemen[k] & bit:
                cavemen[k] &= keep

    def resource_at(self, bit: int) -> int:
        """Resource index on a square, ``-1`` when none."""
        for k in range(NUM_RESOURCES):
            if self.resources[k] & bit:
                return k
        return -1

    def caveman_at(self, bit: int) -> int:
        """Caveman kind on a square, ``-1`` when none."""
        for k in range(NUM_CAVEMEN_KINDS):
            if self.cavemen[k] & bit:
                return k
        return -1

    def resource_kinds(self) -> int:
        """Number of different resource kinds in the territory."""
        return sum(1 for layer in self.resources if layer)

    def resource_count(self) -> int:
        return sum(layer.bit_count() for layer in self.resources)

    def caveman_squares(self) -> int:
        """Squares a caveman may go on: a domino square without printed fire, marker, resource, caveman."""
        return (
            self.occupied
            & ~self.geometry.castle
            & ~self.any_fire()
            & ~self.any_resource()
            & ~self.any_caveman()
        )

    # --- scoring -----------------------------------------------------------------------------

    def fire_count(self, mask: int) -> int:
        """Fire symbols (printed and on markers) on the squares of ``mask``."""
        total = 0
        for k, layer in enumerate(self.printed):
            total += (k + 1) * (mask & layer).bit_count()
        for k, layer in enumerate(self.markers):
            total += (k + 1) * (mask & layer).bit_count()
        return total

    def regions(self, terrain: int | None = None) -> list[Region]:
        """The regions of one scoring terrain, or of every one (volcano squares never form
        scoring regions)."""
        grid = self.geometry.grid
        found = []
        for t in SCORING_TERRAINS if terrain is None else (terrain,):
            for mask in grid.regions(self.terrain[t]):
                found.append(Region(t, mask, mask.bit_count(), self.fire_count(mask)))
        return found

    def region_points(self) -> int:
        """Sum over scoring regions of squares x fires.

        Only regions holding a fire score, so only those are grown (:meth:`Grid.region_points`).
        """
        points, terrain, fires = self.geometry.grid.region_points, self.terrain, self.printed + self.markers
        return sum([points(terrain[t], fires, FIRE_WEIGHTS) for t in SCORING_TERRAINS])

    def placement_gains(self, domino: Domino, codes: list[int]) -> list[int]:
        """Change of region points for each placement code of ``domino``."""
        return self.merge_gains(domino, codes, (domino.first.fires, domino.second.fires))

    def scoring_regions(self, terrain: int) -> RegionList | None:
        """``None`` for the volcano: its squares form no scoring region."""
        if terrain == VOLCANO:
            return None
        return [(r.mask, r.squares, r.fires, r.points) for r in self.regions(terrain)]

    def region_totals(self, terrain: int, touching: int) -> tuple[int, int, int] | None:
        if terrain == VOLCANO:
            return None
        joined = self.regions_touching(terrain, touching)
        points = self.geometry.grid.region_points(joined, self.printed + self.markers, FIRE_WEIGHTS)
        return joined.bit_count(), self.fire_count(joined), points

    def largest_region(self) -> int:
        """Tie-break: the squares of the largest region of any terrain, fires or not, volcano
        regions included (:data:`TIE_BREAK_TERRAINS`)."""
        terrain = self.terrain
        return self.geometry.grid.largest_region_size([terrain[t] for t in TIE_BREAK_TERRAINS])

    def tie_break(self) -> tuple[int, int]:
        """What ranks tied scores: the largest region, then the fires in all."""
        return self.largest_region(), self.total_fires()

    def total_fires(self) -> int:
        return self.fire_count(self.occupied)

    def caveman_scores(self) -> list[tuple[int, int, int]]:
        """``(kind, bit index, points)`` of each hunter/gatherer, then ``(kind, -1, points)`` per horde.

        A horde's kind is the kind of its lowest-index warrior.
        """
        found: list[tuple[int, int, int]] = []
        if not self.any_caveman():
            return found
        around, targets = self.geometry.grid.surrounding_count, self._around_targets()
        for kind, _, _ in GATHERERS:
            weights = (_AROUND[kind],)
            for index in bit_indices(self.cavemen[kind]):
                found.append((kind, index, around((1 << index,), targets, weights)))
        warriors = 0
        for kind, _ in WARRIORS:
            warriors |= self.cavemen[kind]
        if warriors:
            for horde in self.geometry.grid.regions(warriors):
                strength = sum(s * (horde & self.cavemen[kind]).bit_count() for kind, s in WARRIORS)
                low = (horde & -horde).bit_length() - 1
                found.append((self.caveman_at(1 << low), -1, horde.bit_count() * strength))
        return found

    def caveman_surroundings(self) -> int:
        """The squares around the cavemen: the only ones where a new square can change what
        the cavemen score (hunters and gatherers count their 8 surrounding squares; hordes are
        cavemen alone)."""
        rings = self.geometry.grid.surrounding
        mask = 0
        for index in bit_indices(self.any_caveman()):
            mask |= rings[index]
        return mask

    def _around_targets(self) -> list[int]:
        """The layers a hunter/gatherer counts around it, in the order of :data:`_AROUND`'s rows."""
        return self.resources + self.printed + self.markers + self.cavemen

    def caveman_points(self) -> int:
        """The sum of :meth:`caveman_scores`' points, without listing them (scoring asks it often):
        what each hunter/gatherer counts around its square (one :meth:`Grid.surrounding_count`
        over every kind, weighted by :data:`_AROUND`), then the hordes as regions of warriors
        worth their strengths."""
        cavemen = self.cavemen
        if not any(cavemen):
            return 0
        grid = self.geometry.grid
        total = grid.surrounding_count(cavemen, self._around_targets(), _AROUND)
        warriors = [cavemen[kind] for kind in _WARRIOR_KINDS]
        hordes = 0
        for layer in warriors:
            hordes |= layer
        if hordes:
            total += grid.region_points(hordes, warriors, _WARRIOR_STRENGTHS)
        return total

    def square(self, row: int, col: int) -> dict[str, int] | None:
        """A hut-relative square's contents; ``None`` when empty or off the grid; terrain -1 = hut."""
        bit = self._occupied_bit(row, col)
        if not bit:
            return None
        if bit == self.geometry.castle:
            return {"terrain": -1, "fires": 0, "craters": 0, "marker": 0, "resource": -1, "caveman": -1}
        return {
            "terrain": next(t for t in range(NUM_TERRAINS) if self.terrain[t] & bit),
            "fires": next((k + 1 for k, m in enumerate(self.printed) if m & bit), 0),
            "craters": next((k + 1 for k, m in enumerate(self.craters) if m & bit), 0),
            "marker": next((k + 1 for k, m in enumerate(self.markers) if m & bit), 0),
            "resource": self.resource_at(bit),
            "caveman": self.caveman_at(bit),
        }
