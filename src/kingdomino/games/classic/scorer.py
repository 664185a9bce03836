"""Score a Kingdomino kingdom written as text (:mod:`kingdomino.games.classic.text`), with the
variants that change a score: the command line's ``score`` and the browser's scorer call it.

>>> score_text("W1 W1 C", {"harmony": True}).total
4
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kingdomino.core.game import OptionValue, ScoreOptionError, ScoreSheet
from kingdomino.games.classic.components import (
    BOX_SQUARES,
    CASTLE_LETTER,
    EMPTY_LETTER,
    FRAME_SIZES,
    MAX_CROWNS,
    TERRAINS,
    frame_size,
)
from kingdomino.games.classic.game import VARIANTS
from kingdomino.games.classic.state import score_sheet
from kingdomino.games.classic.text import parse_kingdom
from kingdomino.games.domino.text import flag_options, frame_option

#: The sizes a kingdom's frame may have (the game's data).
FRAMES = sorted(set(FRAME_SIZES.values()))

#: The option that scores squares the box does not have (a house rule's, a drawing's).
ANY_SQUARES = "any_squares"


def score_text(text: str, options: Mapping[str, OptionValue]) -> ScoreSheet:
    """The kingdom's score sheet; :class:`ScoreTextError` or ``GameError`` for a bad text or option
    (:class:`BoxError` for a square beyond the box's dominoes, unless ``any_squares``),
    :class:`ScoreOptionError` for options that contradict each other."""
    unknown = set(options) - set(VARIANTS) - {"frame", ANY_SQUARES}
    if unknown:
        raise ScoreOptionError(sorted(unknown)[0], f"unknown option(s) {', '.join(sorted(unknown))}")
    flags = flag_options(options, VARIANTS)
    mighty_duel = flags["mighty_duel"]
    implied = frame_size(mighty_duel)
    frame = frame_option(options.get("frame"), FRAMES, implied)
    if mighty_duel and frame != implied:
        raise ScoreOptionError(
            "frame",
            f"the mighty-duel variant plays on a {implied}x{implied} frame, got {frame} "
            f"(give {implied} or leave the frame out)",
        )
    within_box = not flag_options(options, (ANY_SQUARES,))[ANY_SQUARES]
    kingdom = parse_kingdom(text, frame, within_box)
    return score_sheet(kingdom, flags["middle_kingdom"], flags["harmony"])


def text_format() -> dict[str, Any]:
    """How a kingdom is written, for a page that builds the text square by square (the letters and
    limits of the game's data; each terrain's ``numbers``: the crowns its squares in the box have)."""
    return {
        "home": CASTLE_LETTER,
        "empty": EMPTY_LETTER,
        "terrains": [
            {"letter": t.letter, "id": t.id, "numbers": sorted(n for v, n in BOX_SQUARES if v == t.value)}
            for t in TERRAINS
        ],
        "max": MAX_CROWNS,
        "frames": FRAMES,
    }
