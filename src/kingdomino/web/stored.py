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


def now() -> datetime:
    return datetime.now(UTC)
