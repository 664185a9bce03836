"""What the server offers (its games, the AI levels and their ratings) and its figures for
operators."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request

from kingdomino.agents.levels import SEAT_LEVELS
from kingdomino.arena.ladder import rating_of
from kingdomino.build_info import this_build
from kingdomino.games.registry import catalogue, game_names
from kingdomino.ratings.glicko2 import PROVISIONAL
from kingdomino.web.routes.bodies import RatingsRequest
from kingdomino.web.routes.dependencies import HubDep
from kingdomino.web.seat_agents import seat_levels
from kingdomino.web.seek_ranges import RULES as RANGE_RULES
from kingdomino.web.store_setup import check_readable

router = APIRouter()


@router.get("/api/meta")
async def meta() -> dict[str, Any]:
    """The games this server offers (and each one's player counts and options in words: its
    `catalogue`), the AI levels a seat may have, and the deviation over which a player's rating
    is provisional (`provisional_threshold`: the page says it by a provisional rating's "?"), and
    the steps and bounds of an open game's rating range (`rating_range`: ``seek_ranges``)."""
    return {
        "games": game_names(),
        "catalogue": catalogue(),
        "levels": list(seat_levels()),
        "provisional_threshold": PROVISIONAL,
        "rating_range": RANGE_RULES,
    }


@router.post("/api/ratings")
async def level_ratings(body: RatingsRequest, request: Request) -> dict[str, Any]:
    """Each AI level's Elo rating (``random`` = 0) and 95 % interval for a game configuration,
    from the ladders in the package's ratings file (``kingdomino ladder``); null if unrated, the
    interval's ends null when its ladder had none."""
    found = {}
    for level in SEAT_LEVELS:
        rating = rating_of(request.app.state.ratings, body.game, body.players, dict(body.options), level)
        found[level] = None if rating is None else [None if end is None else round(end) for end in rating]
    return {"ratings": found}


@router.get("/api/stats")
async def stats(hub: HubDep) -> dict[str, Any]:
    """Figures for operators and benchmarks: the build that runs (`build`: its version and commit),
    the AI moves computed by this server, the queue, the sockets open (`sockets`: the games'
    pages, the spectators among them, the lobby's pages). Behind the shipped nginx file it is
    answered to the proxy's own machine alone (docs/server.md, "Behind nginx")."""
    return {"build": this_build().json(), **hub.stats()}


@router.get("/api/health")
async def health(hub: HubDep) -> dict[str, Any]:
    """Whether this server can serve, for a load balancer or a service manager to poll: `{"status":
    "ok"}` once it answered and its database answered a read, else 503 `unavailable` (with
    `Retry-After`; the database cannot be reached), logged as a warning. `HEAD` answers the same
    status without the body, as monitors (and `curl -I`) ask."""
    await asyncio.to_thread(check_readable, hub.store.engine)
    hub.store.outage.answered()
    return {"status": "ok"}


# The same answer to HEAD, its body left out by the server; kept out of the API's schema, where
# it would be the GET's operation again.
router.add_api_route("/api/health", health, methods=["HEAD"], include_in_schema=False)
