"""The remembered placement values behind ``immediate_gains`` and ``heuristic_gains``.

They are a pure function of the game's scoring settings, the kingdom's contents and the domino:
a remembered value must equal a fresh one, and games that score differently must never share one.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from kingdomino import CHANCE
from kingdomino.games.classic import state as classic_state
from kingdomino.games.classic.state import ClassicState
from kingdomino.games.classic.text import parse_kingdom

from .helpers import new_state


def fresh_gains(state: ClassicState) -> tuple[list[tuple[int, float]], list[tuple[int, float]]]:
    classic_state._VALUES.clear()
    return state.immediate_gains(), state.heuristic_gains()


def lockstep(states: list[ClassicState], seed: int) -> int:
    """Play the same random game in every state; at each decision, compare remembered and fresh gains.

    Every state's gains are asked first (each may fill the memory for the others), then each
    state's are recomputed from an empty memory. Returns the decisions compared.
    """
    rng = random.Random(seed)
    compared = 0
    while not states[0].is_terminal():
        first = states[0]
        if first.current_player == CHANCE:
            outcome = first.sample_chance(rng)
            for state in states:
                state.apply(outcome)
            continue
        remembered = [(state.immediate_gains(), state.heuristic_gains()) for state in states]
        for state, gains in zip(states, remembered):
            assert gains == fresh_gains(state)
        compared += 1
        legal = first.legal_actions()
        action = legal[int(rng.random() * len(legal))]
        for state in states:
            state.apply(action)
    return compared


@pytest.mark.parametrize("players", [2, 4])
def test_remembered_gains_equal_fresh_ones_and_variants_never_share_them(players: int) -> None:
    for seed in range(3):
        states = [
            new_state(players),
            new_state(players, middle_kingdom=True),
            new_state(players, harmony=True),
            new_state(players, middle_kingdom=True, harmony=True),
        ]
        assert lockstep(states, seed) > 40


def test_games_with_other_outlook_weights_never_share_values() -> None:
    plain = new_state(4)
    tuned = new_state(4)
    tuned.game.outlook = replace(tuned.game.outlook, join=5.0, dead=0.0)
    assert lockstep([plain, tuned], seed=11) > 80


def test_the_memory_is_emptied_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(classic_state, "VALUES_LIMIT", 8)
    classic_state._VALUES.clear()
    rng = random.Random(5)
    state = new_state(4)
    decisions = 0
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        state.heuristic_gains()
        assert len(classic_state._VALUES) <= 8
        decisions += 1
        legal = state.legal_actions()
        state.apply(legal[int(rng.random() * len(legal))])
    assert decisions > 8


# Two free squares, (0,1) and (0,2): the domino placed there completes the kingdom.
ALL_BUT_TWO = """
W0 W0 W0 W0 W0
W0 W0 W0 W0 W0
W0 W0 C  .  .
W0 W0 W0 W0 W0
W0 W0 W0 W0 W0
"""


def test_a_kingdom_with_a_discard_is_remembered_apart_from_the_same_squares_without() -> None:
    state = new_state(4, harmony=True)
    whole = parse_kingdom(ALL_BUT_TWO)
    discarded = whole.copy()
    discarded.discards = 1
    wheat_pair = 1
    codes, values = state._placement_values(whole, wheat_pair, False)
    assert codes
    assert state._placement_values(discarded, wheat_pair, False) == (codes, tuple(v - 5 for v in values))
