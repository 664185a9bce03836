"""The helper processes of a parallel ``mce`` search: the process's shared pool of local workers."""

from __future__ import annotations

import os
import random
from concurrent.futures.process import BrokenProcessPool

import pytest

from kingdomino import CHANCE, make_game
from kingdomino.agents import make_agent
from kingdomino.core.game import State
from kingdomino.workers import shared_pool


def midgame_position(seed: int) -> State:
    """A decision of seat 0 some turns into a 2-player Kingdomino game of random moves."""
    rng = random.Random(seed)
    state = make_game("kingdomino", 2).new_initial_state()
    decisions = 0
    while True:
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        decisions += 1
        if decisions > 10 and state.current_player == 0 and len(state.legal_actions()) > 1:
            return state
        state.apply(rng.choice(state.legal_actions()))


def test_a_parallel_search_gets_new_helpers_after_one_died() -> None:
    """A helper killed (out of memory, by hand) fails the work it held; the process's next
    parallel search starts new helpers instead of failing on the broken pool for good."""
    state = midgame_position(3)
    spec = "mce:iterations=40,workers=3"
    expected = make_agent(spec, 5).analyse(state)
    helpers = shared_pool(2)
    with pytest.raises(BrokenProcessPool):
        helpers.submit(os._exit, 1).result(timeout=60)
    restarts = helpers.restarts
    assert make_agent(spec, 5).analyse(state) == expected
    assert shared_pool(2) is helpers and helpers.restarts == restarts + 1
