"""The ``late`` search's speed: how long ``full-greedy`` playouts take from the first decision
of a game's last rounds, where a search with ``late=full-greedy`` spends its time.

Each root is a game played by ``full-greedy`` seats (seeded) up to the first decision with at
most ``--rounds`` rounds still to deal; from it, ``--playouts`` whole ``full-greedy`` playouts
(every seat) are timed in this process's CPU time (so that other work on the machine
does not skew the figure), and a fingerprint of their final scores is printed so that
two versions of the engine can be checked to play the very same games.

Run: ``.venv/bin/python bench/bench_late.py [--roots 4] [--playouts 40] [--rounds 6]``.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time

from kingdomino import make_game
from kingdomino.agents.full_greedy import BEST_ACTIONS, full_greedy_move
from kingdomino.agents.playouts import playout
from kingdomino.core.game import CHANCE, OptionValue, State

#: label -> (game, players, options)
CONFIGURATIONS: dict[str, tuple[str, int, dict[str, OptionValue]]] = {
    "kingdomino 4p, the paper's rules": ("kingdomino", 4, {"middle_kingdom": True, "harmony": True}),
    "kingdomino 4p": ("kingdomino", 4, {}),
    "kingdomino 2p": ("kingdomino", 2, {}),
    "origins discovery 4p": ("origins", 4, {"mode": "discovery"}),
}


def late_root(name: str, players: int, options: dict[str, OptionValue], rounds: int, seed: int) -> State:
    """The first decision of a ``full-greedy`` game with at most ``rounds`` rounds left to deal."""
    state = make_game(name, players, options).new_initial_state()
    rng = random.Random(seed)
    while True:
        if state.current_player == CHANCE:
            state.apply_unchecked(state.sample_chance(rng))
            continue
        left = state.rounds_to_deal()
        if left is not None and left <= rounds:
            return state
        state.apply_unchecked(full_greedy_move(state, rng))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--roots", type=int, default=4)
    parser.add_argument("--playouts", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args()
    for label, (name, players, options) in CONFIGURATIONS.items():
        roots = [late_root(name, players, options, args.rounds, seed) for seed in range(args.roots)]
        BEST_ACTIONS.clear()
        fingerprint = hashlib.sha256()
        started = time.process_time()
        for number, root in enumerate(roots):
            rng = random.Random(number)
            for _ in range(args.playouts):
                state = root.clone()
                playout(state, root.current_player, "full-greedy", rng)
                fingerprint.update(repr(state.scores()).encode())
        seconds = time.process_time() - started
        rate = args.roots * args.playouts / seconds
        print(f"{label:34} {rate:7.1f} playouts/s   games {fingerprint.hexdigest()[:12]}")


if __name__ == "__main__":
    main()
