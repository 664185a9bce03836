"""Reviewing finished games: each one's human moves valued against the best alternatives by a
fixed search (``review``), in the AI queue's background lane, one review of a client at a time
(``review_queue``), then stored."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from kingdomino.web import review, review_plan
from kingdomino.web.ai_queue import AIQueue, Lane
from kingdomino.web.refusals import HubError
from kingdomino.web.review_queue import ReviewQueue
from kingdomino.web.store import Store
from kingdomino.web.table import Table

log = logging.getLogger(__name__)


class Reviewer:
    """The reviews of finished games computed here, by ``agent`` in the AI queue ``queue`` gives,
    stored in ``store``."""

    def __init__(self, store: Store, queue: Callable[[], AIQueue], agent: str = review.REVIEW_AGENT) -> None:
        self.store = store
        self.queue = queue
        self.agent = agent
        #: The reviews being computed here or waiting their turn, by game id: their task and progress.
        self.reviewing: dict[str, tuple[asyncio.Task[None], review.Progress]] = {}
        #: Which reviews compute now (the others wait their turn, clients in turn).
        self.turns = ReviewQueue()

    def review_of(self, table: Table, client: str = "") -> dict[str, Any]:
        """The review of a finished game's human moves with each reviewed seat's accuracy and marks
        (``review.by_player``, worked out from the moves stored), or (while it waits or is
        computed) its progress.

        Started when the game ends, or on the first request (a server restarted meanwhile: then
        it is the requesting ``client``'s).
        """
        if table.stored.status != "finished":
            raise HubError(409, "game", "the review is available once the game is over")
        stored = self.store.load_review(table.id)
        if stored is not None:
            return {"status": "ready", **stored, **review.by_player(stored["moves"])}
        if not table.humans():  # a game of AI seats alone: no human move to review
            return {"status": "ready", "moves": [], "summary": review.summary([]), **review.by_player([])}
        running = self.reviewing.get(table.id)
        if running is None:
            self.start(table, client)
            running = self.reviewing[table.id]
        return running[1].to_json(self.turns.place(table.id))

    def game_over(self, table: Table) -> None:
        """``table``'s game ended here: its review starts now if a person played in it. A game of
        bots alone (beside AI seats) is reviewed when its review is first asked for: a server where
        bots play each other keeps its workers for their games, not for reviews nobody may read."""
        if any(not table.stored.seats[seat].get("bot") for seat in table.humans()):
            self.start(table)

    def start(self, table: Table, client: str | None = None) -> None:
        """Review ``table`` in the background (once per game and server), as ``client``'s review
        (None: the client whose request last changed the game)."""
        if table.id in self.reviewing or not table.humans():
            return
        progress = review.Progress()
        task = asyncio.get_running_loop().create_task(self._review(table, progress, client))
        self.reviewing[table.id] = (task, progress)

    def tasks(self) -> list[asyncio.Task[None]]:
        """The reviews' tasks, to be cancelled when the server stops."""
        return [task for task, _ in self.reviewing.values()]

    async def _review(self, table: Table, progress: review.Progress, client: str | None) -> None:
        """Once its turn among the reviews comes (``turns``), value the human decisions of
        ``table`` against the best alternatives, then store the review."""
        try:
            stored = table.stored
            humans = set(table.humans())
            progress.total = sum(a.seat in humans for a in stored.actions)
            client = table.client if client is None else client
            async with self.turns.turn(table.id, client):
                moves = await self._review_moves(table, humans, progress, client)
            self.store.save_review(
                table.id,
                {
                    "agent": self.agent,
                    "thresholds": {"inaccuracy": review.INACCURACY, "mistake": review.MISTAKE},
                    "searches_per_game": review.SEARCHES_PER_GAME,
                    "summary": review.summary(moves),
                    "moves": moves,
                },
            )
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("game %s: the review failed (asked for again, it starts over)", table.id)
        finally:
            self.reviewing.pop(table.id, None)

    async def _review_moves(
        self, table: Table, humans: set[int], progress: review.Progress, client: str
    ) -> list[dict[str, Any]]:
        """Each human decision of ``table`` reviewed, those within the game's budget of searches
        (``review_plan.decisions``) searched in the AI queue's background lane (never ahead of an
        AI turn or a hint) as ``client``'s jobs."""
        moves = []
        for decision in review_plan.decisions(table.stored, humans, self.agent):
            if decision.job is None:
                assert decision.entry is not None
                moves.append(decision.entry)
            else:
                answer = await self.queue().run(decision.job, table.id, "review", Lane.BACKGROUND, client)
                moves.append(decision.entry_of(answer))
            progress.done += 1
        return moves
