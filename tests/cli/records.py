"""Game records for the command-line tests: the golden games and a record spoiled on purpose."""

from __future__ import annotations

from pathlib import Path

from kingdomino.core.records import GameRecord

GOLDEN = Path(__file__).parent.parent / "classic" / "golden"


def record_with_an_illegal_action(folder: Path) -> tuple[Path, int, GameRecord]:
    """The golden 3-player game written to ``folder`` with its first placement made ``claim 99``:
    the file, the index of the illegal action, and the record."""
    record = GameRecord.load(GOLDEN / "three_greedy.json")
    bad = next(i for i, text in enumerate(record.actions) if text.startswith("place"))
    record.actions[bad] = "claim 99"
    path = folder / "bad.json"
    record.dump(path)
    return path, bad, record
