"""Who is at a table: the seats with a page open here, the seat awaited while away, and the seats
open in two windows at once.

A human seat to act with no page of the game open on any server is away (the other servers'
pages are read from ``push_pages`` on a database they share); once it has been away for
``away_seconds`` another player may hand it to an AI (``Table.hand_to_ai``), so an
online friend gone for good does not stall the game. Each player's page is told
``{"type": "presence", "away": {seat: seconds}, "after": seconds, "here": [seats],
"elsewhere": [seats]}`` whenever what it says changes:

* ``here``: the human seats with a page open here now, so each player sees at a glance who is
  at the table (connected or not, nothing more: no time of leaving, no count of pages); none to
  a page holding every human seat (one screen shared, or the last human against AI seats);
* ``away``: the seat awaited while away and how long it has been awaited, so the others offer to
  hand it to an AI at the right moment;
* ``elsewhere``: the page's own seats that another page holds too (a link opened in two
  browsers, in any game): both pages play, and both say so;
* ``lost``: the human seats whose only pages here went silent (``page_link.silent_after``: a
  phone in a tunnel says no goodbye), not at the table until one speaks again: the socket stays
  open meanwhile, so a player back a few seconds later finds their page as it was;
* ``gone`` and ``claim_after``: in a real-time game (a ``game`` or ``move`` clock), the seat to
  act with no page open on any server and for how long, so the others offer to claim the game
  once it has been gone ``claim_after`` seconds (``gone_claims``).

A page here counts for presence (``here``, ``away``, ``gone``, the rows other servers read in
``push_pages``) only while its socket speaks: a silent one is as good as closed.

* a spectator's page is told ``here`` alone (each player's mark by their name, which the public
  view shows anyway): never ``away`` (a spectator hands no seat over) nor ``elsewhere`` (it holds
  no seat).

Every page of the game, a player's and a spectator's, is also told how many spectators' pages
are open here (``{"type": "watching", "n": count}``, the count ``GET /api/live-games`` gives)
whenever it changes, and on opening when some are: a watch page says how many watch with it, and
a player's page that people watch. A message of its own, so that ``presence`` stays what a
player's page is told of the seats. A page opening hears the count at once; the pages already
open hear it at most once in ``COUNT_PAUSE`` seconds: 32 spectators arriving at once would tell
the first of them 31 counts, which a socket that reads slowly holds unread.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import Counter
from typing import TYPE_CHECKING

from kingdomino.web import inbox_events
from kingdomino.web.clocks import joining
from kingdomino.web.live import Watcher, simul_game
from kingdomino.web.stored import StoredGame

if TYPE_CHECKING:
    from kingdomino.web.table import Table

#: What a page was told, but for the seconds: the seats away, here, open elsewhere too, lost, gone.
Told = tuple[frozenset[str], tuple[int, ...], tuple[int, ...], tuple[int, ...], frozenset[str]]
#: Seconds between two counts of the spectators told to the pages already open.
COUNT_PAUSE = 1.0
#: What a page that was told nothing knows: a page of a game of one human, open once, hears nothing.
NOTHING: Told = (frozenset(), (), (), (), frozenset())


def real_time(stored: StoredGame) -> bool:
    """Whether ``stored`` is a real-time game: its clock counts minutes or seconds (not days)."""
    return stored.time_control is not None and stored.time_control.get("kind") in ("game", "move")


class Presence:
    """The presence of one table's seats: when each human seat's last page here closed, when the
    current turn began, and what each player's page was last told (``tell``)."""

    def __init__(self, table: Table, away_seconds: float) -> None:
        self.table = table
        #: How long an awaited human seat is away before another player may hand it to an AI.
        self.away_seconds = away_seconds
        #: When this server loaded the game, when the current turn began, and when each human
        #: seat's last page here closed (``time.monotonic()``): what tells a seat that is away.
        self.loaded_at = time.monotonic()
        self.turn_since = self.loaded_at
        self.left_at: dict[int, float] = {}
        #: The human seats with a page open on another server as last read (``look_elsewhere``),
        #: and when each was last seen so (``time.monotonic()``).
        self.elsewhere: frozenset[int] = frozenset()
        self.seen_elsewhere: dict[int, float] = {}
        self.looked = False
        #: What each player's page open here was last told.
        self.told: dict[Watcher, Told] = {}
        #: How many spectators each page open here was last told watch (none told: 0), and the
        #: count told to the pages already open once the pause is over (None: none due).
        self.counted: dict[Watcher, int] = {}
        self.count_due: asyncio.TimerHandle | None = None
        self.counting: asyncio.Task[None] | None = None

    def turn_began(self) -> None:
        """The game changed: whoever is to act is awaited from now."""
        self.turn_since = time.monotonic()

    async def joined(self, watcher: Watcher) -> None:
        """A page opened (already told the view): it hears who is at the table, and the other
        pages hear that its seats are back (a spectator's page holds none: only it is told, and
        the count of spectators told to all, so a thousand arriving is not a million tellings)."""
        self.pages_changed()
        await self.tell(None if watcher.seats else [watcher])

    async def parted(self, watcher: Watcher) -> None:
        """A page closed: a seat with no page left here is away from now; the others hear of it
        (their pages offer to hand an awaited seat to an AI once it has been away long)."""
        now = time.monotonic()
        self.told.pop(watcher, None)
        self.counted.pop(watcher, None)
        left = self.unheld(watcher)
        if not watcher.silent:  # a silent page's seats left when it went silent (``silenced``)
            for seat in left:
                self.left_at[seat] = now
            inbox_events.page_left(self.table, left)
        if watcher.seats:
            self.pages_changed()
            await self.tell()
        else:  # nothing a page is told of the seats changed: only the count
            await self.count_watching()

    async def silenced(self, watcher: Watcher) -> None:
        """``watcher``'s socket missed its pings: its seats with no other page speaking here left
        when it was last heard, and the others hear it (``lost``)."""
        watcher.silent = True
        left = self.unheld(watcher)
        for seat in left:
            self.left_at[seat] = watcher.heard
        inbox_events.page_left(self.table, left)
        if watcher.seats:
            self.pages_changed()
            await self.tell()

    async def spoke(self, watcher: Watcher) -> None:
        """``watcher``'s silent socket spoke again: its seats are back at the table."""
        watcher.silent = False
        if watcher.seats:
            self.pages_changed()
            await self.tell()

    def live(self) -> list[Watcher]:
        """The pages open here whose sockets speak (a silent one counts as closed)."""
        return [watcher for watcher in self.table.watchers if not watcher.silent]

    def unheld(self, watcher: Watcher) -> list[int]:
        """``watcher``'s seats that no other page speaking here holds."""
        others = [other for other in self.live() if other is not watcher]
        return [seat for seat in watcher.seats if not any(seat in other.seats for other in others)]

    def pages_changed(self) -> None:
        """Note the seats with a page open here for the other servers, whose pushes of a turn
        skip them (``push_pages``)."""
        pusher = self.table.host.pusher
        if pusher is not None:
            pusher.pages.note(self.table)

    def awaited(self, seat: int) -> bool:
        """Whether ``seat`` is the human seat to act with no page of it open (and speaking) here."""
        table = self.table
        if table.state.current_player != seat or seat < 0 or table.is_ai(seat):
            return False
        return not any(seat in watcher.seats for watcher in self.live())

    async def look_elsewhere(self, seat: int | None = None) -> None:
        """Read which seats have a page open on another server (``PagesOpen.elsewhere``: off the
        event loop, cached) when ``seat`` is awaited with none here, before ``awaited_away`` says
        how long it has been away, and once when the first page here is told (the other servers
        then say when their pages open or close: ``pages_heard``)."""
        pusher = self.table.host.pusher
        if pusher is None or (self.looked and (seat is None or not self.awaited(seat))):
            return
        self.looked = True
        self.seen_now(await pusher.pages.elsewhere(self.table.id))

    def seen_now(self, seats: frozenset[int]) -> None:
        """The seats with a page open on another server are ``seats`` as read now: those there
        until now are seen there now too (a seat that left is away from now)."""
        moment = time.monotonic()
        for other in self.elsewhere | seats:
            self.seen_elsewhere[other] = moment
        self.elsewhere = seats

    def changed_unheard(self) -> None:
        """Another server's pages of the game opened or closed while no page here follows it (so
        nothing was read: ``pages_heard``): any human seat may have left there just now, so each
        counts as seen elsewhere until now, and its wait (``awaited_away``, ``gone_for``) starts
        again at the earliest from now."""
        moment = time.monotonic()
        for seat in self.table.humans():
            self.seen_elsewhere[seat] = moment

    def awaited_away(self, seat: int) -> float | None:
        """How long ``seat``, a human seat to act, has been awaited with no page of it open on any
        server until now (None: another seat acts, an AI plays it, or a page of it is open here
        or, as ``look_elsewhere`` read last, on another server)."""
        if not self.awaited(seat) or seat in self.elsewhere:
            return None
        since = max(
            self.left_at.get(seat, self.loaded_at), self.turn_since, self.seen_elsewhere.get(seat, 0.0)
        )
        return time.monotonic() - since

    def gone_for(self, seat: int) -> float | None:
        """How long ``seat``, the human seat to act, has had no page open (and speaking) on any
        server (None: a page of it is, as ``look_elsewhere`` read last, or it is not to act): since
        its last page went, whoever was to act then."""
        if not self.awaited(seat) or seat in self.elsewhere:
            return None
        since = max(self.left_at.get(seat, self.loaded_at), self.seen_elsewhere.get(seat, 0.0))
        return time.monotonic() - since

    def gone(self) -> dict[str, float]:
        """In a real-time game being played (not a simul's), the seat to act that is gone (its
        number as text) and for how long, if there is one (``gone_claims``)."""
        table = self.table
        stored = table.stored
        if stored.status != "playing" or not real_time(stored) or joining(stored.seats) or simul_game(stored):
            return {}
        to_act = table.state.current_player
        waited = self.gone_for(to_act)
        return {} if waited is None else {str(to_act): round(waited, 1)}

    def away(self) -> dict[str, float]:
        """The seat awaited while away (its number as text) and for how long, if there is one;
        none in a game with clocks, whose seats only their clocks hand over."""
        table = self.table
        if table.stored.time_control is not None:
            return {}
        to_act = table.state.current_player
        waited = self.awaited_away(to_act) if table.stored.status == "playing" else None
        return {} if waited is None else {str(to_act): round(waited, 1)}

    def here(self) -> tuple[int, ...]:
        """The human seats with a page open here or, as last read, on another server. A page
        holding every human seat is told none (``tell``: nobody else is at the table); a game
        whose other seats went to AIs still has its last player at the table, as a spectator's
        page or a former player's sees it."""
        held = set(self.open_here()) | self.elsewhere
        return tuple(seat for seat in self.table.humans() if seat in held)

    def open_here(self) -> tuple[int, ...]:
        """The human seats with a page open on this server."""
        table = self.table
        held = {seat for watcher in self.live() for seat in watcher.seats}
        return tuple(seat for seat in table.humans() if seat in held)

    def lost(self) -> tuple[int, ...]:
        """The human seats whose pages here are all silent (at least one)."""
        silent = {seat for watcher in self.table.watchers if watcher.silent for seat in watcher.seats}
        here = self.here()
        return tuple(seat for seat in self.table.humans() if seat in silent and seat not in here)

    def held_twice(self) -> set[int]:
        """The seats two pages open here or more hold (one pass over the pages: each page's
        ``elsewhere`` is its seats among these, not a pass over the others for each page)."""
        held = Counter(seat for watcher in self.table.watchers for seat in watcher.seats)
        return {seat for seat, pages in held.items() if pages > 1}

    async def tell(self, pages: list[Watcher] | None = None) -> None:
        """Tell each page (of ``pages``, None: every page open here) what it has not been told yet:
        who is at the table, and to a player's page who is awaited while away (with how long it has
        been awaited) and which of its seats another page holds too. A page is told again only
        when one of those changes, not the seconds."""
        table = self.table
        several = len(table.humans()) > 1
        if several:
            awaited = table.stored.time_control is None or real_time(table.stored)
            await self.look_elsewhere(table.state.current_player if awaited else None)
        away = self.away() if several else {}
        gone = self.gone() if several else {}
        here, lost = self.here(), self.lost()
        humans = set(table.humans())
        twice = self.held_twice()
        due: list[Watcher] = []
        texts: list[str] = []
        made: dict[Told, str] = {}  # the pages told the same (every spectator) share one text
        for watcher in list(table.watchers) if pages is None else pages:
            # A page holding every human seat (one screen shared) has nobody else to see.
            alone = not humans - set(watcher.seats)
            others, lost_others = ((), ()) if alone else (here, lost)
            elsewhere = tuple(seat for seat in watcher.seats if seat in twice)
            seen, gone_seen = (away, gone) if watcher.seats else ({}, {})
            told: Told = (frozenset(seen), others, elsewhere, lost_others, frozenset(gone_seen))
            if told == self.told.get(watcher, NOTHING):
                continue
            self.told[watcher] = told
            due.append(watcher)
            if told not in made:
                message = {"type": "presence", "away": seen, "after": self.away_seconds}
                lists = {"here": list(others), "elsewhere": list(elsewhere), "lost": list(lost_others)}
                claim = {"gone": gone_seen, "claim_after": table.host.claim_seconds}
                made[told] = json.dumps({**message, **lists, **claim})
            texts.append(made[told])
        if due:
            await table.send_each(due, texts)
        await self.count_watching()

    def watching(self) -> int:
        """How many spectators' pages of the game are open here."""
        return len(self.table.spectators)

    async def count_watching(self) -> None:
        """Tell a page just opened how many spectators watch, and the pages already open once
        ``COUNT_PAUSE`` is over (the count then), each if it was told otherwise (a page told
        nothing knows of none)."""
        count = self.watching()
        if self.count_due is None and any(self.counted.get(w, 0) != count for w in self.table.watchers):
            self.count_due = asyncio.get_running_loop().call_later(COUNT_PAUSE, self.count_later)
        await self.count_now(fresh=True)

    def count_later(self) -> None:
        """The pause is over: the pages already open hear the count (a task kept till it is done)."""
        self.counting = asyncio.get_running_loop().create_task(self.count_now())

    async def count_now(self, fresh: bool = False) -> None:
        """Tell the count to the pages told otherwise (``fresh``: only those told nothing yet)."""
        if not fresh:
            self.count_due = None
        count = self.watching()
        watchers = [w for w in list(self.table.watchers) if not fresh or w not in self.counted]
        due = [watcher for watcher in watchers if self.counted.get(watcher, 0) != count]
        for watcher in due:
            self.counted[watcher] = count
        if due:
            text = json.dumps({"type": "watching", "n": count})
            await self.table.send_each(due, [text] * len(due))
