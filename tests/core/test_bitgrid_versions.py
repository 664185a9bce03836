"""The compiled grid (``kingdomino/core/_bitgrid.c``) builds and agrees with the pure-Python grid on
every Python version the package declares that this machine has, with the compiler's
count-trailing-zeros and with the portable one (``-DBS_PORTABLE``).

Each build goes into a temporary folder with a copy of ``kingdomino.core`` (standard library
only), and that version's interpreter compares the compiled methods with their pure-Python
definitions on random bitboards, negative and out-of-grid ints included.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

CORE = Path(__file__).resolve().parents[2] / "src" / "kingdomino" / "core"
#: The package's ``requires-python`` lower bound, and the newest version it may meet.
VERSIONS = [(3, minor) for minor in range(11, 15)]

_CHECK = """
import random
from kingdomino.core.grid import Grid

rng = random.Random(1)
for rows, cols in [(1, 1), (3, 3), (5, 8), (9, 9), (13, 13)]:
    grid = Grid(rows, cols)
    assert grid._compiled is not None, "the compiled grid was not loaded"
    bits = rows * grid.stride
    for trial in range(300):
        mask, seeds = rng.getrandbits(bits), rng.getrandbits(bits)
        if trial % 3 == 1:
            mask = ~mask
        elif trial % 3 == 2:
            mask |= rng.getrandbits(400)
        layers = [rng.getrandbits(bits) & mask for _ in range(trial % 5)]
        weights = [rng.randrange(-3, 9) for _ in layers]
        assert grid.regions_holding(mask, seeds) == grid.regions_holding_python(mask, seeds)
        assert grid.largest_region_size([mask, seeds]) == grid.largest_region_size_python([mask, seeds])
        assert grid.region_points(mask, layers, weights) == grid.region_points_python(mask, layers, weights)
        rows_of = [[rng.randrange(-2, 5) for _ in layers] for _ in layers]
        assert grid.surrounding_count(layers, layers, rows_of) == grid.surrounding_count_python(
            layers, layers, rows_of
        )
print("ok")
"""


def _interpreters() -> dict[tuple[int, int], str]:
    """An interpreter of each version of :data:`VERSIONS` found here (this one included)."""
    candidates = [sys.executable]
    for major, minor in VERSIONS:
        candidates.append(shutil.which(f"python{major}.{minor}") or "")
        candidates += glob.glob(os.path.expanduser(f"~/.pyenv/versions/{major}.{minor}.*/bin/python3"))
    found: dict[tuple[int, int], str] = {}
    for candidate in filter(None, candidates):
        try:
            run = subprocess.run(
                [candidate, "-c", "import sys; print(*sys.version_info[:2])"],
                capture_output=True,
                text=True,
                timeout=30,
            )
        except OSError:
            continue
        if run.returncode == 0:
            version = tuple(int(part) for part in run.stdout.split())
            if version in VERSIONS:
                found.setdefault((version[0], version[1]), candidate)
    return found


def _config(python: str) -> tuple[str, str]:
    """The include folder and extension suffix of an interpreter."""
    run = subprocess.run(
        [
            python,
            "-c",
            "import sysconfig; print(sysconfig.get_paths()['include']); "
            "print(sysconfig.get_config_var('EXT_SUFFIX'))",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    include, suffix = run.stdout.split()
    return include, suffix


COMPILER = shutil.which("cc") or shutil.which("gcc")
INTERPRETERS = _interpreters() if COMPILER else {}


@pytest.mark.skipif(COMPILER is None, reason="no C compiler")
def test_this_interpreter_is_tested() -> None:
    assert sys.version_info[:2] in INTERPRETERS


@pytest.mark.parametrize("portable", [False, True], ids=["builtin-ctz", "portable-ctz"])
@pytest.mark.parametrize("version", sorted(INTERPRETERS), ids=lambda v: f"py{v[0]}.{v[1]}")
def test_compiled_grid_builds_and_agrees(version: tuple[int, int], portable: bool, tmp_path: Path) -> None:
    assert COMPILER is not None
    python = INTERPRETERS[version]
    include, suffix = _config(python)
    if not Path(include, "Python.h").exists():
        pytest.skip(f"no Python.h for {python}")
    package = tmp_path / "kingdomino"
    shutil.copytree(CORE, package / "core", ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    (package / "__init__.py").write_text("")
    flags = ["-DBS_PORTABLE"] if portable else []
    build = subprocess.run(
        [
            COMPILER,
            "-shared",
            "-fPIC",
            "-O2",
            "-Wall",
            "-Werror",
            "-Wno-cast-function-type",
            *flags,
            f"-I{include}",
            str(CORE / "_bitgrid.c"),
            "-o",
            str(package / "core" / f"_bitgrid{suffix}"),
        ],
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr
    run = subprocess.run(
        [python, "-c", _CHECK],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(tmp_path), "KINGDOMINO_PURE_PYTHON": ""},
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "ok"
