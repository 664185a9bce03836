"""What ``pip install .`` (not ``-e``) puts beside the modules: every data file the package reads
at run time, as ``pyproject.toml``'s package-data globs name them. A file left out installs
without a word and fails only when the server imports the module that reads it (``web/data/
clocks.json`` once did: ``kingdomino serve`` ended in a traceback on a fresh virtualenv)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).parent.parent
PACKAGE = ROOT / "src" / "kingdomino"
#: Not data: sources, built modules, and notes for the maintainers.
NOT_DATA = {".py", ".pyc", ".so", ".c", ".h", ".md"}


def packaged() -> set[Path]:
    """The files setuptools adds to a wheel by the package-data globs (relative to the package)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = config["tool"]["setuptools"]["package-data"]["kingdomino"]
    return {path.relative_to(PACKAGE) for pattern in globs for path in PACKAGE.glob(pattern)}


def test_every_data_file_is_installed() -> None:
    data = {
        path.relative_to(PACKAGE)
        for path in PACKAGE.rglob("*")
        if path.is_file() and path.suffix not in NOT_DATA and "__pycache__" not in path.parts
    }
    assert sorted(str(path) for path in data - packaged()) == []
