"""Score a kingdom written as text, in any game of the family, by the game's name: what the
command line's ``score`` and the browser's scorer (``POST /api/score``) share.

>>> score_text("kingdomino", "G2 G0 C", {}).total
4
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from kingdomino.core.game import GameError, OptionValue, ScoreSheet
from kingdomino.games.classic import scorer as classic
from kingdomino.games.classic import text as classic_text
from kingdomino.games.domino.text import BoxError
from kingdomino.games.duel import scorer as duel
from kingdomino.games.origins import scorer as origins
from kingdomino.games.origins import text as origins_text
from kingdomino.games.registry import catalogue, option_players

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


def beyond_the_box(game: str, texts: Sequence[str], frame: int) -> tuple[int, BoxError] | None:
    """The first of a table's kingdoms (its index) that holds a piece the box has no more of, the
    kingdoms before it counted with it, and the refusal; None when the table's pieces all come from
    one box. Each kingdom is within the box alone (:func:`score_text` checks); Duel draws dice.

    >>> beyond_the_box("kingdomino", ["M2 M2 C", "M2 C", "M2 C"], 5)[0]
    2
    """
    read: Callable[[str], object]
    if game == "kingdomino":
        read = partial(
            classic_text.parse_kingdom, frame=frame, within_box=True, tally=classic_text.box_tally()
        )
    elif game == "origins":
        read = partial(
            origins_text.parse_kingdom, frame=frame, within_box=True, tally=origins_text.box_tally()
        )
    else:
        return None
    for index, text in enumerate(texts):
        try:
            read(text)
        except BoxError as error:
            return index, error
    return None


def text_formats() -> dict[str, dict[str, Any]]:
    """How each game's kingdom text is written (letters, limits, sizes), by game name, with the
    player counts a table of it may have (``players``, the game's own; ``players_with``: those an
    option turned on narrows them to, the Mighty Duel's two)."""
    formats = {
        "kingdomino": classic.text_format(),
        "duel": duel.text_format(),
        "origins": origins.text_format(),
    }
    games = catalogue()
    for name, written in formats.items():
        written["players"] = games[name]["players"]
        written["players_with"] = option_players(name)
    return formats
