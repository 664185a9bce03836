"""States compare by value, print readably and travel as compact records (issue #65)."""

from __future__ import annotations

import json
import pickle
import random

import pytest

from kingdomino.core.game import CHANCE, Game, OptionValue, State
from kingdomino.core.identity import freeze
from kingdomino.core.records import MoveRecord, RecordError
from kingdomino.games.classic.game import ClassicGame
from kingdomino.games.duel.state import DuelState
from kingdomino.games.registry import make_game

#: Origins in each of its modes, for each number of players.
ORIGINS_MODES: list[tuple[str, int, dict[str, OptionValue]]] = [
    ("origins", players, {"mode": mode}) for players in (2, 3, 4) for mode in ("discovery", "totem", "tribe")
]

#: Every game and mode, with the options that change the position or the flow.
CONFIGURATIONS: list[tuple[str, int, dict[str, OptionValue]]] = [
    ("kingdomino", 2, {}),
    ("kingdomino", 3, {"harmony": True, "middle_kingdom": True}),
    ("kingdomino", 4, {}),
    ("kingdomino", 2, {"mighty_duel": True}),
    ("kingdomino", 2, {"dynasty": True}),
    ("duel", 2, {}),
    *ORIGINS_MODES,
    ("origins", 3, {"mode": "tribe", "final_recruit": True, "totem_tie": "choose"}),
]
IDS = [
    f"{name}-{players}-{'-'.join(f'{k}={v}' for k, v in options.items())}"
    for name, players, options in CONFIGURATIONS
]


def step(state: State, rng: random.Random) -> int:
    """Apply one random action (chance sampled); return its code."""
    if state.current_player == CHANCE:
        action = state.sample_chance(rng)
    else:
        legal = state.legal_actions()
        action = legal[int(rng.random() * len(legal))]
    state.apply_unchecked(action)
    return action


def playout(game: Game, seed: int) -> tuple[State, list[int]]:
    rng = random.Random(seed)
    state = game.new_initial_state()
    actions = []
    while not state.is_terminal():
        actions.append(step(state, rng))
    return state, actions


@pytest.mark.parametrize(("name", "players", "options"), CONFIGURATIONS, ids=IDS)
def test_a_clone_equals_its_original_until_they_part(
    name: str, players: int, options: dict[str, OptionValue]
) -> None:
    game = make_game(name, players, options)
    rng = random.Random(players)
    state = game.new_initial_state()
    while not state.is_terminal():
        copy = state.clone()
        assert copy == state and hash(copy) == hash(state)
        if state.current_player != CHANCE and len(legal := state.legal_actions()) > 1:
            # Two choices of a seat lead apart (two draws may not: the last domino is drawn at once).
            other = state.clone()
            copy.apply_unchecked(legal[0])
            other.apply_unchecked(legal[-1])
            assert copy != other
        copy = state.clone()
        step(copy, rng)
        assert copy != state
        step(state, rng)
    assert state.clone() == state


def test_equality_is_of_the_position_not_the_path_nor_the_object() -> None:
    game = make_game("kingdomino", 2)
    assert isinstance(game, ClassicGame)
    first, second = game.new_initial_state(), game.new_initial_state()
    for number in (3, 8, 20, 41):  # a row drawn in two orders is sorted: the same position
        first.apply(game.draw_action(number))
    for number in (41, 20, 8, 3):
        second.apply(game.draw_action(number))
    assert first == second and len({first, second}) == 1
    assert game.new_initial_state() != make_game("kingdomino", 3).new_initial_state()
    assert game.new_initial_state() != make_game("kingdomino", 2, {"harmony": True}).new_initial_state()
    assert game.new_initial_state() != "a state"


def test_a_field_of_an_unknown_kind_is_refused_by_name() -> None:
    with pytest.raises(TypeError, match="pool: cannot compare a object"):
        freeze(object(), "pool")


@pytest.mark.parametrize(
    ("name", "players", "options"), CONFIGURATIONS[:6] + CONFIGURATIONS[-1:], ids=IDS[:6] + IDS[-1:]
)
def test_repr_shows_the_game_the_turn_the_scores_and_each_kingdom(
    name: str, players: int, options: dict[str, OptionValue]
) -> None:
    game = make_game(name, players, options)
    state, _ = playout(game, 3)
    text = repr(state)
    assert text.startswith(f"<{type(state).__name__} {game.describe()}: ")
    assert f"over; scores {state.scores()}" in text
    assert "over, over" not in text  # the stage's "round 12, over" says the end once
    assert text.count("\nseat ") == players
    assert " at 0x" not in text
    fresh = repr(game.new_initial_state())
    assert "chance to act" in fresh and ("round 0" in fresh or "round 1" in fresh)


def test_repr_kingdoms_are_the_scorers_text() -> None:
    from kingdomino.games.classic.scorer import score_text
    from kingdomino.games.duel.text import parse_map

    game = make_game("kingdomino", 2)
    state, _ = playout(game, 5)
    texts = state.kingdom_texts()
    assert [score_text(text, {}).total for text in texts] == state.scores()
    duel, _ = playout(make_game("duel", 2), 5)
    assert isinstance(duel, DuelState)
    maps = [parse_map(text) for text in duel.kingdom_texts()]
    assert [board.contents() for board, _ in maps] == [board.contents() for board in duel.boards]


@pytest.mark.parametrize(("name", "players", "options"), CONFIGURATIONS, ids=IDS)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_compact_record_round_trips_and_replays_to_an_equal_state(
    name: str, players: int, options: dict[str, OptionValue], seed: int
) -> None:
    game = make_game(name, players, options)
    state, actions = playout(game, seed)
    record = MoveRecord.of(game, seed, actions)
    again = MoveRecord.loads(record.dumps())
    assert again == record
    assert MoveRecord.from_json(json.loads(json.dumps(record.to_json()))) == record
    assert again.replay() == state
    assert again.replay(game) == state
    cut = MoveRecord.of(game, seed, actions[: len(actions) // 2])
    assert cut.replay() != state


def test_a_compact_record_is_much_smaller_than_a_pickle() -> None:
    game = make_game("kingdomino", 4)
    state, actions = playout(game, 1)
    assert len(MoveRecord.of(game, 1, actions).dumps()) * 10 < len(pickle.dumps(state))


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ([], "JSON object"),
        ({"format": "kingdomino-record/1"}, "format"),
        ({"format": "kingdomino-moves/1", "game": 1}, "game"),
        ({"format": "kingdomino-moves/1", "game": "duel", "players": "2"}, "players"),
        ({"format": "kingdomino-moves/1", "game": "duel", "players": 2, "options": []}, "options"),
        ({"format": "kingdomino-moves/1", "game": "duel", "players": 2, "seed": 1.5}, "seed"),
        ({"format": "kingdomino-moves/1", "game": "duel", "players": 2, "seed": 1, "actions": {}}, "actions"),
        (
            {"format": "kingdomino-moves/1", "game": "duel", "players": 2, "seed": 1, "actions": ["roll"]},
            "actions[0]",
        ),
    ],
)
def test_malformed_compact_records_name_the_field(data: object, field: str) -> None:
    with pytest.raises(RecordError, match=field.replace("[", r"\[").replace("]", r"\]")):
        MoveRecord.from_json(data)


def test_a_compact_record_refuses_an_illegal_action_and_another_game() -> None:
    game = make_game("kingdomino", 2)
    with pytest.raises(RecordError, match=r"actions\[1\]"):
        MoveRecord.of(game, None, [373, 373]).replay()
    with pytest.raises(RecordError, match="game: the record is of kingdomino for 2 players"):
        MoveRecord.of(game, None, []).replay(make_game("kingdomino", 3))
