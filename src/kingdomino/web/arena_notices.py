"""What an arena's player is told of why the arena leaves them out (``arena_views``' ``you``): held
back from pairing for calling games off by pausing (``arena``'s rule: past the free call-offs,
each keeps them out for ``call_off_wait_seconds``), said with the moment they are paired again,
since their page would otherwise show no game and no reason for up to two minutes, as if the
arena had forgotten them."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from kingdomino.web.arena_store import ArenaState
from kingdomino.web.arena_tables import ArenaCallOffRow
from kingdomino.web.store import Store


def held(store: Store, tournament_id: str, state: ArenaState, viewer: int, now: float) -> dict[str, Any]:
    """The viewer's hold at ``now``: ``held_until`` (epoch seconds; None: they are not held) and
    ``call_offs``, the games they called off by pausing in the arena (0 when none)."""
    until = state.held.get(viewer)
    with store.engine.connect() as connection:
        count = connection.scalar(
            select(ArenaCallOffRow.count).where(
                ArenaCallOffRow.tournament_id == tournament_id, ArenaCallOffRow.account_id == viewer
            )
        )
    return {"held_until": until if until is not None and until > now else None, "call_offs": int(count or 0)}
