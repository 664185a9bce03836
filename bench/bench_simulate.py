"""``kingdomino simulate``'s speed beside the engine's: random full games per second of each.

Run: ``.venv/bin/python bench/bench_simulate.py [--seconds 10] [--players 4]``. One core.

The engine figure is ``bench_classic.py``'s loop (no agents, no seeds, no record); the
simulate figure is :func:`kingdomino.arena.simulate.simulate` with ``random`` in every seat,
as ``kingdomino simulate --agents random,...`` plays. The two take turns in slices of a few
games, so a loaded machine slows both alike and their ratio stays meaningful.
"""

from __future__ import annotations

import argparse
import random
import time

from bench_classic import random_game
from kingdomino import make_game
from kingdomino.arena.simulate import simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0, help="total time, both figures together")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--game", default="kingdomino")
    parser.add_argument("--slice", type=int, default=20, help="games per turn of each")
    args = parser.parse_args()
    game = make_game(args.game, args.players)
    agents = ["random"] * args.players
    rng = random.Random(1)
    spent = {"engine": 0.0, "simulate": 0.0}
    played = {"engine": 0, "simulate": 0}
    start = time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        began = time.perf_counter()
        for _ in range(args.slice):
            random_game(game, rng)
        spent["engine"] += time.perf_counter() - began
        began = time.perf_counter()
        simulate(game, agents, args.slice, seed=played["simulate"])
        spent["simulate"] += time.perf_counter() - began
        played["engine"] += args.slice
        played["simulate"] += args.slice
    rates = {kind: played[kind] / spent[kind] for kind in spent}
    label = f"{args.game} {args.players} players"
    print(f"{label}: engine {rates['engine']:6.0f} games/s   simulate {rates['simulate']:6.0f} games/s")
    print(f"simulate / engine: {rates['simulate'] / rates['engine']:.2f}  ({played['engine']} games each)")


if __name__ == "__main__":
    main()
