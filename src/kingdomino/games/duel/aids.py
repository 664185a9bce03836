"""Kingdomino Duel's draft aids: the faces of the four dice, die by die, and how many faces of all
the dice show each coat of arms (and the "?"), with their crosses. Every round rolls all four dice
again, so every face stays possible all game: the aid is the box's, the same for everybody.

>>> aids = draft_aids()
>>> len(aids["dice"]), len(aids["dice"][0]), sum(line["faces"] for line in aids["coats"].values())
(4, 6, 24)
"""

from __future__ import annotations

from typing import Any

from kingdomino.games.duel.components import COATS, DICE, JOKER, JOKER_ID, Face


def _coat_id(face: Face) -> str:
    return JOKER_ID if face.coat == JOKER else COATS[face.coat].id


def draft_aids() -> dict[str, Any]:
    """The dice faces (``dice[die][face]``: coat id and crosses) and, per coat id in the data's
    order then the "?", the faces showing it and their crosses."""
    coats = {coat: {"faces": 0, "crosses": 0} for coat in (*(c.id for c in COATS), JOKER_ID)}
    for die in DICE:
        for face in die:
            line = coats[_coat_id(face)]
            line["faces"] += 1
            line["crosses"] += face.crosses
    return {
        "dice": [[{"coat": _coat_id(face), "crosses": face.crosses} for face in die] for die in DICE],
        "coats": coats,
        "next_order": None,
    }
