"""The Kingdomino Origins components, read from ``games/data/origins.json``.

Every figure (dominoes, fire markers and their ranges, totem values, cavemen and
their scoring, bonuses) lives in the data file, so a corrected count is a
one-line data change. This module only turns the JSON into typed constants and
checks the invariants the engine relies on.

>>> DOMINOES[48].second
Half(terrain=5, fires=0, resource=-1, craters=3)
>>> TERRAINS[VOLCANO].letter, RESOURCES[0].id
('V', 'mammoth')
>>> [m.copies for m in MARKERS]
[5, 4, 1]
"""

from __future__ import annotations

from collections import Counter
from typing import Any, NamedTuple

from kingdomino.games.data import load


class Terrain(NamedTuple):
    value: int
    id: str
    name: str
    letter: str
    colour: str
    #: Index of the resource this terrain may carry, ``-1`` for none.
    resource: int


class Resource(NamedTuple):
    value: int
    id: str
    letter: str
    supply: int
    totem: int


class Half(NamedTuple):
    terrain: int
    #: Printed fire symbols (0-2).
    fires: int
    #: Resource index, ``-1`` when the half shows no resource symbol.
    resource: int
    #: Volcano craters (1-3), 0 for other terrains.
    craters: int


class Domino(NamedTuple):
    number: int
    first: Half
    second: Half


class Marker(NamedTuple):
    """The fire marker a volcano of ``fires`` craters gives, its supply and its range."""

    fires: int
    copies: int
    range: int


class CavemanKind(NamedTuple):
    value: int
    id: str
    name: str
    code: str
    copies: int
    #: Points per counted thing among the 8 surrounding squares (0 for warriors).
    points: int
    #: What is counted: a resource id, ``"resource"``, ``"fire"``, ``"caveman"``; ``""`` for warriors.
    per: str
    #: Warrior strength (0 for hunters and gatherers).
    strength: int


_DATA: dict[str, Any] = load("origins.json")

RESOURCES: tuple[Resource, ...] = tuple(
    Resource(i, r["id"], r["letter"], r["supply"], r["totem"]) for i, r in enumerate(_DATA["resources"])
)
RESOURCE_BY_ID = {r.id: r for r in RESOURCES}
RESOURCE_BY_LETTER = {r.letter: r for r in RESOURCES}
NUM_RESOURCES = len(RESOURCES)

TERRAINS: tuple[Terrain, ...] = tuple(
    Terrain(
        i,
        t["id"],
        t["name"],
        t["letter"],
        t["colour"],
        RESOURCE_BY_ID[t["resource"]].value if t["resource"] else -1,
    )
    for i, t in enumerate(_DATA["terrains"])
)
TERRAIN_BY_ID = {t.id: t for t in TERRAINS}
TERRAIN_BY_LETTER = {t.letter: t for t in TERRAINS}
NUM_TERRAINS = len(TERRAINS)
VOLCANO: int = TERRAIN_BY_ID[_DATA["volcano_terrain"]].value
HUT_LETTER: str = _DATA["hut_letter"]
EMPTY_LETTER: str = _DATA["empty_letter"]

ROW_SIZE: int = _DATA["row_size"]
SETUPS: dict[str, dict[str, Any]] = _DATA["setups"]
BONUSES: dict[str, int] = _DATA["bonuses"]
CAVE_FACE_UP: int = _DATA["cave"]["face_up"]
COST_FACE_UP: int = _DATA["cave"]["cost_face_up"]
COST_STACK: int = _DATA["cave"]["cost_stack"]

#: Fire markers by their number of fires: ``MARKERS[k - 1]`` is the marker of a ``k``-crater volcano.
MARKERS: tuple[Marker, ...] = tuple(
    Marker(m["fires"], m["count"], m["range"])
    for m in sorted(_DATA["fire_markers"], key=lambda m: m["fires"])
)
MAX_MARKER = len(MARKERS)

CAVEMEN: tuple[CavemanKind, ...] = tuple(
    CavemanKind(
        i,
        c["id"],
        c["name"],
        c["code"],
        c["count"],
        c.get("points", 0),
        c.get("per", ""),
        c.get("strength", 0),
    )
    for i, c in enumerate(_DATA["cavemen"])
)
CAVEMAN_BY_ID = {c.id: c for c in CAVEMEN}
CAVEMAN_BY_CODE = {c.code: c for c in CAVEMEN}
NUM_CAVEMEN_KINDS = len(CAVEMEN)


def _half(raw: list[Any]) -> Half:
    terrain, fires, resource, craters = raw
    return Half(
        TERRAIN_BY_ID[terrain].value,
        fires,
        RESOURCE_BY_ID[resource].value if resource else -1,
        craters,
    )


#: Domino number -> domino.
DOMINOES: dict[int, Domino] = {
    number: Domino(number, _half(first), _half(second)) for number, first, second in _DATA["dominoes"]
}
NUM_DOMINOES = len(DOMINOES)
MAX_PRINTED_FIRES = max(max(d.first.fires, d.second.fires) for d in DOMINOES.values())
#: ``(terrain, printed fires, craters)`` -> how many squares of it the box's dominoes have.
BOX_SQUARES: Counter[tuple[int, int, int]] = Counter(
    (half.terrain, half.fires, half.craters) for d in DOMINOES.values() for half in (d.first, d.second)
)
#: ``(terrain, printed fires)`` -> how many of those squares show a resource symbol.
BOX_SYMBOLS: Counter[tuple[int, int]] = Counter(
    (half.terrain, half.fires)
    for d in DOMINOES.values()
    for half in (d.first, d.second)
    if half.resource >= 0
)


def _check() -> None:
    """The invariants the engine relies on; a data error fails at import, loudly."""
    for domino in DOMINOES.values():
        for half in (domino.first, domino.second):
            if half.resource >= 0 and half.fires:
                raise ValueError(f"origins.json: domino {domino.number} has a resource on a fire square")
            if (half.craters > 0) != (half.terrain == VOLCANO):
                raise ValueError(f"origins.json: domino {domino.number}: craters only on volcano halves")
            if half.craters > MAX_MARKER or (half.terrain == VOLCANO and half.fires):
                raise ValueError(f"origins.json: domino {domino.number}: bad volcano half")
    if sorted(DOMINOES) != list(range(1, NUM_DOMINOES + 1)):
        raise ValueError("origins.json: dominoes must be numbered 1..N")


_check()


def half_text(half: Half) -> str:
    """A half in the kingdom-text notation: terrain letter, fires (craters for a volcano), resource."""
    resource = RESOURCES[half.resource].letter if half.resource >= 0 else ""
    number = half.craters if half.terrain == VOLCANO else half.fires
    return f"{TERRAINS[half.terrain].letter}{number}{resource}"


def domino_text(number: int) -> str:
    """Domino ``number`` with its halves, e.g. ``#48 Q0k|V3``."""
    d = DOMINOES[number]
    return f"#{number} {half_text(d.first)}|{half_text(d.second)}"
