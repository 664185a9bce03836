"""``examples/train_ppo.py`` hands its options to the plan it trains (no training here: the plan
is caught on its way to :func:`kingdomino.rl.ppo_training.train`)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("sb3_contrib")

from kingdomino.rl.ppo_training import TrainingPlan, TrainingReport

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_ppo.py"


def test_the_example_passes_threads_and_log_dir_to_its_plan(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = importlib.util.spec_from_file_location("train_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    plans: list[TrainingPlan] = []

    def caught(plan: TrainingPlan, out: Any) -> TrainingReport:
        plans.append(plan)
        return TrainingReport(Path(out), plan.timesteps, 1.0, 2, 0)

    monkeypatch.setattr(example, "train", caught)
    out, logs = tmp_path / "model.zip", tmp_path / "logs"
    words = ["--out", str(out), "--timesteps", "512", "--threads", "1", "--log-dir", str(logs)]
    words += ["--league", str(tmp_path / "league"), "--snapshot-every", "128"]
    monkeypatch.setattr(sys, "argv", ["train_ppo.py", *words])
    example.main()
    assert (plans[0].timesteps, plans[0].threads, plans[0].log_dir) == (512, 1, str(logs))
    assert (plans[0].league, plans[0].snapshot_every) == (str(tmp_path / "league"), 128)
    said = capsys.readouterr().out
    assert f"its agent spec: kingdomino.rl.sb3_agent:MaskablePPOAgent:path={out}" in said
    assert f"--agents ppo=kingdomino.rl.sb3_agent:MaskablePPOAgent:path={out} greedy" in said


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["--seed", "-5"], "seed: expected a whole number from 0 to 2**32 - 1, got -5"),
        (["--envs", "0"], "envs: expected a whole number of at least 1, got 0"),
        (["--opponents", "wizard"], "opponents: agent 'wizard': unknown kind 'wizard'"),
        (["--out", "{file}/model.zip"], "out: {file}/model.zip cannot be written"),
    ],
)
def test_a_bad_option_is_refused_in_words_before_any_training(
    words: list[str],
    said: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A seed numpy refuses was its ``ValueError`` as a traceback, and so was every refusal of
    the plan; an ``--out`` that cannot be written was found only when saving, after the whole
    training (10 minutes lost, then a traceback)."""
    spec = importlib.util.spec_from_file_location("train_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    words = [word.format(file=a_file) for word in ["--out", str(tmp_path / "m.zip"), *words]]
    monkeypatch.setattr(sys, "argv", ["train_ppo.py", "--timesteps", "64", "--threads", "1", *words])
    with pytest.raises(SystemExit) as stopped:
        example.main()
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert f"train_ppo.py: error: {said.format(file=a_file)}" in err, err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["a-file"]
