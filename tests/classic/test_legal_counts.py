"""Legal-action counts along fixed-seed games, pinned in a fixture (like chess perft files)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

FIXTURES = Path(__file__).with_name("fixtures")
spec = importlib.util.spec_from_file_location("make_legal_counts", FIXTURES / "make_legal_counts.py")
assert spec is not None and spec.loader is not None
generator = importlib.util.module_from_spec(spec)
spec.loader.exec_module(generator)
PINNED = json.loads((FIXTURES / "legal_counts.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", PINNED, ids=lambda c: f"{c['players']}p-{'-'.join(c['options']) or 'base'}")
def test_legal_counts_match_the_fixture(case: dict[str, Any]) -> None:
    now = generator.legal_counts(case["players"], case["options"], case["seed"])
    assert now["counts"] == case["counts"]
    assert now["actions"] == case["actions"]
    assert now["scores"] == case["scores"]
