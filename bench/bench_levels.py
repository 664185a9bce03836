"""The named levels: seconds per move (mean, p95, max) and results against greedy.

Run: ``.venv/bin/python bench/bench_levels.py [--games 8] [--game kingdomino --players 4]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from kingdomino.agents import make_agent
from kingdomino.agents.levels import LEVELS
from kingdomino.core.game import CHANCE
from kingdomino.core.seeds import ChanceSampler, derive_seed
from kingdomino.games.registry import make_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="kingdomino")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=500)
    args = parser.parse_args()
    game = make_game(args.game, args.players)
    for level in LEVELS:
        seconds: list[float] = []
        wins = 0.0
        scores: list[int] = []
        for index in range(args.games):
            seed = args.seed + index
            seat = index % args.players
            agents = [
                make_agent(level if s == seat else "greedy", derive_seed(seed, "seat", s))
                for s in range(args.players)
            ]
            sampler = ChanceSampler(seed)
            state = game.new_initial_state()
            while not state.is_terminal():
                player = state.current_player
                if player == CHANCE:
                    state.apply_unchecked(sampler.sample(state))
                    continue
                start = time.perf_counter()
                action = agents[player].act(state)
                if player == seat:
                    seconds.append(time.perf_counter() - start)
                state.apply_unchecked(action)
            winners = state.winners()
            wins += 1.0 / len(winners) if seat in winners else 0.0
            scores.append(state.scores()[seat])
        seconds.sort()
        p95 = seconds[int(0.95 * (len(seconds) - 1))]
        print(
            f"{level:7s} ({LEVELS[level]}): s/move mean {statistics.mean(seconds):.3f} p95 {p95:.3f} "
            f"max {seconds[-1]:.3f}; vs {args.players - 1} greedy: win rate {100 * wins / args.games:.0f} %, "
            f"mean score {statistics.mean(scores):.1f} ({args.games} games)"
        )


if __name__ == "__main__":
    main()
