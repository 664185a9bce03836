"""The Kingdomino Duel components, read from ``games/data/duel.json``.

The dice faces, the map size, the spellbook line lengths and which coat of arms
unlocks which power come from a single source; they live in the data file only.

>>> COATS[2].id, DICE[0][0]
('stripe', Face(coat=-1, crosses=0))
>>> POWER_OF_COAT[COAT_BY_ID["dot"].value]
'ignore_connection_rules'
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, NamedTuple

from kingdomino.games.data import load

#: ``Face.coat`` of the "?" joker face.
JOKER = -1


class Coat(NamedTuple):
    value: int
    id: str
    name: str
    letter: str
    colour: str


class Face(NamedTuple):
    """One face of a die: a coat of arms (or :data:`JOKER`) and its crosses."""

    coat: int
    crosses: int


_DATA: dict[str, Any] = load("duel.json")

COATS: tuple[Coat, ...] = tuple(
    Coat(i, c["id"], c["name"], c["letter"], c["colour"]) for i, c in enumerate(_DATA["coats"])
)
NUM_COATS = len(COATS)
COAT_BY_ID = {c.id: c for c in COATS}
COAT_BY_LETTER = {c.letter: c for c in COATS}
JOKER_ID: str = _DATA["joker"]["id"]
JOKER_LETTER: str = _DATA["joker"]["letter"]


def _face(symbol: str, crosses: int) -> Face:
    return Face(JOKER if symbol == JOKER_ID else COAT_BY_ID[symbol].value, crosses)


#: ``DICE[die][face]``: the 6 faces of each of the 4 dice.
DICE: tuple[tuple[Face, ...], ...] = tuple(
    tuple(_face(symbol, crosses) for symbol, crosses in die) for die in _DATA["dice"]
)
NUM_DICE = len(DICE)
FACES_PER_DIE = len(DICE[0])
#: The unordered pairs of dice, in action-code order.
PAIRS: tuple[tuple[int, int], ...] = tuple(combinations(range(NUM_DICE), 2))

MAP_ROWS: int = _DATA["map"]["rows"]
MAP_COLS: int = _DATA["map"]["cols"]
CASTLE_ROW: int = _DATA["map"]["castle"][0]
CASTLE_COL: int = _DATA["map"]["castle"][1]

#: Coat value -> squares in that coat's spellbook line.
LINE_LENGTH: tuple[int, ...] = tuple(
    next(line["length"] for line in _DATA["spellbook"] if line["coat"] == coat.id) for coat in COATS
)
#: Coat value -> the id of the power its line unlocks.
POWER_OF_COAT: tuple[str, ...] = tuple(
    next(line["power"] for line in _DATA["spellbook"] if line["coat"] == coat.id) for coat in COATS
)
POWERS: dict[str, dict[str, Any]] = _DATA["powers"]
#: Power id -> the coat whose line unlocks it.
COAT_OF_POWER = {power: coat for coat, power in enumerate(POWER_OF_COAT)}

IGNORE_CONNECTION = COAT_OF_POWER["ignore_connection_rules"]
SPLIT = COAT_OF_POWER["split_domino"]
TAKE_TWO = COAT_OF_POWER["take_two_dice_as_player_A"]
TURN_DIE = COAT_OF_POWER["turn_die_to_any_face"]
DOMAINS = COAT_OF_POWER["plus3_per_domain_of_chosen_coat"]
POINTS_PER_DOMAIN: int = POWERS["plus3_per_domain_of_chosen_coat"]["points_per_domain"]
#: The coat whose power adds a cross (the Duel outlook values it).
ADD_CROSS = COAT_OF_POWER["add_one_cross"]
ADDED_CROSSES: int = POWERS["add_one_cross"]["crosses"]
CASTLE_BONUS_CROSSES: int = _DATA["castle_bonus"]["crosses"]


def face_text(face: Face) -> str:
    """``"stripe x1"``, ``"?"``: a face in words."""
    name = JOKER_LETTER if face.coat == JOKER else COATS[face.coat].id
    return f"{name} x{face.crosses}" if face.crosses else name
