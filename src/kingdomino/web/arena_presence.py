"""The players present on an arena's page, over several servers (``arena_seen``): each server's
page reads of an arena, kept here and shared through the database its servers share, so that the
one server holding the arena's pairing lease (``arena``) pairs a player whose page reads reach
another. A person is present while their page was read in the last :data:`PRESENT_SECONDS`.

Each server notes its own reads (``Seen.saw``) and writes the new ones of an arena at each pass
of its pairing loop, whether or not it holds the lease (one statement, off the event loop); the
lease's holder reads the players seen lately in the pass that pairs. A read reaches the holder
within a pass or two (the loop's tick, 3 s). On a database of one server alone (SQLite) nothing
is written or read: the server's own reads are all there are.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.dialects import postgresql

from kingdomino.web.arena_tables import ArenaSeenRow
from kingdomino.web.failures import log_failure
from kingdomino.web.push_pages import shared
from kingdomino.web.store import Store

#: How long a player's read of the arena's page keeps them present (the page reads it every few
#: seconds).
PRESENT_SECONDS = 45.0
#: The most page reads remembered before the stale ones are dropped.
MAX_SEEN = 20_000


class Seen:
    """This server's page reads of arenas: when each (arena, account) was last seen here
    (``time.monotonic``), and the reads not yet shared, by arena (epoch seconds, by account)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.shared = shared(store)
        self.seen: dict[tuple[str, int], float] = {}
        self.unwritten: dict[str, dict[int, float]] = {}

    def saw(self, tournament_id: str, account_id: int) -> None:
        """``account_id`` read the arena's page here: present, and shared at the next pass."""
        moment = time.monotonic()
        if len(self.seen) >= MAX_SEEN:
            self.seen = {key: at for key, at in self.seen.items() if moment - at < PRESENT_SECONDS}
        self.seen[(tournament_id, account_id)] = moment
        if self.shared:
            self.unwritten.setdefault(tournament_id, {})[account_id] = time.time()

    def present(self, tournament_id: str, player: Any, elsewhere: set[int]) -> bool:
        """Whether ``player`` (a row of the arena's players) is there to be paired: a bot's account
        always, a person seen on its page within ``PRESENT_SECONDS`` here or, ``elsewhere``, through
        the other servers (``present_elsewhere``)."""
        if player.bot or player.account_id in elsewhere:
            return True
        at = self.seen.get((tournament_id, player.account_id))
        return at is not None and time.monotonic() - at < PRESENT_SECONDS

    async def share(self, tournament_id: str) -> None:
        """Write this server's new reads of the arena ``tournament_id`` (kept for the next pass if
        the write fails)."""
        reads = self.unwritten.pop(tournament_id, None)
        if not reads:
            return
        try:
            await asyncio.to_thread(write, self.store, tournament_id, reads)
        except Exception as error:
            log_failure(error, "sharing the page reads of an arena")
            kept = self.unwritten.setdefault(tournament_id, {})
            for account_id, at in reads.items():
                kept[account_id] = max(at, kept.get(account_id, 0.0))

    async def present_elsewhere(self, tournament_id: str) -> set[int]:
        """The players of the arena seen on its page by any server within ``PRESENT_SECONDS``."""
        if not self.shared:
            return set()
        return await asyncio.to_thread(seen_since, self.store, tournament_id, time.time() - PRESENT_SECONDS)

    def forget(self, tournament_id: str) -> None:
        """The arena is over: its reads not shared are dropped."""
        self.unwritten.pop(tournament_id, None)


def write(store: Store, tournament_id: str, reads: dict[int, float]) -> None:
    """Keep each account's latest read of the arena (``reads``: epoch seconds by account)."""
    rows = [{"tournament_id": tournament_id, "account_id": a, "seen": at} for a, at in reads.items()]
    insert = postgresql.insert(ArenaSeenRow)
    upsert = insert.on_conflict_do_update(
        index_elements=[ArenaSeenRow.tournament_id, ArenaSeenRow.account_id],
        set_={"seen": func.greatest(ArenaSeenRow.seen, insert.excluded.seen)},
    )
    with store.engine.begin() as connection:
        connection.execute(upsert, rows)


def seen_since(store: Store, tournament_id: str, moment: float) -> set[int]:
    """The accounts seen on the arena's page since ``moment`` (epoch seconds), by any server."""
    with store.engine.connect() as connection:
        found = connection.scalars(
            select(ArenaSeenRow.account_id).where(
                ArenaSeenRow.tournament_id == tournament_id, ArenaSeenRow.seen >= moment
            )
        )
        return {int(account_id) for account_id in found}
