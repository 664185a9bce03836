"""Kingdomino Origins engine speed: random full games per second for each mode.

Run: ``.venv/bin/python bench/bench_origins.py [--seconds 5] [--players 4]``. One core, pure Python.
The target is at least 500 random full 4-player Tribe games per second.
"""

from __future__ import annotations

import argparse
import random
import time

from kingdomino import make_game
from kingdomino.core.game import CHANCE, Game, State


def random_game(game: Game, rng: random.Random) -> State:
    """A full game with uniformly random legal actions and chance from ``rng``."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply_unchecked(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply_unchecked(legal[int(rng.random() * len(legal))])
    return state


def games_per_second(game: Game, seconds: float, seed: int) -> tuple[int, float]:
    rng = random.Random(seed)
    played, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        random_game(game, rng)
        played += 1
    return played, played / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for mode in ("discovery", "totem", "tribe"):
        game = make_game("origins", args.players, {"mode": mode})
        played, rate = games_per_second(game, args.seconds, args.seed)
        print(f"origins {mode:9s} {args.players} players  random full games/s: {rate:8.0f}  ({played} games)")


if __name__ == "__main__":
    main()
