"""The OpenSpiel games: OpenSpiel's random simulation test and its MCTS bot."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pyspiel")

import pyspiel
from open_spiel.python.algorithms import mcts

from kingdomino.core.game import IllegalActionError
from kingdomino.rl import openspiel_game

from .helpers import CONFIGS, IDS, VARIANT_IDS, VARIANTS


def test_every_game_with_an_encoder_is_registered():
    names = {game.short_name for game in pyspiel.registered_games()}
    for name, _ in CONFIGS:
        assert openspiel_game.short_name(name) in names


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=IDS)
def test_random_sim(name, players):
    game = pyspiel.load_game(openspiel_game.short_name(name), {"players": players})
    assert game.num_players() == players
    game_type = game.get_type()
    assert game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize(("name", "players", "options"), VARIANTS, ids=VARIANT_IDS)
def test_variant_random_sim(name, players, options):
    game = pyspiel.load_game(openspiel_game.short_name(name), {"players": players, **options})
    assert game.num_players() == players
    assert game.engine_game.options == {**game.engine_game.options, **options}
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_origins_parameters():
    game_type = pyspiel.load_game("python_origins").get_type()
    parameters = game_type.parameter_specification
    assert parameters["players"] == 2
    assert parameters["mode"] == "discovery"
    assert parameters["fire_kingdom"] is False
    assert parameters["homo_habilis"] is False
    game = openspiel_game.load("origins", players=4, mode="tribe", fire_kingdom=True, homo_habilis=True)
    engine = game.engine_game
    assert (engine.num_players, engine.mode) == (4, "tribe")
    assert engine.fire_kingdom and engine.homo_habilis
    assert game.observation_tensor_size() == game.encoder.shape[0]


def test_variants_are_parameters():
    game = openspiel_game.load("kingdomino", players=2, mighty_duel=True)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        state.apply_action(outcomes[0][0])
    assert state.engine.game.frame == 7
    assert len(state.observation_tensor(state.current_player())) == game.observation_tensor_size()


def test_clone_is_independent():
    game = openspiel_game.load("kingdomino", players=2)
    state = game.new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])
    copy = state.clone()
    copy.apply_action(copy.chance_outcomes()[0][0])
    assert len(copy.history()) == len(state.history()) + 1
    assert copy.engine is not state.engine


def test_observation_matches_the_encoder():
    game = openspiel_game.load("kingdomino", players=3)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[-1][0])
    encoder = game.encoder
    for seat in range(3):
        assert np.array_equal(
            np.asarray(state.observation_tensor(seat), dtype=np.float32), encoder.encode(state.engine, seat)
        )
        assert '"kingdoms"' in state.observation_string(seat)


def test_openspiel_mcts_plays_a_game():
    game = openspiel_game.load("kingdomino", players=2)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, 8, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal() and moves < 8:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
    assert moves == 8


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=IDS)
def test_observation_tensor_equals_pyspiels_own(name, players):
    """The Python ``observation_tensor`` gives pyspiel's own list (its C++ path through the
    observer), for every seat, along a random game; a bad seat raises as pyspiel does."""
    game = openspiel_game.load(name, players=players)
    rng = np.random.RandomState(players)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        if checked % 7 == 0:
            for seat in range(players):
                assert state.observation_tensor(seat) == pyspiel.State.observation_tensor(state, seat)
            assert state.observation_tensor() == pyspiel.State.observation_tensor(state)
        legal = state.legal_actions()
        state.apply_action(legal[rng.randint(len(legal))])
        checked += 1
    with pytest.raises(pyspiel.SpielError):
        state.observation_tensor(players)
    with pytest.raises(pyspiel.SpielError):
        state.observation_tensor()


def test_illegal_action_still_raises_after_listing_the_legal_ones():
    game = openspiel_game.load("kingdomino", players=2)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    legal = state.legal_actions()
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in legal)
    with pytest.raises(IllegalActionError):
        state.apply_action(illegal)
    assert state.legal_actions() == legal
    state.apply_action(legal[-1])
    assert state.history()[-1] == legal[-1]
