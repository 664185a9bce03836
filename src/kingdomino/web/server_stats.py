"""A server's figures for operators and benchmarks (``GET /api/stats``): the games it holds in
memory, the AI moves it computed, its queue of searches and its reviews. Reading them starts
nothing: a server whose AI workers have not started yet reports an empty queue."""

from __future__ import annotations

from typing import Any

from kingdomino.web.ai_queue import Lane
from kingdomino.web.hub import Hub


def server_stats(hub: Hub) -> dict[str, Any]:
    """How many AI moves ``hub``'s server computed, their seconds and iterations, its queue (the
    jobs waiting and running in all and in each lane) and its reviews (computing, queued)."""
    queue = hub.queue_started
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
        "reviews": {
            "computing": len(hub.reviews.turns.computing),
            "queued": len(hub.reviews.turns.waiting),
        },
    }
