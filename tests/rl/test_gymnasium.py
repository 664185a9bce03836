"""The Gymnasium single-seat environment: Gymnasium's env checker, masks, opponents, illegal moves."""

from __future__ import annotations

import json
import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium as gym
from gymnasium.utils.env_checker import check_env

from kingdomino import make_game
from kingdomino.agents import Agent, make_agent
from kingdomino.core.game import Game, GameError, IllegalActionError, OptionValue, State
from kingdomino.rl.encoders import encoder_for
from kingdomino.rl.gymnasium_env import ENV_ID, GameEnv

from .helpers import CONFIGS, IDS, VARIANT_IDS, VARIANTS


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=IDS)
def test_check_env(name: str, players: int) -> None:
    check_env(GameEnv(name, players, opponents="random"), skip_render_check=True)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("name", "players", "options"), VARIANTS, ids=VARIANT_IDS)
def test_variant_check_env_and_masks(name: str, players: int, options: dict[str, OptionValue]) -> None:
    check_env(GameEnv(name, players, options, opponents="random"), skip_render_check=True)
    env = GameEnv(name, players, options, opponents="random", seat=players - 1)
    reward, steps = run_episode(env, seed=players)
    assert env.state.is_terminal()
    assert reward == env.state.returns()[players - 1]
    assert steps > 10


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_check_env_mixed_opponents_random_seat_score_diff() -> None:
    env = GameEnv("kingdomino", 4, opponents=["random", "greedy", "easy"], seat=None, reward="score_diff")
    check_env(env, skip_render_check=True)


def run_episode(env: GameEnv, seed: int) -> tuple[float, int]:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    while True:
        mask = env.action_masks()
        assert np.array_equal(mask, info["action_mask"])
        assert env.state.current_player == env.seat
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(env.state.legal_actions())
        assert env.observation_space.contains(obs)
        action = int(rng.choice(np.flatnonzero(mask)))
        obs, reward, terminated, truncated, info = env.step(action)
        steps += 1
        assert not truncated
        if terminated:
            return reward, steps
        assert reward == 0.0


def test_masks_and_final_reward() -> None:
    env = GameEnv("kingdomino", 3, opponents="greedy", seat=2)
    reward, steps = run_episode(env, seed=6)
    assert env.state.is_terminal()
    assert reward == env.state.returns()[2]
    assert steps > 10


def test_same_seed_same_episode() -> None:
    a = GameEnv("kingdomino", 2, opponents="random", seat=None)
    b = GameEnv("kingdomino", 2, opponents="random", seat=None)
    assert run_episode(a, 21) == run_episode(b, 21)
    assert a.seat == b.seat
    assert a.state.scores() == b.state.scores()


def sampled_episode(seed: int | np.integer[Any] | None) -> list[int]:
    """The learner's actions of a random rollout as the module's docstring writes it:
    ``action_space.sample(env.action_masks())`` after ``reset(seed=seed)``."""
    env = GameEnv("kingdomino", 2, opponents="random", seat=0)
    env.reset(seed=seed)
    actions: list[int] = []
    done = False
    while not done:
        actions.append(int(env.action_space.sample(env.action_masks())))
        _, _, done, _, _ = env.step(actions[-1])
    return actions


def test_a_seeded_random_rollout_samples_the_same_actions() -> None:
    """``reset(seed=s)`` seeds ``action_space`` too: the documented rollout played other moves at
    every run (Gymnasium leaves the action space to ``action_space.seed()``), so its seed replayed
    the draws of a game it did not play again. An unseeded reset leaves the sampling alone."""
    assert sampled_episode(5) == sampled_episode(5)
    assert sampled_episode(5) != sampled_episode(6)


@pytest.mark.parametrize("seed", [-1, 1.5, "7", True])
def test_a_seed_that_is_not_a_non_negative_integer_is_refused_by_name(seed: Any) -> None:
    """As the PettingZoo env's: Gymnasium's own check took ``True`` as seed 1."""
    with pytest.raises(GameError, match="seed: expected a non-negative integer"):
        GameEnv("duel").reset(seed=seed)


def test_a_numpy_integer_seed_is_the_same_seed() -> None:
    """A seed drawn by numpy (``rng.integers``) was refused by Gymnasium's check ("must be a python
    integer") where the PettingZoo env took it."""
    env = GameEnv("duel")
    _, info = env.reset(seed=np.int64(3))
    assert info["seed"] == 3 and type(env.seed_used) is int
    assert sampled_episode(np.int64(4)) == sampled_episode(4)


def test_an_unseeded_episode_says_its_seed_and_replays_from_it() -> None:
    """An episode reset without a seed (every later episode of a vectorised run) drew its seed
    from ``np_random`` and kept it to itself: such a game could not be played again. Its seed is
    the reset info's ``"seed"`` and ``seed_used`` (as the PettingZoo env's)."""
    env = GameEnv("kingdomino", 3, opponents="random", seat=None)
    _, info = env.reset()
    assert info["seed"] == env.seed_used and isinstance(env.seed_used, int)
    actions: list[int] = []
    done = False
    while not done:
        actions.append(int(np.flatnonzero(env.action_masks())[-1]))
        _, _, done, _, _ = env.step(actions[-1])
    again = GameEnv("kingdomino", 3, opponents="random", seat=None)
    _, replayed = again.reset(seed=info["seed"])
    assert (replayed["seed"], again.seat) == (info["seed"], env.seat)
    for action in actions:
        again.step(action)
    assert again.state.scores() == env.state.scores() and again.state.is_terminal()


def test_illegal_action_loses_by_default() -> None:
    env = GameEnv("kingdomino", 2)
    env.reset(seed=0)
    illegal = int(np.flatnonzero(env.action_masks() == 0)[0])
    reason = env.state.illegal_reason(illegal)
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    # The engine's reason, as "raise" would have said it.
    assert reason and info["illegal_reason"] == reason
    with pytest.raises(GameError):
        env.step(illegal)


def test_illegal_action_can_raise() -> None:
    env = GameEnv("kingdomino", 2, illegal_action="raise")
    env.reset(seed=0)
    illegal = int(np.flatnonzero(env.action_masks() == 0)[0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)


def test_bad_opponent_specs_fail_at_construction() -> None:
    with pytest.raises(GameError):
        GameEnv("kingdomino", 3, opponents=["random"])
    with pytest.raises(GameError, match=r"^opponents: agent 'no-such-agent': unknown kind"):
        GameEnv("kingdomino", 2, opponents="no-such-agent")
    with pytest.raises(GameError, match=r"^opponents\[1\]: agent 'mce': time must be a number"):
        GameEnv("kingdomino", 3, opponents=["greedy", "mce:time=x"])


class KingdominoOnly(Agent):
    """An agent that plays one game only, as a model trained for it (``cannot_play``)."""

    name = "kingdomino-only"

    def act(self, state: State) -> int:
        return state.legal_actions()[0]

    def cannot_play(self, game: Game) -> str | None:
        return None if game.name == "kingdomino" else "was trained for Kingdomino, 2 players"


def test_an_opponent_that_cannot_play_the_game_is_refused_at_construction() -> None:
    """A MaskablePPO model of 2-player Kingdomino as a Duel opponent was taken, and failed at its
    first move with a traceback from deep in the model's agent; it is refused at construction,
    naming the opponent and why, as the tournament and the server do."""
    GameEnv("kingdomino", 2, opponents=KingdominoOnly())
    with pytest.raises(GameError, match=r"^opponents\[0\]: 'kingdomino-only' cannot play .*Duel.*: was"):
        GameEnv("duel", 2, opponents=KingdominoOnly())
    with pytest.raises(GameError, match=r"^opponents\[1\]: 'kingdomino-only' cannot play .*Origins"):
        GameEnv("origins", 3, opponents=["random", KingdominoOnly()])


@pytest.mark.parametrize("seat", [1.5, True, "1", -1, 2])
def test_a_seat_that_is_not_a_seat_number_is_refused_by_name(seat: Any) -> None:
    """A float seat was kept and failed at reset with a bare ``KeyError``; ``True`` became seat ``True``."""
    with pytest.raises(GameError, match=r"seat: expected an integer 0\.\.1 or None"):
        GameEnv("kingdomino", 2, seat=seat)


def test_a_numpy_integer_seat_is_the_int_seat() -> None:
    numpy_seat: Any = np.int64(1)  # not in the signature, yet what numpy code passes
    env = GameEnv("kingdomino", 2, seat=numpy_seat)
    _, info = env.reset(seed=0)
    assert type(env.seat) is int and info["seat"] == 1


@pytest.mark.parametrize(
    ("opponents", "field"), [(42, "opponents"), (b"random", "opponents"), ([3], r"opponents\[0\]")]
)
def test_opponents_that_are_not_specs_are_refused_by_name(opponents: Any, field: str) -> None:
    with pytest.raises(GameError, match=field + ": expected an agent spec"):
        GameEnv("kingdomino", 2, opponents=opponents)


@pytest.mark.parametrize("penalty", ["-1", None, float("nan"), float("inf"), True])
def test_an_illegal_penalty_that_is_not_a_finite_number_is_refused_by_name(penalty: Any) -> None:
    with pytest.raises(GameError, match="illegal_penalty: expected a finite number"):
        GameEnv("kingdomino", 2, illegal_penalty=penalty)


def test_an_encoder_made_for_another_configuration_is_refused_by_name() -> None:
    """A 2-player encoder in a 3-player env encoded every observation as if the game had 2 seats."""
    two = encoder_for(make_game("kingdomino", 2))
    with pytest.raises(GameError, match=r"encoder: made for kingdomino with 2 players .* kingdomino with 3"):
        GameEnv("kingdomino", 3, encoder=two)
    with pytest.raises(GameError, match="encoder: expected an ObservationEncoder"):
        not_an_encoder: Any = object()
        GameEnv("kingdomino", 2, encoder=not_an_encoder)
    assert GameEnv("kingdomino", 2, encoder=two).encoder is two


def test_step_before_reset_says_so() -> None:
    with pytest.raises(GameError, match=r"step\(\) before reset\(\)"):
        GameEnv("kingdomino", 2).step(0)


@pytest.mark.parametrize("action", [None, 2.9, "3", True])
def test_an_action_that_is_not_an_integer_is_refused_by_name(action: Any) -> None:
    """``2.9`` is refused, not played as action 2 (as ``int()`` would); the episode goes on
    untouched after the refusal."""
    env = GameEnv("kingdomino", 2)
    env.reset(seed=0)
    with pytest.raises(GameError, match="action: expected an integer action code"):
        env.step(action)
    numpy_action: Any = np.int64(np.flatnonzero(env.action_masks())[0])
    env.step(numpy_action)


def test_gymnasium_make() -> None:
    env = gym.make(ENV_ID, game="kingdomino", players=2, opponents="random")
    obs, _ = env.reset(seed=3)
    assert obs.shape == env.observation_space.shape


def test_gymnasium_make_with_the_module_prefix_documented() -> None:
    """``"module:id"`` imports the module that registers the id (the form the docs show)."""
    env = gym.make(f"kingdomino.rl.gymnasium_env:{ENV_ID}", game="duel", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and json.loads(text)["game"] == "duel"
    assert env.spec is not None and env.spec.id == ENV_ID


def printed_observations(capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    """The JSON observations printed since the last call."""
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_human_render_mode_prints_at_reset_and_every_step(capsys: pytest.CaptureFixture[str]) -> None:
    """Gymnasium's ``"human"`` convention: the env renders itself in ``reset`` and ``step``, the
    illegal step that ends the episode included; ``render()`` need not be called."""
    env = GameEnv("kingdomino", 2, render_mode="human")
    env.reset(seed=3)
    assert printed_observations(capsys) == [env.state.view(env.seat)]
    env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert printed_observations(capsys) == [env.state.view(env.seat)]
    env.step(int(np.flatnonzero(env.action_masks() == 0)[0]))
    assert len(printed_observations(capsys)) == 1
    assert env.render() is None


def test_ansi_render_mode_returns_the_text_and_prints_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    env = GameEnv("kingdomino", 2, render_mode="ansi")
    env.reset(seed=3)
    env.step(int(np.flatnonzero(env.action_masks())[0]))
    text = env.render()
    assert isinstance(text, str) and json.loads(text) == env.state.view(env.seat)
    assert capsys.readouterr().out == ""


def test_render_without_a_render_mode_warns() -> None:
    env = GameEnv("kingdomino", 2)
    env.reset(seed=3)
    with pytest.warns(UserWarning, match="render_mode='ansi', 'human' or 'rgb_array'"):
        assert env.render() is None


def test_check_env_render_checks_pass_without_warnings(capsys: pytest.CaptureFixture[str]) -> None:
    """Gymnasium's render checks, every declared mode through the spec (``render_fps`` declared)."""
    env = gym.make(ENV_ID, game="kingdomino", players=2, render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)
    capsys.readouterr()


def test_a_policy_or_an_agent_is_an_opponent_for_self_play() -> None:
    """A frozen copy of the learner plays the other seat: opponents may be a policy (state ->
    action) or an agent, not only a spec (issue #65: `opponents=[callable]` was refused)."""
    seen: list[int] = []

    def frozen(state: State) -> int:
        seen.append(state.current_player)
        return state.legal_actions()[-1]

    env = GameEnv("kingdomino", 2, opponents=frozen, seat=1)
    env.reset(seed=3)
    done = False
    while not done:
        mask = env.action_masks()
        _, _, done, _, _ = env.step(int(np.flatnonzero(mask)[0]))
    assert seen and set(seen) == {0}
    agent_env = GameEnv("duel", 2, opponents=[make_agent("greedy", seed=1)])
    agent_env.reset(seed=1)


def test_an_opponent_policy_that_plays_an_illegal_action_is_refused_with_the_reason() -> None:
    env = GameEnv("kingdomino", 2, opponents=lambda state: -5, seat=1)
    with pytest.raises(IllegalActionError, match="chose an illegal action"):
        env.reset(seed=0)
        for _ in range(4):  # the opponent's first turn comes within the first round
            env.step(int(np.flatnonzero(env.action_masks())[0]))
