"""Kingdomino Duel engine speed: random full games per second and legal-action generations per second.

Run: ``.venv/bin/python bench/bench_duel.py [--seconds 5]``. One core, pure Python. Target: 2,000 games/s.
"""

from __future__ import annotations

import argparse

from bench_classic import games_per_second, legal_generations_per_second
from kingdomino import make_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = make_game("duel", 2)
    played, rate = games_per_second(game, args.seconds, args.seed)
    print(f"duel random full games/s: {rate:8.0f}  ({played} games)")
    rate = legal_generations_per_second(game, args.seconds, args.seed)
    print(f"duel legal-action generations/s: {rate:8.0f}")


if __name__ == "__main__":
    main()
