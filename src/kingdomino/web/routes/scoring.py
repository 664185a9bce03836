"""The scorer: a kingdom laid out with the box's tiles, written as text, scored and explained."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from kingdomino.games.scorer import text_formats
from kingdomino.web import views
from kingdomino.web.routes.bodies import ScoreRequest

router = APIRouter()


@router.get("/api/score/formats")
async def score_formats() -> dict[str, Any]:
    """How each game's kingdom text is written, for the scorer page that builds it."""
    return text_formats()


@router.post("/api/score")
async def score(body: ScoreRequest) -> dict[str, Any]:
    """A kingdom written as text (each game's ``text`` module), scored and explained: what a
    table player gets from the scorer page (microseconds of work: it stays on the loop)."""
    return views.scored_text(body.game, body.text, dict(body.options))
