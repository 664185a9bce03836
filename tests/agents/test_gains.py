"""The engine's immediate gains, which greedy maximises, equal the real change of score."""

from __future__ import annotations

import random

import pytest

from kingdomino import CHANCE, make_game
from kingdomino.games.classic.components import DOMINOES
from kingdomino.games.classic.state import CLAIM, PLACE, ClassicState


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (4, {}),
        (3, {"middle_kingdom": True, "harmony": True}),
        (2, {"mighty_duel": True, "middle_kingdom": True, "harmony": True}),
    ],
)
def test_placement_gains_equal_the_score_change(players: int, options: dict[str, bool]) -> None:
    game = make_game("kingdomino", players, options)
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = game.new_initial_state()
        assert isinstance(state, ClassicState)
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            seat = state.current_player
            if state.phase == PLACE:
                now = state.kingdoms[seat].region_points() + state.kingdom_bonus(state.kingdoms[seat])
                for action, gain in state.score_gains():
                    after = state.clone()
                    after.apply(action)
                    kingdom = after.kingdoms[seat]
                    assert kingdom.region_points() + state.kingdom_bonus(kingdom) - now == gain
                    checked += 1
            elif state.phase == CLAIM:
                kingdom = state.kingdoms[seat]
                now = kingdom.region_points() + state.kingdom_bonus(kingdom)
                for action, gain in state.score_gains():
                    domino = DOMINOES[action - game.claim_base + 1]  # type: ignore[attr-defined]
                    changes = []
                    for code in kingdom.legal_placements(domino):
                        grown = kingdom.copy()
                        grown.place(code, domino)
                        changes.append(grown.region_points() + state.kingdom_bonus(grown) - now)
                    assert gain == max(changes, default=0)
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
    assert checked > 1000
