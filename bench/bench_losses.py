"""Look at the games an agent lost: replay them from a results file and explain the kingdoms.

A tournament game is a pure function of its configuration and index when every agent has an
iteration budget, so a lost game is played again exactly, here with its record kept. The levels
also carry a time cap (a safety net): on a loaded machine it cuts a search short, the replay
then takes another course (marked "differs") and shows a game like the lost one, not the same.
For each lost game this prints every seat's score sheet (regions, bonuses) and writes the
record (``--records``) for ``kingdomino replay --verbose`` and ``kingdomino analyse``.

Run: ``.venv/bin/python bench/bench_losses.py RESULTS.jsonl [--agent hard] [--limit 5]
[--records DIR]``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from kingdomino.arena.match import play_game, seat_agents
from kingdomino.arena.tournament import deal_seed, read_results, seating
from kingdomino.games.registry import make_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("results", type=Path, help="a tournament's JSONL results")
    parser.add_argument("--agent", default=None, help="the agent whose losses to show (default: the first)")
    parser.add_argument("--limit", type=int, default=5, help="how many lost games to replay")
    parser.add_argument("--records", type=Path, default=None, help="write each replayed game's record here")
    args = parser.parse_args()
    config, outcomes = read_results(args.results)
    agent = args.agent or config.agents[0]
    lost = [o for o in outcomes if all(o.seats[w] != agent for w in o.winners)]
    print(f"{args.results}: {agent} lost {len(lost)} of {len(outcomes)} games")
    game = make_game(config.game, config.players, config.options)
    for outcome in lost[: args.limit]:
        seats = seating(config, outcome.index)
        seed = deal_seed(config, outcome.index)
        state, record = play_game(game, seat_agents(seats, seed), seed, names=seats)
        same = state.scores() == outcome.scores
        print(
            f"\n== game {outcome.index} (deal {seed}): scores {state.scores()}"
            + ("" if same else " (differs)")
        )
        for seat, name in enumerate(seats):
            sheet = state.score_sheet(seat)
            regions = ", ".join(f"{r.kind} {r.squares}x{r.multiplier}" for r in sheet.regions if r.points)
            bonuses = ", ".join(f"{b} {p}" for b, p in sheet.bonuses)
            mark = " <-" if name == agent else ""
            print(
                f"  seat {seat} {name:12s} {sheet.total:4d}: {regions}"
                + (f"; {bonuses}" if bonuses else "")
                + mark
            )
        if args.records is not None:
            args.records.mkdir(parents=True, exist_ok=True)
            record.dump(args.records / f"{args.results.stem}-game{outcome.index}.json")


if __name__ == "__main__":
    main()
