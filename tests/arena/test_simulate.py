"""``simulate`` plays without writing actions as text, and gives what ``play_game`` gives (issue #65)."""

from __future__ import annotations

import pytest

from kingdomino.arena.match import play_actions, play_game, seat_agents
from kingdomino.arena.simulate import simulate
from kingdomino.core.game import State
from kingdomino.core.records import MoveRecord
from kingdomino.games.classic.game import ClassicGame
from kingdomino.games.registry import make_game


def test_simulate_writes_no_action_text(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: object, action: int) -> str:
        raise AssertionError("simulate asked for an action's text")

    monkeypatch.setattr(ClassicGame, "action_text", refuse)
    summary = simulate(make_game("kingdomino", 4), ["random"] * 4, games=3, seed=5)
    assert summary.games == 3


@pytest.mark.parametrize(
    ("name", "players", "options", "specs"),
    [
        ("kingdomino", 4, {}, ["random", "greedy", "random", "greedy"]),
        ("duel", 2, {}, ["greedy", "random"]),
        ("origins", 3, {"mode": "tribe"}, ["random", "greedy", "random"]),
    ],
)
def test_the_fast_path_plays_the_games_play_game_plays(
    name: str, players: int, options: dict, specs: list[str]
) -> None:
    game = make_game(name, players, options)
    seen: list[State] = []
    state, actions = play_actions(game, seat_agents(specs, 9), 9, observer=lambda s, a: seen.append(s))
    full, record = play_game(game, seat_agents(specs, 9), 9)
    assert state == full and len(seen) == len(actions)
    assert record.actions == [game.action_text(a) for a in actions]
    assert MoveRecord.of(game, 9, actions).replay() == full
    summary = simulate(game, specs, games=1, seed=9)
    assert summary.results[0].scores == full.scores() and summary.results[0].winners == full.winners()
