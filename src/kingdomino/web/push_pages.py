"""The seats of games with a page open on each server, kept in the database (``push_pages``), so
that with several servers a move written on one pushes no "your turn" to a player whose page of
the game is open on another (that page says it itself, ``turn-notify.js``), and a seat whose page
is open on another server is present here too (``presence``: not away, so neither handed to an AI
nor its rated game called off nor claimed). A page whose socket went silent counts as closed. A
database of one server alone (SQLite) holds the turn-based games' seats only, which its pushes
read; presence there is the server's own.

Each server keeps its own rows with one writer (``PagesOpen.keep``): as soon as a page of a
seat opens or closes here, the rows are brought in line with the
pages, in one transaction (a burst of pages is one write), and every ``BEAT_SECONDS`` its rows are
confirmed in one statement, as its AI leases are renewed. A row not confirmed for
``FRESH_SECONDS`` is a server's that stopped without clearing its rows (killed): it is ignored,
and cleared by the next server that stops. A push is checked against the other servers' rows
just before it is posted, in the sending thread (``Pusher``), never on the event loop; this
server's own pages are known without the database (``push_events.account_to_tell``). Presence
reads a game's rows of the other servers off the event loop, kept ``CACHE_SECONDS``
(``PagesOpen.elsewhere``).

Each write of a server's rows as its pages open or close tells the other servers which games'
pages changed (``announce``: one notification a game), and they tell their pages of them at once
(``pages_heard``). What it leaves: a server killed keeps its seats present for
``FRESH_SECONDS`` at most (and its players' pages elsewhere hear it within a beat after).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import TYPE_CHECKING

from sqlalchemy import Connection, and_, delete, insert, select, text, update

from kingdomino.web.failures import log_failure, passing_cause
from kingdomino.web.push_tables import PushPageRow
from kingdomino.web.store import Store

if TYPE_CHECKING:
    from kingdomino.web.table import Table

#: Seconds between two confirmations of a server's rows (and, after a failed write, to the next
#: try): one statement a server, whatever its count of pages.
BEAT_SECONDS = 4.0
#: A row confirmed longer ago than this is a stopped server's (killed): two beats missed, and 2 s
#: more for a write slowed by a loaded machine, so that a live server's pages never blink away,
#: while a killed server's seats count as present for 10 s at most, well within the 60 s a seat
#: to act is awaited before it may be handed over. The servers' clocks must agree within a
#: second or so (NTP), as they must for the AI leases.
FRESH_SECONDS = 2 * BEAT_SECONDS + 2.0

#: How long the seats of a game open on other servers are kept once read, and how many games'.
CACHE_SECONDS = 2.0
CACHE_LIMIT = 4096

#: A seat of a game: (game id, seat).
Page = tuple[str, int]

#: The PostgreSQL channel on which a server says that its pages of a game opened or closed
#: (``{"id": game, "server": server}``, sent with the write of its rows), so that the other
#: servers' pages of the game hear who is at the table at once (``pages_heard``).
CHANNEL = "kingdomino_pages"


def shared(store: Store) -> bool:
    """Whether other servers may use ``store``'s database (PostgreSQL; a SQLite file is one server's)."""
    return store.engine.dialect.name != "sqlite"


def seats_open(table: Table) -> set[int]:
    """The human seats of ``table``'s game with a page open here: a turn-based game's, which a
    push of a turn concerns (``push_events``), and on a database other servers share every
    game's, which their presence reads (``seats_elsewhere``). Noted whatever the game's status
    and whoever plays the seat now, since a page stays open while its game starts (a challenge
    accepted) and while its seat is claimed for an account, which are not pages opening or closing."""
    days = (table.stored.time_control or {}).get("kind") == "days"
    if not days and not shared(table.host.store):
        return set()
    return set(table.presence.open_here())


class PagesOpen:
    """This server's pages of games' seats, and their rows in the database; and the other
    servers' pages of a game, as read lately (``elsewhere``)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        #: The seats with a page open here, by game (a game with none is left out).
        self.open: dict[str, set[int]] = {}
        #: What the database holds of them (as last written).
        self.written: set[Page] = set()
        self.changed = asyncio.Event()
        #: The seats open on other servers read lately (``elsewhere``): when, and which, by game.
        self.read: dict[str, tuple[float, frozenset[int]]] = {}

    def note(self, table: Table) -> None:
        """A page of ``table`` opened or closed here: its rows are written soon (``keep``)."""
        seats = seats_open(table)
        if seats == self.open.get(table.id, set()):
            return
        if seats:
            self.open[table.id] = seats
        else:
            self.open.pop(table.id, None)
        self.changed.set()

    async def keep(self) -> None:
        """Write the rows as the pages change, and confirm them every ``BEAT_SECONDS``; a write
        that fails (the database away for a while) is tried again at the next beat."""
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), BEAT_SECONDS)
            self.changed.clear()
            pages = {(game_id, seat) for game_id, seats in self.open.items() for seat in seats}
            if not pages and not self.written:
                continue  # nothing to confirm: a server with no such page writes nothing
            try:
                await asyncio.to_thread(
                    write, self.store, pages - self.written, self.written - pages, time.time()
                )
            except Exception as error:
                log_failure(error, "noting the game pages open here", self.store.outage)
                continue
            self.written = pages

    async def elsewhere(self, game_id: str) -> frozenset[int]:
        """The seats of the game ``game_id`` with a page open on another server (none on a
        database of this server alone), read off the event loop and kept ``CACHE_SECONDS``: the
        presence of a game's seats asks at each change of the game."""
        if not shared(self.store):
            return frozenset()
        moment = time.monotonic()
        kept = self.read.get(game_id)
        if kept is not None and moment - kept[0] < CACHE_SECONDS:
            return kept[1]
        try:
            seats = await asyncio.to_thread(seats_elsewhere, self.store, game_id, time.time())
        except Exception as error:
            if passing_cause(error) is None:
                raise
            log_failure(error, "reading the game pages open on other servers", self.store.outage)
            return frozenset() if kept is None else kept[1]
        if len(self.read) >= CACHE_LIMIT:
            self.read = {g: r for g, r in self.read.items() if moment - r[0] < CACHE_SECONDS}
        self.read[game_id] = (moment, seats)
        return seats

    async def clear(self) -> None:
        """This server stops: its rows are gone, and so are those of servers long stopped."""
        await asyncio.to_thread(clear, self.store, time.time())


def write(store: Store, added: set[Page], gone: set[Page], moment: float) -> None:
    """In one transaction: this server's rows of ``gone`` deleted, those of ``added`` made, and all
    of its rows confirmed at ``moment``."""
    mine = PushPageRow.server == store.server
    with store.engine.begin() as connection:
        for game_id, seat in gone:
            connection.execute(
                delete(PushPageRow).where(mine, PushPageRow.game_id == game_id, PushPageRow.seat == seat)
            )
        connection.execute(update(PushPageRow).where(mine).values(seen=moment))
        if added:
            rows = [{"game_id": g, "seat": s, "server": store.server, "seen": moment} for g, s in added]
            connection.execute(insert(PushPageRow), rows)
        announce(store, connection, {game_id for game_id, _ in added | gone})


def announce(store: Store, connection: Connection, game_ids: set[str]) -> None:
    """Tell the other servers, once the transaction commits, that this server's pages of each of
    ``game_ids`` changed: one notification a game (none on SQLite, one server's)."""
    if not shared(store):
        return
    for game_id in sorted(game_ids):
        payload = json.dumps({"id": game_id, "server": store.server})
        connection.execute(text("SELECT pg_notify(:c, :p)"), {"c": CHANNEL, "p": payload})


def clear(store: Store, moment: float) -> None:
    """Delete this server's rows (the other servers told of their games), and those no server
    confirmed for ``FRESH_SECONDS``."""
    mine = PushPageRow.server == store.server
    with store.engine.begin() as connection:
        games = set(connection.scalars(select(PushPageRow.game_id).where(mine).distinct()))
        connection.execute(delete(PushPageRow).where(mine))
        connection.execute(delete(PushPageRow).where(PushPageRow.seen < moment - FRESH_SECONDS))
        announce(store, connection, games)


def seats_elsewhere(store: Store, game_id: str, moment: float) -> frozenset[int]:
    """The seats of the game ``game_id`` with a page open on another server, as confirmed lately
    at ``moment`` (one read of the table's key)."""
    with store.engine.connect() as connection:
        found = connection.scalars(
            select(PushPageRow.seat).where(
                PushPageRow.game_id == game_id,
                PushPageRow.server != store.server,
                PushPageRow.seen >= moment - FRESH_SECONDS,
            )
        )
        return frozenset(int(seat) for seat in found)


def seats_elsewhere_of(store: Store, game_ids: list[str], moment: float) -> dict[str, frozenset[int]]:
    """``seats_elsewhere`` of each of ``game_ids`` in one read (a game with none left out)."""
    found: dict[str, set[int]] = {}
    with store.engine.connect() as connection:
        rows = connection.execute(
            select(PushPageRow.game_id, PushPageRow.seat).where(
                PushPageRow.game_id.in_(game_ids),
                PushPageRow.server != store.server,
                PushPageRow.seen >= moment - FRESH_SECONDS,
            )
        )
        for game_id, seat in rows:
            found.setdefault(str(game_id), set()).add(int(seat))
    return {game_id: frozenset(seats) for game_id, seats in found.items()}


def open_elsewhere(store: Store, page: Page, moment: float) -> bool:
    """Whether another server has a page of ``page``'s seat open, as confirmed lately at ``moment``."""
    game_id, seat = page
    with store.engine.connect() as connection:
        found = connection.execute(
            select(PushPageRow.server).where(
                and_(
                    PushPageRow.game_id == game_id,
                    PushPageRow.seat == seat,
                    PushPageRow.server != store.server,
                    PushPageRow.seen >= moment - FRESH_SECONDS,
                )
            )
        ).first()
    return found is not None
