"""The fair-play evidence of a cheating report as the moderators' page asks for it
(``GET /api/moderation/reports/{id}/fairplay``): computed once per account and kept a while, its
reads and replays in a thread and its searches in the server's AI workers (the background lane,
behind every player's AI turn and hint), never on the event loop; until it is ready the page is
told "computing", with how many of the games are valued.

The budget is ``fairplay.SEARCHES`` searches per evidence, as the operator's command spends.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from kingdomino.web import fairplay
from kingdomino.web.ai_queue import AIQueue, Lane
from kingdomino.web.ai_workers import AIAnswer, AIJob
from kingdomino.web.fairplay import Evidence, GameEvidence
from kingdomino.web.fairplay_figures import Figures, Times
from kingdomino.web.store import Store

log = logging.getLogger(__name__)

#: How long a computed evidence is shown again before it is computed anew, in seconds.
KEEP_SECONDS = 600.0
#: How long a failed evidence is said failed before it is tried anew, in seconds.
RETRY_SECONDS = 60.0
#: How often a search's thread looks whether the server stops while it waits, in seconds.
STOP_CHECK_SECONDS = 0.5


class Stopped(Exception):
    """The server stops: the evidence being computed is given up."""


def _figures(figures: Figures) -> dict[str, Any]:
    return {
        "decisions": figures.decisions,
        "matched": figures.matched,
        "share": figures.share(),
        "loss": figures.mean_loss_points(),
        "accuracy": figures.accuracy(),
    }


def _times(seconds: list[float] | None) -> dict[str, Any] | None:
    if seconds is None:
        return None
    times = Times(seconds)
    return {"median": times.median(), "spread": times.spread(), "count": len(seconds)}


def _game(game: GameEvidence) -> dict[str, Any]:
    return {
        "id": game.id,
        "game": game.game,
        "created": game.created.isoformat(),
        "rated": game.rated,
        "opponents": game.opponents,
        "its": _figures(game.its),
        "theirs": _figures(game.theirs),
        "its_times": _times(game.its_times),
        "their_times": _times(game.their_times),
        "its_rating": game.its_rating,
        "their_rating": game.their_rating,
        "source": game.source,
        "replay": game.replay,
    }


def evidence_json(found: Evidence) -> dict[str, Any]:
    """``found`` as the page reads it: each game's figures and the totals."""
    return {
        "account": found.account,
        "agent": found.agent,
        "rated": found.rated,
        "casual": found.casual,
        "searches": found.searches,
        "seconds": round(found.seconds, 1),
        "games": [_game(game) for game in found.games],
        "its": _figures(found.its()),
        "theirs": _figures(found.theirs()),
        "its_times": _times(found.its_times().seconds if found.timed() else None),
        "their_times": _times(found.their_times().seconds if found.timed() else None),
    }


class FairplayDesk:
    """The evidences a server computes for its moderators, by account: one computation at a time
    per account, its answer kept ``KEEP_SECONDS``; the decisions valued by ``agent``, the server's
    game reviews' (so that their stored reviews are read, not searched again)."""

    def __init__(self, store: Store, queue: Callable[[], AIQueue], agent: str) -> None:
        self.store = store
        self.queue = queue
        self.agent = agent
        self.running: dict[int, asyncio.Task[dict[str, Any]]] = {}
        self.progress: dict[int, tuple[int, int]] = {}
        self.kept: dict[int, tuple[float, dict[str, Any]]] = {}
        self.failed: dict[int, float] = {}

    def look(self, account_id: int, name: str) -> dict[str, Any]:
        """The evidence on ``account_id`` (named ``name``): ``{"state": "ready", "evidence"}`` once
        computed, else ``{"state": "computing", "done", "total"}``, its computation started;
        ``{"state": "failed"}`` for ``RETRY_SECONDS`` after a computation failed (logged)."""
        moment = time.monotonic()
        for old in [a for a, (at, _) in self.kept.items() if moment - at >= KEEP_SECONDS]:
            del self.kept[old]
        kept = self.kept.get(account_id)
        if kept is not None:
            return {"state": "ready", "evidence": kept[1]}
        if moment - self.failed.get(account_id, -RETRY_SECONDS) < RETRY_SECONDS:
            return {"state": "failed"}
        if account_id not in self.running:
            task = asyncio.get_running_loop().create_task(self._compute(account_id, name))
            self.running[account_id] = task
        done, total = self.progress.get(account_id, (0, 0))
        return {"state": "computing", "done": done, "total": total}

    async def _compute(self, account_id: int, name: str) -> dict[str, Any]:
        loop, stop = asyncio.get_running_loop(), threading.Event()

        def search(job: AIJob) -> AIAnswer:
            if stop.is_set():
                raise Stopped
            run = self.queue().run(job, f"fairplay:{account_id}", "fairplay", Lane.BACKGROUND, "moderation")
            future = asyncio.run_coroutine_threadsafe(run, loop)
            while True:
                try:
                    return future.result(timeout=STOP_CHECK_SECONDS)
                except concurrent.futures.TimeoutError:
                    if stop.is_set() or not loop.is_running():
                        future.cancel()
                        raise Stopped from None

        def on_game(done: int, total: int) -> None:
            self.progress[account_id] = (done, total)

        try:
            found = await asyncio.to_thread(
                fairplay.evidence, self.store, name, agent=self.agent, on_game=on_game, search=search
            )
            answer = evidence_json(found)
            self.kept[account_id] = (time.monotonic(), answer)
            return answer
        except asyncio.CancelledError:
            stop.set()
            raise
        except Exception:
            log.exception("the fair-play evidence on %s failed (asked again later, it starts over)", name)
            self.failed[account_id] = time.monotonic()
            return {}
        finally:
            self.running.pop(account_id, None)
            self.progress.pop(account_id, None)
