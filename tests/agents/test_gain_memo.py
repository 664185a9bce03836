"""The remembered placement values behind ``score_gains`` and ``fast_estimates`` (``domino.memo``).

They are a pure function of the game's scoring settings, the kingdom's contents and the domino:
a remembered value must equal a fresh one, and games that score differently must never share one.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from kingdomino import CHANCE, make_game
from kingdomino.core.game import OptionValue, State
from kingdomino.games.classic import state as classic_state
from kingdomino.games.classic.game import ClassicGame
from kingdomino.games.classic.state import ClassicState
from kingdomino.games.classic.text import parse_kingdom
from kingdomino.games.domino.memo import GainMemo
from kingdomino.games.origins import state as origins_state

MEMOS: dict[str, GainMemo[tuple[object, ...], tuple[tuple[int, ...], tuple[float, ...]]]] = {
    "kingdomino": classic_state.PLACEMENT_VALUES,
    "origins": origins_state.PLACEMENT_VALUES,
}

#: game -> (players, the option sets played side by side, each scoring differently)
SIDE_BY_SIDE: dict[str, tuple[int, list[dict[str, OptionValue]]]] = {
    "kingdomino": (
        4,
        [{}, {"middle_kingdom": True}, {"harmony": True}, {"middle_kingdom": True, "harmony": True}],
    ),
    "origins": (
        3,
        [
            {"mode": "totem"},
            {"mode": "totem", "fire_kingdom": True},
            {"mode": "totem", "homo_habilis": True},
            {"mode": "totem", "fire_kingdom": True, "homo_habilis": True},
        ],
    ),
}


def lockstep(name: str, states: list[State], seed: int) -> int:
    """Play the same random game in every state; at each decision, compare remembered and fresh gains.

    Every state's gains are asked first (each may fill the memory for the others), then each
    state's are recomputed from an empty memory. Returns the decisions compared.
    """
    memo = MEMOS[name]
    rng = random.Random(seed)
    compared = 0
    while not states[0].is_terminal():
        first = states[0]
        if first.current_player == CHANCE:
            outcome = first.sample_chance(rng)
            for state in states:
                state.apply(outcome)
            continue
        remembered = [(state.score_gains(), state.fast_estimates()) for state in states]
        for state, gains in zip(states, remembered):
            memo.clear()
            assert gains == (state.score_gains(), state.fast_estimates())
        compared += 1
        legal = first.legal_actions()
        action = legal[int(rng.random() * len(legal))]
        for state in states:
            state.apply(action)
    return compared


@pytest.mark.parametrize("name", list(SIDE_BY_SIDE))
def test_remembered_gains_equal_fresh_ones_and_variants_never_share_them(name: str) -> None:
    players, option_sets = SIDE_BY_SIDE[name]
    for seed in range(3):
        states = [make_game(name, players, options).new_initial_state() for options in option_sets]
        assert lockstep(name, states, seed) > 40


@pytest.mark.parametrize("name", list(SIDE_BY_SIDE))
def test_games_with_other_outlook_weights_never_share_values(name: str) -> None:
    plain = make_game(name, 4).new_initial_state()
    tuned = make_game(name, 4).new_initial_state()
    tuned.game.outlook = replace(tuned.game.outlook, join=5.0, dead=0.0)  # type: ignore[attr-defined]
    assert lockstep(name, [plain, tuned], seed=11) > 80


@pytest.mark.parametrize("name", list(SIDE_BY_SIDE))
def test_the_memory_is_emptied_when_full(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    memo = MEMOS[name]
    monkeypatch.setattr(memo, "limit", 8)
    memo.clear()
    rng = random.Random(5)
    state = make_game(name, 4).new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        state.fast_estimates()
        assert len(memo) <= 8
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
    state = ClassicGame(4, harmony=True).new_initial_state()
    assert isinstance(state, ClassicState)
    whole = parse_kingdom(ALL_BUT_TWO)
    discarded = whole.copy()
    discarded.discards = 1
    wheat_pair = 1
    codes, values = state._placement_values(whole, wheat_pair, False)
    assert codes
    assert state._placement_values(discarded, wheat_pair, False) == (codes, tuple(v - 5 for v in values))
