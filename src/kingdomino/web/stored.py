"""A stored game as the store reads and writes it: its configuration, seats and actions.

The state is never stored: replaying the actions through the engine rebuilds it exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from kingdomino.web.tables import ActionRow, GameRow

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
    #: The ratings a player joining it may have, ``{"low", "high"}`` (``seek_ranges``; None: anyone).
    rating_range: dict[str, int] | None = None

    def creator(self) -> int | None:
        """The creator's seat: as stored, else (a game older than that column) its first human
        seat, as the lobby read it before."""
        if self.creator_seat is not None:
            return self.creator_seat
        return next((s for s, seat in enumerate(self.seats) if seat["kind"] == "human"), None)


def now() -> datetime:
    return datetime.now(UTC)


def stored_game(row: GameRow, actions: Sequence[ActionRow]) -> StoredGame:
    """The game of a ``games`` row with its ``actions``' rows (none: a listing's, without them),
    each column read as the game holds it (a game older than a column takes its default)."""
    created = row.created if row.created.tzinfo else row.created.replace(tzinfo=UTC)
    return StoredGame(
        row.id,
        row.game,
        row.players,
        dict(row.options),
        int(row.secret_seed, 16) if row.secret_seed else row.seed,
        list(row.seats),
        row.spectator_token,
        row.status,
        created,
        [StoredAction(a.index, a.seat, a.text, a.description) for a in actions],
        bool(row.seed_chosen),
        bool(row.hints),
        int(row.revision),
        bool(row.ai_turn),
        bool(row.aids),
        bool(row.rated),
        row.open_until,
        row.ai_fill,
        row.time_control,
        row.clock,
        row.deadline,
        row.rematch,
        row.creator_seat,
        row.creator_client,
        row.rematch_of,
        bool(row.public),
        takebacks=bool(row.takebacks),
        takeback=row.takeback,
        rating_range=row.rating_range,
    )
