"""A finished game's replay steps are played on from kept states, not from the game's start.

Before, every ``/api/games/{id}/replay?step=N`` replayed the game's N first actions on the event
loop (5 ms a step of a 438-action Dynasty game, 12 ms its last steps; ``bench/bench_replay.py``),
and a client could ask long games' last steps in a tight loop. Each step's view is the same.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from kingdomino.core.game import CHANCE, State
from kingdomino.games.registry import make_game
from kingdomino.web import hub as hub_module
from kingdomino.web.app import create_app
from kingdomino.web.live import LiveGame
from kingdomino.web.replays import REPLAY_EVERY, Replays, replay_view
from kingdomino.web.stored import StoredAction, StoredGame
from kingdomino.web.table import Table


def finished_game(
    game: str, players: int, options: dict[str, Any], seed: int, game_id: str = "g"
) -> LiveGame:
    """A game played to its end with random legal moves and draws, as a finished live game."""
    rules = make_game(game, players, options)
    state = rules.new_initial_state()
    rng = random.Random(seed)
    actions: list[StoredAction] = []
    while not state.is_terminal():
        seat = state.current_player
        action = state.sample_chance(rng) if seat == CHANCE else rng.choice(state.legal_actions())
        actions.append(
            StoredAction(len(actions), seat, state.action_text(action), state.describe_action(action))
        )
        state.apply(action)
    seats = [{"kind": "ai", "name": f"AI {n}", "token": f"t{n}"} for n in range(players)]
    stored = StoredGame(
        game_id, game, players, options, seed, seats, "s", "finished", datetime.now(UTC), actions
    )
    return LiveGame(stored, rules, state)


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("duel", 2, {}), ("origins", 4, {"mode": "tribe"}), ("kingdomino", 3, {"middle_kingdom": True})],
)
def test_every_steps_view_is_the_one_replayed_from_the_start(
    game: str, players: int, options: dict[str, Any]
) -> None:
    live = finished_game(game, players, options, seed=3)
    steps = list(range(len(live.actions) + 1))
    random.Random(3).shuffle(steps)  # a client jumping about: states kept both below and above
    replays = Replays(every=5)
    for step in [*steps, *steps[:20]]:
        assert replay_view(live, step, replays) == replay_view(live, step), step


def test_a_step_plays_on_from_the_nearest_kept_state(monkeypatch: pytest.MonkeyPatch) -> None:
    live = finished_game("kingdomino", 4, {"dynasty": True}, seed=1)
    last = len(live.actions)
    replays = Replays(every=8)
    applied: list[int] = []
    state_class = type(live.state)
    apply = state_class.apply

    def counted(self: State, action: int) -> None:
        applied.append(action)
        apply(self, action)

    monkeypatch.setattr(state_class, "apply", counted)
    replay_view(live, last, replays)
    assert len(applied) == last  # the first time, from the start (the states on the way kept)
    for step in (last, last - 1, 7, 100, 0):
        applied.clear()
        replay_view(live, step, replays)
        assert len(applied) < 8, (step, len(applied))


def test_the_states_kept_are_bounded_and_go_with_their_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    replays = Replays(games=2)
    games = [finished_game("duel", 2, {}, seed=n, game_id=f"g{n}") for n in range(3)]
    for live in games:
        replays.state_at(live, len(live.actions))
    assert list(replays.held()) == ["g1", "g2"]  # the least recently replayed dropped
    assert replays.held()["g2"] == len(games[2].actions) // REPLAY_EVERY + 1

    hub = create_app(f"sqlite:///{tmp_path / 'games.sqlite3'}").state.hub
    kept, other = (Table(live.stored, live.game, live.state, hub) for live in games[:2])
    hub.tables[kept.id] = kept
    replay_view(kept, 10, hub.replays)
    assert kept.id in hub.replays.held()
    monkeypatch.setattr(hub_module, "MAX_IDLE_GAMES", 1)
    hub._keep(other)  # the least recently used idle game leaves the memory, with its states
    assert kept.id not in hub.tables and kept.id not in hub.replays.held()
