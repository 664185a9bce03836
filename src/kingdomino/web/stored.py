"""A stored game as the store reads and writes it: its configuration, seats and actions.

The state is never stored: replaying the actions through the engine rebuilds it exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

#: A game's clock and the moment the seat to act runs out of time, as a write stores them (``clocks``).
Timing = tuple[dict[str, Any] | None, float | None]


@dataclass
class StoredAction:
    index: int
    seat: int
    text: str
    description: str


@dataclass
class StoredGame:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    spectator_token: str
    status: str
    created: datetime
    actions: list[StoredAction]
    seed_chosen: bool = False
    hints: bool = False
    revision: int = 0
    ai_turn: bool = False
    aids: bool = True
    rated: bool = False
    open_until: float | None = None
    ai_fill: str | None = None
    time_control: dict[str, Any] | None = None
    clock: dict[str, Any] | None = None
    deadline: float | None = None
    #: The rematch a player offered once the game was over: ``{"id": game id, "by": seat}``.
    rematch: dict[str, Any] | None = None
    creator_seat: int | None = None
    creator_client: str | None = None
    #: The finished game this one is the rematch of (None: not a rematch).
    rematch_of: str | None = None
    #: Anyone may watch it, without a token (``live_games``).
    public: bool = False
    #: Its players may ask each other to take a move back (``take_back``).
    takebacks: bool = True
    #: The latest takeback asked and its answer (``take_back.Request.note``; None: none yet).
    takeback: dict[str, Any] | None = None

    def creator(self) -> int | None:
        """The creator's seat: as stored, else (a game older than that column) its first human
        seat, as the lobby read it before."""
        if self.creator_seat is not None:
            return self.creator_seat
        return next((s for s, seat in enumerate(self.seats) if seat["kind"] == "human"), None)


def now() -> datetime:
    return datetime.now(UTC)
