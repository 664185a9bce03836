"""The bench scripts as modules for their tests (``bench/`` is a folder of scripts, not a package),
and the tournament results those tests feed them."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from kingdomino.arena.tournament import GameOutcome

BENCH = Path(__file__).resolve().parents[2] / "bench"


def load_bench(name: str) -> ModuleType:
    """``bench/NAME.py`` loaded as a module (its ``main`` not run)."""
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def game(index: int, deal: int, seats: list[str], scores: list[int], winners: list[int]) -> GameOutcome:
    """One game's result as a tournament records it, its moves and time left out."""
    return GameOutcome(index, deal, seats, scores, winners, 0, 0.0)
