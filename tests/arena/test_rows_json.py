"""The JSON a tournament and a ladder write, byte for byte as kept in ``tests/arena/data``: a
fixed tournament (three seats: the won-drawn-lost record counts pairs) and a fixed ladder, so
that a change of how their rows are made (``elo.Rating``, ``tournament.AgentRow``) changes no
byte a researcher's scripts read. A change of the JSON on purpose is a new file there, the
command's output (the ladder's folder written ``<out>``), its diff read before it is committed."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from kingdomino.cli import app, normalise_argv

DATA = Path(__file__).parent / "data"
runner = CliRunner()


def output(args: list[str]) -> str:
    shown = runner.invoke(app, normalise_argv(args))
    assert shown.exit_code == 0, shown.output
    return shown.stdout.strip().splitlines()[-1] + "\n"


def same_as_kept(name: str, written: str) -> None:
    assert written == (DATA / name).read_text(encoding="utf-8"), f"{name}: the JSON written changed"


def test_a_tournament_s_json_is_as_kept() -> None:
    args = ["tournament", "--agents", "greedy", "random", "random", "--games", "9", "--seed", "3"]
    same_as_kept("tournament-3p.json", output([*args, "--bootstrap", "30", "--json"]))


def test_a_ladder_s_json_is_as_kept(tmp_path: Path) -> None:
    out = tmp_path / "ladder"
    args = ["ladder", "--agents", "random", "greedy", "-p", "2", "--games", "4", "--seed", "5"]
    written = output([*args, "--bootstrap", "20", "--out", str(out), "--json"])
    same_as_kept("ladder-2p.json", written.replace(json.dumps(str(out))[1:-1], "<out>"))
    assert (out / "ladder.json").read_text() == json.dumps(json.loads(written), indent=1) + "\n"
