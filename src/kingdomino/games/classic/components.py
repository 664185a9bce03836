"""The Kingdomino components, read from ``games/data/classic.json``.

>>> DOMINOES[48]
Domino(number=48, first=Half(terrain=0, crowns=0), second=Half(terrain=5, crowns=3))
>>> TERRAINS[5].letter
'M'
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


class Half(NamedTuple):
    terrain: int
    crowns: int


class Domino(NamedTuple):
    number: int
    first: Half
    second: Half


_DATA: dict[str, Any] = load("classic.json")

TERRAINS: tuple[Terrain, ...] = tuple(
    Terrain(i, t["id"], t["name"], t["letter"], t["colour"]) for i, t in enumerate(_DATA["terrains"])
)
TERRAIN_BY_ID = {t.id: t for t in TERRAINS}
TERRAIN_BY_LETTER = {t.letter: t for t in TERRAINS}
CASTLE_LETTER: str = _DATA["castle_letter"]
EMPTY_LETTER: str = _DATA["empty_letter"]

#: Domino number -> domino.
DOMINOES: dict[int, Domino] = {
    number: Domino(
        number,
        Half(TERRAIN_BY_ID[first[0]].value, first[1]),
        Half(TERRAIN_BY_ID[second[0]].value, second[1]),
    )
    for number, first, second in _DATA["dominoes"]
}
NUM_DOMINOES = len(DOMINOES)
MAX_CROWNS = max(max(d.first.crowns, d.second.crowns) for d in DOMINOES.values())
#: ``(terrain, crowns)`` -> how many squares of it the box's dominoes have.
BOX_SQUARES: Counter[tuple[int, int]] = Counter(
    (half.terrain, half.crowns) for d in DOMINOES.values() for half in (d.first, d.second)
)

SETUPS: dict[str, dict[str, int]] = _DATA["setups"]
FRAME_SIZES: dict[str, int] = _DATA["frame"]
BONUSES: dict[str, int] = _DATA["bonuses"]
DYNASTY_GAMES: int = _DATA["dynasty_games"]


def frame_size(mighty_duel: bool) -> int:
    """The side of the square a kingdom must fit in: 7 with Mighty Duel, else 5 (from the data).

    Mighty Duel plays all 48 dominoes with 2 players on 7x7 kingdoms; the variant implies it.
    """
    return FRAME_SIZES["mighty_duel" if mighty_duel else "standard"]


def half_text(half: Half) -> str:
    """A half in the score-file notation: terrain letter and crowns, e.g. ``M2``."""
    return f"{TERRAINS[half.terrain].letter}{half.crowns}"


def domino_text(number: int) -> str:
    """Domino ``number`` with its halves, e.g. ``#48 W0|M3``."""
    d = DOMINOES[number]
    return f"#{number} {half_text(d.first)}|{half_text(d.second)}"
