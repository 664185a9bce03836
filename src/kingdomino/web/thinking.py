"""Telling the pages where their game's AI turn stands: ``{"type": "thinking", "seat", "ahead"}``
(``ahead``: jobs before it in the AI queue, 0 while it runs; ``seat`` null once no AI turn is
pending), sent when it changes and to a page that opens meanwhile."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from kingdomino.web.ai_workers import AIQueue
from kingdomino.web.memory import GameMemory
from kingdomino.web.table import Table


class ThinkingNotices:
    """Where the AI turns of the watched games in ``tables`` stand, told to their watchers.

    ``queue`` gives the AI queue, or None while it has not started.
    """

    def __init__(self, tables: GameMemory, queue: Callable[[], AIQueue | None]) -> None:
        self.tables = tables
        self.queue = queue
        #: The games with a page open here (what ``_tell`` looks at).
        self.watched: set[str] = set()
        #: (seat, ahead) last told to each watched game's watchers, so that only changes are sent.
        self._told: dict[str, tuple[int, int] | None] = {}
        #: Whether telling the games where their AI turns stand is due (``queue_changed``).
        self._telling = False
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
            if not self._changed(table, queue.ahead(game_id) if queue is not None else None):
                continue
            message = self.text(game_id)
            sending = asyncio.ensure_future(
                asyncio.gather(*(w.send(message) for w in list(table.watchers)), return_exceptions=True)
            )
            self._sending.add(sending)
            sending.add_done_callback(self._sending.discard)

    def _changed(self, table: Table, ahead: int | None) -> bool:
        """Note where ``table``'s AI turn stands (``ahead``: None if it has none in the queue);
        whether that changed."""
        now_thinking = None
        if ahead is not None and table.is_ai(table.state.current_player):
            now_thinking = (table.state.current_player, ahead)
        if self._told.get(table.id) == now_thinking:
            return False
        if now_thinking is None:
            self._told.pop(table.id, None)
        else:
            self._told[table.id] = now_thinking
        return True

    def now(self, table: Table) -> str | None:
        """The ``thinking`` message for a page of ``table`` that opens while its AI turn waits or
        runs (None when none does)."""
        queue = self.queue()
        self._changed(table, queue.ahead(table.id) if queue is not None else None)
        return self.text(table.id) if table.id in self._told else None

    def text(self, game_id: str) -> str:
        """``{"type": "thinking", "seat", "ahead"}`` (``seat`` null once no AI turn is pending)."""
        thinking = self._told.get(game_id)
        seat, ahead = thinking if thinking is not None else (None, None)
        return json.dumps({"type": "thinking", "seat": seat, "ahead": ahead})
