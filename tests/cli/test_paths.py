"""Paths a command writes are checked before its work: a refusal in words, not a traceback later."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kingdomino.cli import app, normalise_argv
from kingdomino.cli.paths import PathProblem, output_file


def test_a_checked_path_is_left_as_it_was(tmp_path: Path) -> None:
    new = tmp_path / "new" / "results.jsonl"
    assert output_file(new, "--out") == new and not new.exists() and new.parent.is_dir()
    kept = tmp_path / "kept.jsonl"
    kept.write_text("a line\n", encoding="utf-8")
    assert output_file(kept, "--out") == kept and kept.read_text(encoding="utf-8") == "a line\n"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc is Linux's")
def test_a_place_that_refuses_files_is_refused_by_its_option() -> None:
    """For root every permission says yes, yet /proc (or a read-only mount) refuses a new file:
    ``tournament --out /proc/x.jsonl`` ended in a traceback."""
    with pytest.raises(PathProblem, match=r"^--markdown: /proc/kingdomino\.md cannot be written \("):
        output_file(Path("/proc/kingdomino.md"), "--markdown")
    args = ["tournament", "--agents", "greedy", "random", "--games", "2", "--out", "/proc/kingdomino.jsonl"]
    refused = CliRunner().invoke(app, normalise_argv(args))
    assert refused.exit_code == 2 and "--out: /proc/kingdomino.jsonl cannot be written" in refused.output
