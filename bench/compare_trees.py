"""Compare the engine's speed of two source trees by instructions, not by seconds.

On a shared 2-core machine, games/s vary by 5-10 % from run to run, more than most engine
changes. Valgrind's ``callgrind`` counts the machine instructions a run executes, which
does not depend on the load: the same fixed-seed random games cost the same count every time.
This script counts, for each tree and case, the instructions of ``--games`` random games
minus those of importing and setting up (a run of zero games), per game.

Run (needs ``valgrind``; ``apt-get install valgrind``)::

    git worktree add /tmp/before <commit>      # or: git archive <commit> src | tar -x -C /tmp/before
    .venv/bin/python bench/compare_trees.py /tmp/before/src src --cases k4,k2,od

Cases ``s4`` and ``s2`` count ``kingdomino simulate``'s random 4- and 2-player games instead
(its seeding, agents and final scores included), to set beside ``k4`` and ``k2``.

The compiled grid helper is loaded from each tree's ``src/kingdomino/core``; copy the built
``_bitgrid*.so`` into a tree that has none, or set ``KINGDOMINO_PURE_PYTHON=1`` for both.
Under callgrind a game runs about 50 times slower: 30 games per case take a few seconds.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys

from bench_classic import random_game
from kingdomino import make_game
from kingdomino.arena.simulate import simulate

#: Case name -> game name, players, options.
CASES: dict[str, tuple[str, int, dict[str, bool | int | str]]] = {
    "k4": ("kingdomino", 4, {}),
    "k2": ("kingdomino", 2, {}),
    "md": ("kingdomino", 2, {"mighty_duel": True}),
    "duel": ("duel", 2, {}),
    "od": ("origins", 4, {"mode": "discovery"}),
    "ot": ("origins", 4, {"mode": "totem"}),
    "or": ("origins", 4, {"mode": "tribe"}),
}

#: Cases played by ``kingdomino simulate`` with ``random`` in every seat (seeds, agents and
#: final scores included) rather than by the bare engine loop: case name -> engine case.
SIMULATE_CASES: dict[str, str] = {"s4": "k4", "s2": "k2"}


def play(case: str, games: int, seed: int) -> None:
    """Play ``games`` random games of ``case`` with chance and choices from one seeded generator,
    or, for a simulate case, as ``simulate`` plays them from ``seed``."""
    name, players, options = CASES[SIMULATE_CASES.get(case, case)]
    game = make_game(name, players, options)
    if case in SIMULATE_CASES:
        simulate(game, ["random"] * players, games, seed)
        return
    rng = random.Random(seed)
    for _ in range(games):
        random_game(game, rng)


def instructions(tree: str, case: str, games: int, seed: int) -> int:
    """Instructions callgrind counts for ``games`` games of ``case`` with ``tree`` first on the path."""
    env = dict(os.environ, PYTHONPATH=tree, PYTHONHASHSEED="0")
    command = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        __file__,
        "--play",
        case,
        "--games",
        str(games),
        "--seed",
        str(seed),
    ]
    run = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    found = re.search(r"refs:\s*([\d,]+)", run.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in callgrind's output:\n{run.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("trees", nargs="*", help="two source trees (the folders holding kingdomino/)")
    known = ", ".join([*CASES, *SIMULATE_CASES])
    parser.add_argument("--cases", default="k4,k2,md,od", help=f"comma-separated, of {known}")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--play", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        play(args.play, args.games, args.seed)
        return
    if len(args.trees) != 2:
        parser.error("give two source trees: before and after")
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not installed (apt-get install valgrind)")
    before, after = (os.path.abspath(tree) for tree in args.trees)
    for case in args.cases.split(","):
        if case not in CASES and case not in SIMULATE_CASES:
            parser.error(f"--cases: unknown case {case!r}; expected one of {known}")
        per_game = []
        for tree in (before, after):
            played = instructions(tree, case, args.games, args.seed)
            setup = instructions(tree, case, 0, args.seed)
            per_game.append((played - setup) / args.games)
        change = 100 * (per_game[1] / per_game[0] - 1)
        before_text, after_text = (f"{count:12,.0f}" for count in per_game)
        print(f"{case:5s} instructions/game: before {before_text}  after {after_text}  {change:+.1f} %")


if __name__ == "__main__":
    main()
