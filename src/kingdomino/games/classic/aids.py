"""Kingdomino's draft aids (:mod:`kingdomino.games.domino.aids`): the dominoes not seen yet, their
halves and crowns by terrain, how many are still to come, next round's order, and what each
placement of the acting seat does to its kingdom's regions.

>>> from kingdomino.games.classic.game import ClassicGame
>>> aids = draft_aids(ClassicGame(players=2).new_initial_state())
>>> aids["unseen"], aids["to_come"], aids["terrains"]["mine"]
(48, 24, {'halves': 6, 'crowns': 10})
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kingdomino.core.game import RegionChange
from kingdomino.games.classic.components import DOMINOES, TERRAINS, Domino, Half
from kingdomino.games.domino.aids import acting_placement_regions, domino_aids
from kingdomino.games.domino.aids import placement_regions as domino_placement_regions

if TYPE_CHECKING:
    from kingdomino.games.classic.kingdom import Kingdom
    from kingdomino.games.classic.state import ClassicState

TERRAIN_IDS = tuple(t.id for t in TERRAINS)


def _counts(half: Half) -> dict[str, int]:
    return {"halves": 1, "crowns": half.crowns}


def draft_aids(state: ClassicState) -> dict[str, Any]:
    """The aids of a Kingdomino position, from public facts only (the module text of
    :mod:`kingdomino.games.domino.aids` says why)."""
    return domino_aids(state, DOMINOES, TERRAIN_IDS, ("halves", "crowns"), _counts)


def _crowns(half: Half) -> int:
    return half.crowns


def regions_changed(
    kingdom: Kingdom, domino: Domino, codes: list[int]
) -> dict[int, tuple[RegionChange, ...]]:
    """By placement code, the regions each placement of ``domino`` in ``kingdom`` changes, as
    squares x crowns (:func:`kingdomino.games.domino.aids.placement_regions`)."""
    return domino_placement_regions(kingdom, domino, codes, TERRAIN_IDS, _crowns)


def placement_regions(state: ClassicState) -> dict[int, tuple[RegionChange, ...]]:
    """By action code, the regions each legal placement changes (squares x crowns: the bonuses
    of Middle Kingdom and Harmony are the kingdom's, not a region's, and are left out)."""
    return acting_placement_regions(state, DOMINOES, TERRAIN_IDS, _crowns)
