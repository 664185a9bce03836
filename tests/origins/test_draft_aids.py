"""The draft aids of Kingdomino Origins, mode by mode: the dominoes not seen yet (halves, fires,
resources), the cavemen left in the stack (Tribe), next round's order."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from kingdomino.core.game import CHANCE, RegionChange
from kingdomino.games.origins.aids import TERRAIN_IDS, draft_aids, regions_changed
from kingdomino.games.origins.components import CAVEMEN, DOMINOES, RESOURCES, Domino, Half
from kingdomino.games.origins.game import OriginsGame
from kingdomino.games.origins.text import parse_kingdom

BOX_RESOURCES = Counter(
    RESOURCES[h.resource].id for d in DOMINOES.values() for h in (d.first, d.second) if h.resource >= 0
)


@pytest.mark.parametrize("mode", ["discovery", "totem", "tribe"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_mode_shows_what_it_has_and_counts_down_to_nothing(mode: str, players: int) -> None:
    rng = random.Random(players)
    state = OriginsGame(players=players, mode=mode).new_initial_state()
    aids = draft_aids(state)
    assert (aids["unseen"], aids["to_come"]) == (48, 48)
    assert (aids["resources"] is None) == (mode == "discovery")
    assert (aids["cavemen"] is None) == (mode != "tribe")
    if mode != "discovery":
        assert aids["resources"] == dict(BOX_RESOURCES)
    while not state.is_terminal():
        state.apply(
            state.sample_chance(rng) if state.current_player == CHANCE else rng.choice(state.legal_actions())
        )
        aids = draft_aids(state)
        shown = [n for n in DOMINOES if n not in state.pool]
        assert aids["unseen"] == aids["to_come"] == 48 - len(shown)  # every domino is played
        assert sum(line["halves"] for line in aids["terrains"].values()) == 2 * aids["unseen"]
        if mode != "discovery":
            seen = Counter(
                RESOURCES[h.resource].id
                for n in shown
                for h in (DOMINOES[n].first, DOMINOES[n].second)
                if h.resource >= 0
            )
            assert aids["resources"] == {r.id: BOX_RESOURCES[r.id] - seen[r.id] for r in RESOURCES}
        if mode == "tribe":
            face_up = Counter(CAVEMEN[k].id for k in state.cave if k >= 0)
            assert all(aids["cavemen"][c.id] + face_up[c.id] <= c.copies for c in CAVEMEN)
    assert draft_aids(state)["unseen"] == 0


def test_three_players_next_order_leaves_the_unclaimed_domino_open() -> None:
    state = OriginsGame(players=3).new_initial_state()
    rng = random.Random(5)
    while state.round_number < 2 or state.phase_name != "claim":
        state.apply(
            state.sample_chance(rng) if state.current_player == CHANCE else rng.choice(state.legal_actions())
        )
    order = draft_aids(state)["next_order"]
    assert len(order) == 4 and order.count(None) == 4 - state.slot


def test_a_placement_adds_its_fire_to_a_region_and_a_volcano_makes_none() -> None:
    territory = parse_kingdom("G1 G0 H")
    grassland, volcano = TERRAIN_IDS.index("grassland"), TERRAIN_IDS.index("volcano")
    domino = Domino(0, Half(grassland, 1, -1, 0), Half(volcano, 0, -1, 2))
    code = territory.geometry.placement_code(1, -1, 0)  # under the grassland, the volcano under the hut
    assert regions_changed(territory, domino, [code])[code] == (
        RegionChange("grassland", 3, 2, 6, 2, ((0, -2),), (0,)),
    )


def test_a_region_s_marker_counts_and_a_new_region_without_fire_is_worth_nothing() -> None:
    territory = parse_kingdom("D0*2 H")
    desert, lake = TERRAIN_IDS.index("desert"), TERRAIN_IDS.index("lake")
    code = territory.geometry.placement_code(-1, -1, 0)  # above the desert, the lake above the hut
    (desert_change, lake_change) = regions_changed(
        territory, Domino(0, Half(desert, 0, -1, 0), Half(lake, 0, -1, 0)), [code]
    )[code]
    assert desert_change == RegionChange("desert", 2, 2, 4, 2, ((0, -1),), (0,))
    assert lake_change == RegionChange("lake", 1, 0, 0, 0, (), (1,))
