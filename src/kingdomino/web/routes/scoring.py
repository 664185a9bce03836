"""The scorer: a kingdom laid out with the box's tiles, written as text, scored and explained.

Scoring is the engine's work, up to about 1.5 ms for the costliest text the bodies allow (a
table of four 7 x 7 kingdoms, or a text of 4,000 characters read to its end before it is
refused), so it runs on a thread, ``SCORINGS_AT_ONCE`` at a time, and the event loop only
validates and answers. A client may ask ``SCORE_REQUESTS``: the scorer page asks one score and
one table's totals for each square a player lays, a few a second as fast as they tap.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request
from limits import RateLimitItem, parse

from kingdomino.games.scorer import text_formats
from kingdomino.web import views
from kingdomino.web.game_requests import client_request
from kingdomino.web.routes.bodies import ScoreRequest, ScoreTableRequest
from kingdomino.web.score_table import scored_table

router = APIRouter()

#: A client's scorings (``/api/score`` and ``/api/score/table`` together): a player tapping
#: squares as fast as they can asks about 10 a second and 200 in a minute; a flood of the
#: costliest bodies at these takes at most a 20th of one core.
SCORE_REQUESTS: tuple[RateLimitItem, ...] = (parse("50/second"), parse("1000/minute"))
#: Scorings running on threads at once, the server's; the next wait their turn.
SCORINGS_AT_ONCE = 2


async def scored(request: Request, score: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """``score()`` on a thread, once the client's request is counted (``SCORE_REQUESTS``, the
    app's ``score_rate`` instead when set: the tests' shared servers) and a thread is free."""
    state = request.app.state
    await client_request(request, "score", getattr(state, "score_rate", None) or SCORE_REQUESTS)
    if not hasattr(state, "scorings"):
        state.scorings = asyncio.Semaphore(SCORINGS_AT_ONCE)
    async with state.scorings:
        return await asyncio.to_thread(score)


@router.get("/api/score/formats")
async def score_formats() -> dict[str, Any]:
    """How each game's kingdom text is written, for the scorer page that builds it."""
    return text_formats()


@router.post("/api/score")
async def score(body: ScoreRequest, request: Request) -> dict[str, Any]:
    """A kingdom written as text (each game's ``text`` module), scored and explained: what a
    table player gets from the scorer page (limited per client: ``SCORE_REQUESTS``)."""
    return await scored(request, lambda: views.scored_text(body.game, body.text, dict(body.options)))


@router.post("/api/score/table")
async def score_table(body: ScoreTableRequest, request: Request) -> dict[str, Any]:
    """Every player's kingdom at a table scored, totalled and ranked by the game's own tie-breaks:
    the scorer's table of totals (each refusal names its kingdom, ``kingdoms.2.text``)."""
    return await scored(request, lambda: scored_table(body.game, dict(body.options), body.kingdoms))
