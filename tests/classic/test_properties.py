"""Properties over thousands of random games (hypothesis chooses configurations and seeds)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kingdomino import CHANCE, make_game
from kingdomino.arena.match import play_game, seat_agents
from kingdomino.games.classic.game import ClassicGame
from kingdomino.games.classic.state import PLACE, ClassicState

from .helpers import reference_score

#: The games hypothesis picks from: players and options.
CONFIGURATIONS: list[tuple[int, dict[str, bool]]] = [
    (2, {}),
    (3, {}),
    (4, {}),
    (2, {"mighty_duel": True}),
    (4, {"middle_kingdom": True, "harmony": True}),
    (3, {"harmony": True}),
]
configurations = st.sampled_from(CONFIGURATIONS)
seeds = st.integers(min_value=0, max_value=2**32)
FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_game(players: int, options: dict[str, bool], seed: int) -> tuple[ClassicState, list[int]]:
    """A random game; returns the final state and the domino numbers placed or discarded, in order."""
    game = make_game("kingdomino", players, options)
    state = game.new_initial_state()
    assert isinstance(state, ClassicState) and isinstance(game, ClassicGame)
    rng = random.Random(seed)
    handled: list[int] = []
    frame = game.frame
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        if state.phase == PLACE:
            handled.append(state.domino_to_place())
        legal = state.legal_actions()
        state.apply_unchecked(legal[int(rng.random() * len(legal))])
        for kingdom in state.kingdoms:
            row_lo, row_hi, col_lo, col_hi = kingdom.bounds()
            assert row_hi - row_lo < frame and col_hi - col_lo < frame
    return state, handled


@FAST
@given(configurations, seeds)
def test_each_domino_placed_or_discarded_exactly_once(config: tuple[int, dict[str, bool]], seed: int) -> None:
    players, options = config
    state, handled = random_game(players, options, seed)
    assert len(handled) == len(set(handled)) == state.game.deck_size
    squares = sum(k.occupied.bit_count() - 1 for k in state.kingdoms)
    discards = sum(k.discards for k in state.kingdoms)
    assert squares == 2 * (state.game.deck_size - discards)
    assert len(state.discarded) == discards


@FAST
@given(configurations, seeds)
def test_scores_from_scratch_equal_the_engines(config: tuple[int, dict[str, bool]], seed: int) -> None:
    players, options = config
    state, _ = random_game(players, options, seed)
    for seat, kingdom in enumerate(state.kingdoms):
        expected = reference_score(kingdom)
        if options.get("middle_kingdom") and kingdom.is_centred():
            expected += 10
        if (
            options.get("harmony")
            and kingdom.discards == 0
            and kingdom.occupied.bit_count() == state.game.frame**2
        ):
            expected += 5
        assert state.scores()[seat] == expected
        assert state.score_sheet(seat).total == expected


@settings(max_examples=60, deadline=None)
@given(configurations, seeds, st.integers(min_value=1, max_value=60))
def test_clones_are_independent(config: tuple[int, dict[str, bool]], seed: int, steps: int) -> None:
    players, options = config
    state = make_game("kingdomino", players, options).new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(state.sample_chance(rng) if state.is_chance() else legal[int(rng.random() * len(legal))])
    snapshot = state.view(None)
    copy = state.clone()
    while not copy.is_terminal():
        legal = copy.legal_actions()
        copy.apply(copy.sample_chance(rng) if copy.is_chance() else legal[int(rng.random() * len(legal))])
    assert state.view(None) == snapshot


@settings(max_examples=25, deadline=None)
@given(configurations, seeds)
def test_the_same_seed_gives_the_same_record(config: tuple[int, dict[str, bool]], seed: int) -> None:
    players, options = config
    game = make_game("kingdomino", players, options)
    agents = ["greedy", "random", "greedy", "random"][:players]
    _, first = play_game(game, seat_agents(agents, seed), seed)
    _, second = play_game(game, seat_agents(agents, seed), seed)
    assert first == second


@settings(max_examples=60, deadline=None)
@given(configurations, seeds)
def test_observations_hide_the_undrawn_dominoes(config: tuple[int, dict[str, bool]], seed: int) -> None:
    players, options = config
    state = make_game("kingdomino", players, options).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.sample_chance(rng))
            continue
        seen = state.view(state.current_player)
        other = state.clone()
        assert isinstance(other, ClassicState)
        other.pool = list(reversed(other.pool))  # another order of the same undrawn set
        assert other.view(state.current_player) == seen
        text = repr(seen)
        assert "pool" not in seen and "seed" not in text
        legal = state.legal_actions()
        state.apply(legal[int(rng.random() * len(legal))])


@settings(max_examples=40, deadline=None)
@given(configurations, seeds, st.integers(min_value=0, max_value=2000))
def test_illegal_actions_are_refused_and_change_nothing(
    config: tuple[int, dict[str, bool]], seed: int, probe: int
) -> None:
    players, options = config
    game = make_game("kingdomino", players, options)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = set(state.legal_actions())
        action = probe % game.num_actions
        if action not in legal:
            before = state.view(None)
            reason = state.illegal_reason(action)
            assert reason
            try:
                state.apply(action)
            except ValueError as error:
                assert str(error) == reason
            else:
                raise AssertionError("an illegal action was applied")
            assert state.view(None) == before
        state.apply(sorted(legal)[int(rng.random() * len(legal))])
        probe = probe * 7 + 3
