"""Which build of kingdomino runs: the package's version, and the commit it was made from (its
short hash, its day, and whether files of the checkout differ from it), for a bug report, the
server's start line and ``GET /api/stats``.

The version alone (``0.1.0``) is the same for every build of the project, so it cannot tell two
installs apart. The commit is read from git when the package runs from a checkout (``pip
install -e .``), else from ``_commit.json``, which ``setup.py`` writes beside the modules when
``pip install .`` builds from a checkout; a build made elsewhere (a source archive) has none.

>>> Build("0.1.0", "787fa1cd", "2026-12-02", False).words()
'0.1.0 (commit 787fa1cd, 2026-12-02)'
>>> Build("0.1.0", "787fa1cd", "2026-12-02", True).words()
'0.1.0 (commit 787fa1cd, 2026-12-02, with local changes)'
>>> Build("0.1.0").words()
'0.1.0'
"""

from __future__ import annotations

import functools
import importlib.metadata
import json
import os
import subprocess
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

#: The file ``setup.py`` writes into an installed package: the commit it was built from.
COMMIT_FILE = "_commit.json"
#: The checkout whose ``src/kingdomino`` this module is in (``pip install -e .``, or ``PYTHONPATH=src``).
CHECKOUT = Path(__file__).resolve().parent.parent.parent


@dataclass(frozen=True)
class Build:
    """The package's version and the commit it was made from (empty when not known)."""

    version: str
    commit: str = ""
    committed: str = ""
    changed: bool = False

    def words(self) -> str:
        if not self.commit:
            return self.version
        changes = ", with local changes" if self.changed else ""
        return f"{self.version} (commit {self.commit}, {self.committed}{changes})"

    def json(self) -> dict[str, Any]:
        return asdict(self)


def git_commit(checkout: Path) -> dict[str, Any] | None:
    """The commit of the git checkout at ``checkout`` (``commit``, ``committed``: its day, UTC,
    ``changed``: a tracked file differs from it), or ``None`` (not a checkout, or no git)."""
    if not (checkout / ".git").exists():
        return None
    try:
        shown = subprocess.run(
            ["git", "-C", str(checkout), "log", "-1", "--format=%h %cd", "--date=format-local:%Y-%m-%d"],
            capture_output=True,
            text=True,
            timeout=10,
            env={**os.environ, "TZ": "UTC"},
        )
        status = subprocess.run(
            ["git", "-C", str(checkout), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    words = shown.stdout.split()
    if shown.returncode != 0 or len(words) != 2:
        return None
    return {
        "commit": words[0],
        "committed": words[1],
        "changed": status.returncode == 0 and bool(status.stdout),
    }


@functools.cache
def this_build() -> Build:
    """The build that runs (read once: git is asked at most once a process)."""
    try:
        version = importlib.metadata.version("kingdomino")
    except importlib.metadata.PackageNotFoundError:
        version = "unknown (not installed)"
    found = git_commit(CHECKOUT)
    if found is None:
        try:
            found = json.loads((Path(__file__).parent / COMMIT_FILE).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            found = None
    if not isinstance(found, dict):
        return Build(version)
    return Build(
        version, str(found.get("commit", "")), str(found.get("committed", "")), bool(found.get("changed"))
    )
