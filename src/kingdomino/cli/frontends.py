"""What the command line needs from each game beyond the engine protocol.

The engine knows the rules; a :class:`TerminalFrontend` only draws states with
rich and reads the ``score`` command's kingdom text for its game. Each game's is
listed in :mod:`kingdomino.cli.registry`; the commands (``play``, ``simulate``,
``replay``, ``score``) stay generic.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from rich.console import RenderableType

from kingdomino.core.game import OptionValue, ScoreSheet, State


class ScoreTextError(ValueError):
    """A kingdom text the scorer cannot read: where, and what was expected."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(f"line {line}, column {column}: {message}")
        self.line = line
        self.column = column


class ScoreOptionError(ValueError):
    """An option of the ``score`` command that contradicts another one (e.g. a frame the chosen
    variant does not play on): which option, and why, so the command can name its flag."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(message)
        self.option = option


class TerminalFrontend(Protocol):
    #: One paragraph for ``kingdomino score --help``: the text format of a kingdom.
    score_format: str
    #: What multiplies a region's squares in this game ("crowns", "crosses", "fires").
    multiplier_name: str

    def render(self, state: State, seat: int | None) -> RenderableType:
        """The whole table as ``seat`` sees it (``None``: a spectator)."""
        ...

    def score_text(self, text: str, options: Mapping[str, OptionValue]) -> ScoreSheet:
        """Score a kingdom written as text; :class:`ScoreTextError` or ``GameError`` when it is bad,
        :class:`ScoreOptionError` when the options contradict each other."""
        ...
