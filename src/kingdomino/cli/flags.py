"""Help that shows a flag as a flag: ``--json``, ``--verbose``, ``--help``, not ``--json <bool>``.

Typer's rich help (0.2x) writes every option's type after its name, a flag's too: every
``kingdomino`` command's help read ``--json <bool>`` and ``--help -h <bool>``, as if the option
took a value ("true"?). Click's own plain help writes no type after a flag, and neither did
Typer before; :func:`show_flags_bare` makes the rich help do the same, for every command, in one
place (a flag declared on a command cannot reach the ``--help`` option Typer adds itself).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from typer.core import TyperOption

#: The type column's text of an option, as Typer writes it (given the command's context: Typer
#: brings its own copy of Click, whose ``Context`` this module need not name).
_DisplayType = Callable[[TyperOption, Any], "str | None"]


def _bare_for_flags(display_type: _DisplayType) -> _DisplayType:
    """``display_type`` that writes nothing for a flag (an option that takes no value)."""

    def shown(option: TyperOption, ctx: Any) -> str | None:
        if option.is_flag and option.metavar is None:
            return None
        return display_type(option, ctx)

    shown.__wrapped__ = display_type  # type: ignore[attr-defined]
    return shown


def show_flags_bare() -> None:
    """Make Typer's rich help write no type after a flag (once: a second call changes nothing).

    A Typer without ``display_type_rich`` (older, or one that renamed it) is left as it is: its
    help may show a type after a flag again (a test says so), but the commands keep working.
    """
    current = getattr(TyperOption, "display_type_rich", None)
    if current is not None and not hasattr(current, "__wrapped__"):
        TyperOption.display_type_rich = _bare_for_flags(current)  # type: ignore[method-assign,assignment]
