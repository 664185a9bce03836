"""The PettingZoo AEC environments: PettingZoo's own API and seed tests, masks, rewards."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, render_test, seed_test
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

from kingdomino import make_game
from kingdomino.core.game import GameError, IllegalActionError, OptionValue
from kingdomino.rl import pettingzoo_env
from kingdomino.rl.encoders import FloatArray, encoder_for
from kingdomino.rl.pettingzoo_env import Observation

from .helpers import CONFIGS, IDS, VARIANT_IDS, VARIANTS


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=IDS)
def test_api(name: str, players: int) -> None:
    api_test(pettingzoo_env.env(name, players), num_cycles=400)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=IDS)
def test_seed(name: str, players: int) -> None:
    seed_test(lambda: pettingzoo_env.env(name, players), num_cycles=200)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("name", "players", "options"), VARIANTS, ids=VARIANT_IDS)
def test_variant_api_and_seed(name: str, players: int, options: dict[str, OptionValue]) -> None:
    api_test(pettingzoo_env.env(name, players, options), num_cycles=400)
    seed_test(lambda: pettingzoo_env.env(name, players, options), num_cycles=200)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_api_with_variants_and_score_diff() -> None:
    env = pettingzoo_env.kingdomino_v0.env(
        players=2, options={"dynasty": True, "harmony": True}, reward="score_diff"
    )
    api_test(env, num_cycles=400)


def play(env: AECEnv[str, Observation, int], seed: int) -> dict[str, float]:
    """A full random game; checks every mask against the engine; returns the final rewards."""
    env.reset(seed=seed)
    raw = env.unwrapped
    rng = random.Random(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            assert not obs["action_mask"].any()
            env.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.dtype == np.int8
        legal = raw.engine_state.legal_actions()
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(legal)
        assert raw.possible_agents[raw.engine_state.current_player] == agent
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(int(legal[rng.randrange(len(legal))]))
    return totals


def test_masks_equal_legal_actions_and_win_rewards() -> None:
    env = pettingzoo_env.env("kingdomino", players=3)
    totals = play(env, seed=4)
    state = env.unwrapped.engine_state
    assert state.is_terminal()
    assert [totals[f"player_{s}"] for s in range(3)] == state.returns()


@pytest.mark.parametrize(("name", "players", "options"), VARIANTS, ids=VARIANT_IDS)
def test_variant_masks_equal_legal_actions(name: str, players: int, options: dict[str, OptionValue]) -> None:
    env = pettingzoo_env.env(name, players, options)
    totals = play(env, seed=players)
    state = env.unwrapped.engine_state
    assert state.is_terminal()
    assert [totals[f"player_{s}"] for s in range(players)] == state.returns()


def test_score_diff_reward() -> None:
    env = pettingzoo_env.env("kingdomino", players=2, reward="score_diff")
    totals = play(env, seed=8)
    scores = env.unwrapped.engine_state.scores()
    assert totals["player_0"] == pytest.approx((scores[0] - scores[1]) / 100)
    assert totals["player_1"] == pytest.approx((scores[1] - scores[0]) / 100)


def test_same_seed_same_game_other_seed_other_game() -> None:
    def first_row(seed: int) -> FloatArray:
        env = pettingzoo_env.raw_env("kingdomino", players=4)
        env.reset(seed=seed)
        observation: FloatArray = env.observe("player_0")["observation"]
        return observation

    assert np.array_equal(first_row(1), first_row(1))
    assert not np.array_equal(first_row(1), first_row(2))


def reset_sequence(
    env: AECEnv[str, Observation, int], seeds: list[int | np.integer[Any] | None]
) -> list[tuple[int, dict[str, Any]]]:
    """Each reset's chance seed and the table it deals (the engine's spectator observation)."""
    games: list[tuple[int, dict[str, Any]]] = []
    for seed in seeds:
        env.reset(seed=seed)
        raw = env.unwrapped
        games.append((raw.seed_used, raw.engine_state.view(None)))
    return games


def test_unseeded_resets_after_a_seeded_one_replay_as_in_gymnasium() -> None:
    """Gymnasium's ``reset`` contract: ``reset(seed=1), reset(), reset()`` deals the same three games
    on two fresh envs (the unseeded resets drew from the OS's entropy before), three different ones."""
    first = reset_sequence(pettingzoo_env.env("kingdomino", players=2), [1, None, None])
    second = reset_sequence(pettingzoo_env.env("kingdomino", players=2), [1, None, None])
    assert first == second
    assert len({seed for seed, _ in first}) == 3
    assert first[1][1] != first[2][1]
    # A seed given again restarts the sequence, and one given as a numpy integer is the same seed.
    env = pettingzoo_env.env("kingdomino", players=2)
    reset_sequence(env, [5, None])
    assert reset_sequence(env, [np.int64(1), None, None]) == first


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_parallel_api_through_pettingzoos_turn_based_conversion() -> None:
    """No parallel env of our own: the games are turn-based, and PettingZoo's
    ``turn_based_aec_to_parallel`` passes its parallel API and seed tests (their actions ignore the
    mask, hence ``illegal_action="lose"``) and keeps the seeding contract of ``reset``."""

    def make() -> ParallelEnv[str, Observation, int]:
        return turn_based_aec_to_parallel(pettingzoo_env.env("kingdomino", 2, illegal_action="lose"))

    parallel_api_test(make(), num_cycles=100)
    parallel_seed_test(make, num_cycles=100)

    def tables(env: ParallelEnv[str, Observation, int]) -> list[bytes]:
        return [env.reset(seed=seed)[0]["player_0"]["observation"].tobytes() for seed in (1, None, None)]

    assert tables(make()) == tables(make())


def readme_rollout(name: str, players: int, seed: int) -> list[int]:
    """The README's loop (actions sampled from each action space with the mask) after
    ``reset(seed=seed)``: the actions it played."""
    env = pettingzoo_env.env(name, players)
    env.reset(seed=seed)
    actions: list[int] = []
    for agent in env.agent_iter():
        obs, _, termination, truncation, _ = env.last()
        action = None if termination or truncation else env.action_space(agent).sample(obs["action_mask"])
        if action is not None:
            actions.append(int(action))
        env.step(action)
    return actions


@pytest.mark.parametrize(("name", "players"), [("kingdomino", 3), ("duel", 2), ("origins", 4)])
def test_the_readmes_seeded_loop_plays_the_same_game_again(name: str, players: int) -> None:
    """``reset(seed=s)`` seeds every agent's action space too: the README's loop, seeded 7, played
    other moves at every run (PettingZoo leaves the spaces to ``action_space(agent).seed()``)."""
    assert readme_rollout(name, players, 7) == readme_rollout(name, players, 7)
    assert readme_rollout(name, players, 7) != readme_rollout(name, players, 8)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=IDS)
def test_parallel_env_passes_pettingzoos_parallel_tests(name: str, players: int) -> None:
    """``parallel_env`` (and each game's ``parallel_env`` maker) is the game under PettingZoo's
    parallel API; its seed test samples unmasked actions, hence ``illegal_action="lose"`` there."""
    parallel_api_test(pettingzoo_env.parallel_env(name, players), num_cycles=400)
    maker = pettingzoo_env.for_game(name)
    parallel_seed_test(lambda: maker.parallel_env(players, illegal_action="lose"), num_cycles=100)


def test_parallel_env_plays_the_masked_agents_action_and_ignores_the_others() -> None:
    env = pettingzoo_env.kingdomino_v0.parallel_env(players=3)
    observations, _ = env.reset(seed=4)
    steps = 0
    while env.agents:
        acting = [agent for agent in env.agents if observations[agent]["action_mask"].any()]
        assert len(acting) == 1
        actions = {agent: 10**6 for agent in env.agents}  # no legal code: ignored unless acting
        actions[acting[0]] = int(np.flatnonzero(observations[acting[0]]["action_mask"])[0])
        observations, rewards, terminations, _, infos = env.step(actions)
        steps += 1
        if all(terminations.values()):
            break
        assert {info["active_agent"] for info in infos.values()} <= set(env.possible_agents)
    assert env.unwrapped.engine_state.is_terminal() and steps > 20
    assert sorted(rewards.values())[-1] > 0


def test_an_env_never_seeded_draws_fresh_games() -> None:
    seeds = {reset_sequence(pettingzoo_env.raw_env("kingdomino", players=2), [None])[0][0] for _ in range(3)}
    assert len(seeds) == 3


@pytest.mark.parametrize("seed", [-1, 1.5, "7", True])
def test_a_seed_that_is_not_a_non_negative_integer_is_refused_by_name(seed: Any) -> None:
    env = pettingzoo_env.raw_env("kingdomino", players=2)
    with pytest.raises(GameError, match="seed: expected a non-negative integer"):
        env.reset(seed=seed)


@pytest.mark.parametrize("penalty", ["-1", None, float("nan")])
def test_an_illegal_penalty_that_is_not_a_finite_number_is_refused_by_name(penalty: Any) -> None:
    with pytest.raises(GameError, match="illegal_penalty: expected a finite number"):
        pettingzoo_env.env("kingdomino", 2, illegal_action="lose", illegal_penalty=penalty)


@pytest.mark.parametrize("illegal_action", ["raise", "lose"])
def test_an_action_that_is_not_an_integer_is_refused_by_name(illegal_action: str) -> None:
    """A ``None`` for the agent to act was a bare ``AssertionError`` and ``2.9`` played action 2:
    both are refused by name, whatever the illegal-action policy, and the game goes on."""
    env = pettingzoo_env.env("kingdomino", 2, illegal_action=illegal_action)
    env.reset(seed=0)
    agent = env.agent_selection
    dead_step = f"action: None is the step of a terminated or truncated agent; {agent} is to act"
    with pytest.raises(GameError, match=dead_step):
        env.step(None)
    with pytest.raises(GameError, match=r"action: expected an integer action code, got 2\.9"):
        env.step(2.9)
    assert not any(env.terminations.values())
    env.step(np.int64(np.flatnonzero(env.action_mask(agent))[0]))


def test_an_encoder_made_for_another_configuration_is_refused_by_name() -> None:
    """An encoder of another Origins mode would leave the mode's planes out of every observation."""
    discovery = encoder_for(make_game("origins", 2, {"mode": "discovery"}))
    with pytest.raises(GameError, match=r"encoder: made for origins with 2 players \(.*mode=discovery"):
        pettingzoo_env.env("origins", 2, {"mode": "tribe"}, encoder=discovery)
    assert pettingzoo_env.raw_env("origins", 2, {"mode": "discovery"}, encoder=discovery).encoder is discovery


def test_illegal_action_raises_by_default() -> None:
    env = pettingzoo_env.raw_env("kingdomino", players=2)
    env.reset(seed=0)
    before = env.observe(env.agent_selection)["observation"]
    illegal = next(a for a in range(env.game.num_actions) if a not in env.engine_state.legal_actions())
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    assert np.array_equal(env.observe(env.agent_selection)["observation"], before)


def test_illegal_action_can_lose_the_game() -> None:
    env = pettingzoo_env.raw_env("kingdomino", players=2, illegal_action="lose")
    env.reset(seed=0)
    offender = env.agent_selection
    illegal = next(a for a in range(env.game.num_actions) if a not in env.engine_state.legal_actions())
    reason = env.engine_state.illegal_reason(illegal)
    env.step(illegal)
    assert all(env.terminations.values())
    assert env._cumulative_rewards[offender] == -1.0
    assert env.infos[offender]["illegal_action"] is True
    assert reason and env.infos[offender]["illegal_reason"] == reason
    assert all("illegal_reason" not in env.infos[other] for other in env.agents if other != offender)


def test_after_an_illegal_action_lost_the_game_no_agent_has_a_legal_move() -> None:
    """The offender's mask still showed its legal moves after the game ended (terminated agents
    step with ``None``, and a mask is all zero except for the agent to act)."""
    env = pettingzoo_env.env("kingdomino", players=2, illegal_action="lose")
    env.reset(seed=0)
    env.step(int(np.flatnonzero(env.action_mask(env.agent_selection) == 0)[0]))
    for agent in env.agent_iter():
        obs, _, termination, _, _ = env.last()
        assert termination
        assert not obs["action_mask"].any() and not env.action_mask(agent).any()
        env.step(None)


def test_spaces_follow_the_game() -> None:
    game = make_game("kingdomino", 4, {"harmony": True})
    env = pettingzoo_env.raw_env(game)
    space = env.action_space("player_3")
    assert isinstance(space, spaces.Discrete) and space.n == game.num_actions
    assert env.metadata["name"] == "kingdomino_v0"
    assert env.possible_agents == [f"player_{s}" for s in range(4)]


def test_render_ansi() -> None:
    env = pettingzoo_env.raw_env("kingdomino", players=2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and '"kingdoms"' in text


def test_pettingzoo_render_test(capsys: pytest.CaptureFixture[str]) -> None:
    """PettingZoo's ``render_test`` over every declared mode (``"human"`` returns ``None``)."""
    render_test(
        lambda render_mode: pettingzoo_env.env("kingdomino", 2, render_mode=render_mode),
        custom_tests={"ansi": lambda text: json.loads(text)["game"] == "kingdomino"},
    )
    capsys.readouterr()


def test_human_render_mode_prints_at_reset_and_every_step(capsys: pytest.CaptureFixture[str]) -> None:
    """PettingZoo's ``"human"`` convention (its chess env): the env renders itself in ``reset`` and
    ``step``; ``render()`` need not be called."""
    env = pettingzoo_env.env("kingdomino", players=2, render_mode="human")
    env.reset(seed=1)
    spectator = env.unwrapped.engine_state.view
    assert [json.loads(line) for line in capsys.readouterr().out.splitlines()] == [spectator(None)]
    env.step(int(np.flatnonzero(env.action_mask(env.agent_selection))[0]))
    assert [json.loads(line) for line in capsys.readouterr().out.splitlines()] == [spectator(None)]


def test_render_without_a_render_mode_warns() -> None:
    env = pettingzoo_env.env("kingdomino", players=2)
    env.reset(seed=1)
    with pytest.warns(UserWarning, match="render_mode='ansi', 'human' or 'rgb_array'"):
        assert env.render() is None


def test_the_env_pickles_and_has_no_global_state() -> None:
    """An env is copied whole (pickle, deepcopy: it held unpicklable packers), and PettingZoo's
    ``state()`` says these games have no global state (the engine's state hid the method)."""
    import copy
    import pickle

    env = pettingzoo_env.env("origins", players=2, options={"mode": "tribe"})
    env.reset(seed=3)
    for twin in (pickle.loads(pickle.dumps(env)), copy.deepcopy(env)):
        raw, mine = twin.unwrapped, env.unwrapped
        assert raw.engine_state.view(None) == mine.engine_state.view(None)
        assert (
            twin.observe(twin.agent_selection)["observation"]
            == env.observe(env.agent_selection)["observation"]
        ).all()
    with pytest.raises(NotImplementedError, match="engine_state"):
        env.unwrapped.state()


@pytest.mark.parametrize("name", ["kingdomino", "duel", "origins"])
def test_every_game_has_the_maker_its_metadata_names(name: str) -> None:
    """An env's ``metadata["name"]`` is ``duel_v0`` or ``origins_v0`` too, and a PettingZoo user
    reaches for ``pettingzoo_env.duel_v0.env()`` as for ``kingdomino_v0``: only the latter existed."""
    makers = getattr(pettingzoo_env, f"{name}_v0")
    env = makers.env()
    assert env.metadata["name"] == f"{name}_v0" and env.unwrapped.game.name == name
    assert makers.raw_env(players=2).game.num_players == 2
