"""The operator commands' usage errors are one line (:mod:`kingdomino.cli.one_line_errors`).

Typer printed a mistyped option of ``kingdomino serve`` (or ``accounts``, ``reports``, ``games
export``) as a usage line, a hint and a framed box: several lines in an operator's log for one
mistake. Each is now one line on stderr naming the command, the option and what was expected,
with click's usage status, 2.
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
        (["accounts", "nope"], "error: kingdomino accounts: No such command 'nope'."),
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


def test_a_group_alone_still_shows_its_help_and_the_other_commands_keep_typers_box() -> None:
    alone = runner.invoke(app, ["accounts"], env={"COLUMNS": "100"}, prog_name="kingdomino")
    assert "Usage: kingdomino accounts" in alone.output and "list" in alone.output
    assert "error:" not in alone.output
    research = runner.invoke(
        app, ["tournament", "--games", "x"], env={"COLUMNS": "100"}, prog_name="kingdomino"
    )
    assert research.exit_code == 2 and "Try 'kingdomino tournament -h' for help." in research.stderr


def test_only_typers_public_names_are_used() -> None:
    """Typer 0.29's copy of click is a private module (``typer._click``) that a Typer release may
    move; the usage error is found from Typer's public ``BadParameter``."""
    from kingdomino.cli import one_line_errors

    assert "typer._click" not in inspect.getsource(one_line_errors)
    assert issubclass(typer.BadParameter, one_line_errors.USAGE_ERROR)
