"""A game's options from ``--variant`` and ``--mode``, and the games' refusals of them said in
the command line's spelling.

Records and the engine spell options as identifiers (``middle_kingdom``, ``totem_tie``) and name
them as fields (``options.totem_tie: expected ...``); a person typed ``--variant middle-kingdom``
or ``--variant totem-tie=choose``. So an unknown name is refused here, before any game is made,
with the names the game does take as they are typed, and an engine's refusal of a value names the
flag that gave it (not ``options: unknown Kingdomino variant 'fire_kingdom'; expected one of
dynasty, harmony, middle_kingdom, mighty_duel``, which names no flag a person typed).

>>> build_options(["Middle-Kingdom", "harmony=yes"], None, "kingdomino")
{'middle_kingdom': True, 'harmony': True}
>>> try:
...     build_options(["fire-kingdom"], None, "kingdomino")
... except OptionProblem as error:
...     print(error)
--variant: unknown Kingdomino variant 'fire-kingdom';
expected one of dynasty, middle-kingdom, harmony, mighty-duel
>>> option_error("options.totem_tie: expected one of keep, choose, got 'maybe'")
"--variant totem-tie: expected one of keep, choose, got 'maybe'"
>>> option_error("options.totem_tie: expected one of keep, choose, got True").split(", got ")[1]
'true (a bare name sets it true): write --variant totem-tie=VALUE'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from kingdomino.cli.registry import frontend_for
from kingdomino.core.game import OptionValue
from kingdomino.games.registry import game_names

#: Values of an on/off variant, as typed after ``=`` (``harmony=no``).
TRUE_WORDS = ("true", "yes", "on", "1")
FALSE_WORDS = ("false", "no", "off", "0")
#: Options set by a flag of their own rather than by ``--variant``.
OWN_FLAGS = ("mode", "frame")
#: An engine's refusal of an option: ``options: ...`` or ``options.NAME: ...``.
_OPTION_FIELD = re.compile(r"^options(?:\.(?P<name>[a-z0-9_]+))?: ")
_IDENTIFIER = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")


class OptionProblem(ValueError):
    """An option the command line refuses; the message starts with the flag that gave it."""


def typed(name: str) -> str:
    """An option name as it is typed after ``--variant``: ``middle_kingdom`` -> ``middle-kingdom``."""
    return name.replace("_", "-")


def option_flag(name: str) -> str:
    """The flag that sets option ``name``: ``--mode``, ``--frame`` or ``--variant NAME``."""
    return f"--{name}" if name in OWN_FLAGS else f"--variant {typed(name)}"


def option_error(message: str) -> str | None:
    """An engine's refusal of an option (``options.totem_tie: ...``) with the flag in place of the
    field and every option name as typed; ``None`` when ``message`` is about something else."""
    match = _OPTION_FIELD.match(message)
    if match is None:
        return None
    flag = option_flag(match["name"]) if match["name"] else "--variant"
    said = typed_names(message[match.end() :])
    if match["name"] and said.endswith(", got True"):
        # A bare ``--variant NAME`` sets an on/off variant; this one takes a value.
        said = said.removesuffix("True") + f"true (a bare name sets it true): write {flag}=VALUE"
    return f"{flag}: {said}"


def typed_names(message: str) -> str:
    """``message`` with every option name as it is typed (``middle_kingdom`` -> ``middle-kingdom``)."""
    return _IDENTIFIER.sub(lambda found: typed(found[0]), message)


def build_options(
    variants: Sequence[str] | None, mode: str | None, game: str, scoring: bool = False
) -> dict[str, OptionValue]:
    """The options of ``game`` from ``--variant NAME[=VALUE]`` (repeatable) and ``--mode``, with
    the scorer's own (the frame, Origins' totems) when ``scoring``. Raises :class:`OptionProblem`
    naming the flag."""
    if game not in game_names():
        raise OptionProblem(f"--game: unknown game {game!r}; expected one of {', '.join(game_names())}")
    frontend = frontend_for(game)
    extra = frontend.score_options if scoring else ()
    options: dict[str, OptionValue] = {}
    for text in variants or []:
        key, sep, value = text.partition("=")
        name = key.strip().lower().replace("-", "_")
        if name == "mode" and sep:  # --variant mode=tribe, as records spell it
            mode = value
            continue
        if name not in frontend.variants and name not in extra:
            raise OptionProblem(_unknown_variant(key.strip(), frontend.variants, frontend.title))
        options[name] = _value(value) if sep else True
    if mode is not None:
        if not frontend.modes:
            raise OptionProblem(_no_modes(frontend.title))
        options["mode"] = mode.strip().lower()
    return options


def _value(text: str) -> OptionValue:
    """A variant's typed value: on/off words as true or false, anything else as its text."""
    value = text.strip().lower()
    if value in TRUE_WORDS:
        return True
    if value in FALSE_WORDS:
        return False
    return value


def _no_modes(title: str) -> str:
    """Which games have modes, for ``--mode`` given to one that has none."""
    modal = [frontend_for(name) for name in game_names() if frontend_for(name).modes]
    names = " and ".join(frontend.title for frontend in modal)
    modes = "; ".join(", ".join(frontend.modes) for frontend in modal)
    verb = "has" if len(modal) == 1 else "have"
    return f"--mode: only {names} {verb} modes ({modes}); {title} has none"


def _unknown_variant(key: str, known: Iterable[str], title: str) -> str:
    names = [typed(name) for name in known]
    if not names:
        return f"--variant: {title} has no variants, got {key!r}"
    return f"--variant: unknown {title} variant {key!r}; expected one of {', '.join(names)}"
