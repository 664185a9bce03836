"""Score a Kingdomino Origins territory written as text (:mod:`kingdomino.games.origins.text`), in
a mode and with the options that change a score: the command line's ``score`` and the browser's
scorer call it.

>>> score_text("G1 G1 H", {"mode": "discovery"}).total  # 2 squares x 2 fires
4
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from kingdomino.core.game import GameError, OptionValue, ScoreOptionError, ScoreSheet
from kingdomino.games.domino.text import flag_options, frame_option
from kingdomino.games.origins.components import (
    BOX_SQUARES,
    CAVEMEN,
    EMPTY_LETTER,
    HUT_LETTER,
    MAX_MARKER,
    MAX_PRINTED_FIRES,
    RESOURCE_BY_ID,
    RESOURCES,
    SETUPS,
    TERRAINS,
    VOLCANO,
)
from kingdomino.games.origins.game import MODES, OPTIONS
from kingdomino.games.origins.state import score_sheet
from kingdomino.games.origins.text import parse_kingdom

#: The option that scores pieces the box does not have (a house rule's, a drawing's).
ANY_SQUARES = "any_squares"

#: The sizes a territory's frame may have, by player count (the game's data).
FRAMES = sorted({setup["frame"] for setup in SETUPS.values()})


def score_text(text: str, options: Mapping[str, OptionValue]) -> ScoreSheet:
    """The territory's score sheet (``totems``: the resources whose totems it holds, by id, comma
    separated); :class:`ScoreTextError` or ``GameError`` for a bad text or option."""
    unknown = set(options) - set(OPTIONS) - {"frame", "totems", ANY_SQUARES}
    if unknown:
        raise ScoreOptionError(sorted(unknown)[0], f"unknown option(s) {', '.join(sorted(unknown))}")
    mode = str(options.get("mode", "discovery"))
    if mode not in MODES:
        raise GameError(f"options.mode: expected one of {', '.join(MODES)}, got {mode!r}")
    frame = frame_option(options.get("frame"), FRAMES, FRAMES[0])
    totems = []
    for name in str(options.get("totems", "")).split(","):
        if name.strip():
            resource = RESOURCE_BY_ID.get(name.strip())
            if resource is None:
                raise GameError(f"options.totems: unknown resource {name.strip()!r}")
            totems.append(resource.value)
    kingdom = parse_kingdom(text, frame, not flag_options(options, (ANY_SQUARES,))[ANY_SQUARES])
    if mode != "tribe":
        _refuse_cavemen(text, mode)
    flags = flag_options(options, ("fire_kingdom", "homo_habilis"))
    return score_sheet(kingdom, mode, flags["fire_kingdom"], flags["homo_habilis"], totems)


def _refuse_cavemen(text: str, mode: str) -> None:
    """Cavemen are recruited in Tribe mode only: a territory that has one, scored in another mode,
    would count nothing for him without a word. Names the first caveman's line and column."""
    for line, row in enumerate(text.splitlines(), start=1):
        for cell in re.finditer(r"\S*@\S*", row):
            raise ScoreOptionError(
                "mode",
                f"line {line}, column {cell.start() + 1}: {cell.group()!r} has a caveman, and "
                f"cavemen are recruited only in Tribe mode; expected tribe, got {mode}",
            )


def text_format() -> dict[str, Any]:
    """How a territory is written, for a page that builds the text square by square: terrains (a
    volcano's number is its craters, 1 to ``max_craters``), the resource each terrain may carry,
    fire markers (1 to ``markers`` fires) and cavemen, by the game's data; each terrain's ``numbers``:
    the printed fires (a volcano's craters) its squares in the box have; ``frame_for``: the frame a
    table of each player count plays on (two players 7x7, more 5x5), which a table's page takes."""
    return {
        "home": HUT_LETTER,
        "empty": EMPTY_LETTER,
        "terrains": [
            {
                "letter": t.letter,
                "id": t.id,
                "volcano": t.value == VOLCANO,
                "resource": RESOURCES[t.resource].letter if t.resource >= 0 else None,
                "numbers": sorted({fires + craters for v, fires, craters in BOX_SQUARES if v == t.value}),
            }
            for t in TERRAINS
        ],
        "max": MAX_PRINTED_FIRES,
        "max_craters": MAX_MARKER,
        "markers": MAX_MARKER,
        "resources": [{"letter": r.letter, "id": r.id} for r in RESOURCES],
        "cavemen": [{"code": c.code, "id": c.id} for c in CAVEMEN],
        "frames": FRAMES,
        "frame_for": {players: setup["frame"] for players, setup in SETUPS.items()},
    }
