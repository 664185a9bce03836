"""Every ``kingdomino`` usage error is one line (:mod:`kingdomino.cli.one_line_errors`).

Typer printed a mistyped option or command (``kingdomino srve``, ``serve --port abc``) as a usage
line, a hint and a framed box: several lines in an operator's log for one mistake. Each is one
line on stderr naming the command and what was wrong (with the nearest command or option when a
word was mistyped), with click's usage status, 2.
"""

from __future__ import annotations

import inspect

import pytest
import typer
from typer.testing import CliRunner

from kingdomino.cli import app

runner = CliRunner()


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["serve", "--port", "abc"], "error: kingdomino serve: Invalid value for '--port': "),
        (["accounts", "--bogus"], "error: kingdomino accounts: No such option: --bogus"),
        (["accounts", "xyz"], "error: kingdomino accounts: No such command 'xyz'."),
        (
            ["accounts", "list", "--bots=maybe"],
            "error: kingdomino accounts list: Option '--bots' does not take",
        ),
        (["reports", "show"], "error: kingdomino reports show: Missing argument 'ID'."),
        (
            ["games", "export", "--limit", "x"],
            "error: kingdomino games export: Invalid value for '--limit': ",
        ),
    ],
)
def test_an_operator_command_says_a_usage_error_in_one_line(words: list[str], said: str) -> None:
    result = runner.invoke(app, words, env={"COLUMNS": "60"}, prog_name="kingdomino")
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(said), result.stderr
    command = said.split(": ")[1]
    assert lines[0].endswith(f"({command} -h)"), lines[0]


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["srve"], "error: kingdomino: No such command 'srve'; did you mean serve? (kingdomino -h)"),
        (["databse"], "error: kingdomino: No such command 'databse'; did you mean database? (kingdomino -h)"),
        (
            ["database", "upgrad"],
            "error: kingdomino database: No such command 'upgrad'; did you mean upgrade? "
            "(kingdomino database -h)",
        ),
        (
            ["puzzles", "mak"],
            "error: kingdomino puzzles: No such command 'mak'; did you mean make? (kingdomino puzzles -h)",
        ),
        (
            ["simulate", "--gams", "3"],
            "error: kingdomino simulate: No such option: --gams; did you mean --games? "
            "(kingdomino simulate -h)",
        ),
        (["--bogus"], "error: kingdomino: No such option: --bogus (kingdomino -h)"),
        (["xyz"], "error: kingdomino: No such command 'xyz'. (kingdomino -h)"),
    ],
)
def test_a_mistyped_command_or_option_is_one_line_naming_the_nearest(words: list[str], said: str) -> None:
    result = runner.invoke(app, words, env={"COLUMNS": "60"}, prog_name="kingdomino")
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and result.stderr == said + "\n", result.stderr


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["tournament", "--games", "x"], "error: kingdomino tournament: Invalid value for '--games': "),
        (["replay"], "error: kingdomino replay: Missing argument 'file'."),
        (
            ["puzzles", "make", "--count", "x"],
            "error: kingdomino puzzles make: Invalid value for '--count': ",
        ),
    ],
)
def test_the_players_and_researchers_commands_say_a_usage_error_in_one_line_too(
    words: list[str], said: str
) -> None:
    result = runner.invoke(app, words, env={"COLUMNS": "60"}, prog_name="kingdomino")
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(said), result.stderr


def test_a_group_alone_still_shows_its_help() -> None:
    for words in (["accounts"], []):
        alone = runner.invoke(app, words, env={"COLUMNS": "100"}, prog_name="kingdomino")
        assert f"Usage: {' '.join(['kingdomino', *words])}" in alone.output, alone.output
        assert "error:" not in alone.output


def test_only_typers_public_names_are_used() -> None:
    """Typer 0.29's copy of click is a private module (``typer._click``) that a Typer release may
    move; the usage error is found from Typer's public ``BadParameter``."""
    from kingdomino.cli import one_line_errors

    assert "typer._click" not in inspect.getsource(one_line_errors)
    assert issubclass(typer.BadParameter, one_line_errors.USAGE_ERROR)
