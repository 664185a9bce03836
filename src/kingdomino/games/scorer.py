"""Score a kingdom written as text, in any game of the family, by the game's name: what the
command line's ``score`` and the browser's scorer (``POST /api/score``) share.

>>> score_text("kingdomino", "G2 G0 C", {}).total
4
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from kingdomino.core.game import GameError, OptionValue, ScoreSheet
from kingdomino.games.classic import scorer as classic
from kingdomino.games.duel import scorer as duel
from kingdomino.games.origins import scorer as origins
from kingdomino.games.registry import catalogue

_SCORERS: dict[str, Callable[[str, Mapping[str, OptionValue]], ScoreSheet]] = {
    "kingdomino": classic.score_text,
    "duel": duel.score_text,
    "origins": origins.score_text,
}


#: What each value of a kingdom's tie-break names, in its order (``ScoreSheet.tiebreaks``, from the
#: kingdom's own ``tie_break``): what a table's ranking says decided a tie.
TIE_BREAK_NAMES: dict[str, tuple[str, ...]] = {
    "kingdomino": ("largest_region", "crowns"),
    "duel": ("largest_domain",),
    "origins": ("largest_region", "fires"),
}


def score_text(game: str, text: str, options: Mapping[str, OptionValue]) -> ScoreSheet:
    """The score sheet of ``text``, a kingdom of ``game`` (see each game's ``text`` module)."""
    scorer = _SCORERS.get(game)
    if scorer is None:
        raise GameError(f"game: unknown game {game!r}; expected one of {', '.join(sorted(_SCORERS))}")
    return scorer(text, options)


def text_formats() -> dict[str, dict[str, Any]]:
    """How each game's kingdom text is written (letters, limits, sizes), by game name, with the
    player counts a table of it may have (``players``, the game's own)."""
    formats = {
        "kingdomino": classic.text_format(),
        "duel": duel.text_format(),
        "origins": origins.text_format(),
    }
    games = catalogue()
    for name, written in formats.items():
        written["players"] = games[name]["players"]
    return formats
