"""The engine's heuristic (``games/domino/outlook.py``) measured: a one-ply player on it against 3 greedy.

Each row is the ``heuristic`` agent (one ply on ``State.fast_estimates``) in one seat and
the opponent (``--opponent``, default ``greedy``) in the other three, seats rotated over the
same deals; the game's outlook weights are changed for that row only (``Game.outlook``).
The first row is the opponent itself: an even share of the wins is 0.25. The rows with one
term off show what each term is worth, which is how each was kept; ``--sweep`` adds each
weight doubled and halved (is the game's weight at an optimum?).

Run: ``.venv/bin/python bench/bench_outlook.py [--deals 250] [--workers 2] [--only kingdomino]
[--opponent full-greedy] [--sweep]`` (a deal is played in all 4 rotations; Origins plays
several times slower than Kingdomino; ``kingdomino-mk-harmony`` is the paper's rules).
"""

from __future__ import annotations

import argparse
import statistics
from dataclasses import dataclass, replace
from multiprocessing import Pool

from kingdomino import make_game
from kingdomino.arena.match import play_game, seat_agents
from kingdomino.arena.stats import mean_interval, wilson_interval
from kingdomino.core.game import OptionValue
from kingdomino.games.domino.outlook import KINGDOMINO_OUTLOOK, ORIGINS_OUTLOOK, OutlookWeights

PLAYERS = 4

#: name -> (game, options, the game's own weights).
CONFIGURATIONS: dict[str, tuple[str, dict[str, OptionValue], OutlookWeights]] = {
    "kingdomino": ("kingdomino", {}, KINGDOMINO_OUTLOOK),
    "kingdomino-mk-harmony": ("kingdomino", {"middle_kingdom": True, "harmony": True}, KINGDOMINO_OUTLOOK),
    "origins-discovery": ("origins", {"mode": "discovery"}, ORIGINS_OUTLOOK),
    "origins-totem": ("origins", {"mode": "totem"}, ORIGINS_OUTLOOK),
    "origins-tribe": ("origins", {"mode": "tribe"}, ORIGINS_OUTLOOK),
}


@dataclass(frozen=True)
class Row:
    label: str
    agent: str
    weights: OutlookWeights


def rows_for(weights: OutlookWeights, opponent: str, sweep: bool) -> list[Row]:
    """The opponent, the heuristic with the game's weights, then with each term off (and the row
    place reversed); with ``sweep``, each term doubled and halved as well."""
    rows = [
        Row(f"{opponent} (even share)", opponent, weights),
        Row("heuristic", "heuristic", weights),
        Row("  without joined squares", "heuristic", replace(weights, join=0.0)),
        Row("  without dead squares", "heuristic", replace(weights, dead=0.0)),
        Row("  without row place", "heuristic", replace(weights, row_place=0.0)),
        Row("  row place reversed", "heuristic", replace(weights, row_place=-weights.row_place)),
    ]
    if sweep:
        for term, label in (("join", "joined squares"), ("dead", "dead squares"), ("row_place", "row place")):
            for factor, how in ((2.0, "doubled"), (0.5, "halved")):
                changed = replace(weights, **{term: getattr(weights, term) * factor})
                rows.append(Row(f"  {label} {how}", "heuristic", changed))
    return rows


Job = tuple[str, dict[str, OptionValue], str, str, OutlookWeights, int, int]


def play(job: Job) -> tuple[float, int, float]:
    """One game: (the tested seat's share of the win, its score, the mean score of the others)."""
    name, options, agent, opponent, weights, deal, seat = job
    game = make_game(name, PLAYERS, options)
    game.outlook = weights  # type: ignore[attr-defined]  # the games with a heuristic have it
    specs = [opponent] * PLAYERS
    specs[seat] = agent
    seed = 10_000 + deal
    state, _ = play_game(game, seat_agents(specs, seed), seed)
    scores = state.scores()
    others = [s for other, s in enumerate(scores) if other != seat]
    return state.returns()[seat], scores[seat], statistics.mean(others)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=250, help="deals, each played in all 4 rotations")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", action="append", choices=list(CONFIGURATIONS), help="repeatable")
    parser.add_argument("--opponent", default="greedy", help="the three other seats' agent")
    parser.add_argument("--sweep", action="store_true", help="add each weight doubled and halved")
    args = parser.parse_args()
    with Pool(args.workers) as pool:
        for config, (name, options, weights) in CONFIGURATIONS.items():
            if args.only and config not in args.only:
                continue
            print(f"== {config}: one seat against 3 {args.opponent}, {args.deals * PLAYERS} games per row")
            print(f"   weights: {weights}")
            print(f"   {'row':28s} {'win share [95 %]':>22s} {'mean score':>14s} {'others':>7s}")
            for row in rows_for(weights, args.opponent, args.sweep):
                jobs = [
                    (name, options, row.agent, args.opponent, row.weights, deal, seat)
                    for deal in range(args.deals)
                    for seat in range(PLAYERS)
                ]
                results = pool.map(play, jobs, chunksize=16)
                shares = sum(share for share, _, _ in results)
                low, high = wilson_interval(shares, len(results))
                mine = [score for _, score, _ in results]
                mean, half = mean_interval(mine)
                others = statistics.mean(other for _, _, other in results)
                print(
                    f"   {row.label:28s} {shares / len(results):6.3f} [{low:5.3f}, {high:5.3f}]"
                    f" {mean:7.1f} ± {half:4.1f} {others:7.1f}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
