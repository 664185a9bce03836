"""Hearing the other servers' pages of a game open or close (PostgreSQL's ``kingdomino_pages``),
so that a player's page here learns at once that a player opened the game on another server
(presence ``here``, the offer to hand their seat to an AI withdrawn) or closed it there.

A server writes its rows of ``push_pages`` as its pages open and close, and sends one
notification a game with the write (``push_pages.announce``). Hearing one of a game held here
with pages open, this server reads the game's rows of the other servers again (one read, off the
event loop) and tells its pages what changed (``Presence.tell``). A notification comes with a
page opening or closing, never with the beats that keep the rows fresh.

A server killed sends nothing: every ``BEAT_SECONDS`` the games held here whose seats were last
read open elsewhere are read again, all in one query, so that a seat of a server gone is gone
from its players' pages once its rows are no longer fresh (``FRESH_SECONDS``). After
notifications may have been lost (the listening connection came back), every game with pages
here is read again.

Each notification is followed in a task of its own (``notify.listen``), but a game's rows are
read once at a time: the notifications that come while a read is under way make one more read
after it. A script opening and closing a page of the game on another server as fast as sockets
go costs this server one read of the game at a time, not a task and a read queued for a thread
per notification.

A game held here with no page open here is not read (nobody here to tell), but its presence
notes the moment it heard of a change (``Presence.changed_unheard``): a seat may have left another
server then, so its wait before a claim or a hand-over counts from then at the earliest. Without
it, a game read here long ago and then followed only elsewhere counted its player gone since it
was read here: a claim sent to this server ended the game of a player whose page had closed on
another a moment before.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time

from kingdomino.web.failures import log_failure
from kingdomino.web.memory import GameMemory
from kingdomino.web.notify import listen
from kingdomino.web.push_pages import BEAT_SECONDS, CHANNEL, PagesOpen, seats_elsewhere_of
from kingdomino.web.table import Table

log = logging.getLogger(__name__)


class PagesHeard:
    """The presence of the games in ``tables`` kept up to date with the other servers' pages."""

    def __init__(self, pages: PagesOpen, tables: GameMemory) -> None:
        self.pages = pages
        self.tables = tables
        self.tasks: list[asyncio.Task[None]] = []
        #: The games whose rows are being read after a notification, and whether another came
        #: meanwhile (then read once more when the read under way is done).
        self.reading: dict[str, bool] = {}

    def start(self) -> None:
        """Hear the other servers (PostgreSQL only: one SQLite file has one server)."""
        store = self.pages.store
        if not store.notifies:
            return
        self.tasks.append(
            asyncio.create_task(
                listen(store.url, self.heard, self.caught_up, CHANNEL, read=str, outage=store.outage)
            )
        )
        self.tasks.append(asyncio.create_task(self.sweep()))

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    async def heard(self, payload: str) -> None:
        """Another server's pages of a game opened or closed: its pages here hear who is there."""
        fields = json.loads(payload)
        table = self.tables.get(str(fields["id"]))
        if fields["server"] == self.pages.store.server or table is None:
            return
        if not table.watchers:  # nobody here to tell, and nothing read: only when it changed
            table.presence.changed_unheard()
            return
        if table.id in self.reading:  # read again once the read under way is done
            self.reading[table.id] = True
            return
        self.reading[table.id] = False
        try:
            again = True
            while again:
                self.pages.read.pop(table.id, None)  # what was read before the change is out of date
                await self.seen(table, await self.pages.elsewhere(table.id))
                again = self.reading[table.id]
                self.reading[table.id] = False
        finally:
            del self.reading[table.id]

    async def seen(self, table: Table, seats: frozenset[int]) -> None:
        """Tell ``table``'s pages, if ``seats`` (open elsewhere, as read now) changed what they know."""
        presence = table.presence
        changed = seats != presence.elsewhere
        presence.seen_now(seats)
        if changed:
            await presence.tell()

    async def caught_up(self) -> None:
        """After notifications may have been lost: every game with pages here is read again, and
        every other game held here may have had its pages elsewhere change meanwhile."""
        for table in self.tables.values():
            if not table.watchers:
                table.presence.changed_unheard()
        await self.read_again([table for table in self.tables.values() if len(table.humans()) > 1])

    async def sweep(self) -> None:
        """Every ``BEAT_SECONDS``, read again the games whose seats were open on another server."""
        while True:
            await asyncio.sleep(BEAT_SECONDS)
            try:
                await self.read_again([table for table in self.tables.values() if table.presence.elsewhere])
            except Exception:  # a page that could not be told: the next beat goes on
                log.exception("the pages of other servers could not be told")

    async def read_again(self, tables: list[Table]) -> None:
        """Read the other servers' pages of ``tables`` (those with pages here) in one query."""
        tables = [table for table in tables if table.watchers]
        if not tables:
            return
        store = self.pages.store
        try:
            found = await asyncio.to_thread(
                seats_elsewhere_of, store, [table.id for table in tables], time.time()
            )
        except Exception as error:
            log_failure(error, "reading the game pages open on other servers", store.outage)
            return
        moment = time.monotonic()
        for table in tables:
            seats = found.get(table.id, frozenset())
            self.pages.read[table.id] = (moment, seats)  # what presence reads next, up to date
            await self.seen(table, seats)
