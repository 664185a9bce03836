"""The scorer: a kingdom laid out with the box's tiles, written as text, scored and explained."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from kingdomino.games.scorer import text_formats
from kingdomino.web import views
from kingdomino.web.routes.bodies import ScoreRequest, ScoreTableRequest
from kingdomino.web.score_table import scored_table

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


@router.post("/api/score/table")
async def score_table(body: ScoreTableRequest) -> dict[str, Any]:
    """Every player's kingdom at a table scored, totalled and ranked by the game's own tie-breaks:
    the scorer's table of totals (each refusal names its kingdom, ``kingdoms.2.text``)."""
    return scored_table(body.game, dict(body.options), body.kingdoms)
