"""Score a Kingdomino Duel map written as text (:mod:`kingdomino.games.duel.text`): the command
line's ``score`` and the browser's scorer call it.

>>> score_text("S1 S0 C", {}).total  # a domain of 2 squares, 1 cross
2
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kingdomino.core.game import OptionValue, ScoreOptionError, ScoreSheet
from kingdomino.games.duel.components import CASTLE_COL, CASTLE_ROW, COATS, MAP_COLS, MAP_ROWS
from kingdomino.games.duel.state import score_sheet
from kingdomino.games.duel.text import CASTLE_LETTER, EMPTY_LETTER, MAX_CROSSES, parse_map


def score_text(text: str, options: Mapping[str, OptionValue]) -> ScoreSheet:
    """The map's score sheet (the "+3 per domain" power is written in the text, Duel has no
    options); :class:`ScoreTextError` for a bad text or any option."""
    if options:
        raise ScoreOptionError(sorted(options)[0], f"Duel has no options, got {', '.join(sorted(options))}")
    board, coat = parse_map(text)
    return score_sheet(board, coat)


def text_format() -> dict[str, Any]:
    """How a map is written, for a page that builds the text square by square: the coats of arms,
    the crosses a square may carry, the map's size around the castle (the game's data)."""
    return {
        "home": CASTLE_LETTER,
        "empty": EMPTY_LETTER,
        "coats": [{"letter": c.letter, "id": c.id} for c in COATS],
        "max": MAX_CROSSES,
        "rows": [-CASTLE_ROW, MAP_ROWS - 1 - CASTLE_ROW],
        "cols": [-CASTLE_COL, MAP_COLS - 1 - CASTLE_COL],
    }
