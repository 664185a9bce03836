"""Kingdomino Origins engine speed: random full games per second for each mode.

Run: ``.venv/bin/python bench/bench_origins.py [--seconds 5] [--players 4]``. One core, pure Python.
The target is at least 500 random full 4-player Tribe games per second.
"""

from __future__ import annotations

import argparse

from bench_classic import games_per_second
from kingdomino import make_game


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
