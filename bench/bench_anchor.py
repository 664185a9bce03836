"""The paper's anchor figures under our rules: one agent against 3 others in 4-player Kingdomino.

Gedda et al. (2018) report their "full greedy" player at a mean of 55.7 points against 3
random players, and their best search agent at 69.2 against 3 greedy players; issue #5
takes the latter as its target. Their games were played on the game server of their
experiments (github.com/mratin/kdom), which holds kingdoms to 5x5 (``KingdomSizeValidator``)
and scores every kingdom with a centre bonus of 10 and a completeness bonus of 5
(``KingdomScorer``): the Middle Kingdom and Harmony rules. This prints what our players score
in the same line-ups under those rules and under the plain ones:

* ``plain``: the standard rules (5x5 kingdoms, no bonus);
* ``mk-harmony``: with the Middle Kingdom and Harmony bonuses (+10, +5), the paper's rules.

Each row plays ``--games`` games, the tested agent's seat rotating over the four seats.

Run: ``.venv/bin/python bench/bench_anchor.py [--games 400] [--workers 2]
[--agent greedy --agent heuristic] [--opponent random] [--rules plain --rules mk-harmony]``.
"""

from __future__ import annotations

import argparse
import statistics
from multiprocessing import Pool

from kingdomino.arena.match import play_game, seat_agents
from kingdomino.arena.stats import mean_interval, wilson_interval
from kingdomino.games.classic.game import ClassicGame

PLAYERS = 4
RULES = ("plain", "mk-harmony")


def make_configuration(rules: str) -> ClassicGame:
    bonuses = rules == "mk-harmony"
    return ClassicGame(PLAYERS, middle_kingdom=bonuses, harmony=bonuses)


Job = tuple[str, str, str, int]


def play(job: Job) -> tuple[float, int, float]:
    """One game: (the tested seat's share of the win, its score, the mean score of the others)."""
    rules, agent, opponent, index = job
    seat = index % PLAYERS
    specs = [opponent] * PLAYERS
    specs[seat] = agent
    seed = 20_000 + index // PLAYERS
    state, _ = play_game(make_configuration(rules), seat_agents(specs, seed), seed)
    scores = state.scores()
    others = [s for other, s in enumerate(scores) if other != seat]
    return state.returns()[seat], scores[seat], statistics.mean(others)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=400, help="games per row (seats rotate)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--agent", action="append", help="agent under test (repeatable; default greedy, heuristic)"
    )
    parser.add_argument("--opponent", default="random", help="the agent in the other three seats")
    parser.add_argument("--rules", action="append", choices=RULES, help="repeatable; default all")
    args = parser.parse_args()
    agents = args.agent or ["greedy", "heuristic"]
    print(f"4-player Kingdomino, one agent against 3 {args.opponent}, {args.games} games per row")
    print(f"{'rules':<12} {'agent':<28} {'mean score':>14} {'others':>7} {'win share':>22}")
    with Pool(args.workers) as pool:
        for rules in args.rules or RULES:
            for agent in agents:
                jobs = [(rules, agent, args.opponent, index) for index in range(args.games)]
                results = pool.map(play, jobs, chunksize=1)
                shares = [share for share, _, _ in results]
                scores = [float(score) for _, score, _ in results]
                others = statistics.mean(other for _, _, other in results)
                mean, half = mean_interval(scores)
                wins = sum(shares)
                win_low, win_high = wilson_interval(wins, len(shares))
                print(
                    f"{rules:<12} {agent:<28} {mean:>6.1f} ± {half:<4.1f} {others:>7.1f} "
                    f"{wins / len(shares):>8.1%} [{win_low:.1%}, {win_high:.1%}]"
                )


if __name__ == "__main__":
    main()
