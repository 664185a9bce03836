"""The OpenSpiel games: their type and returns, OpenSpiel's random simulation test, its MCTS bot
and expectiminimax."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import numpy as np
import pytest

pytest.importorskip("pyspiel")

import pyspiel
from open_spiel.python.algorithms import mcts, minimax

from kingdomino.core.game import IllegalActionError, OptionValue
from kingdomino.games.registry import catalogue
from kingdomino.rl import openspiel_game
from kingdomino.rl.openspiel_game import OpenSpielGame, OpenSpielState

from .helpers import CONFIGS, IDS, VARIANT_IDS, VARIANTS


def test_every_game_with_an_encoder_is_registered() -> None:
    names = {game.short_name for game in pyspiel.registered_games()}
    for name, _ in CONFIGS:
        assert openspiel_game.short_name(name) in names


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=IDS)
def test_random_sim(name: str, players: int) -> None:
    game = pyspiel.load_game(openspiel_game.short_name(name), {"players": players})
    assert game.num_players() == players
    game_type = game.get_type()
    assert game_type.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game_type.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, players - 1.0, 0.0)
    # serialize=True: every state is serialised and read back (its encoder and game pickled),
    # as OpenSpiel's own Python games allow (it failed: a struct.Struct does not pickle).
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    state = game.new_initial_state()
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert str(again) == str(state)


@pytest.mark.parametrize(("name", "players", "options"), VARIANTS, ids=VARIANT_IDS)
def test_variant_random_sim(name: str, players: int, options: dict[str, OptionValue]) -> None:
    game = pyspiel.load_game(openspiel_game.short_name(name), {"players": players, **options})
    assert game.num_players() == players
    assert game.engine_game.options == {**game.engine_game.options, **options}
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_origins_parameters() -> None:
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


def test_variants_are_parameters() -> None:
    game = openspiel_game.load("kingdomino", players=2, mighty_duel=True)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        state.apply_action(outcomes[0][0])
    assert state.engine.game.frame == 7
    assert len(state.observation_tensor(state.current_player())) == game.observation_tensor_size()


def test_every_option_a_game_declares_is_a_parameter() -> None:
    """The parameters were the options of a game made with none given, and Duel reports only the
    options turned on: ``python_duel(pass_fills_spellbook=True)`` was an unknown parameter."""
    for name, entry in catalogue().items():
        parameters = pyspiel.load_game(f"python_{name}").get_type().parameter_specification
        assert set(cast(dict[str, str], entry["options"])) <= set(parameters), name
    game = pyspiel.load_game("python_duel(pass_fills_spellbook=True)")
    assert game.engine_game.pass_fills_spellbook
    assert not pyspiel.load_game("python_duel").engine_game.pass_fills_spellbook
    assert str(game) == "python_duel(pass_fills_spellbook=True,players=2)"


def test_clone_is_independent() -> None:
    game = openspiel_game.load("kingdomino", players=2)
    state = game.new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])
    copy = state.clone()
    copy.apply_action(copy.chance_outcomes()[0][0])
    assert len(copy.history()) == len(state.history()) + 1
    assert copy.engine is not state.engine


def test_observation_matches_the_encoder() -> None:
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


def test_observers_honour_the_observation_type_or_refuse_it() -> None:
    """The default type and "every player's private information" are the encoder's observation
    (the games hold no private information); an information state is the history (empty without
    the public information); an observation without the public information and the public
    observation alone are refused with the reason."""
    from open_spiel.python.observation import make_observation

    game = openspiel_game.load("kingdomino", players=2)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    private = pyspiel.PrivateInfoType
    for kind in (None, pyspiel.IIGObservationType(perfect_recall=False, private_info=private.ALL_PLAYERS)):
        observation = make_observation(game, kind)
        observation.set_from(state, 1)
        assert np.array_equal(observation.tensor, game.encoder.encode(state.engine, 1))
    for private_info in (private.SINGLE_PLAYER, private.ALL_PLAYERS, private.NONE):
        kind = pyspiel.IIGObservationType(perfect_recall=True, private_info=private_info)
        assert make_observation(game, kind).string_from(state, 1) == state.history_str()
    no_public = pyspiel.IIGObservationType(perfect_recall=True, public_info=False)
    assert make_observation(game, no_public).string_from(state, 0) == ""
    refused = {
        "public information": pyspiel.IIGObservationType(perfect_recall=False, public_info=False),
        "public observation": pyspiel.IIGObservationType(perfect_recall=False, private_info=private.NONE),
    }
    for what, kind in refused.items():
        with pytest.raises(ValueError, match=what):
            make_observation(game, kind)


def _random_game(
    game: OpenSpielGame, rng: np.random.RandomState, until: Callable[[OpenSpielState], bool] | None = None
) -> tuple[OpenSpielState, list[OpenSpielState]]:
    """Play ``game`` at random from its start until ``until(state)`` holds or the end; returns
    the state and every decision position met on the way (clones)."""
    state = game.new_initial_state()
    decisions: list[OpenSpielState] = []
    while not state.is_terminal() and not (until and until(state)):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            decisions.append(state.clone())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randint(len(legal))])
    return state, decisions


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=IDS)
def test_information_state_is_the_history_for_every_seat(name: str, players: int) -> None:
    """Perfect information: every seat's information state is the history, chance included."""
    game = pyspiel.load_game(openspiel_game.short_name(name), {"players": players})
    rng = np.random.RandomState(players)
    state, _ = _random_game(game, rng, until=lambda s: len(s.history()) >= 30 and not s.is_chance_node())
    for seat in range(players):
        assert state.information_state_string(seat) == state.history_str()
    assert state.information_state_string() == state.history_str()


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=IDS)
def test_returns_are_zero_sum_with_the_winners_sharing_the_pot(name: str, players: int) -> None:
    """Each seat stakes 1, the winners split the pot: ``n / k - 1`` to each of k winners, -1 to
    the others (+1 / -1 with 2 players); 0 to everybody before the end."""
    game = pyspiel.load_game(openspiel_game.short_name(name), {"players": players})
    state, decisions = _random_game(game, np.random.RandomState(players + 40))
    assert decisions[-1].returns() == [0.0] * players
    winners = state.engine.winners()
    expected = [players / len(winners) - 1 if seat in winners else -1.0 for seat in range(players)]
    assert state.returns() == pytest.approx(expected)
    assert sum(state.returns()) == pytest.approx(0.0)
    assert [state.player_return(seat) for seat in range(players)] == state.returns()


def test_zero_sum_returns_of_ties() -> None:
    assert openspiel_game.zero_sum_returns([0.5, 0.5]) == [0.0, 0.0]
    assert openspiel_game.zero_sum_returns([1.0, 0.0]) == [1.0, -1.0]
    assert openspiel_game.zero_sum_returns([0.5, 0.0, 0.5, 0.0]) == [1.0, -1.0, 1.0, -1.0]
    assert openspiel_game.zero_sum_returns([0.0, 1.0, 0.0]) == [-1.0, 2.0, -1.0]
    assert openspiel_game.zero_sum_returns([0.0, 0.0, 0.0]) == [0.0, 0.0, 0.0]


def test_undo_is_not_offered() -> None:
    """pyspiel does not forward ``UndoAction`` to Python games: OpenSpiel's own refusal."""
    state = openspiel_game.load("kingdomino", players=2).new_initial_state()
    action = state.chance_outcomes()[0][0]
    state.apply_action(action)
    with pytest.raises(pyspiel.SpielError, match="not overridden"):
        state.undo_action(int(pyspiel.PlayerId.CHANCE), action)
    assert state.history() == [action]


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=IDS)
def test_openspiel_mcts_plays_a_few_moves(name: str, players: int) -> None:
    """OpenSpiel's MCTS with random rollouts (each one a whole random game) plays legal moves."""
    game = openspiel_game.load(name, players=players)
    rng = np.random.RandomState(players)
    bot = mcts.MCTSBot(game, 2.0, 6, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal() and moves < 3:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
    assert moves == 3


@pytest.mark.parametrize(("name", "players"), [("kingdomino", 3), ("duel", 2), ("origins", 4)])
def test_openspiels_rl_environment_plays_a_seeded_game_to_its_end(name: str, players: int) -> None:
    """``open_spiel.python.rl_environment``, which OpenSpiel's DQN, policy gradients and the like
    read: the encoder's tensor as ``info_state`` (no information-state tensor), chance sampled by
    its own seeded sampler, the zero-sum returns at the end; the same seed, the same game."""
    from open_spiel.python import rl_environment

    def play(seed: int) -> tuple[list[int], list[float]]:
        env = rl_environment.Environment(
            f"{openspiel_game.short_name(name)}(players={players})",
            chance_event_sampler=rl_environment.ChanceEventSampler(seed=seed),
        )
        step, actions, rng = env.reset(), [], np.random.RandomState(seed)
        assert len(step.observations["info_state"][0]) == env.observation_spec()["info_state"][0]
        while not step.last():
            legal = step.observations["legal_actions"][step.observations["current_player"]]
            actions.append(int(rng.choice(legal)))
            step = env.step([actions[-1]])
        return actions, list(step.rewards)

    actions, rewards = play(3)
    assert play(3) == (actions, rewards)
    assert sum(rewards) == 0 and max(rewards) > 0


def test_ismcts_does_not_apply() -> None:
    """ISMCTS is for imperfect-information games; OpenSpiel's refuses these by their type."""
    game = openspiel_game.load("kingdomino", players=2)
    final_policy = pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT
    bot = pyspiel.ISMCTSBot(1, pyspiel.RandomRolloutEvaluator(1, 1), 2.0, 4, -1, final_policy, False, False)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    with pytest.raises(pyspiel.SpielError, match="ImperfectInformation"):
        bot.step(state)


def _score_value(seat: int) -> Callable[[OpenSpielState], float]:
    """A value function for expectiminimax: the seat's final return at the end, else its score
    lead over the other seat squashed into (-1, 1)."""

    def value(state: OpenSpielState) -> float:
        if state.is_terminal():
            return float(state.player_return(seat))
        scores = state.engine.scores()
        return float(np.tanh((scores[seat] - scores[1 - seat]) / 10))

    return value


def _exact_value(state: OpenSpielState, seat: int) -> float:
    """The game's value to ``seat`` by full expectiminimax, written out independently."""
    if state.is_terminal():
        return float(state.player_return(seat))
    if state.is_chance_node():
        branches = state.chance_outcomes()
    else:
        branches = [(action, 1.0) for action in state.legal_actions()]
    children: list[tuple[float, float]] = []
    for action, probability in branches:
        child = state.clone()
        child.apply_action(action)
        children.append((probability, _exact_value(child, seat)))
    if state.is_chance_node():
        return sum(p * v for p, v in children)
    values = [v for _, v in children]
    return max(values) if state.current_player() == seat else min(values)


def test_expectiminimax_solves_the_last_moves_of_a_game() -> None:
    """From a 2-player Kingdomino position two decisions from the end, OpenSpiel's
    expectiminimax searched to the end returns the exact value (+1, 0 or -1) and a best action."""
    game = openspiel_game.load("kingdomino", players=2)
    _, decisions = _random_game(game, np.random.RandomState(5))
    position = decisions[-2]
    seat = position.current_player()
    value, action = minimax.expectiminimax(position, 2, _score_value(seat), seat)
    assert value == _exact_value(position, seat)
    assert value in (-1.0, 0.0, 1.0)
    assert action in position.legal_actions()


def test_expectiminimax_searches_through_chance_with_a_value_function() -> None:
    """Depth-limited expectiminimax from the last draw of a 2-player Kingdomino game (one chance
    node per domino drawn): its value is the outcomes' values weighted by their probabilities,
    within [-1, 1]."""
    game = openspiel_game.load("kingdomino", players=2)
    rng = np.random.RandomState(5)
    state = game.new_initial_state()
    last_draw: OpenSpielState | None = None
    while not state.is_terminal():
        if state.is_chance_node():
            last_draw = state.clone()
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randint(len(legal))])
    assert last_draw is not None
    outcomes = last_draw.chance_outcomes()
    assert len(outcomes) > 1
    seat = 0
    value, action = minimax.expectiminimax(last_draw, 2, _score_value(seat), seat)
    assert action is None
    expected = 0.0
    for outcome, probability in outcomes:
        child = last_draw.clone()
        child.apply_action(outcome)
        expected += probability * minimax.expectiminimax(child, 2, _score_value(seat), seat)[0]
    assert value == pytest.approx(expected)
    assert -1.0 <= value <= 1.0


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=IDS)
def test_observation_tensor_equals_pyspiels_own(name: str, players: int) -> None:
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


def test_illegal_action_still_raises_after_listing_the_legal_ones() -> None:
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


def _to_roll(state: OpenSpielState) -> None:
    """Play the first legal actions until Duel's next roll (a chance node made of draws)."""
    while state.engine.chance_factors() is None:
        state.apply_action(state.legal_actions()[0])


def test_duels_roll_is_one_chance_node_per_die_with_the_same_outcome() -> None:
    game = openspiel_game.load("duel", 2)
    state = game.new_initial_state()
    _to_roll(state)
    engine_game = state.engine.game
    for die, face in enumerate([3, 0, 5, 2]):
        assert state.is_chance_node()
        assert state.chance_outcomes() == [(f, pytest.approx(1 / 6)) for f in range(6)]
        assert state.legal_actions() == list(range(6))
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, face) == f"chance draw {die + 1} of 4: {face}"
        state.apply_action(face)
    assert not state.is_chance_node()
    assert state.engine.faces == [3, 0, 5, 2]
    assert state.history()[-4:] == [3, 0, 5, 2]
    # the composed outcome is the engine's own code for those faces
    assert engine_game.roll_faces(engine_game.roll_action((3, 0, 5, 2))) == [3, 0, 5, 2]


def test_a_state_cloned_between_two_draws_finishes_the_roll_alone() -> None:
    state = openspiel_game.load("duel", 2).new_initial_state()
    _to_roll(state)
    state.apply_action(1)
    state.apply_action(4)
    copy = state.clone()
    copy.apply_action(0)
    copy.apply_action(5)
    assert copy.engine.faces == [1, 4, 0, 5]
    assert state.is_chance_node() and state.chance_outcomes()[5] == (5, pytest.approx(1 / 6))
    state.apply_action(2)
    state.apply_action(2)
    assert state.engine.faces == [1, 4, 2, 2]


def test_a_draw_out_of_range_is_refused() -> None:
    state = openspiel_game.load("duel", 2).new_initial_state()
    _to_roll(state)
    with pytest.raises(pyspiel.SpielError, match=r"expected 0\.\.5, got 6"):
        state.apply_action(6)
    state.apply_action(0)  # still usable


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=IDS)
def test_legal_actions_and_chance_node_answered_in_python_equal_pyspiels_own(name: str, players: int) -> None:
    """``legal_actions`` (of the seat to act and of every seat) and ``is_chance_node`` answer in
    Python what pyspiel's C++ answers, at every node of a random game and at its end."""
    game = openspiel_game.load(name, players=players)
    rng = np.random.RandomState(players + 20)
    state = game.new_initial_state()
    while True:
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        for seat in range(players):
            assert state.legal_actions(seat) == pyspiel.State.legal_actions(state, seat)
        if state.is_terminal():
            break
        if not state.is_chance_node():
            for answer in (state.legal_actions, lambda player: pyspiel.State.legal_actions(state, player)):
                with pytest.raises(pyspiel.SpielError, match="pseudo-player"):
                    answer(int(pyspiel.PlayerId.CHANCE))
        legal = state.legal_actions()
        state.apply_action(legal[rng.randint(len(legal))])
    assert state.legal_actions() == [] and not state.is_chance_node()


def test_a_chance_outcome_not_listed_is_refused_after_listing_them() -> None:
    game = openspiel_game.load("kingdomino", players=2)
    state = game.new_initial_state()
    outcomes = [action for action, _ in state.chance_outcomes()]
    missing = next(a for a in range(game.num_distinct_actions()) if a not in outcomes)
    with pytest.raises(IllegalActionError, match="chance acts now"):
        state.apply_action(missing)
    assert state.history() == [] and state.is_chance_node()
    state.chance_outcomes()
    state.apply_action(outcomes[-1])
    assert state.history() == [outcomes[-1]]
