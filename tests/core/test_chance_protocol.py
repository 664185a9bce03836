"""The protocol's chance nodes, for every game: outcomes in ascending order of code, each
once, probabilities summing to 1, ``sample_chance`` drawing only listed outcomes, and
``chance_factors`` only at chance nodes, spelling out as many equally likely outcomes."""

from __future__ import annotations

import math
import random

import pytest

from kingdomino import CHANCE, make_game

GAMES = [
    ("kingdomino", 2, {}),
    ("kingdomino", 3, {}),
    ("kingdomino", 4, {"dynasty": True}),
    ("duel", 2, {}),
    ("origins", 2, {"mode": "totem"}),
    ("origins", 3, {"mode": "discovery"}),
    ("origins", 4, {"mode": "tribe"}),
]


@pytest.mark.parametrize(("name", "players", "options"), GAMES, ids=[f"{g[0]}-{g[1]}p" for g in GAMES])
def test_chance_outcomes_are_ascending_distinct_and_whole(name: str, players: int, options: dict) -> None:
    game = make_game(name, players, options)
    rng = random.Random(3)
    nodes = 0
    for _ in range(4):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player != CHANCE:
                assert state.chance_factors() is None
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                continue
            outcomes = state.chance_outcomes()
            codes = [code for code, _ in outcomes]
            assert codes == sorted(set(codes)), "outcomes must be listed once each, in ascending order"
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            factors = state.chance_factors()
            if factors is not None:
                assert math.prod(factors) == len(outcomes)
                assert all(p == pytest.approx(1 / len(outcomes)) for _, p in outcomes)
            drawn = state.sample_chance(rng)
            assert drawn in codes
            state.apply(drawn)
            nodes += 1
    assert nodes > 0
