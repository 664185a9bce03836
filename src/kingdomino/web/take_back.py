"""Taking moves back: a player's last action, and every action after it, taken back from a game.

Against AI seats a player takes back at once (``undo``). A take-back never crosses a chance
event (a draw, a roll, a revealed caveman: ``LiveGame.undo_refusal``), so it never lets a player
look ahead and choose again, and a finished game is final.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import TYPE_CHECKING

from kingdomino.web import clocks
from kingdomino.web.live import rebuild

if TYPE_CHECKING:
    from kingdomino.web.table import Table


async def undo(table: Table, token: str, client: str = "") -> None:
    """Take back the caller's last action and everything after it (only against AI seats).

    Refused when the game is over, or when a chance event (a draw, a roll, a revealed
    caveman) came after that action: undoing it would let a player look ahead and choose again.
    """
    async with table.lock:
        seat = table.seat_for(token)
        refused = table.undo_refusal(seat)
        if refused is not None:
            raise refused
        keep = [a.index for a in table.actions if a.seat == seat][-1]
        kept = replace(table.stored, actions=table.actions[:keep], status="playing")
        game, state = rebuild(kept)
        timed = clocks.timing(table.stored, table.stored.seats, "playing", state.current_player, time.time())
        version = table.committed(
            lambda: table.store.truncate(table.id, keep, "playing", table.version, False, timed), "undo"
        )
        table.keep_timing(timed)
        table.stored.actions, table.stored.status = kept.actions, kept.status
        table.game, table.state, table.version = game, state, version
        table.presence.turn_began()
        table.client = client
    await table.publish()
