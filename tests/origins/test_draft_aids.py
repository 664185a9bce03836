"""The draft aids of Kingdomino Origins, mode by mode: the dominoes not seen yet (halves, fires,
resources), the cavemen left in the stack (Tribe), next round's order."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from kingdomino.core.game import CHANCE
from kingdomino.games.origins.aids import draft_aids
from kingdomino.games.origins.components import CAVEMEN, DOMINOES, RESOURCES
from kingdomino.games.origins.game import OriginsGame

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
