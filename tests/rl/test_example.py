"""The training example runs (``--quick``) and its policy beats random."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_policy.py"


def test_train_policy_quick(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("train_policy", EXAMPLE)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    after = module.main(["--quick"])
    out = capsys.readouterr().out
    assert "before training" in out and "after 40 training games" in out
    assert after >= 0.6
