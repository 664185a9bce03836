"""Playout speed, what the search agents live on: playouts per second from a game's first decision.

A playout (``agents/playouts.py``) finishes a game from a state: chance sampled, every seat
moving by the policy's cheap choice. The rate from the first decision is the slowest of a
game (the longest playouts); ``mce`` and ``mcts`` run one per iteration.

Run: ``.venv/bin/python bench/bench_playouts.py [--seconds 3] [--policy player-heuristic ...]``.
One core; pure Python but for the grid's optional compiled flood fill
(``KINGDOMINO_PURE_PYTHON=1`` measures without it).
"""

from __future__ import annotations

import argparse
import random
import time

from kingdomino import make_game
from kingdomino.agents.playouts import POLICIES, playout
from kingdomino.core.game import CHANCE, OptionValue, State

#: label -> (game, players, options)
CONFIGURATIONS: dict[str, tuple[str, int, dict[str, OptionValue]]] = {
    "kingdomino 4p": ("kingdomino", 4, {}),
    "duel": ("duel", 2, {}),
    "origins discovery 4p": ("origins", 4, {"mode": "discovery"}),
    "origins totem 4p": ("origins", 4, {"mode": "totem"}),
    "origins tribe 4p": ("origins", 4, {"mode": "tribe"}),
}


def first_decision(name: str, players: int, options: dict[str, OptionValue], rng: random.Random) -> State:
    state = make_game(name, players, options).new_initial_state()
    while state.current_player == CHANCE:
        state.apply_unchecked(state.sample_chance(rng))
    return state


def playouts_per_second(start: State, policy: str, seconds: float, rng: random.Random) -> float:
    me = start.current_player
    played, begin = 0, time.perf_counter()
    while time.perf_counter() - begin < seconds:
        playout(start.clone(), me, policy, rng)
        played += 1
    return played / (time.perf_counter() - begin)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="per game and policy")
    parser.add_argument(
        "--policy",
        action="append",
        choices=list(POLICIES),
        help="repeatable; default: random, player-greedy, player-heuristic",
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    policies = args.policy or ["random", "player-greedy", "player-heuristic"]
    print(f"{'playouts/s from the first decision':36s}" + "".join(f"{p:>18s}" for p in policies))
    for label, (name, players, options) in CONFIGURATIONS.items():
        rng = random.Random(args.seed)
        start = first_decision(name, players, options, rng)
        rates = [playouts_per_second(start, policy, args.seconds, rng) for policy in policies]
        print(f"{label:36s}" + "".join(f"{rate:18.0f}" for rate in rates), flush=True)


if __name__ == "__main__":
    main()
