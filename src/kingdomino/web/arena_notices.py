"""What an arena's player is told of why the arena leaves them out (``arena_views``' ``you``): held
back from pairing for calling games off by pausing (``arena``'s rule: past the free call-offs,
each keeps them out for ``call_off_wait_seconds``), said with the moment they are paired again,
since their page would otherwise show no game and no reason for up to two minutes, as if the
arena had forgotten them; withdrawn to free their place (paused longer than
``place_kept_minutes`` while the arena was full and someone asked to join), told in their inbox
and on the arena's page, which would otherwise show them out of it without a word. The inbox's
entry is the record the page reads: an arena lasts hours, the inbox keeps its entries 30 days."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from kingdomino.web.arena_store import ArenaState
from kingdomino.web.arena_tables import ArenaCallOffRow
from kingdomino.web.inbox_events import kept
from kingdomino.web.inbox_store import Event, note
from kingdomino.web.inbox_tables import NotificationRow
from kingdomino.web.store import Store
from kingdomino.web.tournament_store import Tournament


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


def withdrawn_key(tournament_id: str) -> str:
    """The inbox key of a player's withdrawal from the arena ``tournament_id`` to free a place."""
    return f"arena:{tournament_id}:withdrawn"


def withdrawn_for_place(store: Store, tournament: Tournament, account_id: int, minutes: float) -> None:
    """``account_id``, paused longer than ``minutes``, was withdrawn from ``tournament`` to free
    their place: their inbox tells them (``arena_withdrawn``, with the arena and the minutes)."""
    params = {"tournament": tournament.id, "name": tournament.name, "minutes": round(minutes)}
    event = Event("arena_withdrawn", withdrawn_key(tournament.id), params)
    kept(store, lambda: note(store, account_id, event), "an arena's withdrawal")


def freed_place(store: Store, tournament_id: str, viewer: int) -> dict[str, Any] | None:
    """Whether the viewer, who withdrew from the arena, was withdrawn to free their place: the
    minutes they had been paused over (``{"minutes": 5}``), None if they withdrew themselves."""
    with store.engine.connect() as connection:
        params = connection.scalar(
            select(NotificationRow.params).where(
                NotificationRow.account_id == viewer, NotificationRow.key == withdrawn_key(tournament_id)
            )
        )
    return None if params is None else {"minutes": int(params.get("minutes", 0))}
