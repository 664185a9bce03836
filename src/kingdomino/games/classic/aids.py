"""Kingdomino's draft aids (:mod:`kingdomino.games.domino.aids`): the dominoes not seen yet, their
halves and crowns by terrain, how many are still to come, and next round's order.

>>> from kingdomino.games.classic.game import ClassicGame
>>> aids = draft_aids(ClassicGame(players=2).new_initial_state())
>>> aids["unseen"], aids["to_come"], aids["terrains"]["mine"]
(48, 24, {'halves': 6, 'crowns': 10})
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kingdomino.games.classic.components import DOMINOES, TERRAINS, Half
from kingdomino.games.domino.aids import domino_aids

if TYPE_CHECKING:
    from kingdomino.games.classic.state import ClassicState

TERRAIN_IDS = tuple(t.id for t in TERRAINS)


def _counts(half: Half) -> dict[str, int]:
    return {"halves": 1, "crowns": half.crowns}


def draft_aids(state: ClassicState) -> dict[str, Any]:
    """The aids of a Kingdomino position, from public facts only (the module text of
    :mod:`kingdomino.games.domino.aids` says why)."""
    return domino_aids(state, DOMINOES, TERRAIN_IDS, ("halves", "crowns"), _counts)
