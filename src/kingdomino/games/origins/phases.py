"""The phases of a Kingdomino Origins position, by number and name (``OriginsState.phase``)."""

from __future__ import annotations

from kingdomino.games.domino.state import CLAIM as CLAIM
from kingdomino.games.domino.state import DRAW as DRAW
from kingdomino.games.domino.state import FIRST_OWN_PHASE, KING
from kingdomino.games.domino.state import PLACE as PLACE

#: The phase that draws a chief to claim: the king's phase of every domino game.
CHIEF = KING
# The four phases every domino game shares come first (``domino.state``).
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
