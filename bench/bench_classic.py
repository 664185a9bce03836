"""Kingdomino engine speed: random full games per second and legal-action generations per second.

Run: ``.venv/bin/python bench/bench_classic.py [--seconds 5] [--players 4]``. One core, pure Python.
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


def legal_generations_per_second(game: Game, seconds: float, seed: int) -> float:
    """Rate of ``legal_actions()`` calls on the decision states of random games."""
    rng = random.Random(seed)
    states: list[State] = []
    while len(states) < 2000:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state.apply_unchecked(state.sample_chance(rng))
            else:
                states.append(state.clone())
                legal = state.legal_actions()
                state.apply_unchecked(legal[int(rng.random() * len(legal))])
    calls, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for state in states:
            state.legal_actions()
        calls += len(states)
    return calls / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for label, game in (
        (f"kingdomino {args.players} players", make_game("kingdomino", args.players)),
        ("kingdomino 2 players", make_game("kingdomino", 2)),
        ("kingdomino mighty duel", make_game("kingdomino", 2, {"mighty_duel": True})),
    ):
        played, rate = games_per_second(game, args.seconds, args.seed)
        print(f"{label:28s} random full games/s: {rate:8.0f}  ({played} games)")
    game = make_game("kingdomino", args.players)
    rate = legal_generations_per_second(game, args.seconds, args.seed)
    print(f"kingdomino {args.players} players      legal-action generations/s: {rate:8.0f}")


if __name__ == "__main__":
    main()
