"""The phases of a Kingdomino Origins position, by number and name (``OriginsState.phase``)."""

from __future__ import annotations

DRAW, CHIEF, FIRST, CLAIM, PLACE, FIRE, TOTEM, RECRUIT, PAY, CAVEMAN, REVEAL, OVER = range(12)
PHASE_NAMES = (
    "draw",
    "chief",
    "first_claim",
    "claim",
    "place",
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
