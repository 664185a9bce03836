"""Kingdomino Origins' draft aids (:mod:`kingdomino.games.domino.aids`): the dominoes not seen yet,
their halves and printed fires by terrain, how many are still to come and next round's order;
in Totem and Tribe modes the resource symbols on the dominoes not seen yet, in Tribe mode the
cavemen left in the face-down stack (public: all 22 are known and every revealed one is seen);
and what each placement of the acting seat does to its territory's regions.

>>> from kingdomino.games.origins.game import OriginsGame
>>> aids = draft_aids(OriginsGame(players=4, mode="tribe").new_initial_state())
>>> aids["unseen"], aids["to_come"], aids["resources"]["flint"], sum(aids["cavemen"].values())
(48, 48, 9, 22)
>>> draft_aids(OriginsGame(players=4).new_initial_state())["cavemen"] is None
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kingdomino.core.game import RegionChange
from kingdomino.games.domino.aids import acting_placement_regions, domino_aids, unseen_numbers
from kingdomino.games.domino.aids import placement_regions as domino_placement_regions
from kingdomino.games.origins.components import CAVEMEN, DOMINOES, RESOURCES, TERRAINS, Domino, Half

if TYPE_CHECKING:
    from kingdomino.games.origins.kingdom import Kingdom
    from kingdomino.games.origins.state import OriginsState

TERRAIN_IDS = tuple(t.id for t in TERRAINS)


def _counts(half: Half) -> dict[str, int]:
    return {"halves": 1, "fires": half.fires}


def draft_aids(state: OriginsState) -> dict[str, Any]:
    """The aids of an Origins position, from public facts only; ``resources`` and ``cavemen`` are
    ``None`` in the modes without them."""
    game = state.game
    aids = domino_aids(state, DOMINOES, TERRAIN_IDS, ("halves", "fires"), _counts)
    resources = None
    if game.resources_on:
        resources = dict.fromkeys((r.id for r in RESOURCES), 0)
        for number in unseen_numbers(state, DOMINOES):
            domino = DOMINOES[number]
            for half in (domino.first, domino.second):
                if half.resource >= 0:
                    resources[RESOURCES[half.resource].id] += 1
    aids["resources"] = resources
    aids["cavemen"] = {c.id: left for c, left in zip(CAVEMEN, state.stack)} if game.tribe_on else None
    return aids


def _fires(half: Half) -> int:
    return half.fires


def regions_changed(
    kingdom: Kingdom, domino: Domino, codes: list[int]
) -> dict[int, tuple[RegionChange, ...]]:
    """By placement code, the regions each placement of ``domino`` in ``kingdom`` changes, as
    squares x fires (:func:`kingdomino.games.domino.aids.placement_regions`)."""
    return domino_placement_regions(kingdom, domino, codes, TERRAIN_IDS, _fires)


def placement_regions(state: OriginsState) -> dict[int, tuple[RegionChange, ...]]:
    """By action code, the regions each legal placement changes: squares x fires, the printed
    fires of the halves (a volcano's marker is placed after, by a choice of its own); a volcano
    half makes no region. Resources, totems, cavemen and the territory bonuses are not a
    region's points and are left out."""
    return acting_placement_regions(state, DOMINOES, TERRAIN_IDS, _fires)
