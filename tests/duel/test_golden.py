"""Golden Duel records replay to their known final scores."""

from __future__ import annotations

from pathlib import Path

import pytest

from kingdomino.core.records import GameRecord, replay
from kingdomino.games.registry import make_game

GOLDEN = sorted(Path(__file__).with_name("golden").glob("*.json"))
KNOWN_SCORES = {
    "greedy_random": [57, 30],
    "greedy_greedy": [100, 48],
    "random_random": [33, 39],
}


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_records_replay_to_their_scores(path: Path) -> None:
    record = GameRecord.load(path)
    outcome = replay(record, make_game("duel", 2))
    assert outcome.ok, (outcome.error, outcome.result_mismatch)
    assert outcome.state.is_terminal()
    assert outcome.state.scores() == KNOWN_SCORES[path.stem]


def test_golden_records_cover_powers_jokers_bonus_and_passes() -> None:
    words = {a.split()[0] for p in GOLDEN for a in GameRecord.load(p).actions}
    assert {"power", "coat", "bonus", "pass", "die", "domains", "cross"} <= words


def test_an_illegal_drawing_is_reported_with_its_index() -> None:
    record = GameRecord.load(GOLDEN[0])
    index = next(i for i, a in enumerate(record.actions) if a.startswith("draw") and i > 30)
    record.actions[index] = "draw -2,-3 E" if record.actions[index] != "draw -2,-3 E" else "draw 2,2 E"
    outcome = replay(record, make_game("duel", 2))
    assert outcome.error is not None and outcome.error.index == index and outcome.applied == index
