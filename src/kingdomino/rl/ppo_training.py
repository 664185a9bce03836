"""Train sb3-contrib's MaskablePPO on one configuration: the baseline of
``docs/reinforcement-learning.md``.

::

    from kingdomino.rl.ppo_training import TrainingPlan, train

    report = train(TrainingPlan(timesteps=200_000), "models/ppo-kingdomino-2p.zip")
    print(report.spec)        # the agent spec every tool takes (kingdomino.rl.sb3_agent)

* The learner plays one seat of :class:`~kingdomino.rl.gymnasium_env.GameEnv` (a random seat
  each game) against ``opponents``: env ``i`` of ``envs`` plays ``opponents[i % len]``; with
  ``league`` (a folder), every env draws its opponents at each game from a
  :class:`~kingdomino.rl.league.League` of those fixed agents and the learner's own snapshots,
  one taken every ``snapshot_every`` steps.
* The reward is ``score_diff`` by default (own score minus the best other, / 100: it says by how
  much a game was won or lost, which a win alone does not) or ``win``.
* ``minutes`` bounds the wall time: training stops at the first update after it, whatever
  ``timesteps`` says (the report gives the steps done).
* The model is saved to ``out`` with its configuration and the training's figures beside it
  (``out`` with ``.json``), which :class:`~kingdomino.rl.sb3_agent.MaskablePPOAgent` checks.
* Nothing is written but the model and its ``.json`` unless ``log_dir`` is given: SB3's logger,
  left to itself, makes a ``SB3-<date>`` folder in the system's temporary directory at every
  ``learn()``; here it writes ``progress.csv`` and ``log.txt`` (SB3's figures of each update) into
  ``log_dir``, or nowhere.
* Deterministic for a seed on one machine and torch build, with ``envs`` in this process
  (``processes=False``, the default): the games (chance, opponents) by the env seeds, the network
  by torch's seed.

Needs ``torch``, ``stable-baselines3`` and ``sb3-contrib`` (the ``train`` extra).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback, CallbackList
from stable_baselines3.common.logger import Logger, configure
from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv, VecEnv

from kingdomino.core.game import GameError, OptionValue
from kingdomino.games.registry import make_game
from kingdomino.rl.gymnasium_env import GameEnv, Opponent, OpponentPool
from kingdomino.rl.league import League
from kingdomino.rl.sb3_agent import agent_spec, write_configuration


@dataclass(frozen=True)
class TrainingPlan:
    """What to train and how; every field has the baseline's value."""

    game: str = "kingdomino"
    players: int = 2
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    #: Fixed opponents: env ``i`` plays ``opponents[i % len(opponents)]`` (or the league's pool).
    opponents: tuple[str, ...] = ("greedy", "greedy", "random")
    #: A folder for the league's snapshots; ``None``: fixed opponents only.
    league: str | None = None
    snapshot_every: int = 50_000
    snapshot_share: float = 0.5
    timesteps: int = 800_000
    minutes: float = 10.0
    envs: int = 6
    processes: bool = False
    seed: int = 0
    reward: str = "score_diff"
    learning_rate: float = 3e-4
    n_steps: int = 256
    batch_size: int = 256
    n_epochs: int = 4
    gamma: float = 1.0
    gae_lambda: float = 0.95
    ent_coef: float = 0.01
    net: tuple[int, ...] = (256, 256)
    #: torch's threads for the network (one per core of the 2-core machine it was tuned on).
    threads: int = 2
    #: A folder for SB3's own log of each update (``progress.csv``, ``log.txt``); ``None``: none.
    log_dir: str | None = None

    def check(self) -> None:
        """Refuse a plan that cannot train, by field."""
        for name in ("timesteps", "envs", "n_steps", "batch_size", "n_epochs", "snapshot_every", "threads"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 1:
                raise GameError(f"{name}: expected a whole number of at least 1, got {value!r}")
        if not self.opponents:
            raise GameError("opponents: expected at least one agent spec")
        if self.minutes <= 0:
            raise GameError(f"minutes: expected a positive number, got {self.minutes!r}")
        if not isinstance(self.seed, int) or not 0 <= self.seed < 2**32:
            raise GameError(f"seed: expected a whole number from 0 to 2**32 - 1, got {self.seed!r}")


@dataclass(frozen=True)
class TrainingReport:
    """What a training run did."""

    path: Path
    timesteps: int
    seconds: float
    episodes: int
    snapshots: int

    @property
    def spec(self) -> str:
        """The trained agent's spec (``kingdomino.rl.sb3_agent:MaskablePPOAgent:path=...``)."""
        return agent_spec(self.path)


def make_envs(plan: TrainingPlan, league: League | None) -> VecEnv:
    """The plan's vectorised envs, each in a Monitor (episode rewards and lengths)."""

    def maker(index: int) -> Callable[[], Monitor]:
        fixed = plan.opponents[index % len(plan.opponents)]
        opponents: Opponent | OpponentPool = league if league is not None else fixed

        def make() -> Monitor:
            env = GameEnv(
                plan.game, plan.players, plan.options, opponents=opponents, seat=None, reward=plan.reward
            )
            return Monitor(env)

        return make

    makers = [maker(index) for index in range(plan.envs)]
    return SubprocVecEnv(makers, start_method="spawn") if plan.processes else DummyVecEnv(makers)  # type: ignore[arg-type]


class SnapshotCallback(BaseCallback):
    """Adds the learner to ``league`` every ``every`` steps (and once at the start, so the league
    has an opponent of the learner's own from the first game on)."""

    def __init__(self, league: League, every: int) -> None:
        super().__init__()
        self.league = league
        self.every = every
        self.added = 0
        self._next = 0

    def _on_step(self) -> bool:
        if self.num_timesteps >= self._next:
            self.league.add(self.model)
            self.added += 1
            self._next = self.num_timesteps + self.every
        return True


class ClockCallback(BaseCallback):
    """Stops training once ``seconds`` have passed; reports progress to ``log`` every ``every`` steps
    (steps per second, the mean reward and the win share of the last 200 games)."""

    def __init__(self, seconds: float, every: int, log: Callable[[str], None]) -> None:
        super().__init__()
        self.seconds = seconds
        self.every = every
        self.log = log
        self.began = time.perf_counter()
        self._next = every
        self.rewards: list[float] = []

    def _on_step(self) -> bool:
        for info in self.locals.get("infos", []):
            episode = info.get("episode")
            if episode is not None:
                self.rewards.append(float(episode["r"]))
        elapsed = time.perf_counter() - self.began
        if self.num_timesteps >= self._next:
            self._next += self.every
            recent = self.rewards[-200:]
            if recent:
                won = sum(reward > 0 for reward in recent) / len(recent)
                mean = sum(recent) / len(recent)
                self.log(
                    f"{self.num_timesteps:>9,} steps  {elapsed:6.0f} s  "
                    f"{self.num_timesteps / elapsed:5.0f} steps/s  {len(self.rewards):>6,} games  "
                    f"last {len(recent)}: reward {mean:+.3f}, won {won:.0%}"
                )
        return elapsed < self.seconds


def training_logger(log_dir: str | None) -> Logger:
    """SB3's logger writing its figures into ``log_dir`` (CSV and text), or nowhere: never SB3's
    default, a fresh ``SB3-<date>`` folder in the temporary directory."""
    if log_dir is None:
        return Logger(folder=None, output_formats=[])
    return configure(str(log_dir), ["csv", "log"])


def writable_model_path(out: str | os.PathLike[str]) -> Path:
    """``out`` as the ``.zip`` the model will be saved to, its folder made, refused with the
    reason (``out: ...``) if it cannot be written: checked before training, not after it."""
    path = Path(out).with_suffix(".zip")
    existed = path.exists()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.open("ab").close()
    except OSError as error:
        raise GameError(f"out: {path} cannot be written ({error.strerror or error})") from None
    if not existed:
        path.unlink()
    return path


def train(
    plan: TrainingPlan, out: str | os.PathLike[str], log: Callable[[str], None] = print
) -> TrainingReport:
    """Train ``plan``, save the model to ``out`` (a ``.zip``) with its configuration; the report."""
    plan.check()
    path = writable_model_path(out)
    torch.set_num_threads(plan.threads)
    league = (
        League(plan.league, fixed=plan.opponents, snapshot_share=plan.snapshot_share)
        if plan.league is not None
        else None
    )
    if league is not None:  # here too: envs in other processes check copies of the league
        league.check(make_game(plan.game, plan.players, plan.options))
    envs = make_envs(plan, league)
    envs.seed(plan.seed)
    model = MaskablePPO(
        "MlpPolicy",
        envs,
        learning_rate=plan.learning_rate,
        n_steps=plan.n_steps,
        batch_size=plan.batch_size,
        n_epochs=plan.n_epochs,
        gamma=plan.gamma,
        gae_lambda=plan.gae_lambda,
        ent_coef=plan.ent_coef,
        policy_kwargs={"net_arch": list(plan.net)},
        seed=plan.seed,
        device="cpu",
        verbose=0,
    )
    model.set_logger(training_logger(plan.log_dir))
    clock = ClockCallback(plan.minutes * 60, every=max(plan.n_steps * plan.envs, 20_000), log=log)
    snapshots = SnapshotCallback(league, plan.snapshot_every) if league is not None else None
    callbacks: list[BaseCallback] = [clock] + ([snapshots] if snapshots is not None else [])
    began = time.perf_counter()
    model.learn(total_timesteps=plan.timesteps, callback=CallbackList(callbacks))
    seconds = time.perf_counter() - began
    envs.close()
    model.save(str(path))
    added = snapshots.added if snapshots is not None else 0
    report = TrainingReport(path, model.num_timesteps, seconds, len(clock.rewards), added)
    game = make_game(plan.game, plan.players, plan.options)
    figures: dict[str, Any] = {
        "plan": {**asdict(plan), "options": dict(plan.options)},
        "timesteps": report.timesteps,
        "seconds": round(seconds, 1),
        "episodes": report.episodes,
    }
    write_configuration(path, game, "vector", figures)
    return report
