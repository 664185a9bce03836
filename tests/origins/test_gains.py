"""Origins placement gains (regions merged with the new squares, bonuses by the placement's box)
equal the score change of a territory with the domino really placed, in every mode and variant."""

from __future__ import annotations

import random

import pytest

from kingdomino import make_game
from kingdomino.games.origins.components import DOMINOES
from kingdomino.games.origins.state import CLAIM, PLACE, OriginsState

from .helpers import play_random


@pytest.mark.parametrize("mode", ["discovery", "totem", "tribe"])
@pytest.mark.parametrize(
    "variants",
    [{}, {"fire_kingdom": True}, {"homo_habilis": True}, {"fire_kingdom": True, "homo_habilis": True}],
)
def test_placement_gains_equal_the_score_change_of_the_placed_territory(
    mode: str, variants: dict[str, bool]
) -> None:
    game = make_game("origins", 3, {"mode": mode, **variants})
    rng = random.Random(len(mode) + len(variants))
    checked = with_cavemen = 0
    for _ in range(2):
        state = game.new_initial_state()
        assert isinstance(state, OriginsState)
        while not play_random(state, rng, until=lambda s: s.phase in (PLACE, CLAIM)).is_terminal():
            kingdom = state.kingdoms[state.current_player]
            if state.phase == PLACE:
                numbers = [state.row[state.slot]]
            else:
                numbers = [code - game.claim_base + 1 for code in state.legal_actions()]  # type: ignore[attr-defined]
            for number in numbers:
                codes = kingdom.legal_placements(DOMINOES[number])
                base = state.territory_score(kingdom)
                placed = [
                    state.territory_score(state._placed(kingdom, number, code)) - base for code in codes
                ]
                assert state.placement_score_changes(kingdom, number, codes) == placed
                checked += len(codes)
                with_cavemen += len(codes) if any(kingdom.cavemen) else 0
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
    assert checked > 1000
    assert mode != "tribe" or with_cavemen > 100
