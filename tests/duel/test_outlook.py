"""The Duel one-ply outlook (the ``heuristic`` player in Duel): powers timed, lines raced."""

from __future__ import annotations

import random

import pytest

from kingdomino.agents import make_agent
from kingdomino.arena.match import play_game, seat_agents
from kingdomino.games.duel.outlook import best_estimates, outlook, value
from kingdomino.games.duel.state import DuelState

from .helpers import GAME, coat, play, start


def choices(state: DuelState, spec: str, seeds: range = range(6)) -> set[str]:
    return {state.action_text(make_agent(spec, seed).act(state)) for seed in seeds}


BIG_STRIPES = """
S1 S0 S0 C
S0 S0 S0 S0
S0 S0 S0 S0
"""


def test_it_turns_a_die_to_win_a_line_race_greedy_ignores() -> None:
    # Both players are one quarters square short of the "one more cross" power; seat 0 is player A
    # (A wins a tie) and may turn a die to any face. Die 2 turned to face 1 (quarters) completes
    # its line: a cross on the 11-square stripe domain.
    state = start("roll 2 2 2 2", (BIG_STRIPES, "C"), powers={"double_stripe": 0})
    state.fills[0][coat("quarters")] = 2
    state.fills[1][coat("quarters")] = 2
    state.castle_used[0] = True
    play(state, "take 2", "take 3+4")
    assert choices(state, "heuristic") == {"turn 2 1"}
    assert "turn 2 1" not in choices(state, "greedy")


def test_as_player_b_it_drafts_the_die_that_completes_a_line_first() -> None:
    # roll: die 1 dot, die 2 quarters, die 3 stripe, die 4 stripe x1; A took die 1. Both are one
    # quarters square short; B (seat 1) completes first only by taking die 2.
    state = start("roll 2 1 2 2", ("C", BIG_STRIPES))
    state.fills[0][coat("quarters")] = 2
    state.fills[1][coat("quarters")] = 2
    play(state, "take 1")
    picked = choices(state, "heuristic")
    assert picked and all("2" in text.removeprefix("take ").split("+") for text in picked)


def test_it_keeps_the_castle_bonus_early_where_greedy_spends_it() -> None:
    state = start("roll 2 2 2 2", ("S0 S0 S0 C", "C"))
    play(state, "take 2", "take 3+4")  # seat 0 holds dot and stripe; the stripe joins 3 stripes
    assert choices(state, "greedy") == {"bonus 2"}  # +4 now
    assert not any(text.startswith("bonus") for text in choices(state, "heuristic"))


LATE = """
T0 T0 T0 T0 T0 T0 T0
T0 D0 D0 D0 D0 T0 T0
S1 S0 S0 C  .  .  T0
S0 S0 S0 S0 .  .  T0
S0 S0 S0 S0 T0 T0 T0
"""


def test_it_spends_the_castle_bonus_late_on_its_largest_domain() -> None:
    state = start("roll 2 2 2 2", (LATE, "C"))
    play(state, "take 2", "take 3+4")
    assert choices(state, "heuristic") == {"bonus 2"}  # one more cross on the stripe die


def test_a_gained_lightning_power_counts_until_it_is_resolved() -> None:
    state = start("roll 2 1 2 2", (BIG_STRIPES, "C"))
    state.fills[0][coat("quarters")] = 2
    play(state, "take 2", "take 1+3")  # A: quarters + stripe x1; B: dot + stripe
    before = outlook(state, 0)
    play(state, "draw 0,1 E", "draw 0,1 E")
    assert state.phase_name == "resolve" and state.owner[coat("quarters")] == 0
    assert outlook(state, 0) > before  # the cross to come is counted, not lost
    gains = dict(best_estimates(state))
    best = max(gains, key=lambda action: gains[action])
    after = state.clone()
    after.apply(best)
    assert after.boards[0].points() == max(
        _after(state, action).boards[0].points() for action in state.legal_actions()
    )


def _after(state: DuelState, action: int) -> DuelState:
    trial = state.clone()
    trial.apply(action)
    return trial


def test_value_is_zero_sum() -> None:
    rng = random.Random(5)
    state = GAME.new_initial_state()
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.sample_chance(rng))
            continue
        assert value(state, 0) == -value(state, 1)
        legal = state.legal_actions()
        state.apply(legal[int(rng.random() * len(legal))])


@pytest.mark.slow
def test_the_heuristic_player_beats_greedy_in_duel() -> None:
    """A small sample (8 games, seats swapped): it wins most of them."""
    wins = 0.0
    for index in range(8):
        specs = ["heuristic", "greedy"] if index % 2 == 0 else ["greedy", "heuristic"]
        state, _ = play_game(GAME, seat_agents(specs, index // 2), index // 2)
        seat = specs.index("heuristic")
        if seat in state.winners():
            wins += 1.0 / len(state.winners())
    assert wins >= 6
