"""The training example runs (``--quick``) and its policy beats random."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

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


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_policy", EXAMPLE)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["--seed", "-1"], "argument --seed: expected a whole number of at least 0, got -1"),
        (["--eval", "0"], "argument --eval: expected a whole number of at least 1, got 0"),
        (["--episodes", "-3"], "argument --episodes: expected a whole number of at least 0, got -3"),
        (["--episodes", "many"], "argument --episodes: invalid whole number value: 'many'"),
    ],
)
def test_a_bad_option_is_refused_in_words(
    words: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A negative seed was numpy's ``ValueError`` and ``--eval 0`` a ``ZeroDivisionError``,
    each after the games before it; ``--episodes -3`` trained on nothing and said "after -3"."""
    with pytest.raises(SystemExit) as stopped:
        load_example().main(words)
    assert stopped.value.code == 2
    assert f": error: {said}" in capsys.readouterr().err


def test_quick_keeps_the_counts_given_beside_it(capsys: pytest.CaptureFixture[str]) -> None:
    """``--quick --eval 5`` evaluated on 30 games: ``--quick`` silently replaced the counts given."""
    load_example().main(["--quick", "--episodes", "0", "--eval", "2"])
    out = capsys.readouterr().out
    assert "over 2 games (uniform policy)" in out and "after 0 training games" in out, out
