"""Why a game that waited for players ended unplayed: its wait ran out with nobody to fill the
open seats (``expired``), its creator called it off (``called_off``), or the player it challenged
declined (``declined``: their seat, kept for them, says so, and ``decline_reason`` why when they
said: ``challenges.DECLINE_REASONS``).

Both leave the game with status ``expired``; the wait's end keeps the moment it ran out
(``open_until``), a call-off clears it (``open_seats``), so the players' pages can say "nobody
joined in time" apart from "Anna called the game off". A game ended unplayed before the wait's end
kept that moment reads as called off: nothing stored tells the two apart.
"""

from __future__ import annotations

from typing import Any

from kingdomino.web.stored import StoredGame


def wait_end(stored: StoredGame) -> dict[str, Any]:
    """``wait_ended`` (``expired``, ``called_off``, ``declined``, None for a game that did not end
    unplayed), ``waited_minutes``, how long a game whose wait ran out waited (None otherwise), and
    ``decline_reason``, why a declined challenge was declined (None unless its player said)."""
    if stored.status != "expired":
        return {"wait_ended": None, "waited_minutes": None, "decline_reason": None}
    declined = next((seat for seat in stored.seats if seat.get("declined")), None)
    if declined is not None:
        return {
            "wait_ended": "declined",
            "waited_minutes": None,
            "decline_reason": declined.get("decline_reason"),
        }
    if stored.open_until is None:
        return {"wait_ended": "called_off", "waited_minutes": None, "decline_reason": None}
    waited = (stored.open_until - stored.created.timestamp()) / 60
    return {"wait_ended": "expired", "waited_minutes": max(0, round(waited)), "decline_reason": None}
