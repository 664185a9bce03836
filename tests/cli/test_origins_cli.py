"""The command line for Kingdomino Origins: score, simulate, replay and play in every mode."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from kingdomino.cli import app
from kingdomino.cli.play import play_interactive
from kingdomino.core.records import GameRecord
from kingdomino.games.registry import make_game

runner = CliRunner()
GOLDEN = Path(__file__).parent.parent / "origins" / "golden"


def test_score_a_territory_with_fires_and_the_optional_rules(tmp_path: Path) -> None:
    path = tmp_path / "territory.txt"
    path.write_text("G1 G0m F0*1\n.  H   D0\n")
    result = runner.invoke(app, ["score", str(path), "--game", "origins", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    # grassland 2 squares x 1 fire + forest 1 square x 1 marker fire (Discovery: resources score nothing)
    assert data["total"] == 2 + 1
    table = runner.invoke(app, ["score", str(path), "--game", "origins", "--variant", "fire-kingdom"])
    assert table.exit_code == 0 and "fires" in table.output and "13 points" in table.output


def test_score_refuses_a_bad_cell(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("G1 Z9\n.  H\n")
    result = runner.invoke(app, ["score", str(path), "--game", "origins"])
    assert result.exit_code == 2 and "line 1, column 4" in result.output


@pytest.mark.parametrize("mode", [[], ["--mode", "discovery"], ["--mode", "totem"]])
def test_score_refuses_cavemen_outside_tribe_mode(tmp_path: Path, mode: list[str]) -> None:
    """Cavemen are recruited in Tribe mode only: a territory with a hunter scored without
    ``--mode tribe`` counted 0 for him, silently (seed 004's two hunters: 0 points, not 18)."""
    path = tmp_path / "hunters.txt"
    path.write_text("G0m G0m G0\nG0m D0@HU D0\nD0 D0@HU G0m\nH . .\n")
    result = runner.invoke(app, ["score", str(path), "--game", "origins", *mode])
    assert result.exit_code == 2, result.output
    assert "--mode: " in result.output and "line 2, column 5" in result.output
    assert "tribe" in result.output


def test_score_refuses_a_resource_its_terrain_never_carries(tmp_path: Path) -> None:
    """Each resource lies on its own terrain (a flint on a quarry): a flint typed on a desert was
    counted as a resource in Totem mode (+1), a territory no box can lay."""
    path = tmp_path / "flint.txt"
    path.write_text("Q0k D0k\n.  H\n")
    result = runner.invoke(app, ["score", str(path), "--game", "origins", "--mode", "totem"])
    assert result.exit_code == 2, result.output
    assert "line 1, column 5" in result.output and "quarry" in result.output


@pytest.mark.parametrize("mode", ["discovery", "totem", "tribe"])
def test_simulate_every_mode(mode: str) -> None:
    args = [
        "simulate",
        "--game",
        "origins",
        "--mode",
        mode,
        "--agents",
        "greedy,random,random",
        "--games",
        "2",
    ]
    result = runner.invoke(
        app, [*args, "--json", "--variant", "homo-habilis", "--variant", "totem-tie=choose"]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.output.splitlines()[-1])["summary"]["games"] == 2


def test_bad_mode_and_option_are_refused() -> None:
    bad_mode = runner.invoke(
        app, ["simulate", "--game", "origins", "--mode", "stone", "--agents", "greedy,random"]
    )
    assert bad_mode.exit_code == 2 and "stone" in bad_mode.output
    bad = runner.invoke(
        app, ["simulate", "--game", "origins", "--agents", "greedy,random", "--variant", "harmony"]
    )
    assert bad.exit_code == 2 and "harmony" in bad.output


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.json")), ids=lambda p: p.stem)
def test_replay_origins_records(path: Path) -> None:
    record = GameRecord.load(path)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert record.result is not None and all(str(s) in result.output for s in record.result["scores"])


def test_play_tribe_in_the_terminal() -> None:
    answers = iter(["recruit 99", *["1"] * 2000])
    console = Console(record=True, width=140)
    game = make_game("origins", 2, {"mode": "tribe"})
    record = play_interactive(game, ["human", "greedy"], 4, console, lambda _: next(answers))
    assert record.result is not None and "Winner" in console.export_text()
