"""A Gymnasium single-agent environment: the learner plays one seat against our agents.

::

    from kingdomino.rl.gymnasium_env import GameEnv

    env = GameEnv("kingdomino", players=2, opponents=["greedy"], seat=0)
    obs, info = env.reset(seed=3)
    while True:
        action = env.action_space.sample(env.action_masks())
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

* The other seats are played by agents from specs (``"random"``, ``"greedy"``,
  ``"mcts:iterations=50"``, ... see :func:`kingdomino.agents.make_agent`) chosen at
  construction: one spec for all of them, or one per other seat in seat order; or drawn anew
  at every reset from a pool (``draw(rng, count)``), such as a
  :class:`~kingdomino.rl.league.League` of the learner's snapshots.
  Their seeds, the chance sampler and ``action_space``'s sampling derive from
  ``reset(seed=...)`` (so the loop above plays the same game at every run); a ``reset()``
  without a seed draws its episode's seed from ``np_random`` (Gymnasium's rule), so it replays
  too once the env was seeded.
* ``seat``: the learner's seat, or ``None`` for a random seat at each reset (drawn from
  the reset's seed).
* Observation, ``observation=``: ``"vector"`` (default), the game encoder's ``float32`` vector
  from the learner's seat (:mod:`kingdomino.rl.encoders`), ``observation_space`` a ``Box``;
  ``"planes"``, the same values cut for convolutional networks (:mod:`kingdomino.rl.planes`): a
  ``Dict`` of ``"board"``, the seats' boards as channels ``(channels, rows, cols)``, and
  ``"features"``, the rest as a flat vector.
* Action: an engine action code, ``Discrete(game.num_actions)``. Legal ones:
  :meth:`GameEnv.action_masks` (``int8``; the name MaskablePPO looks for) and
  ``info["action_mask"]``.
* Reward at the end only, as in the PettingZoo environment (``"win"``: share of first
  place; ``"score_diff"``: own score minus best other score, scaled).
* Illegal action, ``illegal_action=``:

  - ``"lose"`` (default): the episode ends at once (``terminated``) with reward
    ``illegal_penalty`` (-1 by default), ``info["illegal_action"] = True`` and the engine's
    reason in ``info["illegal_reason"]``;
  - ``"raise"``: :class:`~kingdomino.core.game.IllegalActionError`, nothing changes.
* ``render_mode``, Gymnasium's conventions: ``"human"`` prints the engine's JSON observation of
  the learner's seat at every ``reset()`` and ``step()`` (``render()`` need not be called and
  returns ``None``); ``"ansi"``: ``render()`` returns that text (``gymnasium.make(...,
  render_mode="ansi_list")`` collects it at every step); ``"rgb_array"``: ``render()`` returns a
  picture of the position as the learner sees it, a ``uint8`` array ``(height, width, 3)`` of one
  size for the configuration (:mod:`kingdomino.rl.picture`), what ``gymnasium.wrappers.RecordVideo``
  records and Stable-Baselines3's ``make_vec_env`` asks for by default; ``None``: ``render()``
  warns and returns ``None``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal, Protocol, cast, runtime_checkable

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from kingdomino.agents import Agent, make_agent
from kingdomino.agents.base import AgentSpecError
from kingdomino.core.game import Game, GameError, IllegalActionError, OptionValue, State, is_action_code
from kingdomino.core.seeds import ChanceSampler, derive_seed
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
from kingdomino.rl.gymnasium_plugin import ENV_ID as ENV_ID
from kingdomino.rl.gymnasium_plugin import register_gymnasium_envs
from kingdomino.rl.picture import Frame, PositionPainter
from kingdomino.rl.planes import Planes

IllegalPolicy = Literal["lose", "raise"]
ObservationKind = Literal["vector", "planes"]
Observation = FloatArray | dict[str, FloatArray]


#: An opponent: an agent spec (``"greedy"``, ``"mypkg.mod:make"``), an agent, or a policy
#: ``state -> action`` (a frozen copy of the learner, for self-play).
Opponent = str | Agent | Callable[[State], int]


@runtime_checkable
class OpponentPool(Protocol):
    """Opponents drawn anew at every reset, e.g. a :class:`~kingdomino.rl.league.League` of
    snapshots: ``draw(rng, count)`` gives one opponent for each of ``count`` seats."""

    def draw(self, rng: random.Random, count: int) -> Sequence[Opponent]: ...


@runtime_checkable
class CheckedPool(OpponentPool, Protocol):
    """A pool that refuses, when the env is made, an opponent that cannot play its game
    (a :class:`~kingdomino.rl.league.League` names the snapshot's file)."""

    def check(self, game: Game) -> None: ...


class PolicyAgent(Agent):
    """A policy ``state -> action`` as an agent; its actions are checked, not trusted."""

    name = "policy"

    def __init__(self, policy: Callable[[State], int]) -> None:
        super().__init__(None)
        self.policy = policy

    def act(self, state: State) -> int:
        action = int(self.policy(state))
        reason = state.illegal_reason(action)
        if reason is not None:
            raise IllegalActionError(f"the opponent policy {self.policy!r} chose an illegal action: {reason}")
        return action


def opponent_specs(opponents: object, players: int) -> list[Opponent]:
    """One opponent per other seat, from one for all or a list in seat order, each of a kind an
    opponent may be (the specs are made by :func:`opponent_agent`)."""
    if isinstance(opponents, str | Agent) or (callable(opponents) and not isinstance(opponents, Sequence)):
        specs: list[object] = [opponents] * (players - 1)
    elif isinstance(opponents, Sequence) and not isinstance(opponents, bytes | bytearray):
        specs = list(opponents)
    else:
        raise GameError(
            f"opponents: expected an agent spec (a string such as 'greedy'), an agent, a policy "
            f"(state -> action) or a list of {players - 1} of them, got {opponents!r}"
        )
    if len(specs) != players - 1:
        raise GameError(
            f"opponents: expected one opponent (for every other seat) or a list of "
            f"{players - 1} (one per other seat), got a list of {len(specs)}"
        )
    for index, spec in enumerate(specs):
        if not (isinstance(spec, str | Agent) or callable(spec)):
            raise GameError(
                f"opponents[{index}]: expected an agent spec string, an agent or a policy, got {spec!r}"
            )
    return cast(list[Opponent], specs)


def opponent_agent(opponent: Opponent, seed: int) -> Agent:
    """The agent playing ``opponent``'s seat in an episode (a spec made anew with the seat's seed)."""
    if isinstance(opponent, str):
        return make_agent(opponent, seed=seed)
    return opponent if isinstance(opponent, Agent) else PolicyAgent(opponent)


def learner_seat(seat: object, players: int) -> int:
    """``seat`` as an ``int`` seat of the game (numpy integers pass: the engine's
    :func:`~kingdomino.core.game.is_action_code` rule), refused by name otherwise: a float or bool
    seat would never match the engine's seat numbers."""
    if is_action_code(seat) and 0 <= (value := int(cast(int, seat))) < players:
        return value
    raise GameError(f"seat: expected an integer 0..{players - 1} or None, got {seat!r}")


class GameEnv(gym.Env[Observation, int]):
    """One seat of a game for a single learner; see the module text."""

    #: ``render_fps``: how fast recorders and viewers (Gymnasium's wrappers) play the frames.
    metadata: dict[str, Any] = {"render_modes": ["ansi", "human", "rgb_array"], "render_fps": 4}  # noqa: RUF012 (gymnasium API)

    def __init__(
        self,
        game: str | Game = "kingdomino",
        players: int | None = None,
        options: Mapping[str, OptionValue] | None = None,
        *,
        opponents: Opponent | Sequence[Opponent] | OpponentPool = "random",
        seat: int | None = 0,
        reward: str = "win",
        illegal_action: IllegalPolicy = "lose",
        illegal_penalty: float = -1.0,
        encoder: ObservationEncoder | None = None,
        observation: ObservationKind = "vector",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = resolve_game(game, players, options)
        self.encoder = resolve_encoder(self.game, encoder)
        self.reward_kind = check_reward_kind(reward)
        players = self.game.num_players
        #: The pool the opponents are drawn from at every reset, or ``None`` for fixed ones.
        self.opponent_pool = opponents if isinstance(opponents, OpponentPool) else None
        self.opponent_specs = [] if self.opponent_pool is not None else opponent_specs(opponents, players)
        if isinstance(self.opponent_pool, CheckedPool):
            self.opponent_pool.check(self.game)
        for index, spec in enumerate(self.opponent_specs):
            where = "opponents" if isinstance(opponents, str) else f"opponents[{index}]"
            try:
                made = opponent_agent(spec, seed=0)  # a bad spec fails at construction, not at a reset
            except AgentSpecError as error:
                raise AgentSpecError(f"{where}: {error}", field="opponents") from None
            # A model trained for another configuration failed only at its first move, a traceback.
            if (reason := made.cannot_play(self.game)) is not None:
                raise GameError(
                    f"{where}: {made.name!r} cannot play {self.game.describe()}: {reason}", field="opponents"
                )
        #: The learner's seat at every reset, or ``None`` for one drawn from each reset's seed.
        self.fixed_seat = None if seat is None else learner_seat(seat, players)
        if illegal_action not in ("lose", "raise"):
            raise GameError(f"illegal_action: expected 'lose' or 'raise', got {illegal_action!r}")
        self.illegal_action: IllegalPolicy = illegal_action
        self.illegal_penalty = check_penalty(illegal_penalty)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise GameError(
                f"render_mode: expected one of {self.metadata['render_modes']}, got {render_mode!r}"
            )
        self.render_mode = render_mode
        self._painter = PositionPainter(self.game) if render_mode == "rgb_array" else None
        # Discrete samples numpy integers; step() accepts any integer.
        self.action_space = spaces.Discrete(self.game.num_actions)  # type: ignore[assignment]
        if observation == "vector":
            self._planes: Planes | None = None
            self.observation_space = spaces.Box(*self.encoder.bounds, self.encoder.shape, dtype=np.float32)
        elif observation == "planes":
            self._planes = Planes(self.encoder)
            self.observation_space = self._planes.space()  # type: ignore[assignment]
        else:
            raise GameError(f"observation: expected 'vector' or 'planes', got {observation!r}")
        self.seat = 0 if self.fixed_seat is None else self.fixed_seat
        self.state: State = self.game.new_initial_state()
        self.sampler = ChanceSampler(0)
        self.opponents: dict[int, Agent] = {}
        self._num_actions = self.game.num_actions
        self._no_moves = bytes(self._num_actions)
        #: The learner's legal-action mask as bytes; legality checks read it.
        self._mask: bytes | bytearray = self._no_moves
        self._done = True
        self._was_reset = False
        #: Seat decisions (learner's and opponents') applied in the current episode.
        self.decisions = 0
        #: The current episode's seed (``reset``'s, or drawn from ``np_random``; also the reset
        #: info's ``"seed"``): ``reset(seed=seed_used)`` on any env of this configuration plays
        #: the episode again, chance, learner seat and opponents alike.
        self.seed_used = 0

    def reset(
        self, *, seed: int | np.integer[Any] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        # The PettingZoo env's rule, not Gymnasium's (which takes True as 1 and refuses numpy's
        # integers, as drawn by rng.integers): a seed is a non-negative integer, refused by name.
        seed = None if seed is None else check_seed(seed)
        super().reset(seed=seed)
        del options
        base = episode_seed(self.np_random) if seed is None else seed
        if seed is not None:
            seed_action_spaces([self.action_space], base)
        self.seed_used = base
        self.seat = (
            random.Random(derive_seed(base, "learner seat")).randrange(self.game.num_players)
            if self.fixed_seat is None
            else self.fixed_seat
        )
        others = [s for s in range(self.game.num_players) if s != self.seat]
        specs = self.opponent_specs
        if self.opponent_pool is not None:
            drawn = self.opponent_pool.draw(random.Random(derive_seed(base, "opponents")), len(others))
            specs = opponent_specs(list(drawn), self.game.num_players)
        self.opponents = {
            s: opponent_agent(spec, derive_seed(base, "seat", s)) for s, spec in zip(others, specs)
        }
        self.sampler = ChanceSampler(base)
        self.state = self.game.new_initial_state()
        self._done = False
        self._was_reset = True
        self.decisions = 0
        self._advance()
        if self.render_mode == "human":
            self.render()
        return self._observe(), {**self._info(), "seed": base}

    def _advance(self) -> None:
        """Play chance and the other seats until the learner acts or the game ends.

        An agent's ``act`` returns a legal action (its contract; the arena relies on it too),
        so the opponents' actions are applied unchecked.
        """
        state, sampler, opponents = self.state, self.sampler, self.opponents
        while True:
            settle_chance(state, sampler)
            player = state.current_player
            if player == self.seat or state.is_terminal():
                break
            state.apply_unchecked(opponents[player].act(state))
            self.decisions += 1
        self._mask = (
            self._no_moves if state.is_terminal() else mask_bytes(self._num_actions, state.legal_actions())
        )

    def step(self, action: int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        if self._done:
            when = "after the episode ended" if self._was_reset else "before reset()"
            raise GameError(f"step() {when}; call reset()")
        code = action_code(action)
        if not (0 <= code < self._num_actions and self._mask[code]):
            reason = why_illegal(self.state, code)
            if self.illegal_action == "raise":
                raise IllegalActionError(reason)
            self._done = True
            self._mask = self._no_moves
            info = self._info()
            info["illegal_action"] = True
            info["illegal_reason"] = reason
            if self.render_mode == "human":
                self.render()
            return self._observe(), self.illegal_penalty, True, False, info
        self.state.apply_unchecked(code)
        self.decisions += 1
        self._advance()
        reward = 0.0
        terminated = self.state.is_terminal()
        if terminated:
            self._done = True
            reward = final_rewards(self.state, self.reward_kind, self.encoder.score_scale)[self.seat]
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, terminated, False, self._info()

    def action_masks(self) -> MaskArray:
        """``int8`` mask over the action codes: 1 where the learner's action is legal now."""
        return mask_array(self._mask)

    def _observe(self) -> Observation:
        vector = self.encoder.encode(self.state, self.seat)
        return vector if self._planes is None else self._planes.split(vector)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "seat": self.seat}

    def render(self) -> str | Frame | None:
        """The engine's JSON observation of the learner's seat: returned (``"ansi"``) or printed
        (``"human"``, which ``reset`` and ``step`` already do); or its picture (``"rgb_array"``).
        Without a render mode there is nothing to render: a warning says how to ask for one, as
        Gymnasium's own envs do."""
        if self.render_mode is None:
            gym.logger.warn(
                "render() without a render mode renders nothing; give render_mode='ansi', "
                "'human' or 'rgb_array' to GameEnv(...) or gymnasium.make(...)"
            )
            return None
        if self._painter is not None:
            return self._painter.paint(self.state.view(self.seat))
        text = json.dumps(self.state.view(self.seat), sort_keys=True)
        if self.render_mode == "human":
            print(text)
            return None
        return text


# ``gymnasium.make(ENV_ID, game="kingdomino", players=2, opponents="greedy")`` works once this
# module is imported (and, with a Gymnasium that loads plugins, without it: gymnasium_plugin).
register_gymnasium_envs()
