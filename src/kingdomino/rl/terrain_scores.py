"""Rescoring a kingdom terrain by terrain, reusing the terrains that did not change.

Observations carry every seat's score, so an encoder rescores a kingdom each time it
changes. A terrain's region points are a function of that terrain's squares and of the
scoring symbols (crowns, fires) on them alone, and a placement changes one or two
terrains: the others keep the points found for the seat's previous kingdom. The points
themselves always come from the engine (``kingdom.terrain_points``).

>>> from types import SimpleNamespace
>>> layers = (0b0011, 0b1100, 0b0001)  # terrain 0, terrain 1, a crown layer
>>> earlier = SimpleNamespace(layers=(0b0011, 0b0100, 0b0001), terrain_points=(7, 3))
>>> terrain_points((0, 1), lambda t: 10 + t, layers, (2,), earlier)
(7, 11)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol


class ScoredLayers(Protocol):
    """An earlier kingdom of the same geometry: its bit layers and points per terrain."""

    @property
    def layers(self) -> Sequence[int]: ...

    @property
    def terrain_points(self) -> Sequence[int]: ...


def terrain_points(
    terrains: Sequence[int],
    points_of: Callable[[int], int],
    layers: Sequence[int],
    symbol_layers: Sequence[int],
    earlier: ScoredLayers | None,
) -> tuple[int, ...]:
    """``points_of(t)`` for each terrain ``t`` in ``terrains`` (``layers[t]`` is its mask), or
    the ``earlier`` kingdom's points for it when the terrain's mask and the ``symbol_layers``
    on its squares are the same there."""
    if earlier is None:
        return tuple([points_of(t) for t in terrains])
    old_layers, old_points = earlier.layers, earlier.terrain_points
    moved = 0
    for layer in symbol_layers:
        moved |= layers[layer] ^ old_layers[layer]
    found = []
    for i, t in enumerate(terrains):
        mask = layers[t]
        if mask == old_layers[t] and not moved & mask:
            found.append(old_points[i])
        else:
            found.append(points_of(t))
    return tuple(found)
