"""``bench/bench_rl.py``'s bad arguments: refused in one line naming the option, not a traceback."""

from __future__ import annotations

import pytest
from tests.bench.scripts import load_bench

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["--option", "mode"], "--option: expected KEY=VALUE (mode=tribe, harmony=true), got 'mode'"),
        (["--option", "mode=tribe"], "options: unknown Kingdomino variant 'mode'"),
        (
            ["--game", "origins", "--option", "mode=foo"],
            "options.mode: expected one of discovery, totem, tribe",
        ),
        (["--players", "7"], "players: Kingdomino takes 2, 3 or 4 players, got 7"),
        (["--rounds", "0"], "argument --rounds: expected a number above 0, got 0"),
        (["--seconds", "-1"], "argument --seconds: expected a number above 0, got -1"),
    ],
)
def test_a_bad_argument_is_refused_in_words(
    words: list[str], said: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bench_rl = load_bench("bench_rl")
    monkeypatch.setattr("sys.argv", ["bench_rl.py", *words])
    with pytest.raises(SystemExit) as stopped:
        bench_rl.main()
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert f"bench_rl.py: error: {said}" in err, err
    assert "Traceback" not in err
