"""A server's figures (``GET /api/server``): its games in memory, its AI moves, its queue of
searches and its reviews, read off the hub without changing it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kingdomino.web.ai_queue import AIQueue, Lane

if TYPE_CHECKING:
    from kingdomino.web.hub import Hub


def hub_stats(hub: Hub, queue: AIQueue | None) -> dict[str, Any]:
    """How many AI moves ``hub``'s server computed, their seconds and iterations, its ``queue``
    (None: no search started yet; the jobs waiting and running in all and in each lane), the
    sockets open to it (the games' pages, the spectators among them, the lobby's pages) and its
    reviews (computing, queued)."""
    return {
        "games_in_memory": len(hub.tables),
        **hub.ai_turns.stats(),
        "queue": {
            "slots": queue.executor.slots if queue else None,
            "running": len(queue.running) if queue else 0,
            "waiting": sum(len(lane) for lane in queue.lanes.values()) if queue else 0,
            "lanes": {
                lane.value: queue.lane_counts(lane) if queue else {"waiting": 0, "running": 0}
                for lane in Lane
            },
        },
        "sockets": {
            "games": sum(len(table.watchers) for table in hub.tables.values()),
            "spectators": sum(len(table.spectators) for table in hub.tables.values()),
            "lobby": len(hub.lobby.watchers),
        },
        "reviews": {
            "computing": len(hub.reviews.turns.computing),
            "queued": len(hub.reviews.turns.waiting),
        },
    }
