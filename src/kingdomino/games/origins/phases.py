"""The phases of a Kingdomino Origins position, by number and name (``OriginsState.phase``)."""

from __future__ import annotations

from kingdomino.games.domino.rules import CLAIM, DRAW, FIRST_OWN_PHASE, PLACE
from kingdomino.games.domino.rules import KING as CHIEF

__all__ = [
    "CAVEMAN",
    "CHIEF",
    "CLAIM",
    "DRAW",
    "FIRE",
    "FIRST",
    "NOBODY",
    "OVER",
    "PAY",
    "PHASE_NAMES",
    "PLACE",
    "RECRUIT",
    "REVEAL",
    "TOTEM",
]

# The four phases every domino game shares come first (``domino.rules``; a chief is the king).
FIRST, FIRE, TOTEM, RECRUIT, PAY, CAVEMAN, REVEAL, OVER = range(FIRST_OWN_PHASE, FIRST_OWN_PHASE + 8)
PHASE_NAMES = (
    "draw",
    "chief",
    "claim",
    "place",
    "first_claim",
    "fire",
    "totem",
    "recruit",
    "pay",
    "caveman",
    "reveal",
    "over",
)

#: A totem in the supply (``OriginsState.holders``).
NOBODY = -1
