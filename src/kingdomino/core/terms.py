"""Scoring terms: a territory's numbers (a terrain's points, its largest region, its fires...)
stated as data over its bit layers, so that a reader holding the layers in another form (the
compiled RL observer, which follows every layer as machine words) computes them with the very
arithmetic of :class:`~kingdomino.core.grid.Grid` instead of calling back into Python.

A game declares, next to each method it can state this way, the terms that give the method's
value (``Kingdom.terrain_points(t)`` is one :class:`RegionPoints`); the tests check method and
terms against each other on many territories. A layer is named as ``(attribute, index)``: item
``index`` of a list attribute of the territory (``("terrain", 2)``), or the int attribute itself
with ``index`` ``None`` (``("occupied", None)``).

>>> from kingdomino.core.grid import Grid
>>> class Board:
...     terrain = [0b11, 0b100]
...     crowns = [0b1]
>>> evaluate((RegionPoints((("terrain", 0),), (("crowns", 0),), (1,)),), Grid(3, 3), Board())
2
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kingdomino.core.grid import Grid

__all__ = [
    "LargestRegion",
    "Layer",
    "NonEmpty",
    "RegionPoints",
    "Surrounding",
    "Term",
    "WeightedCount",
    "evaluate",
]

#: ``(attribute, index)``: item ``index`` of a list attribute, or an int attribute (``None``).
Layer = tuple[str, int | None]


def layers_of(attribute: str, count: int) -> tuple[Layer, ...]:
    """The ``count`` layers of a list attribute, in order."""
    return tuple((attribute, index) for index in range(count))


@dataclass(frozen=True)
class RegionPoints:
    """:meth:`Grid.region_points` over the connected groups of the union of ``mask``."""

    mask: tuple[Layer, ...]
    layers: tuple[Layer, ...]
    weights: tuple[int, ...]


@dataclass(frozen=True)
class Surrounding:
    """:meth:`Grid.surrounding_count`: ``weights[i][j]`` per square of target ``j`` around a
    square of centre ``i``."""

    centres: tuple[Layer, ...]
    targets: tuple[Layer, ...]
    weights: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        if len(self.weights) != len(self.centres) or any(
            len(row) != len(self.targets) for row in self.weights
        ):
            raise ValueError(
                f"Surrounding: expected {len(self.centres)} rows of {len(self.targets)} weights "
                "(one row per centre, one weight per target)"
            )


@dataclass(frozen=True)
class LargestRegion:
    """:meth:`Grid.largest_region_size`: the largest connected group within any one mask."""

    masks: tuple[Layer, ...]


@dataclass(frozen=True)
class WeightedCount:
    """``sum(weight * squares of layer within the union of mask)`` over ``layers`` and
    ``weights``; with no mask, over every square of the grid."""

    mask: tuple[Layer, ...]
    layers: tuple[Layer, ...]
    weights: tuple[int, ...]


@dataclass(frozen=True)
class NonEmpty:
    """The number of ``layers`` holding at least one square."""

    layers: tuple[Layer, ...]


Term = RegionPoints | Surrounding | LargestRegion | WeightedCount | NonEmpty


def _value(board: object, layer: Layer) -> int:
    attribute, index = layer
    value = getattr(board, attribute)
    found: int = value if index is None else value[index]
    return found


def _union(board: object, layers: Sequence[Layer]) -> int:
    mask = 0
    for layer in layers:
        mask |= _value(board, layer)
    return mask


def evaluate(terms: Sequence[Term], grid: Grid, board: object) -> int:
    """The sum of ``terms`` on ``board``'s layers: what they mean, in Python."""
    total = 0
    for term in terms:
        if isinstance(term, RegionPoints):
            layers = [_value(board, layer) for layer in term.layers]
            total += grid.region_points(_union(board, term.mask), layers, term.weights)
        elif isinstance(term, Surrounding):
            centres = [_value(board, layer) for layer in term.centres]
            targets = [_value(board, layer) for layer in term.targets]
            total += grid.surrounding_count(centres, targets, term.weights)
        elif isinstance(term, LargestRegion):
            total += grid.largest_region_size([_value(board, layer) for layer in term.masks])
        elif isinstance(term, WeightedCount):
            within = _union(board, term.mask) if term.mask else grid.valid
            total += sum(
                weight * (within & _value(board, layer)).bit_count()
                for layer, weight in zip(term.layers, term.weights, strict=True)
            )
        else:
            total += sum(1 for layer in term.layers if _value(board, layer) & grid.valid)
    return total
