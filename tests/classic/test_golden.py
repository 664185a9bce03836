"""Golden records replay to their known final scores; bad records stop at the bad action."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kingdomino.core.records import GameRecord, RecordError, replay
from kingdomino.games.registry import make_game

GOLDEN = sorted(Path(__file__).with_name("golden").glob("*.json"))
#: Pinned here too, so a regenerated record cannot silently change the expected scores.
KNOWN_SCORES = {
    "four_greedy_random": [45, 16, 38, 15],
    "three_greedy": [30, 28, 37],
    "two_players_bonuses": [33, 12],
    "mighty_duel": [103, 124],
    "dynasty": [86, 40],
}


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_records_replay_to_their_scores(path: Path) -> None:
    record = GameRecord.load(path)
    game = make_game(record.game, len(record.players), record.options)
    outcome = replay(record, game)
    assert outcome.ok, (outcome.error, outcome.result_mismatch)
    assert outcome.state.is_terminal()
    assert record.result is not None
    assert outcome.state.scores() == record.result["scores"]
    assert outcome.state.winners() == record.result["winners"]
    assert outcome.state.scores() == KNOWN_SCORES[path.stem]


def test_there_are_golden_records_for_every_setup() -> None:
    options = [GameRecord.load(p).options for p in GOLDEN]
    assert any(o.get("mighty_duel") for o in options) and any(o.get("dynasty") for o in options)
    assert {len(GameRecord.load(p).players) for p in GOLDEN} == {2, 3, 4}


def golden(name: str) -> GameRecord:
    return GameRecord.load(Path(__file__).with_name("golden") / f"{name}.json")


def test_an_illegal_action_is_reported_with_its_index_and_nothing_after_it_applies() -> None:
    record = golden("four_greedy_random")
    index = next(i for i, a in enumerate(record.actions) if a.startswith("claim") and i > 20)
    record.actions[index] = "claim 48" if record.actions[index] != "claim 48" else "claim 1"
    outcome = replay(record, make_game("kingdomino", 4))
    assert outcome.error is not None
    assert outcome.error.index == index
    assert outcome.applied == index
    assert "claim" in outcome.error.reason


def test_a_malformed_action_is_reported() -> None:
    record = golden("three_greedy")
    record.actions[10] = "jump 3"
    outcome = replay(record, make_game("kingdomino", 3))
    assert outcome.error is not None and outcome.error.index == 10
    assert "expected 'place ROW,COL DIR'" in outcome.error.reason


def test_a_wrong_result_is_reported() -> None:
    record = golden("three_greedy")
    assert record.result is not None
    record.result["scores"] = [0, 0, 0]
    outcome = replay(record, make_game("kingdomino", 3))
    assert outcome.error is None and outcome.result_mismatch is not None


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ("[]", "JSON object"),
        ('{"game": 3}', "game"),
        ('{"game": "kingdomino", "players": "two", "actions": []}', "players"),
        ('{"game": "kingdomino", "players": ["a", "b"], "seed": "x", "actions": []}', "seed"),
        ('{"game": "kingdomino", "players": ["a", "b"], "actions": [1]}', "actions[0]"),
        ('{"game": "kingdomino", "players": ["a", "b"], "actions": "draw 1"}', "actions"),
        ('{"game": "kingdomino", "players": ["a"], "options": [], "actions": []}', "options"),
        ('{"format": "other/9", "game": "kingdomino", "players": [], "actions": []}', "format"),
        ("{not json", "not JSON"),
    ],
)
def test_record_validation_names_the_field(data: str, field: str) -> None:
    with pytest.raises(RecordError, match=field.replace("[", r"\[").replace("]", r"\]")):
        GameRecord.loads(data)


def test_record_round_trip() -> None:
    record = golden("mighty_duel")
    again = GameRecord.loads(json.dumps(record.to_json()))
    assert again == record
