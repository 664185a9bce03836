"""Strength of the search agents against one-ply opponents (issue targets), printed as tables.

Each configuration is a tournament with seats rotated: the agent under test in one seat,
the opponent (``--opponent``, default ``greedy``; ``full-greedy`` is the paper's yardstick,
``heuristic`` the strongest one-ply player in most configurations) in the others. Full runs
take long (200 games at 1 s per move is about 20 s a game for 4-player Kingdomino);
``--games`` and ``--agent`` make quicker runs. An agent with
``workers=2`` uses both cores for each move: run its games one at a time (``--workers 1``).

Issue #5's Kingdomino target (mean 70 against the paper's 69.2) is set in the paper's rules,
``kingdomino-mk-harmony``: Gedda et al. played on a game server that scores every kingdom
with the Middle Kingdom and Harmony bonuses (README, "Strength").

Run: ``.venv/bin/python bench/bench_strength.py --games 200 --workers 2 [--only kingdomino]
[--opponent full-greedy] [--out bench/results/NAME]`` (one ``--out`` folder per agent and
opponent: a results file refuses another tournament). ``docs/strength.md`` has the commands.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from kingdomino.arena.executors import run_games
from kingdomino.arena.tournament import GameOutcome, ResultsFile, TournamentConfig, summarise
from kingdomino.core.game import OptionValue
from kingdomino.games.registry import game_names

#: The strongest agent measured, at the issue's 1 s per move (the ``hard`` level runs it at 1.5 s).
BEST_AGENT = "mce:time=1,playout=player-heuristic,prior=heuristic,scale=80"

#: name -> (game, players, options); the issue's targets are in the README.
CONFIGURATIONS: dict[str, tuple[str, int, dict[str, OptionValue]]] = {
    # the paper's rules: its game server adds the Middle Kingdom and Harmony bonuses to every kingdom
    "kingdomino-mk-harmony": ("kingdomino", 4, {"middle_kingdom": True, "harmony": True}),
    "kingdomino": ("kingdomino", 4, {}),
    "duel": ("duel", 2, {}),
    "origins-discovery": ("origins", 4, {"mode": "discovery"}),
    "origins-totem": ("origins", 4, {"mode": "totem"}),
    "origins-tribe": ("origins", 4, {"mode": "tribe"}),
    # the player counts and variants issue #27 adds
    "kingdomino-2p": ("kingdomino", 2, {}),
    "kingdomino-3p": ("kingdomino", 3, {}),
    "mighty-duel": ("kingdomino", 2, {"mighty_duel": True}),
    "dynasty": ("kingdomino", 4, {"dynasty": True}),
    "origins-neolithic": ("origins", 2, {"mode": "discovery"}),
    "origins-3p": ("origins", 3, {"mode": "discovery"}),
}
#: Configurations a full run covers unless ``--only`` names others (the original six).
DEFAULT = (
    "kingdomino-mk-harmony",
    "kingdomino",
    "duel",
    "origins-discovery",
    "origins-totem",
    "origins-tribe",
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--agent", default=BEST_AGENT, help="the agent under test")
    parser.add_argument("--opponent", default="greedy", help="the agent in every other seat")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", action="append", help="configuration names (repeatable)")
    parser.add_argument("--out", type=Path, default=Path("bench-results"), help="JSONL results folder")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name, (game, players, options) in CONFIGURATIONS.items():
        if (args.only and name not in args.only) or (not args.only and name not in DEFAULT):
            continue
        if game not in game_names():
            print(f"{name}: game {game!r} is not available")
            continue
        agents = [args.agent] + [args.opponent] * (players - 1)
        config = TournamentConfig(game, players, options, agents, args.games, args.seed)
        results = ResultsFile(args.out / f"{name}.jsonl", config)
        outcomes = results.load()
        results.start(outcomes)
        done = {o.index for o in outcomes}
        todo = [i for i in range(args.games) if i not in done]
        for outcome in run_games(config, todo, "local", args.workers):
            outcomes.append(outcome)
            results.append(outcome)
        print(f"== {name}: {len(outcomes)} games, {args.agent} against {players - 1} {args.opponent}")
        print("\n".join(summary_lines(outcomes, players)))


def summary_lines(outcomes: list[GameOutcome], players: int) -> list[str]:
    """Each agent's win rate and mean score; a single deal has no spread to measure, so its
    means stand alone, as the tournament prints them, and a line says how to get an interval."""
    spread = len({outcome.seed for outcome in outcomes}) > 1
    lines = [
        f"  {row.agent:28s} win rate {100 * row.wins / row.appearances:5.1f} % "
        f"[{100 * row.win_low:5.1f}, {100 * row.win_high:5.1f}]  "
        f"mean score {row.mean_score:6.1f}" + (f" ± {row.score_half_width:4.1f}" if spread else "")
        for row in summarise(outcomes)
    ]
    if not spread:
        lines.append(
            f"  one deal only: no interval for the mean scores; --games {2 * players} or more plays two deals"
        )
    return lines


if __name__ == "__main__":
    main()
