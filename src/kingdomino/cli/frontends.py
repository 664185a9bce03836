"""What the command line needs from each game beyond the engine protocol.

The engine knows the rules; a :class:`TerminalFrontend` only draws states with
rich and says how the ``score`` command's kingdom text is written for its game (the scoring
itself is :mod:`kingdomino.games.scorer`). Each game's is
listed in :mod:`kingdomino.cli.registry`; the commands (``play``, ``simulate``,
``replay``, ``score``) stay generic.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from rich.console import RenderableType

from kingdomino.core.game import State


class TerminalFrontend(Protocol):
    @property
    def title(self) -> str:
        """The box's name, for people (the game's ``title``)."""
        ...

    @property
    def variants(self) -> Mapping[str, str]:
        """The variants and optional rules ``--variant`` takes, by option name as records spell
        it (``middle_kingdom``, typed ``middle-kingdom``), with what each does: the game's table."""
        ...

    @property
    def modes(self) -> tuple[str, ...]:
        """The modes ``--mode`` takes; empty when the game has none."""
        ...

    @property
    def score_options(self) -> tuple[str, ...]:
        """What ``score --variant`` takes besides the variants (``frame``; Origins' ``totems``)."""
        ...

    #: One paragraph for ``kingdomino score --help``: the text format of a kingdom.
    score_format: str
    #: What multiplies a region's squares in this game ("crowns", "crosses", "fires").
    multiplier_name: str

    def render(self, state: State, seat: int | None) -> RenderableType:
        """The whole table as ``seat`` sees it (``None``: a spectator)."""
        ...
