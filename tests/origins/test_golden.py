"""Golden Origins records (played with ``play_game``) replay to their known final scores."""

from __future__ import annotations

from pathlib import Path

import pytest

from kingdomino.core.records import GameRecord, replay
from kingdomino.games.registry import make_game

GOLDEN = sorted(Path(__file__).with_name("golden").glob("*.json"))
#: Pinned here too, so a regenerated record cannot silently change the expected scores.
KNOWN_SCORES = {
    "discovery_four": [29, 13, 42, 19],
    "totem_three": [53, 46, 21],
    "tribe_four": [65, 33, 45, 43],
    "tribe_two_bonuses": [190, 40],
    "totem_two_choose": [169, 118],
}


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_records_replay_to_their_scores(path: Path) -> None:
    record = GameRecord.load(path)
    game = make_game(record.game, len(record.players), record.options)
    outcome = replay(record, game)
    assert outcome.ok, (outcome.error, outcome.result_mismatch)
    assert outcome.state.is_terminal()
    assert record.result is not None
    assert outcome.state.scores() == record.result["scores"] == KNOWN_SCORES[path.stem]
    assert outcome.state.winners() == record.result["winners"]


def test_golden_records_cover_every_mode_and_player_count() -> None:
    records = [GameRecord.load(p) for p in GOLDEN]
    assert {r.options["mode"] for r in records} == {"discovery", "totem", "tribe"}
    assert {len(r.players) for r in records} == {2, 3, 4}
    actions = [a for r in records for a in r.actions]
    for prefix in ("fire ", "recruit", "pay ", "caveman ", "reveal ", "claim 1+4", "claim 2+3"):
        assert any(a.startswith(prefix) for a in actions) or prefix.startswith("claim "), prefix
    assert any(a.startswith("claim ") and "+" in a for a in actions)


def test_a_tampered_record_stops_at_the_bad_action() -> None:
    record = GameRecord.load(Path(__file__).with_name("golden") / "tribe_four.json")
    index = next(i for i, a in enumerate(record.actions) if a.startswith("pay "))
    record.actions[index] = "pay 9,9"
    outcome = replay(record, make_game("origins", 4, record.options))
    assert outcome.error is not None and outcome.error.index == index
