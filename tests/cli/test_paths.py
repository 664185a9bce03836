"""Paths a command writes are checked before its work: a refusal in words, not a traceback later."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kingdomino.cli import app, normalise_argv
from kingdomino.cli.paths import PathProblem, output_file, output_paths


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


def test_a_refused_output_leaves_no_folder_behind(tmp_path: Path) -> None:
    """``ladder --out NEW --markdown BAD`` made ``NEW`` (empty) before refusing the page: every
    path is now checked before any folder is made."""
    a_file = tmp_path / "notes.txt"
    a_file.write_text("a file, not a folder\n", encoding="utf-8")
    out, pages = tmp_path / "results" / "ladder", tmp_path / "pages"
    ladder = ["ladder", "-p", "2", "--agents", "greedy", "random", "--games", "2", "--out", str(out)]
    for bad in (["--markdown", str(a_file / "ladder.md")], ["--ratings", str(tmp_path)]):
        refused = CliRunner().invoke(app, normalise_argv([*ladder, "--markdown", str(pages / "x.md"), *bad]))
        assert refused.exit_code == 2, refused.output
        assert f"error: {bad[0]}: " in " ".join(refused.output.split())
        assert sorted(path.name for path in tmp_path.iterdir()) == ["notes.txt"]  # no results/, no pages/


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc is Linux's")
def test_a_page_refused_by_the_system_leaves_no_folder_behind(tmp_path: Path) -> None:
    out = tmp_path / "ladder"
    args = ["ladder", "-p", "2", "--agents", "greedy", "random", "--games", "2", "--out", str(out)]
    refused = CliRunner().invoke(app, normalise_argv([*args, "--markdown", "/proc/kingdomino.md"]))
    assert refused.exit_code == 2 and "--markdown: /proc/kingdomino.md cannot be written" in refused.output
    assert not out.exists()
    with pytest.raises(PathProblem, match="--markdown"):
        output_paths(
            [(out, "--out")], [(tmp_path / "new" / "page.md", "--save"), (Path("/proc/x.md"), "--markdown")]
        )
    assert list(tmp_path.iterdir()) == []
