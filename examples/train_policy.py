"""Train a small policy for 2-player Kingdomino against ``random`` with REINFORCE (numpy only).

The learner plays seat 0 of the Gymnasium environment (:mod:`kingdomino.rl.gymnasium_env`)
against the ``random`` agent. The policy is a linear softmax over the *legal* actions
(the environment's ``action_masks()``): each legal action ``a`` is scored by
``w . phi(a)``, where ``phi(a)`` is the observation encoder's vector of the position
right after ``a`` (an "after-state"), seen from the learner's seat. With ``w = 0`` the
policy is uniformly random; REINFORCE with a running-mean baseline and the
``score_diff`` reward (own score minus the opponent's, / 100) learns ``w``.

Run: ``python examples/train_policy.py [--episodes 300] [--eval 200] [--seed 1] [--quick]``.
It prints the win rate against ``random`` before and after training (greedy play:
the highest-scoring legal action). CPU only: about 12 s of one core (``--quick``: 2 s).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from kingdomino.rl.gymnasium_env import GameEnv

Vector = npt.NDArray[np.float32]


class LinearAfterStatePolicy:
    """Softmax over legal actions of ``w . phi(after-state)``."""

    def __init__(self, env: GameEnv) -> None:
        self.env = env
        self.w: npt.NDArray[np.float64] = np.zeros(env.encoder.shape[0], dtype=np.float64)

    def features(self) -> tuple[npt.NDArray[np.int64], Vector]:
        """Legal actions and the after-state vector of each (one row per action)."""
        env = self.env
        legal = np.flatnonzero(env.action_masks())
        rows = []
        for action in legal:
            child = env.state.clone()
            child.apply_unchecked(int(action))
            rows.append(env.encoder.encode(child, env.seat))
        return legal, np.stack(rows)

    def probabilities(self, phi: Vector) -> npt.NDArray[np.float64]:
        logits = phi @ self.w
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()  # type: ignore[no-any-return]


def play(
    env: GameEnv, policy: LinearAfterStatePolicy, seed: int, rng: np.random.Generator, greedy: bool
) -> tuple[float, list[npt.NDArray[np.float64]], bool]:
    """One episode: final reward, per-step score-function gradients, whether the learner won."""
    env.reset(seed=seed)
    grads: list[npt.NDArray[np.float64]] = []
    reward = 0.0
    while True:
        legal, phi = policy.features()
        p = policy.probabilities(phi)
        index = int(np.argmax(p)) if greedy else int(rng.choice(len(legal), p=p))
        if not greedy:
            grads.append(phi[index] - p @ phi)
        _, reward_step, terminated, _, _ = env.step(int(legal[index]))
        reward = float(reward_step)
        if terminated:
            break
    won = env.state.winners() == [env.seat]
    return reward, grads, won


def win_rate(policy: LinearAfterStatePolicy, games: int, seed: int, greedy: bool) -> float:
    env = policy.env
    rng = np.random.default_rng(seed)
    wins = sum(play(env, policy, seed + i, rng, greedy)[2] for i in range(games))
    return wins / games


def train(episodes: int, seed: int, lr: float) -> LinearAfterStatePolicy:
    env = GameEnv("kingdomino", players=2, opponents="random", seat=None, reward="score_diff")
    policy = LinearAfterStatePolicy(env)
    rng = np.random.default_rng(seed)
    baseline = 0.0
    for episode in range(episodes):
        reward, grads, _ = play(env, policy, 10_000 + seed * 100_000 + episode, rng, greedy=False)
        advantage = reward - baseline
        baseline += 0.05 * (reward - baseline)
        policy.w += lr * advantage * np.sum(grads, axis=0)
    return policy


def at_least(minimum: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``minimum`` (numpy refuses a negative seed,
    and no evaluation game would divide by zero)."""

    def parse(text: str) -> int:
        number = int(text)
        if number < minimum:
            raise argparse.ArgumentTypeError(f"expected a whole number of at least {minimum}, got {text}")
        return number

    parse.__name__ = "whole number"
    return parse


def main(argv: list[str] | None = None) -> float:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=at_least(0), help="training games (300; --quick: 40)")
    parser.add_argument(
        "--eval", type=at_least(1), help="evaluation games before and after (200; --quick: 30)"
    )
    parser.add_argument("--seed", type=at_least(0), default=1)
    parser.add_argument("--lr", type=float, default=0.5)
    parser.add_argument(
        "--quick", action="store_true", help="a few seconds: 40 training, 30 evaluation games"
    )
    args = parser.parse_args(argv)
    episodes = args.episodes if args.episodes is not None else 40 if args.quick else 300
    evals = args.eval if args.eval is not None else 30 if args.quick else 200

    start = time.perf_counter()
    untrained = LinearAfterStatePolicy(
        GameEnv("kingdomino", players=2, opponents="random", seat=None, reward="score_diff")
    )
    before = win_rate(untrained, evals, seed=777, greedy=False)
    print(f"before training: win rate vs random {before:.0%} over {evals} games (uniform policy)")
    policy = train(episodes, args.seed, args.lr)
    after = win_rate(policy, evals, seed=777, greedy=True)
    print(f"after {episodes} training games: win rate vs random {after:.0%} over {evals} games")
    print(f"({time.perf_counter() - start:.1f} s)")
    return after


if __name__ == "__main__":
    main()
