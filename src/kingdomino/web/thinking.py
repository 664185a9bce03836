"""Telling the pages where their game's AI turn stands: ``{"type": "thinking", "seat", "ahead",
"progress"}`` (``ahead``: jobs before it in the AI queue, 0 while it runs; ``progress``: how far
its search is while it runs, in [0, 1], null if not known; ``seat`` null once no AI turn is
pending), sent when it changes and to a page that opens meanwhile.

The queue's changes are told as they happen. A search's progress is not pushed by the workers:
while a watched game's AI turn runs, the notices look at it every ``PROGRESS_SECONDS`` (a
number read from shared memory, ``ai_progress``), and tell it when it moved by a
hundredth or more; with no watched game's AI turn running, nothing is looked at.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from kingdomino.web.ai_queue import AIQueue
from kingdomino.web.memory import GameMemory
from kingdomino.web.table import Table

#: Seconds between two looks at how far the watched games' running searches are (so at most
#: two progress messages a second per game, besides the queue's changes).
PROGRESS_SECONDS = 0.5

#: Where a game's AI turn stands: its seat, the jobs ahead of it, and how far its search is
#: (in hundredths; None: not running, or not known).
Standing = tuple[int, int, int | None]


class ThinkingNotices:
    """Where the AI turns of the watched games in ``tables`` stand, told to their watchers.

    ``queue`` gives the AI queue, or None while it has not started.
    """

    def __init__(self, tables: GameMemory, queue: Callable[[], AIQueue | None]) -> None:
        self.tables = tables
        self.queue = queue
        #: The games with a page open here (what ``_tell`` looks at).
        self.watched: set[str] = set()
        #: Where each watched game's AI turn stood when last told, so that only changes are sent.
        self._told: dict[str, Standing] = {}
        #: Whether telling the games where their AI turns stand is due (``queue_changed``).
        self._telling = False
        #: The next look at the running searches' progress, while one is due (``_follow``).
        self._next_look: asyncio.TimerHandle | None = None
        self._sending: set[asyncio.Future[Any]] = set()

    def watchers_changed(self, table: Table) -> None:
        """Note whether ``table`` has a page open here."""
        if table.watchers:
            self.watched.add(table.id)
        else:
            self.watched.discard(table.id)

    def queue_changed(self) -> None:
        """Tell the watched games where their AI turns stand, once the event loop has taken in
        every change of this moment (a flood of games changes the queue hundreds of times in a
        row: each game is looked at once for them all)."""
        if not self._telling:
            self._telling = True
            asyncio.get_running_loop().call_soon(self._tell)

    def _tell(self) -> None:
        """Tell the watchers of every watched game whose AI turn waits or runs where it stands.
        Only the watched games are looked at, each one's place found without a walk over the
        whole queue (a game nobody watches is looked at when a page of it opens: ``now``)."""
        self._telling = False
        queue = self.queue()
        for game_id in self.watched | set(self._told):
            table = self.tables.get(game_id)
            if table is None or not table.watchers:
                self._told.pop(game_id, None)
                self.watched.discard(game_id)
                continue
            if not self._changed(table, queue):
                continue
            message = self.text(game_id)
            watchers = list(table.watchers)
            sending = asyncio.ensure_future(table.send_each(watchers, [message] * len(watchers)))
            self._sending.add(sending)
            sending.add_done_callback(self._sending.discard)
        self._follow(queue)

    def _changed(self, table: Table, queue: AIQueue | None) -> bool:
        """Note where ``table``'s AI turn stands in ``queue``; whether that changed."""
        ahead = queue.ahead(table.id) if queue is not None else None
        standing: Standing | None = None
        if queue is not None and ahead is not None and table.is_ai(table.state.current_player):
            progress = queue.progress(table.id) if ahead == 0 else None
            hundredths = None if progress is None else round(100 * progress)
            standing = (table.state.current_player, ahead, hundredths)
        if self._told.get(table.id) == standing:
            return False
        if standing is None:
            self._told.pop(table.id, None)
        else:
            self._told[table.id] = standing
        return True

    def _follow(self, queue: AIQueue | None) -> None:
        """Look again at how far the searches are in ``PROGRESS_SECONDS`` if a watched game's AI
        turn runs (and the queue's executor tells it); else no more."""
        due = (
            queue is not None
            and queue.follows_progress
            and any(standing[1] == 0 for standing in self._told.values())
        )
        if due and self._next_look is None:
            self._next_look = asyncio.get_running_loop().call_later(PROGRESS_SECONDS, self._look)
        elif not due and self._next_look is not None:
            self._next_look.cancel()
            self._next_look = None

    def _look(self) -> None:
        self._next_look = None
        self._tell()

    def close(self) -> None:
        """Stop looking at the searches' progress (the server stops)."""
        if self._next_look is not None:
            self._next_look.cancel()
            self._next_look = None

    def now(self, table: Table) -> str | None:
        """The ``thinking`` message for a page of ``table`` that opens while its AI turn waits or
        runs (None when none does)."""
        queue = self.queue()
        self._changed(table, queue)
        self._follow(queue)
        return self.text(table.id) if table.id in self._told else None

    def text(self, game_id: str) -> str:
        """``{"type": "thinking", "seat", "ahead", "progress"}`` (``seat`` null once no AI turn
        is pending; ``progress`` null unless its search runs and has said how far it is)."""
        standing = self._told.get(game_id)
        seat, ahead, hundredths = standing if standing is not None else (None, None, None)
        progress = None if hundredths is None else hundredths / 100
        return json.dumps({"type": "thinking", "seat": seat, "ahead": ahead, "progress": progress})
