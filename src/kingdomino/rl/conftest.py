"""Doctest collection of this package: skip the adapters whose optional library is absent."""

from __future__ import annotations

import importlib.util

_NEEDS = {
    "openspiel_game.py": "pyspiel",
    "pettingzoo_env.py": "pettingzoo",
    "gymnasium_env.py": "gymnasium",
}

collect_ignore = [name for name, module in _NEEDS.items() if importlib.util.find_spec(module) is None]
if importlib.util.find_spec("numpy") is None:
    collect_ignore = ["."]
