"""A player asking to join an arena: refused once its window closed (``before_its_end``), and
counted against its places (``places_taken``), where a full running arena's player paused longest,
past ``place_kept_minutes`` (``data/arena.json``), gives back their place (``arena``'s rule).
"""

from __future__ import annotations

import asyncio
import time

from kingdomino.web import arena_store
from kingdomino.web import tournament_players as entrants
from kingdomino.web.arena import FAIRNESS
from kingdomino.web.arena_notices import withdrawn_for_place
from kingdomino.web.refusals import HubError
from kingdomino.web.store import Store
from kingdomino.web.tournament_store import Tournament

#: How long a paused player keeps their place in a full arena that someone asks to join (minutes).
PLACE_KEPT_MINUTES = float(FAIRNESS["place_kept_minutes"])


async def before_its_end(store: Store, tournament_id: str) -> None:
    """Refuse a late join to an arena whose time is over (its last games may still be played)."""
    state = await asyncio.to_thread(arena_store.load, store, tournament_id)
    if state is not None and state.ends_at is not None and time.time() >= state.ends_at:
        raise HubError(409, "tournament", "this arena's time is over", "tournament_over")


async def places_taken(store: Store, tournament: Tournament) -> int:
    """The places of ``tournament`` taken against its ``max_players``, as a player asks to join
    (the caller holds the lock): every player's in a round tournament; in an arena the players
    not withdrawn, and when they fill it, the one paused longest (not in a game) gives back
    their place if paused longer than ``PLACE_KEPT_MINUTES``: withdrawn, as by ``/leave``."""
    if tournament.format != "arena":
        return len(tournament.players)
    taken = len(tournament.active())
    if taken < tournament.max_players or tournament.status != "running":
        return taken
    since = await asyncio.to_thread(arena_store.paused_since, store, tournament.id)
    state = await asyncio.to_thread(arena_store.load, store, tournament.id)
    if state is None:
        raise HubError(404, "tournament", f"no arena with id {tournament.id!r}", "no_tournament")
    busy = state.busy()
    kept_from = time.time() - PLACE_KEPT_MINUTES * 60
    stale = sorted(
        (at, p) for p, at in since.items() if at <= kept_from and p in tournament.active() and p not in busy
    )
    if not stale:
        return taken
    await asyncio.to_thread(entrants.withdraw, store, tournament.id, stale[0][1], tournament.round)
    await asyncio.to_thread(withdrawn_for_place, store, tournament, stale[0][1], PLACE_KEPT_MINUTES)
    return taken - 1
