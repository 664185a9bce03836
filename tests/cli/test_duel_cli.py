"""The command line for Kingdomino Duel: score, simulate, replay and play."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from kingdomino.cli import app
from kingdomino.cli.play import play_interactive
from kingdomino.games.registry import make_game

runner = CliRunner()
MAP = """\
S1 S0 C  Q2 Q0
.  .  B0 .  .
domains S
"""


def test_score_a_duel_map_with_the_domains_power(tmp_path: Path) -> None:
    path = tmp_path / "map.txt"
    path.write_text(MAP)
    result = runner.invoke(app, ["score", str(path), "--game", "duel", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    # stripe 2x1 + quarters 2x2 + 2 stripe domains? one stripe domain: +3
    assert data["total"] == 2 + 4 + 3
    table = runner.invoke(app, ["score", str(path), "--game", "duel"])
    assert "crosses" in table.output and "9 points" in table.output


def test_score_refuses_a_bad_duel_map(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("S1 X0 C\n")
    result = runner.invoke(app, ["score", str(path), "--game", "duel"])
    assert result.exit_code == 2 and "line 1, column 4" in result.output
    path.write_text("S1 S1 S1 S1 C\n")
    result = runner.invoke(app, ["score", str(path), "--game", "duel"])
    assert result.exit_code == 2 and "outside the 5 x 7 map" in result.output
    path.write_text("S1 C C\n")
    assert "second castle" in runner.invoke(app, ["score", str(path), "--game", "duel"]).output


def test_simulate_duel_json() -> None:
    args = ["simulate", "--game", "duel", "--agents", "greedy,random", "--games", "3", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert len(lines) == 4 and lines[-1]["summary"]["games"] == 3
    wrong = runner.invoke(app, ["simulate", "--game", "duel", "--agents", "greedy,random,random"])
    assert wrong.exit_code == 2 and "2 players" in wrong.output


def test_replay_a_duel_record() -> None:
    path = Path(__file__).parent.parent / "duel" / "golden" / "greedy_random.json"
    result = runner.invoke(app, ["replay", str(path), "--verbose"])
    assert result.exit_code == 0, result.output
    assert "57" in result.output and "takes die" in result.output


def test_play_duel_with_typed_moves() -> None:
    answers = iter(["take 9", "nonsense", "1", *["1"] * 500])
    console = Console(record=True, width=120)
    record = play_interactive(make_game("duel", 2), ["human", "greedy"], 2, console, lambda _: next(answers))
    output = console.export_text()
    assert "Not understood" in output and "Spellbook" in output and "Winner" in output
    assert record.result is not None
