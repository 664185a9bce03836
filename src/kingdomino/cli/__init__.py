"""The ``kingdomino`` command line (Typer + rich)."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from kingdomino.cli import (
    accounts,
    bot_command,
    database,
    games,
    ladder,
    puzzles,
    replay_command,
    reports,
    research,
    score_command,
    serve_command,
)
from kingdomino.cli.app import app
from kingdomino.cli.one_line_errors import OneLineCommand

__all__ = ["app", "main", "normalise_argv"]

#: The commands written outside :mod:`.app`, added to it here (no module adds itself on import),
#: in the order ``kingdomino --help`` lists them.
app.command(name="replay")(replay_command.replay_command)
app.command(epilog=score_command.kingdom_text_help())(score_command.score)
app.command(cls=OneLineCommand)(serve_command.serve)
for _command in (ladder.ladder, research.tournament, research.compare, research.analyse, bot_command.bot):
    app.command()(_command)
app.add_typer(accounts.app, name="accounts")
app.add_typer(games.app, name="games")
app.add_typer(reports.app, name="reports")
app.add_typer(puzzles.app, name="puzzles")
app.add_typer(database.app, name="database")

#: Options that take several values in a row (``--agents a b c``).
_MULTI_VALUE = ("--agents",)


def normalise_argv(argv: Sequence[str]) -> list[str]:
    """Spell ``--agents a b c`` as ``--agents a --agents b --agents c`` for Click.

    >>> normalise_argv(["tournament", "--agents", "mcts:time=1", "greedy", "--games", "2"])
    ['tournament', '--agents', 'mcts:time=1', '--agents', 'greedy', '--games', '2']
    """
    if not argv or argv[0] not in ("tournament", "ladder", "simulate"):
        return list(argv)
    out: list[str] = []
    current: str | None = None
    for token in argv:
        if token.startswith("-"):
            current = token if token in _MULTI_VALUE else None
            out.append(token)
        elif current is not None and out[-1] != current:
            out.extend([current, token])
        else:
            out.append(token)
    return out


def main() -> None:
    app(args=normalise_argv(sys.argv[1:]), prog_name="kingdomino")
