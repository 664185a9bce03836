"""A finished game: its record, its replay step by step, and the review of its human moves."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response

from kingdomino.web import views
from kingdomino.web.routes.dependencies import Client, HubDep

router = APIRouter()


@router.get("/api/games/{game_id}/record")
async def record(game_id: str, hub: HubDep) -> dict[str, Any]:
    """A finished game's record (`kingdomino replay` checks it)."""
    return views.record(hub.table(game_id)).to_json()


@router.get("/api/games/{game_id}/review")
async def game_review(game_id: str, response: Response, hub: HubDep, client: Client) -> dict[str, Any]:
    """The review of a finished game's human moves (202 with the progress while it waits or
    is computed)."""
    found = hub.reviews.review_of(hub.table(game_id), client)
    if found["status"] != "ready":
        response.status_code = 202
    return found


@router.get("/api/games/{game_id}/replay")
async def replay(game_id: str, hub: HubDep, step: int = 0) -> dict[str, Any]:
    """A finished game's public view after ``step`` actions, with the action taken next."""
    return views.replay_view(hub.table(game_id), step, hub.replays)
