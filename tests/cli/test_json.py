"""``replay --json`` and ``analyse --json``: every figure the tables show, by name, on stdout.

Like ``simulate`` and ``score``, each command that prints figures has ``--json``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.cli.records import record_with_an_illegal_action
from typer.testing import CliRunner

from kingdomino.cli import app
from kingdomino.core.records import GameRecord

runner = CliRunner()
GOLDEN = Path(__file__).parent.parent / "classic" / "golden"
ORIGINS = Path(__file__).parent.parent / "origins" / "golden"
DUEL = Path(__file__).parent.parent / "duel" / "golden"


def replay_json(path: Path, code: int = 0) -> dict[str, Any]:
    """``replay PATH --json``: its one JSON object, after checking the exit code."""
    result = runner.invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == code, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 1, result.stdout
    data: dict[str, Any] = json.loads(lines[0])
    return data


def test_replay_json_gives_the_game_and_its_result() -> None:
    path = GOLDEN / "four_greedy_random.json"
    record = GameRecord.load(path)
    data = replay_json(path)
    assert record.result is not None
    assert data == {
        "game": "kingdomino",
        "options": record.options,
        "players": record.players,
        "seed": record.seed,
        "actions": len(record.actions),
        "applied": len(record.actions),
        "finished": True,
        "scores": record.result["scores"],
        "winners": record.result["winners"],
    }


def test_replay_json_of_every_origins_record() -> None:
    for path in sorted(ORIGINS.glob("*.json")):
        record = GameRecord.load(path)
        data = replay_json(path)
        assert record.result is not None
        assert data["game"] == "origins" and data["finished"], path
        assert (data["scores"], data["winners"]) == (record.result["scores"], record.result["winners"])


def test_replay_json_reports_the_illegal_action_with_exit_code_1(tmp_path: Path) -> None:
    path, bad, record = record_with_an_illegal_action(tmp_path)
    data = replay_json(path, code=1)
    assert data["applied"] == bad and data["actions"] == len(record.actions)
    assert data["error"]["index"] == bad and data["error"]["action"] == "claim 99"
    assert data["error"]["reason"]
    assert data["finished"] is False and data["winners"] is None


def test_replay_json_of_an_unfinished_record_without_seed(tmp_path: Path) -> None:
    record = GameRecord.load(GOLDEN / "three_greedy.json")
    record.actions, record.result, record.seed = record.actions[:30], None, None
    path = tmp_path / "short.json"
    record.dump(path)
    data = replay_json(path)
    assert "seed" not in data and "error" not in data
    assert data["applied"] == data["actions"] == 30
    assert data["finished"] is False and data["winners"] is None and len(data["scores"]) == 3


def test_replay_json_says_a_false_result_with_exit_code_1(tmp_path: Path) -> None:
    record = GameRecord.load(GOLDEN / "three_greedy.json")
    assert record.result is not None
    record.result["scores"] = [0, 0, 0]
    path = tmp_path / "false.json"
    record.dump(path)
    data = replay_json(path, code=1)
    assert data["finished"] is True and "result.scores" in data["mismatch"]


def test_replay_json_takes_no_verbose() -> None:
    result = runner.invoke(app, ["replay", str(GOLDEN / "three_greedy.json"), "--json", "--verbose"])
    assert result.exit_code == 2 and "--verbose" in result.output


def test_analyse_json_names_every_figure() -> None:
    path = GOLDEN / "three_greedy.json"
    record = GameRecord.load(path)
    at = next(i for i, text in enumerate(record.actions) if text.startswith("place"))
    args = ["analyse", str(path), "--at", str(at), "--agent", "greedy", "--top", "3", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {key: data[key] for key in ("game", "at", "agent", "seed", "played")} == {
        "game": "kingdomino",
        "at": at,
        "agent": "greedy",
        "seed": 1,
        "played": record.actions[at],
    }
    assert data["player"] in (0, 1, 2)
    candidates = data["candidates"]
    assert [c["rank"] for c in candidates] == [1, 2, 3]
    assert all(c["action"].startswith("place") and "places" in c["move"] for c in candidates)
    assert all(isinstance(c["value"], float) and isinstance(c["playouts"], int) for c in candidates)
    table = runner.invoke(app, args[:-1])
    assert f"{candidates[0]['value']:.3f}" in table.output


def test_analyse_json_says_a_move_in_player_words() -> None:
    # Duel's move read "seat 0 takes die 4 (double_dot)" in the JSON and "double dot" in the table.
    args = ["analyse", str(DUEL / "greedy_greedy.json"), "--at", "1", "--agent", "greedy", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    moves = [c["move"] for c in json.loads(result.stdout)["candidates"]]
    assert any("double dot" in move for move in moves) and not any("_" in move for move in moves), moves
    assert all(c["action"].startswith("take ") for c in json.loads(result.stdout)["candidates"])
