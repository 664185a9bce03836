"""Ctrl-C or the end of standard input in ``kingdomino play``: the game so far is kept.

With ``--save``, the record so far is written (without a result: ``replay`` reads it as an
unfinished game), one line says so on stderr (no traceback), and the exit code is 130; the end
of standard input is not taken for 'quit'.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from kingdomino.cli import app
from kingdomino.core.records import GameRecord
from kingdomino.core.seeds import ChanceSampler

runner = CliRunner()


def one_line_and_no_traceback(result: Result) -> str:
    """The message on stderr, checked to be a single line with no traceback anywhere."""
    assert "Traceback" not in result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    return lines[0]


def assert_replays_unfinished(path: Path) -> GameRecord:
    """The saved record: no result, and ``replay`` reads it as an unfinished game (exit code 0)."""
    record = GameRecord.load(path)
    assert record.result is None and record.actions
    table = runner.invoke(app, ["replay", str(path)])
    assert table.exit_code == 0, table.output
    assert "The record ends before the game does" in table.output
    data = json.loads(runner.invoke(app, ["replay", str(path), "--json"]).stdout)
    assert data["finished"] is False and data["applied"] == len(record.actions)
    return record


def test_end_of_standard_input_saves_the_game_so_far(tmp_path: Path) -> None:
    path = tmp_path / "cut.json"
    args = ["play", "--seats", "human,greedy", "--seed", "3", "--save", str(path)]
    result = runner.invoke(app, args, input="1\n1\n")
    assert result.exit_code == 130, result.output
    line = one_line_and_no_traceback(result)
    assert line.startswith("Standard input ended: the game so far") and str(path) in line
    record = assert_replays_unfinished(path)
    assert record.players == ["human", "greedy"] and record.seed == 3


def interrupt_after(answers: int) -> Iterator[str]:
    """A keyboard that answers move 1 ``answers`` times, then Ctrl-C."""
    for _ in range(answers):
        yield "1"
    raise KeyboardInterrupt


def test_ctrl_c_at_the_prompt_saves_the_game_so_far(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    keys = interrupt_after(3)
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(keys))
    path = tmp_path / "cut.json"
    result = runner.invoke(app, ["play", "--seats", "greedy,human", "--seed", "2", "--save", str(path)])
    assert result.exit_code == 130, result.output
    line = one_line_and_no_traceback(result)
    assert line.startswith("Interrupted: the game so far") and "is saved to" in line
    assert_replays_unfinished(path)


def test_ctrl_c_while_the_agents_play_saves_the_game_so_far(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C comes whenever it comes: here while chance draws, with no human at the table."""
    draw = ChanceSampler.sample
    calls = iter(range(1000))

    def sample_then_interrupt(sampler: ChanceSampler, state: object) -> int:
        if next(calls) == 12:
            raise KeyboardInterrupt
        return draw(sampler, state)  # type: ignore[arg-type]

    monkeypatch.setattr(ChanceSampler, "sample", sample_then_interrupt)
    for game in ("kingdomino", "duel", "origins"):
        path = tmp_path / f"{game}.json"
        args = ["play", "--game", game, "--seats", "greedy,random", "--seed", "1", "--save", str(path)]
        calls = iter(range(1000))
        result = runner.invoke(app, args)
        assert result.exit_code == 130, result.output
        assert one_line_and_no_traceback(result).startswith("Interrupted: the game so far")
        assert assert_replays_unfinished(path).game == game


def test_without_save_an_interrupted_game_says_it_is_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    keys = interrupt_after(0)
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(keys))
    result = runner.invoke(app, ["play", "--seats", "human,greedy", "--seed", "1"])
    assert result.exit_code == 130, result.output
    assert "the game is not saved" in one_line_and_no_traceback(result)


def test_without_save_the_end_of_input_says_the_game_is_lost() -> None:
    result = runner.invoke(app, ["play", "--seats", "human,greedy", "--seed", "1"], input="")
    assert result.exit_code == 130, result.output
    line = one_line_and_no_traceback(result)
    assert line.startswith("Standard input ended: the game is not saved")


def test_quit_still_ends_the_game_on_purpose(tmp_path: Path) -> None:
    path = tmp_path / "quit.json"
    args = ["play", "--seats", "human,greedy", "--seed", "3", "--save", str(path)]
    result = runner.invoke(app, args, input="1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Game stopped" in result.output
    assert_replays_unfinished(path)
