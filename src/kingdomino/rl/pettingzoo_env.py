"""PettingZoo AEC environments for every game of the family.

One environment per configuration (game, players, variants)::

    from kingdomino.rl import pettingzoo_env

    env = pettingzoo_env.env("kingdomino", players=3, options={"harmony": True})
    env.reset(seed=7)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

or, PettingZoo style, a maker per game: ``pettingzoo_env.kingdomino_v0.env(players=2)``,
``pettingzoo_env.duel_v0.raw_env()``, ``pettingzoo_env.origins_v0.env(options={"mode": "tribe"})``
(``for_game(name)`` for a game registered later). ``parallel_env(...)`` (and
``kingdomino_v0.parallel_env(...)``) is the same game under PettingZoo's parallel API.

* Agents are ``"player_0" .. "player_{n-1}"`` (the engine's seats, in order).
* Observation of an agent: ``{"observation": float32 vector, "action_mask": int8 vector}``.
  The vector is the game's encoder output (:mod:`kingdomino.rl.encoders`, documented
  field by field there) seen from that agent's seat; it holds only what that seat may
  see. The mask covers the engine's fixed action range ``range(game.num_actions)``
  and is all zeros except for the agent to act.
* Actions are the engine's integer codes (``Discrete(game.num_actions)``).
* Chance nodes (draws, king draws, rolls) are resolved inside the environment by a
  :class:`~kingdomino.core.seeds.ChanceSampler` seeded from ``reset(seed=...)``, so a seed
  replays the same game for the same actions. Seeding follows Gymnasium's ``reset``:
  ``reset(seed=s)`` also seeds the env's ``np_random``, and each later ``reset()`` without a
  seed takes its game's seed from that generator, so ``reset(seed=1), reset(), reset()``
  replays the same three games on any fresh env; an env never seeded draws from the OS's
  entropy.
* Rewards come at the end only. ``reward="win"`` (default): 1/k to each of the k seats
  sharing first place, 0 to the others. ``reward="score_diff"``: own score minus the
  best other score, divided by the encoder's ``score_scale`` (100 for Kingdomino).
* An illegal action raises :class:`~kingdomino.core.game.IllegalActionError` and
  changes nothing (``illegal_action="raise"``, default), or, with
  ``illegal_action="lose"``, ends the game at once: the offender gets
  ``illegal_penalty`` (default -1) and every other agent 0, and the offender's info
  ``illegal_reason``, the engine's words.
* ``render_mode="ansi"``: ``render()`` returns the engine's JSON observation for a spectator;
  ``"human"`` prints it at every ``reset()`` and ``step()`` (PettingZoo's convention; ``render()``
  returns ``None``). ``"rgb_array"``: ``render()`` returns a picture of the position as a
  spectator sees it, a ``uint8`` array ``(height, width, 3)`` (:mod:`kingdomino.rl.picture`).
  Without a render mode ``render()`` warns and returns ``None``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import turn_based_aec_to_parallel
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers.order_enforcing import AECOrderEnforcingIterable, AECOrderEnforcingIterator

from kingdomino.core.game import CHANCE, TERMINAL, Game, GameError, IllegalActionError, OptionValue, State
from kingdomino.core.seeds import ChanceSampler
from kingdomino.rl.common import (
    MaskArray,
    action_code,
    check_penalty,
    check_reward_kind,
    check_seed,
    episode_seed,
    final_rewards,
    mask_array,
    mask_bytes,
    resolve_encoder,
    resolve_game,
    seed_action_spaces,
    settle_chance,
    why_illegal,
)
from kingdomino.rl.encoders import FloatArray, ObservationEncoder
from kingdomino.rl.picture import Frame, PositionPainter

IllegalPolicy = Literal["raise", "lose"]
Observation = dict[str, Any]


class RawEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]
    """The AEC environment of one configuration (no wrappers; see :func:`env`)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo API)
        "render_modes": ["human", "ansi", "rgb_array"],
        "render_fps": 4,
        "name": "kingdomino_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | Game = "kingdomino",
        players: int | None = None,
        options: Mapping[str, OptionValue] | None = None,
        *,
        reward: str = "win",
        illegal_action: IllegalPolicy = "raise",
        illegal_penalty: float = -1.0,
        encoder: ObservationEncoder | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = resolve_game(game, players, options)
        self.encoder = resolve_encoder(self.game, encoder)
        self.reward_kind = check_reward_kind(reward)
        if illegal_action not in ("raise", "lose"):
            raise GameError(f"illegal_action: expected 'raise' or 'lose', got {illegal_action!r}")
        self.illegal_action: IllegalPolicy = illegal_action
        self.illegal_penalty = check_penalty(illegal_penalty)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise GameError(
                f"render_mode: expected one of {self.metadata['render_modes']}, got {render_mode!r}"
            )
        self.render_mode = render_mode
        self._painter = PositionPainter(self.game) if render_mode == "rgb_array" else None
        self.metadata = {**self.metadata, "name": f"{self.game.name}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.num_players)]
        self.agent_seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        n = self.game.num_actions
        self._action_spaces = {agent: spaces.Discrete(n) for agent in self.possible_agents}
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(*self.encoder.bounds, self.encoder.shape, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        #: The engine's state of the game (``state`` is PettingZoo's method, below).
        self.engine_state: State = self.game.new_initial_state()
        self.sampler = ChanceSampler(0)
        self._num_actions = n
        #: The acting agent's mask as bytes (all zero when nobody acts); legality checks read it.
        self._zero_mask = bytes(n)
        self._mask: bytes | bytearray = self._zero_mask
        #: The chance sampler's seed of the current game (``reset``'s seed, or drawn from ``np_random``).
        self.seed_used = 0
        #: Gymnasium's ``np_random`` contract: ``None`` until seeded by ``reset(seed=...)`` or first used.
        self._np_random: np.random.Generator | None = None

    @property
    def np_random(self) -> np.random.Generator:
        """The env's generator, as Gymnasium's ``Env.np_random``: seeded by ``reset(seed=...)``, it
        gives the seed of every later ``reset()`` without one; seeded from the OS's entropy if
        read before any seeded reset."""
        if self._np_random is None:
            self._np_random, _ = seeding.np_random()
        return self._np_random

    # --- spaces -----------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    # --- episode ------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game. ``seed`` (a non-negative integer) seeds the game's chance, ``np_random``
        and every agent's action space; without one, the game's seed is drawn from ``np_random``
        (Gymnasium's rule) and the action spaces go on with their own generators."""
        del options
        if seed is None:
            self.seed_used = episode_seed(self.np_random)
        else:
            self.seed_used = check_seed(seed)
            self._np_random, _ = seeding.np_random(self.seed_used)
            seed_action_spaces((self._action_spaces[agent] for agent in self.possible_agents), seed)
        self.sampler = ChanceSampler(self.seed_used)
        self.engine_state = self.game.new_initial_state()
        settle_chance(self.engine_state, self.sampler)
        self.agents = self.possible_agents.copy()
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._after_move()
        if self.render_mode == "human":
            self.render()

    def _after_move(self) -> bool:
        """Select the next agent, or hand out the final rewards (then return ``True``)."""
        state = self.engine_state
        player = state.current_player
        if player == TERMINAL:
            self._mask = self._zero_mask
            rewards = final_rewards(state, self.reward_kind, self.encoder.score_scale)
            for agent in self.agents:
                self.rewards[agent] = rewards[self.agent_seat[agent]]
                self.terminations[agent] = True
            return True
        self._mask = mask_bytes(self._num_actions, state.legal_actions())
        self.agent_selection = self.possible_agents[player]
        return False

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise GameError(
                f"action: None is the step of a terminated or truncated agent; {agent} is to act "
                "and needs an action code (the legal ones: its observation's action_mask)"
            )
        code = action_code(action)
        # Rewards are all zero until the game ends (and nothing is stepped after it but the
        # dead steps), so a move has no rewards to clear and none to accumulate before it.
        if 0 <= code < self._num_actions and self._mask[code]:
            state = self.engine_state
            state.apply_unchecked(code)
            if state.current_player == CHANCE:
                sample, rng = state.sample_chance, self.sampler.rng
                while state.current_player == CHANCE:
                    state.apply_unchecked(sample(rng))
            if self._after_move():
                self._accumulate_rewards()
        else:
            reason = why_illegal(self.engine_state, code)
            if self.illegal_action == "raise":
                raise IllegalActionError(reason)
            self._cumulative_rewards[agent] = 0.0
            self._mask = self._zero_mask  # the game is over: nobody has a legal move left
            for other in self.agents:
                self.terminations[other] = True
                self.infos[other] = {"illegal_action": other == agent}
            self.infos[agent]["illegal_reason"] = reason
            self.rewards[agent] = self.illegal_penalty
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # --- what agents see ----------------------------------------------------------------------

    def observe(self, agent: str) -> Observation:
        seat = self.agent_seat[agent]
        state = self.engine_state
        vector: FloatArray = self.encoder.encode(state, seat)
        mask = mask_array(self._mask if state.current_player == seat else self._zero_mask)
        return {"observation": vector, "action_mask": mask}

    def last(self, observe: bool = True) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last``, read straight from this environment's dictionaries."""
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def action_mask(self, agent: str) -> MaskArray:
        """The legal-action mask of ``agent`` alone (no observation encoding)."""
        acting = self.engine_state.current_player == self.agent_seat[agent]
        return mask_array(self._mask if acting else self._zero_mask)

    def state(self) -> np.ndarray:
        """PettingZoo's global state, which these games do not give: each seat sees only its own
        observation (hidden information), and the engine's state is ``engine_state``."""
        raise NotImplementedError(
            "these games give each agent its own observation and no global state; "
            "the engine's state is env.unwrapped.engine_state"
        )

    def render(self) -> str | Frame | None:
        """The engine's JSON observation for a spectator: returned (``"ansi"``) or printed
        (``"human"``, which ``reset`` and ``step`` already do); or its picture (``"rgb_array"``).
        Without a render mode there is nothing to render: a warning says how to ask for one, as
        PettingZoo's own envs do."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() without a render mode renders nothing; give render_mode='ansi', "
                "'human' or 'rgb_array' to the env"
            )
            return None
        if self._painter is not None:
            return self._painter.paint(self.engine_state.view(None))
        text = json.dumps(self.engine_state.view(None), sort_keys=True)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(
    game: str | Game = "kingdomino",
    players: int | None = None,
    options: Mapping[str, OptionValue] | None = None,
    **kwargs: Any,
) -> AECEnv[str, Observation, int]:
    """The environment wrapped as PettingZoo recommends (order enforced)."""
    raw = RawEnv(game, players, options, **kwargs)
    return OrderEnforcing(raw)


class OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's :class:`~pettingzoo.utils.wrappers.OrderEnforcingWrapper`, same checks, with the
    per-step calls (``agent_iter``, ``last``, ``step``) reading the environment directly.

    The stock wrapper answers every attribute through two ``__getattr__`` levels; ``last()``
    and the agent iterator read seven of them per step, which cost more than the engine's
    step itself.
    """

    env: RawEnv

    def last(self, observe: bool = True) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.last(observe)

    def step(self, action: int | None) -> None:
        if self._has_reset and self.env.agents:
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)

    def agent_iter(self, max_iter: int = 2**63) -> _AgentIterable:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _AgentIterable(self, max_iter)


class _AgentIterable(AECOrderEnforcingIterable):  # type: ignore[misc]
    def __iter__(self) -> _AgentIterator:
        return _AgentIterator(self.env, self.max_iter)


class _AgentIterator(AECOrderEnforcingIterator):  # type: ignore[misc]
    """The order-enforcing agent iterator, reading the unwrapped environment's fields directly."""

    def __init__(self, env: OrderEnforcing, max_iter: int) -> None:
        super().__init__(env, max_iter)
        self.raw = env.env

    def __next__(self) -> str:
        raw = self.raw
        if not raw.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        env = self.env
        assert env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        env._has_updated = False
        return raw.agent_selection


def raw_env(
    game: str | Game = "kingdomino",
    players: int | None = None,
    options: Mapping[str, OptionValue] | None = None,
    **kwargs: Any,
) -> RawEnv:
    """The unwrapped environment."""
    return RawEnv(game, players, options, **kwargs)


def parallel_env(
    game: str | Game = "kingdomino",
    players: int | None = None,
    options: Mapping[str, OptionValue] | None = None,
    **kwargs: Any,
) -> ParallelEnv[str, Observation, int]:
    """The environment under PettingZoo's parallel API (its ``turn_based_aec_to_parallel``).

    The games are turn-based: each ``step(actions)`` plays the action of the one agent to act,
    the one whose ``action_mask`` holds a 1 (after a step, every info's ``"active_agent"``), and
    ignores the others' (any code). Observations, rewards, seeds and ``illegal_action`` are the
    AEC env's. PettingZoo's ``parallel_seed_test`` steps actions sampled without the masks, so
    it needs ``illegal_action="lose"`` (with ``"raise"`` its first illegal sample raises).
    """
    return turn_based_aec_to_parallel(env(game, players, options, **kwargs))


@dataclass(frozen=True)
class GameMakers:
    """PettingZoo-style ``env()`` / ``raw_env()`` / ``parallel_env()`` makers bound to one game name."""

    name: str

    def env(
        self, players: int | None = None, options: Mapping[str, OptionValue] | None = None, **kwargs: Any
    ) -> AECEnv[str, Observation, int]:
        return env(self.name, players, options, **kwargs)

    def raw_env(
        self, players: int | None = None, options: Mapping[str, OptionValue] | None = None, **kwargs: Any
    ) -> RawEnv:
        return raw_env(self.name, players, options, **kwargs)

    def parallel_env(
        self, players: int | None = None, options: Mapping[str, OptionValue] | None = None, **kwargs: Any
    ) -> ParallelEnv[str, Observation, int]:
        return parallel_env(self.name, players, options, **kwargs)


def for_game(name: str) -> GameMakers:
    """The makers of game ``name`` (any game with an encoder)."""
    return GameMakers(name)


#: PettingZoo-style makers, one per game, named as the env's ``metadata["name"]``.
kingdomino_v0 = for_game("kingdomino")
duel_v0 = for_game("duel")
origins_v0 = for_game("origins")
