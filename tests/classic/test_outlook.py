"""The engine's heuristic (``outlook``): joined squares, dead squares, turn order."""

from __future__ import annotations

import random

import pytest

from kingdomino import CHANCE
from kingdomino.games.classic.components import DOMINOES
from kingdomino.games.classic.state import CLAIM, PLACE
from kingdomino.games.classic.text import parse_kingdom
from kingdomino.games.domino.outlook import KINGDOMINO_OUTLOOK, claim_outlook, placement_outlook

from .helpers import new_state

WEIGHTS = KINGDOMINO_OUTLOOK

# Free squares (castle-relative): (0,1), (0,2), (1,1), (2,1).
NEARLY_FULL = """
W0 W0 W0 W0 W0
W0 W0 W0 W0 W0
W0 W0 C  .  .
W0 W0 W0 .  W0
W0 W0 W0 .  W0
"""


def test_a_placement_that_strands_squares_pays_for_each_dead_square() -> None:
    kingdom = parse_kingdom(NEARLY_FULL)
    wheat_pair = DOMINOES[1]
    assert wheat_pair.first.terrain == wheat_pair.second.terrain == 0
    geometry = kingdom.geometry
    across = geometry.placement_code(0, 1, 0)  # (0,1)-(0,2): (1,1)-(2,1) stay coverable
    down = geometry.placement_code(0, 1, 1)  # (0,1)-(1,1): strands (0,2) and (2,1)
    lower = geometry.placement_code(1, 1, 1)  # (1,1)-(2,1): (0,1)-(0,2) stay coverable
    codes = kingdom.legal_placements(wheat_pair)
    assert {across, down, lower} <= set(codes)
    terms = dict(zip(codes, placement_outlook(kingdom, wheat_pair, codes, WEIGHTS)))
    # joined wheat squares: across 1 + 2, down 1 + 2, lower 2 + 2
    assert terms[across] == pytest.approx(3 * WEIGHTS.join)
    assert terms[down] == pytest.approx(3 * WEIGHTS.join - 2 * WEIGHTS.dead)
    assert terms[lower] == pytest.approx(4 * WEIGHTS.join)


def test_joining_a_terrain_counts_touching_squares_of_that_terrain_only() -> None:
    kingdom = parse_kingdom("F0 F0 .\nL0 C  .\n")
    forest_pair = next(d for d in DOMINOES.values() if d.first.terrain == d.second.terrain == 1)
    geometry = kingdom.geometry
    beside_forest = geometry.placement_code(-1, 1, 1)  # (-1,1)-(0,1): touches one forest square
    below_lake = geometry.placement_code(1, -1, 0)  # (1,-1)-(1,0): touches the lake only
    terms = dict(
        zip(
            [beside_forest, below_lake],
            placement_outlook(kingdom, forest_pair, [beside_forest, below_lake], WEIGHTS),
        )
    )
    assert terms[beside_forest] == pytest.approx(WEIGHTS.join)
    assert terms[below_lake] == pytest.approx(0.0)


def test_claims_further_right_in_the_row_cost_their_row_place() -> None:
    assert claim_outlook(0, WEIGHTS) == 0.0
    assert claim_outlook(3, WEIGHTS) == pytest.approx(-3 * WEIGHTS.row_place)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fast_estimates_are_the_score_gains_plus_the_outlook(players: int) -> None:
    rng = random.Random(players)
    checked = 0
    for _ in range(6):
        state = new_state(players)
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            immediate = dict(state.score_gains())
            heuristic = dict(state.fast_estimates())
            assert set(heuristic) == set(immediate)
            kingdom = state.kingdoms[state.current_player]
            if state.phase == PLACE and state.game.discard_action not in heuristic:
                domino = DOMINOES[state.row[state.slot]]
                codes = list(immediate)
                for code, term in zip(codes, placement_outlook(kingdom, domino, codes, WEIGHTS)):
                    assert heuristic[code] == pytest.approx(immediate[code] + term)
                    checked += 1
            elif state.phase == CLAIM:
                for code in immediate:
                    number = code - state.game.claim_base + 1
                    domino = DOMINOES[number]
                    codes = kingdom.legal_placements(domino)
                    gains = kingdom.placement_gains(domino, codes)
                    best = max(
                        (g + t for g, t in zip(gains, placement_outlook(kingdom, domino, codes, WEIGHTS))),
                        default=0.0,
                    )
                    assert heuristic[code] == pytest.approx(
                        best + claim_outlook(state.next_row.index(number), WEIGHTS)
                    )
                    checked += 1
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
    assert checked > 500
