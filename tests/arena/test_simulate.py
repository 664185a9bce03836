"""``simulate`` plays without writing actions as text, and gives what ``play_game`` gives (issue #65)."""

from __future__ import annotations

import random

import pytest

from kingdomino.agents import registry
from kingdomino.agents.random_agent import RandomAgent
from kingdomino.arena.match import play_actions, play_game, reseat_agents, seat_agents
from kingdomino.arena.simulate import simulate
from kingdomino.core.game import OptionValue, State
from kingdomino.core.records import MoveRecord
from kingdomino.core.seeds import DerivedSeeds
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
    name: str, players: int, options: dict[str, OptionValue], specs: list[str]
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


#: A simulation: game, players, options, the seats' agents and the seed.
Simulation = tuple[str, int, dict[str, OptionValue], list[str], int]
#: Each game's scores and winners.
Results = list[tuple[list[int], list[int]]]

#: Results ``simulate`` gave before its seeding was made cheaper: a seed means the same games.
PINNED: list[tuple[Simulation, Results]] = [
    (
        ("kingdomino", 4, {}, ["random"] * 4, 1000),
        [([27, 20, 16, 23], [0]), ([8, 22, 21, 28], [3]), ([18, 13, 29, 17], [2]), ([15, 25, 15, 23], [1])],
    ),
    (
        ("kingdomino", 4, {}, ["random", "greedy", "random", "heuristic"], 7),
        [([13, 34, 13, 39], [3]), ([17, 43, 15, 40], [1]), ([16, 36, 23, 45], [3]), ([17, 41, 19, 55], [3])],
    ),
    (
        ("duel", 2, {}, ["greedy", "random"], 3),
        [([101, 23], [0]), ([71, 43], [0]), ([124, 14], [0]), ([89, 33], [0])],
    ),
    (
        ("origins", 3, {"mode": "tribe"}, ["random", "full-greedy", "random"], 11),
        [([11, 80, 25], [1]), ([15, 64, 14], [1]), ([12, 82, 23], [1]), ([32, 79, 23], [1])],
    ),
]


@pytest.mark.parametrize(("case", "expected"), PINNED)
def test_a_seed_gives_the_games_it_always_gave(case: Simulation, expected: Results) -> None:
    name, players, options, specs, seed = case
    summary = simulate(make_game(name, players, options), specs, games=4, seed=seed)
    assert [(r.seed, r.scores, r.winners) for r in summary.results] == [
        (seed + index, scores, winners) for index, (scores, winners) in enumerate(expected)
    ]


def test_a_reseeded_generator_gives_a_new_ones_stream() -> None:
    used = random.Random(1)
    used.random(), used.gauss(0, 1)  # a gauss leaves a value pending, which seed() clears
    for seed in (0, 5, 2**62 + 3):
        used.seed(seed)
        fresh = random.Random(seed)
        assert [used.random() for _ in range(50)] == [fresh.random() for _ in range(50)]
        assert used.gauss(0, 1) == fresh.gauss(0, 1) and used.getstate() == fresh.getstate()


def test_reseated_agents_play_as_new_ones() -> None:
    specs = ["random", "greedy", "full-greedy"]
    first = reseat_agents(specs, DerivedSeeds(4))
    again = reseat_agents(specs, DerivedSeeds(5), first)
    fresh = seat_agents(specs, 5)
    assert again[0] is first[0] and again[1] is first[1] and again[2] is not first[2]
    assert [a.rng.getstate() for a in again] == [a.rng.getstate() for a in fresh]


def test_a_plug_in_s_reseedable_agent_is_made_anew_each_game() -> None:
    registry._ADDED["shifted"] = lambda params, seed: RandomAgent(None if seed is None else seed + 1)
    try:
        first = reseat_agents(["shifted", "random"], DerivedSeeds(4))
        again = reseat_agents(["shifted", "random"], DerivedSeeds(5), first)
        fresh = seat_agents(["shifted", "random"], 5)
        assert again[0] is not first[0] and again[1] is first[1]
        assert [a.rng.getstate() for a in again] == [a.rng.getstate() for a in fresh]
    finally:
        del registry._ADDED["shifted"]


def test_a_subclass_is_not_reseedable_unless_it_says_so() -> None:
    class Counting(RandomAgent):
        moves = 0

    class Declared(RandomAgent):
        reseedable = True

    assert RandomAgent.reseedable and not Counting.reseedable and Declared.reseedable
