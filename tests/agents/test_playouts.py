"""Playouts cut short: ``depth`` decisions, then the game's outlook values the position."""

from __future__ import annotations

import random

import pytest

from kingdomino import CHANCE, make_game
from kingdomino.agents import make_agent
from kingdomino.agents.playouts import estimated_values, playout, playout_values, terminal_values
from kingdomino.core.game import State


def first_decision(game_name: str, seed: int) -> State:
    state = make_game(game_name, 2).new_initial_state()
    rng = random.Random(seed)
    while state.current_player == CHANCE:
        state.apply(state.sample_chance(rng))
    return state


def random_decisions(state: State, rng: random.Random, limit: int) -> None:
    """Play ``limit`` random decisions in place (chance included), as a random playout does."""
    made = 0
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply_unchecked(state.sample_chance(rng))
        elif made == limit:
            return
        else:
            legal = state.legal_actions()
            state.apply_unchecked(legal[int(rng.random() * len(legal))])
            made += 1


@pytest.mark.parametrize("depth", [1, 5, 12])
def test_a_playout_stops_after_depth_decisions(depth: int) -> None:
    start = first_decision("duel", 4)
    cut = start.clone()
    playout(cut, 0, "random", random.Random(9), depth)
    assert not cut.is_terminal() and cut.current_player != CHANCE
    expected = start.clone()
    random_decisions(expected, random.Random(9), depth)
    assert cut.view(None) == expected.view(None)
    fewer = start.clone()
    random_decisions(fewer, random.Random(9), depth - 1)
    assert fewer.view(None) != expected.view(None)


def test_a_cut_duel_playout_is_valued_by_the_outlook() -> None:
    start = first_decision("duel", 4)
    state = start.clone()
    values = playout_values(state, 0, "random", random.Random(3), 6, 0.6, 80.0)
    leads = state.expected_leads()
    assert leads is not None and not state.is_terminal()
    assert leads[0] == pytest.approx(-leads[1])
    assert values == pytest.approx(estimated_values(leads, 0.6, 80.0))
    assert values[0] + values[1] == pytest.approx(1.0)


def test_a_game_without_an_outlook_plays_to_the_end() -> None:
    state = first_decision("kingdomino", 4)
    assert state.expected_leads() is None
    values = playout_values(state, 0, "random", random.Random(3), 6, 0.6, 30.0)
    assert state.is_terminal()
    assert values == terminal_values(state, 0.6, 30.0)


def test_estimated_values_grow_with_the_lead_and_stay_in_range() -> None:
    leads = [-500.0, -20.0, 0.0, 5.0, 20.0, 500.0]
    values = [estimated_values([lead], 0.6, 80.0)[0] for lead in leads]
    assert values == sorted(values) and len(set(values)) == len(values)
    assert values[2] == pytest.approx(0.5)
    assert all(0.0 <= v <= 1.0 for v in values)
    assert estimated_values([500.0], 0.0, 80.0)[0] == pytest.approx(1.0)


@pytest.mark.parametrize("kind", ["mce", "mcts"])
def test_a_search_with_depth_is_reproducible_and_legal(kind: str) -> None:
    state = first_decision("duel", 6)
    spec = f"{kind}:iterations=30,depth=4,playout=player-heuristic"
    first = make_agent(spec, 2).analyse(state)
    assert first == make_agent(spec, 2).analyse(state)
    assert sum(c.visits for c in first) == 30
    assert all(state.illegal_reason(c.action) is None for c in first)


def test_a_given_estimate_values_a_cut_playout_in_any_game() -> None:
    state = first_decision("kingdomino", 4)
    seen: list[State] = []

    def leads(position: State) -> list[float]:
        seen.append(position)
        return [12.0, -12.0]

    values = playout_values(state, 0, "random", random.Random(3), 6, 0.6, 30.0, leads)
    assert seen == [state] and not state.is_terminal()
    assert values == pytest.approx(estimated_values([12.0, -12.0], 0.6, 30.0))
