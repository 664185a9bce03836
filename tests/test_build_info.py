"""``kingdomino --version`` names the build: the version and, from a git checkout or a package
``pip install .`` built from one, the commit (its short hash and day). The version alone was
0.1.0 for every build, which told an operator's bug report nothing."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kingdomino import build_info
from kingdomino.build_info import Build, git_commit
from kingdomino.cli import app

ROOT = Path(__file__).resolve().parent.parent


def test_the_version_names_the_commit_of_the_checkout() -> None:
    if not (ROOT / ".git").exists():
        pytest.skip("not run from a git checkout")
    shown = subprocess.run(
        ["git", "-C", str(ROOT), "log", "-1", "--format=%h"], capture_output=True, text=True, check=True
    )
    said = CliRunner().invoke(app, ["--version"])
    assert said.exit_code == 0
    assert said.output.startswith("kingdomino 0.") and f"(commit {shown.stdout.strip()}, 20" in said.output


def test_an_installed_package_names_the_commit_it_was_built_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No checkout beside the modules: the commit ``setup.py`` wrote at the build is read."""
    package = tmp_path / "kingdomino"
    package.mkdir()
    (package / build_info.COMMIT_FILE).write_text(
        json.dumps({"commit": "abc1234", "committed": "2026-11-29", "changed": False})
    )
    monkeypatch.setattr(build_info, "CHECKOUT", tmp_path / "site-packages")
    monkeypatch.setattr(build_info, "__file__", str(package / "build_info.py"))
    build_info.this_build.cache_clear()
    try:
        assert build_info.this_build().words().endswith(" (commit abc1234, 2026-11-29)")
        (package / build_info.COMMIT_FILE).unlink()
        build_info.this_build.cache_clear()
        assert "commit" not in build_info.this_build().words()
    finally:
        build_info.this_build.cache_clear()


def test_a_folder_that_is_no_checkout_has_no_commit(tmp_path: Path) -> None:
    assert git_commit(tmp_path) is None
    assert Build("0.1.0").json() == {"version": "0.1.0", "commit": "", "committed": "", "changed": False}


def test_a_build_from_a_checkout_writes_its_commit_into_the_package(tmp_path: Path) -> None:
    """``setup.py``'s ``build_py`` (what ``pip install .`` runs) writes ``_commit.json``."""
    if not (ROOT / ".git").exists():
        pytest.skip("not run from a git checkout")
    built = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert built.returncode == 0, built.stderr
    written = json.loads((tmp_path / "kingdomino" / build_info.COMMIT_FILE).read_text())
    assert written == git_commit(ROOT)
