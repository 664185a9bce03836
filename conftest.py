"""What every test run shares.

Nothing is written into the checkout: Hypothesis keeps its files in the temporary folder and no
example database, and ``pyproject.toml`` turns pytest's cache off. The package's doctests
(``pytest src``) skip the RL adapters whose optional library is absent, and the whole ``rl``
package without numpy."""

from __future__ import annotations

import importlib.util
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis.configuration import set_hypothesis_home_dir

# Hypothesis's own files (the constants it collects from the code) out of the checkout; no
# example database; no deadline (a shared machine's load makes timings meaningless).
set_hypothesis_home_dir(Path(tempfile.gettempdir()) / "kingdomino-hypothesis")
settings.register_profile("checkout-clean", database=None, deadline=None)
settings.load_profile("checkout-clean")

_RL = "src/kingdomino/rl"
_NEEDS = {
    "openspiel_game.py": "pyspiel",
    "pettingzoo_env.py": "pettingzoo",
    "gymnasium_env.py": "gymnasium",
    "sb3_agent.py": "sb3_contrib",
    "ppo_training.py": "sb3_contrib",
}

collect_ignore = [
    f"{_RL}/{name}" for name, module in _NEEDS.items() if importlib.util.find_spec(module) is None
]
if importlib.util.find_spec("numpy") is None:
    collect_ignore = [_RL]


def pytest_configure(config: pytest.Config) -> None:
    """Each test's wall and CPU time into a CSV when asked (``tests/timing_plugin.py``, loaded by
    its path: the ``tests`` package is not importable yet when only ``tests/test_docs.py`` runs)."""
    if not os.environ.get("KINGDOMINO_TEST_TIMES"):
        return
    spec = importlib.util.spec_from_file_location(
        "timing_plugin", Path(__file__).parent / "tests" / "timing_plugin.py"
    )
    assert spec is not None and spec.loader is not None
    plugin = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(plugin)
    plugin.register(config)
