"""The cost of a finished game's replay steps on the server (``GET /api/games/{id}/replay?step=N``).

Plays a long game with random legal moves (a Kingdomino Dynasty of 4 players, a 4-player Origins
Tribe, a Duel), makes it a finished live game as the server holds it, and times
``replays.replay_view`` for every step, forwards as the replay's "next" button asks them, then in a
shuffled order (a client jumping about), then the last ten steps again; each replayed from the
start (the way without kept states) and from the states kept (``replays.Replays``, the server's way). Prints
ms per step (median and mean). Each step's view is built as the server answers it, on its event
loop, so a machine busy with other work adds to every figure.

Run: ``PYTHONPATH=src .venv/bin/python bench/bench_replay.py [--seed 1] [--rounds 1]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from kingdomino.core.game import CHANCE
from kingdomino.games.registry import make_game
from kingdomino.web.live import LiveGame
from kingdomino.web.replays import Replays, replay_view
from kingdomino.web.stored import StoredAction, StoredGame

#: The games timed: (name, game, players, options).
GAMES: list[tuple[str, str, int, dict[str, Any]]] = [
    ("Kingdomino Dynasty, 4 players", "kingdomino", 4, {"dynasty": True}),
    ("Origins Tribe, 4 players", "origins", 4, {"mode": "tribe"}),
    ("Duel", "duel", 2, {}),
]


def finished_game(game: str, players: int, options: dict[str, Any], seed: int) -> LiveGame:
    """A game played to its end with random legal moves (and random draws), as a live game."""
    rules = make_game(game, players, options)
    state = rules.new_initial_state()
    rng = random.Random(seed)
    actions: list[StoredAction] = []
    while not state.is_terminal():
        seat = state.current_player
        action = state.sample_chance(rng) if seat == CHANCE else rng.choice(state.legal_actions())
        text, description = state.action_text(action), state.describe_action(action)
        actions.append(StoredAction(len(actions), seat, text, description))
        state.apply(action)
    seats = [{"kind": "ai", "name": f"AI {n}", "token": f"t{n}"} for n in range(players)]
    stored = StoredGame(
        "bench", game, players, options, seed, seats, "s", "finished", datetime.now(UTC), actions
    )
    return LiveGame(stored, rules, state)


def time_steps(steps: list[int], view: Callable[[int], Any]) -> str:
    """The median and the mean ms of ``view`` per step of ``steps``, in words."""
    times = []
    for step in steps:
        start = time.perf_counter()
        view(step)
        times.append((time.perf_counter() - start) * 1000)
    return f"{statistics.median(times):.2f} / {statistics.mean(times):.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    print("ms per step, median / mean: forwards (every step once), shuffled, the last ten steps")
    for name, game, players, options in GAMES:
        live = finished_game(game, players, options, arguments.seed)
        n = len(live.actions)
        orders = {
            "forwards": list(range(n + 1)),
            "shuffled": list(range(n + 1)),
            "last ten": list(range(n - 9, n + 1)),
        }
        random.Random(arguments.seed).shuffle(orders["shuffled"])
        print(f"{name}, {n} steps:")
        for way, replays in (("from the start", None), ("kept states", Replays())):

            def view(step: int, live: LiveGame = live, replays: Replays | None = replays) -> Any:
                return replay_view(live, step, replays)

            said = ", ".join(f"{order} {time_steps(steps, view)}" for order, steps in orders.items())
            print(f"  {way}: {said}")


if __name__ == "__main__":
    main()
