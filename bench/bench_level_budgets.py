"""Calibrate and check the AI levels' fixed search budgets: seconds per move on one core.

A level is a fixed number of search iterations per game (``kingdomino.agents.levels``), so it
is the same player on an idle or a loaded machine. This script plays ``--games`` games of each
game between copies of a level and prints, per game, the iterations per move (which equal the
budget unless the safety cap stopped a search) and the seconds per move (mean, p90, max).
``--time S`` instead runs the level's search with a time budget of S seconds and prints the
iterations it reached (min, mean): the figures the budgets were calibrated from.

Run: ``.venv/bin/python bench/bench_level_budgets.py --level hard [--games 2] [--time 1.5]
[--only duel] [--moves 200]`` (``--moves``: the first decisions of each game measured).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from kingdomino.agents import make_agent
from kingdomino.agents.levels import level_spec
from kingdomino.agents.search import SearchAgent
from kingdomino.core.game import CHANCE
from kingdomino.games.registry import make_game

CONFIGS = [
    ("kingdomino", 4, {}),
    ("kingdomino", 2, {}),
    ("duel", 2, {}),
    ("origins", 4, {"mode": "discovery"}),
    ("origins", 4, {"mode": "totem"}),
    ("origins", 4, {"mode": "tribe"}),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard")
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--time", type=float, default=None, help="search by time instead (calibration)")
    parser.add_argument("--moves", type=int, default=12, help="decisions measured per game")
    parser.add_argument("--only", help="one game (kingdomino, duel or origins)")
    args = parser.parse_args()
    print(f"level {args.level}: " + (f"time {args.time:.2f} s" if args.time else "fixed budgets"))
    print(f"{'configuration':<28} {'budget':>7} {'iter/move':>16} {'s/move mean':>12} {'p90':>6} {'max':>6}")
    for name, players, options in CONFIGS:
        if args.only and name != args.only:
            continue
        game = make_game(name, players, options)
        spec = level_spec(args.level, name, options.get("mode"))
        if args.time is not None:
            kind, params = spec.split(":", 1)
            kept = [p for p in params.split(",") if not p.startswith(("iterations=", "cap="))]
            spec = f"{kind}:" + ",".join([*kept, f"time={args.time}"])
        seconds: list[float] = []
        iterations: list[int] = []
        for index in range(args.games):
            rng = random.Random(index)
            state = game.new_initial_state()
            decisions = 0
            while not state.is_terminal() and decisions < args.moves:
                if state.current_player == CHANCE:
                    state.apply(state.sample_chance(rng))
                    continue
                agent = make_agent(spec, rng.getrandbits(32))
                start = time.perf_counter()
                action = agent.act(state)
                elapsed = time.perf_counter() - start
                if isinstance(agent, SearchAgent) and agent.last_iterations:
                    seconds.append(elapsed)
                    iterations.append(agent.last_iterations)
                    decisions += 1
                state.apply(action)
        budget = spec.split("iterations=")[1].split(",")[0] if "iterations=" in spec else "time"
        label = f"{name} {players}p {options.get('mode', '')}".strip()
        seconds.sort()
        print(
            f"{label:<28} {budget:>7} {min(iterations):>7}-{statistics.mean(iterations):<8.0f}"
            f" {statistics.mean(seconds):>12.2f} {seconds[int(0.9 * (len(seconds) - 1))]:>6.2f}"
            f" {seconds[-1]:>6.2f}"
        )


if __name__ == "__main__":
    main()
