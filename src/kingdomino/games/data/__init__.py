"""Component data (tiles, dice, cavemen) as JSON, loaded once per process."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def load(name: str) -> Any:
    """The parsed JSON data file ``name`` (e.g. ``"classic.json"``) of this package."""
    return json.loads(resources.files(__package__).joinpath(name).read_text(encoding="utf-8"))
