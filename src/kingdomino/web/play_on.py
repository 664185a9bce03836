"""A finished game played on from one of its positions: a new practice game that begins with the
finished game's first ``step`` actions, one player in the seat they choose against AI seats, as
lichess's "Continue from here".

A player looking back at a game tries the other move they thought of, from the very position,
against the AIs. Fair to everyone: the new game has one human, its seed is the finished game's (its
draws are those the replay shows already: a practice game, ``seed_chosen``), it is never rated
and nobody watches it. Anyone who may see the replay may play on from it, as anyone may replay it.
The other seats are AIs: each AI seat of the finished game at its own level, each other player's
seat at ``level``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kingdomino.web.refusals import HubError
from kingdomino.web.seats import SeatPlayer

if TYPE_CHECKING:
    from kingdomino.web.hub import Hub
    from kingdomino.web.stored import StoredAction, StoredGame
    from kingdomino.web.table import Table


async def deal_again(
    hub: Hub,
    stored: StoredGame,
    seats: list[dict[str, Any]],
    client: str = "",
    *,
    hints: bool = False,
    account: SeatPlayer | None = None,
    start: list[StoredAction] | None = None,
) -> Table:
    """A new practice game of the finished game ``stored``'s deal (its game, players, options, seed
    and aids) with ``seats``, watched by nobody, from its first ``start`` actions if given: what
    "Same deal" and "Play on from here" both make."""
    return await hub.create(
        stored.game,
        stored.players,
        dict(stored.options),
        seats,
        stored.seed,
        hints,
        client,
        stored.aids,
        account=account,
        public=False,
        start=start,
    )


async def play_on(
    hub: Hub,
    game_id: str,
    step: int,
    seat: int,
    level: str,
    client: str = "",
    account: SeatPlayer | None = None,
) -> Table:
    """The new game of ``seat`` against AI seats from the position after ``step`` actions of the
    finished game ``game_id`` (its player's seat ``account``'s, when logged in)."""
    table = hub.table(game_id)
    stored = table.stored
    if stored.status != "finished":
        raise HubError(409, "game", "a game is played on from a position once it is over", "play_on_playing")
    if not 0 <= step <= len(table.actions):
        raise HubError(400, "step", f"expected 0..{len(table.actions)}, got {step}")
    if not 0 <= seat < stored.players:
        raise HubError(400, "seat", f"expected 0..{stored.players - 1}, got {seat}")
    if hub.replays.state_at(table, step).is_terminal():
        raise HubError(409, "step", "the game is over at this step: choose an earlier one", "play_on_over")
    seats: list[dict[str, Any]] = []
    for index, info in enumerate(stored.seats):
        if index == seat:
            seats.append({"kind": "human", "name": info["name"] if info["kind"] == "human" else ""})
        elif info["kind"] == "ai" and info.get("ai_since") is None:
            seats.append({"kind": "ai", "level": info.get("level")})
        else:
            seats.append({"kind": "ai", "level": level})
    return await deal_again(hub, stored, seats, client, account=account, start=list(table.actions[:step]))
