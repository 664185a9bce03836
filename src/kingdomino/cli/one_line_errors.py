"""One-line usage errors for every ``kingdomino`` command.

Typer prints a usage error (an unknown command or option, a value of the wrong type, a missing
argument) as the usage line, a hint and a framed box of several lines: fine at a terminal, noise
in an operator's log, where a service's failed start should read as one line. The ``kingdomino``
group and its subgroups use these click classes instead (``typer.Typer(cls=OneLineGroup)``;
``app.command(cls=OneLineCommand)`` for a command run alone): a usage error raised while the
arguments are parsed, a subcommand is looked up or a callback refuses a value is printed as one
line on stderr naming the command, what was wrong and where help is, and the command exits with
click's usage status, 2, through click's own ``typer.Exit``. An unknown command or option names
the nearest one there is (``difflib``), as a mistyped word most often is.

::

    error: kingdomino: No such command 'srve'; did you mean serve? (kingdomino -h)
    error: kingdomino games export: Invalid value for '--limit': ... (kingdomino games export -h)

Under systemd the line starts with an error's priority (``<3>``), as the server's own refusals
and log lines do (``web.log_lines``): a service that does not start for a mistyped option in its
unit is among ``journalctl -p err``'s lines.

A group's ``no_args_is_help`` (``kingdomino accounts`` alone) is left to Typer: its help is the
answer, not an error (Typer's own ``NoArgsIsHelpError``, told apart by its name as Typer's
``rich_utils`` does).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from difflib import get_close_matches
from typing import Any, Protocol, TypeVar, cast

import typer
from typer.core import TyperCommand, TyperGroup

from kingdomino.web.log_lines import to_journal

Result = TypeVar("Result")


class UsageError(Protocol):
    """What is read of click's usage error: the context it was raised in, its message, its status."""

    ctx: Any
    exit_code: int

    def format_message(self) -> str: ...


def _usage_error_class() -> type[Exception]:
    """Click's ``UsageError`` as this Typer raises it, found through public names: Typer 0.29
    carries its own copy of click (a private module), whose ``UsageError`` is not click's own,
    and exports only its subclass ``BadParameter``."""
    for base in typer.BadParameter.__mro__:
        if base.__name__ == "UsageError" and issubclass(base, Exception):
            return base
    raise ImportError("typer.BadParameter: expected a subclass of click's UsageError")  # pragma: no cover


USAGE_ERROR = _usage_error_class()


def one_line(error: UsageError, context: Any) -> typer.Exit:
    """Print ``error`` as one line on stderr (its command, its message, where help is; an error's
    priority first when that is systemd's journal), and the ``typer.Exit`` with click's usage
    status that ends the command."""
    where = error.ctx or context
    path = where.command_path if where is not None else "kingdomino"
    if where is not None and where is context and context.invoked_subcommand:
        path = f"{path} {context.invoked_subcommand}"  # refused while the subcommand's own was made
    message = " ".join(_said(error).split())
    priority = "<3>" if to_journal(sys.stderr) else ""
    typer.echo(f"{priority}error: {path}: {message} ({path} -h)", err=True)
    return typer.Exit(error.exit_code)


def nearest(word: str, known: Iterable[str]) -> str:
    """``; did you mean X?`` naming the one of ``known`` nearest ``word``, when one is near
    enough to be what was meant; else nothing.

    >>> nearest("srve", ["serve", "score", "play"])
    '; did you mean serve?'
    >>> nearest("nope", ["list", "add"])
    ''
    """
    close = get_close_matches(word, list(known), n=1)
    return f"; did you mean {close[0]}?" if close else ""


def _said(error: UsageError) -> str:
    """The error's message; an unknown option (click's ``NoSuchOption``, which lists every option
    near it in brackets) with the nearest alone."""
    option = getattr(error, "option_name", None)
    possibilities = getattr(error, "possibilities", None)
    if isinstance(option, str) and possibilities:
        return f"No such option: {option}{nearest(option, possibilities)}"
    return error.format_message()


def _in_one_line(call: Callable[[], Result], context: Any) -> Result:
    try:
        return call()
    except USAGE_ERROR as error:
        if type(error).__name__ == "NoArgsIsHelpError":
            raise
        raise one_line(cast(UsageError, error), context) from None


class OneLineCommand(TyperCommand):
    """A Typer command whose usage errors are one line."""

    def make_context(self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any) -> Any:
        return _in_one_line(
            lambda: super(OneLineCommand, self).make_context(info_name, args, parent, **extra), parent
        )

    def invoke(self, ctx: Any) -> Any:
        invoke = super().invoke
        return _in_one_line(lambda: invoke(ctx), ctx)


class OneLineGroup(TyperGroup):
    """A Typer group whose usage errors, and its subcommands', are one line."""

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        name = args[0] if args else ""
        normalise = ctx.token_normalize_func or (lambda token: token)
        unknown = name and not name.startswith("-") and self.get_command(ctx, normalise(name)) is None
        if unknown and not ctx.resilient_parsing:
            shown = [each for each in self.list_commands(ctx) if not self.commands[each].hidden]
            ctx.fail(f"No such command {name!r}{nearest(name, shown) or '.'}")
        return super().resolve_command(ctx, args)

    def make_context(self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any) -> Any:
        return _in_one_line(
            lambda: super(OneLineGroup, self).make_context(info_name, args, parent, **extra), parent
        )

    def invoke(self, ctx: Any) -> Any:
        invoke = super().invoke
        return _in_one_line(lambda: invoke(ctx), ctx)
