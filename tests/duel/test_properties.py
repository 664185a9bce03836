"""Invariants over thousands of random Duel games, checked step by step and from scratch at the end."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.duel.helpers import GAME

from kingdomino.agents import make_agent
from kingdomino.arena.match import play_game
from kingdomino.core.game import CHANCE
from kingdomino.core.records import replay
from kingdomino.games.duel.board import SQUARE_BITS
from kingdomino.games.duel.components import LINE_LENGTH, POINTS_PER_DOMAIN
from kingdomino.games.duel.state import DuelState

POWER_ACTIONS = {GAME.free_action, GAME.split_action}


def scratch_score(observation: dict[str, Any], seat: int) -> tuple[int, int]:
    """Score and largest domain of a map from its observation, by a plain flood fill."""
    squares = {(s["row"], s["col"]): (s["coat"], s["crosses"]) for s in observation["maps"][seat]["squares"]}
    seen: set[tuple[int, int]] = set()
    total, largest, domains = 0, 0, Counter[str]()
    for start, (coat, _) in squares.items():
        if start in seen:
            continue
        stack, size, crosses = [start], 0, 0
        seen.add(start)
        while stack:
            row, col = stack.pop()
            size += 1
            crosses += squares[(row, col)][1]
            for nxt in ((row + 1, col), (row - 1, col), (row, col + 1), (row, col - 1)):
                if nxt not in seen and squares.get(nxt, ("", 0))[0] == coat:
                    seen.add(nxt)
                    stack.append(nxt)
        total += size * crosses
        largest = max(largest, size)
        domains[coat] += 1
    chosen = observation["domains_coat"][seat]
    if chosen is not None:
        total += POINTS_PER_DOMAIN * domains[chosen]
    return total, largest


def checked_random_game(seed: int) -> DuelState:
    rng = random.Random(seed)
    state = GAME.new_initial_state()
    power_uses: Counter[int] = Counter()
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        assert len(set(legal)) == len(legal)
        action = legal[int(rng.random() * len(legal))]
        seat = state.current_player
        before = [b.occupied for b in state.boards]
        used_before = state.used.copy()
        if GAME.draw_base <= action < GAME.pass_action and state.phase_name == "turn":
            if action < GAME.die_base:
                squares = GAME.draw_squares[action - GAME.draw_base]
                assert squares is not None
                target = squares[0] | squares[1]
            else:
                target = SQUARE_BITS[(action - GAME.die_base) % len(SQUARE_BITS)]
            assert not before[seat] & target, "a square drawn twice"
        state.apply(action)
        for coat, (was, now) in enumerate(zip(used_before, state.used)):
            if now and not was:
                power_uses[coat] += 1
                assert state.owner[coat] == seat, "a power used by a player who does not own it"
        for s in (0, 1):
            assert state.boards[s].occupied & before[s] == before[s], "a drawn square was erased"
            for coat, filled in enumerate(state.fills[s]):
                assert filled <= LINE_LENGTH[coat], "a spellbook line over-filled"
    assert all(uses == 1 for uses in power_uses.values())
    return state


def test_thousands_of_random_games_keep_every_invariant() -> None:
    rounds = Counter[int]()
    for seed in range(1500):
        state = checked_random_game(seed)
        observation = state.view(None)
        for seat in (0, 1):
            score, largest = scratch_score(observation, seat)
            assert score == state.scores()[seat]
            assert largest == state.boards[seat].largest_domain()
            assert state.score_sheet(seat).total == score
        rounds[state.round] += 1
    assert max(rounds) <= 35 and min(rounds) >= 6


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_replay_is_deterministic_and_clones_are_independent(seed: int) -> None:
    agents = [make_agent("greedy", seed), make_agent("random", seed + 1)]
    state, record = play_game(GAME, agents, seed)
    outcome = replay(record, GAME)
    assert outcome.ok and outcome.state.scores() == state.scores()
    again = play_game(GAME, [make_agent("greedy", seed), make_agent("random", seed + 1)], seed)[1]
    assert again.actions == record.actions
    middle = GAME.new_initial_state()
    for text in record.actions[: len(record.actions) // 2]:
        middle.apply_text(text)
    copy = middle.clone()
    snapshot = copy.view(None)
    rng = random.Random(seed)
    while not middle.is_terminal():
        legal = middle.legal_actions() if middle.current_player != CHANCE else [middle.sample_chance(rng)]
        middle.apply(legal[int(rng.random() * len(legal))])
    assert copy.view(None) == snapshot
