"""Who is at a table: the seats with a page open here, and the seat awaited while away.

A human seat to act with no page of the game open on this server is away; once it has been
away for ``away_seconds`` another player may hand it to an AI (``Table.hand_to_ai``), so an
online friend gone for good does not stall the game. The players' pages are told when the
awaited seat away changes (``{"type": "presence", "away": {seat: seconds}, "after": seconds}``);
spectators are not, as they hand no seat over.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING

from kingdomino.web.live import Watcher

if TYPE_CHECKING:
    from kingdomino.web.table import Table


class Presence:
    """The presence of one table's seats: when each human seat's last page here closed, when the
    current turn began, and the seats last told to the pages as awaited while away."""

    def __init__(self, table: Table, away_seconds: float) -> None:
        self.table = table
        #: How long an awaited human seat is away before another player may hand it to an AI.
        self.away_seconds = away_seconds
        #: When this server loaded the game, when the current turn began, and when each human
        #: seat's last page here closed (``time.monotonic()``): what tells a seat that is away.
        self.loaded_at = time.monotonic()
        self.turn_since = self.loaded_at
        self.left_at: dict[int, float] = {}
        #: The seats last told to the pages as awaited while away (``tell``).
        self.told_away: set[str] = set()

    def turn_began(self) -> None:
        """The game changed: whoever is to act is awaited from now."""
        self.turn_since = time.monotonic()

    async def joined(self, watcher: Watcher) -> None:
        """A page opened (already told the view): it hears who is away, if anyone is, and the
        other pages hear if a seat away is now back."""
        if self.told_away and watcher.seats:
            await watcher.send(self.text())
        await self.tell()

    async def parted(self, watcher: Watcher) -> None:
        """A page closed: a seat with no page left here is away from now; the others hear of it
        (their pages offer to hand an awaited seat to an AI once it has been away long)."""
        now = time.monotonic()
        for seat in watcher.seats:
            if not any(seat in other.seats for other in self.table.watchers):
                self.left_at[seat] = now
        await self.tell()

    def awaited_away(self, seat: int, now: float) -> float | None:
        """How long ``seat``, a human seat to act, has been awaited with no page of it open on this
        server (None: another seat acts, an AI plays it, or a page of it is open)."""
        table = self.table
        if table.state.current_player != seat or seat < 0 or table.is_ai(seat):
            return None
        if any(seat in watcher.seats for watcher in table.watchers):
            return None
        return now - max(self.left_at.get(seat, self.loaded_at), self.turn_since)

    def away(self) -> dict[str, float]:
        """The seat awaited while away (its number as text) and for how long, if there is one;
        none in a game with clocks, whose seats only their clocks hand over."""
        table = self.table
        if table.stored.time_control is not None:
            return {}
        to_act = table.state.current_player
        waited = self.awaited_away(to_act, time.monotonic()) if table.stored.status == "playing" else None
        return {} if waited is None else {str(to_act): round(waited, 1)}

    def text(self, away: dict[str, float] | None = None) -> str:
        """Who is awaited while away (``away``, else found now), as a socket message: ``{"type":
        "presence", "away": {seat: seconds}, "after": seconds}`` (``away`` is empty once the
        awaited seat has a page open)."""
        found = self.away() if away is None else away
        return json.dumps({"type": "presence", "away": found, "after": self.away_seconds})

    async def tell(self) -> None:
        """Tell the players' pages of a game played by several humans when the seat awaited while
        away changes (one is away now, another, or none), with how long it has been awaited."""
        table = self.table
        away = self.away() if len(table.humans()) > 1 else {}
        if set(away) == self.told_away:
            return
        self.told_away = set(away)
        text = self.text(away)
        watchers = [watcher for watcher in table.watchers if watcher.seats]
        await table.send_each(watchers, [text] * len(watchers))
