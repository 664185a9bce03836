"""The arena, a club tournament of a time window (``format: arena``): from its start for
``minutes``, each player free of a game is paired again at once (``arena_pairing``), so that an
evening's players play as many games as they like; its standings count arena points
(``arena_pairing.scored``).

A player is paired while they are in it (joined, before or after the start, and not withdrawn), in
no game of it, not paused, and present: a bot's account always, a person while their tournament
page was read in the last ``PRESENT_SECONDS`` (the page reads it every few seconds), through any
server of the database (``arena_presence``), or a game of theirs in it ended that recently (they
are on its end screen, which goes back to the arena).
The pairing runs every :data:`TICK_SECONDS`, and at once as a game of the arena ends or a player
rejoins. A paired player who has not taken their seat after :data:`SEAT_MINUTES` loses the game by
forfeit (the one who came wins it) and is paused, as if they had pressed "Pause", until they
rejoin. A player who pauses before sitting at their game calls it off for neither; past the first
(``data/arena.json``: ``free_call_offs``), each such call-off keeps them from being paired for
``call_off_wait_seconds`` (as lichess's arena makes a player who leaves wait): dodging an opponent
by a pause and a rejoin costs time. A player who withdraws loses the game they are in and is paired
no more. A player paused (or forfeited) longer than ``place_kept_minutes`` gives back their
place when the arena is full and someone asks to join (``arena_joins.places_taken``): accounts that
join and never sit would otherwise keep its places from others.

At the window's end (``arena_tables.ArenaRow.ends_at``) nobody is paired again; the games under
way finish and count, and the arena is ``finished`` once the last is over, its players told in the
same transaction (``tournament_end``). The window is stored: a server that starts goes on with a
running arena (:meth:`Arena.resume`), its games that ended while it was stopped counted. Its lock
is the tournaments' (a join, a pause, a pairing at a time).

Several servers over one database each run every arena's loop, but one pairs it at a time: the one
holding its pairing's lease (``arena_store.take_pairing``: its row of ``arenas`` names the server
until a moment, :data:`LEASE_SECONDS` on), taken or renewed at each pass; the others skip theirs
and take it over once the holder stops renewing it (stopped, or gone). A lease, not one
transaction around the read, the pairing and the write: a pairing makes its games on the hub, in
transactions of their own, between the two, and a transaction held open across them would hold
SQLite's only writer (which those writes wait for) and a PostgreSQL row lock as long. A game is
stored only while its server still holds the lease and neither player is in a game of the arena
not over, in one transaction (``arena_store.add_game``): a lease that lapsed mid-pairing pairs
nobody twice, and the game it made is called off.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from importlib import resources
from typing import TYPE_CHECKING, Any

from kingdomino.web import arena_store, team_battle, tournament_end
from kingdomino.web import tournament_rounds as rounds
from kingdomino.web.arena_pairing import Free, pair, scored
from kingdomino.web.arena_presence import Seen
from kingdomino.web.arena_store import ArenaState
from kingdomino.web.failures import log_failure
from kingdomino.web.refusals import HubError
from kingdomino.web.tournament_forfeits import end_game_of
from kingdomino.web.tournament_store import Tournament

if TYPE_CHECKING:
    from kingdomino.web.tournaments import Tournaments

log = logging.getLogger(__name__)

#: The figures of an arena's fairness (``data/arena.json``, described in ``data/SOURCES.md``).
FAIRNESS: dict[str, int] = json.loads(
    resources.files("kingdomino.web").joinpath("data", "arena.json").read_text(encoding="utf-8")
)
#: The bounds of an arena's length (minutes).
MIN_MINUTES, MAX_MINUTES = 20, 180
#: How long a paired player has to take their seat before losing the game by forfeit (minutes).
SEAT_MINUTES = 1
#: How long two players who just met wait for someone else before they meet again (seconds).
REMATCH_SECONDS = 10.0
#: How often the free players are paired.
TICK_SECONDS = 3.0
#: How long a server's right to pair an arena lasts unless renewed (at each pass, every tick).
LEASE_SECONDS = 10.0


def points_of(state: ArenaState) -> dict[int, int]:
    """Each player's arena points so far (a player with no game ended is not in it)."""
    return {player: sum(scored(results)) for player, results in state.results().items()}


class Arena:
    """The running arenas of ``tournaments``: their pairing loops, games' ends, pauses and ends."""

    def __init__(self, tournaments: Tournaments) -> None:
        self.tournaments = tournaments
        self.hub = tournaments.hub
        self.store = tournaments.store
        self.lock = tournaments.lock
        self.loops: dict[str, asyncio.Task[None]] = {}
        #: The pairing passes under way, which a stop lets end (``stop``).
        self.passes: set[asyncio.Future[bool]] = set()
        #: Who reads the arena's page, here and through the other servers (``arena_presence``).
        self.seen = Seen(self.store)
        #: When each (arena, account) came free last: their game ended, or they came back.
        self.freed: dict[tuple[str, int], float] = {}
        self.tick = TICK_SECONDS
        self.lease_seconds = LEASE_SECONDS
        self.rematch_seconds = REMATCH_SECONDS
        self.seat_seconds = SEAT_MINUTES * 60.0
        self.call_off_wait = float(FAIRNESS["call_off_wait_seconds"])

    # --- the start and the loop ---------------------------------------------------------------

    async def begin(self, tournament_id: str) -> None:
        """The arena ``tournament_id`` started now (the caller holds the lock): its window set,
        its first games paired and its loop running."""
        state = await self._state(tournament_id)
        await asyncio.to_thread(
            arena_store.set_ends, self.store, tournament_id, time.time() + state.minutes * 60
        )
        await self._pair(tournament_id)
        self._run(tournament_id)

    def _run(self, tournament_id: str) -> None:
        if tournament_id not in self.loops:
            self.loops[tournament_id] = asyncio.get_running_loop().create_task(self._loop(tournament_id))

    async def _loop(self, tournament_id: str) -> None:
        try:
            while True:
                try:
                    a_pass = asyncio.ensure_future(self._locked_pair(tournament_id))
                    self.passes.add(a_pass)
                    a_pass.add_done_callback(self.passes.discard)
                    if await asyncio.shield(a_pass):
                        return
                except Exception as error:  # a failed pairing is tried again at the next tick
                    log_failure(error, f"pairing the arena {tournament_id}", self.store.outage)
                await asyncio.sleep(self.tick)
        finally:
            self.loops.pop(tournament_id, None)

    async def _locked_pair(self, tournament_id: str) -> bool:
        async with self.lock:
            return await self._pair(tournament_id)

    async def _state(self, tournament_id: str) -> ArenaState:
        state = await asyncio.to_thread(arena_store.load, self.store, tournament_id)
        if state is None:
            raise HubError(404, "tournament", f"no arena with id {tournament_id!r}", "no_tournament")
        return state

    async def _pair(self, tournament_id: str) -> bool:
        """Pair the arena's free players, or end it once its window ended and its last game is
        over (the caller holds the lock), unless another server holds its pairing's lease: whether
        it is over."""
        tournament = await self.tournaments.read(tournament_id)
        if tournament.status != "running":
            self.seen.forget(tournament_id)
            return True
        await self.seen.share(tournament_id)
        if not await asyncio.to_thread(
            arena_store.take_pairing, self.store, tournament_id, self.lease_seconds
        ):
            return False
        state = await self._state(tournament_id)
        if state.ends_at is not None and time.time() >= state.ends_at:
            if state.busy():
                return False
            told = tournament_end.arena_told(tournament, state)
            await asyncio.to_thread(tournament_end.finish, self.store, tournament_id, told)
            self.freed = {key: at for key, at in self.freed.items() if key[0] != tournament_id}
            return True
        busy = state.busy() | state.paused | state.held_now(time.time())
        elsewhere = await self.seen.present_elsewhere(tournament_id)
        free = [
            p.account_id
            for p in tournament.players
            if p.withdrew is None
            and p.account_id not in busy
            and self.seen.present(tournament_id, p, elsewhere)
        ]
        if len(free) < 2:
            return False
        points = points_of(state)
        ratings = await asyncio.to_thread(rounds.pool_ratings, self.store, tournament, free)
        last = state.last_opponents()
        recent = state.recent_opponents(FAIRNESS["recent_opponents"])
        moment = time.monotonic()
        waited = {p: moment - self.freed.get((tournament_id, p), -float("inf")) for p in free}
        teams = await asyncio.to_thread(team_battle.sides, self.store, tournament_id)
        candidates = [
            Free(
                p,
                points.get(p, 0),
                ratings[p],
                last.get(p),
                waited[p],
                recent.get(p, frozenset()),
                teams.get(p),
            )
            for p in free
        ]
        games, _ = pair(candidates, self.rematch_seconds)
        for first, second in games:
            game_id = await rounds.make_pairing_game(
                self.hub, tournament, [first, second], time.time() + self.seat_seconds
            )
            if not await asyncio.to_thread(
                arena_store.add_game, self.store, tournament_id, first, second, game_id, time.time()
            ):
                await end_game_of(self.hub, game_id, first)
        return False

    # --- games' ends, pauses, withdrawals -----------------------------------------------------

    async def ended(self, game_id: str, result: dict[str, Any]) -> None:
        """A game ended with ``result`` (``tournament_rounds.result_of``): if it is an arena's, it
        counts, a player who never sat is paused, and the free players are paired again."""
        stored = self.hub.table(game_id).stored
        # A game played counts as played, resigned or not: a forfeit is a game never started. Who
        # never sat is paused when its wait ran out (it keeps its moment; a game a withdrawal
        # called off has none, and its other player is not to blame).
        absent = None
        if stored.status != "finished":
            forfeits = (result.get("outcome") or {}).get("forfeits") or [False, False]
            ran_out = stored.status == "expired" and stored.open_until is not None
            absent = (bool(forfeits[0]) and ran_out, bool(forfeits[1]) and ran_out)
        async with self.lock:
            kept = await asyncio.to_thread(
                arena_store.set_result,
                self.store,
                game_id,
                result["first_points"],
                result["second_points"],
                absent,
            )
            if kept is None:
                return
            tournament_id, players = kept
            for seat, player in enumerate(players):
                if not (absent and absent[seat]):
                    self.seen.saw(tournament_id, player)
                self.freed[(tournament_id, player)] = time.monotonic()
            await self._pair(tournament_id)

    async def pause(self, tournament_id: str, account_id: int, paused: bool) -> None:
        """``account_id`` pauses in the running arena ``tournament_id`` (not paired; a game under
        way is played on) or comes back (``paused`` False: paired again at once)."""
        async with self.lock:
            tournament = await self.tournaments.read(tournament_id)
            if tournament.format != "arena" or tournament.status != "running":
                raise HubError(409, "tournament", "this is no running arena", "arena_not_running")
            if account_id not in tournament.active():
                raise HubError(
                    409, "tournament", "you do not play in this tournament", "tournament_not_joined"
                )
            act = arena_store.pause if paused else arena_store.rejoin
            await asyncio.to_thread(act, self.store, tournament_id, account_id)
            if paused:
                await self._call_off_unseated(tournament_id, account_id)
            else:
                self.seen.saw(tournament_id, account_id)
                await self._pair(tournament_id)

    async def _call_off_unseated(self, tournament_id: str, account_id: int) -> None:
        """The game ``account_id`` was paired in and has not taken their seat at is called off,
        counted for neither (the caller holds the lock): a game's end pairs its players again at
        once, within its page's countdown back to the arena, so one who chose to stay there and
        pause had been paired unknowing, and lost that game by forfeit. The call-off is counted:
        past the free ones, the player is held back from pairing a while (the module's rule)."""
        state = await self._state(tournament_id)
        for game in state.games:
            if game.first_points is not None or account_id not in (game.first, game.second):
                continue
            stored = self.hub.table(game.game_id).stored
            unseated = any(seat["kind"] == "open" and seat.get("for") == account_id for seat in stored.seats)
            if (
                stored.status == "open"
                and unseated
                and await asyncio.to_thread(arena_store.drop_game, self.store, game.game_id)
            ):
                await end_game_of(self.hub, game.game_id, account_id)
                await asyncio.to_thread(
                    arena_store.called_off,
                    self.store,
                    tournament_id,
                    account_id,
                    FAIRNESS["free_call_offs"],
                    time.time() + self.call_off_wait,
                )

    async def left(self, tournament: Tournament, account_id: int) -> None:
        """``account_id`` withdrew from the arena (the caller holds the lock): their game not over
        is lost (called off while it waits, resigned once under way)."""
        state = await self._state(tournament.id)
        for game in state.games:
            if game.first_points is None and account_id in (game.first, game.second):
                await end_game_of(self.hub, game.game_id, account_id)

    # --- the server's start and stop ----------------------------------------------------------

    async def resume(self) -> None:
        """Go on with the running arenas: the games that ended meanwhile counted, the loops run."""
        for tournament_id in await asyncio.to_thread(arena_store.running, self.store):
            try:
                state = await self._state(tournament_id)
                for game in state.games:
                    if game.first_points is None:
                        table = self.hub.read(game.game_id)
                        result = None if table is None else rounds.result_of(table.stored, table.state)
                        if result is not None:
                            await self.ended(game.game_id, result)
                self._run(tournament_id)
            except Exception:  # one arena that cannot go on stops none of the others
                log.exception("the arena %s could not be resumed", tournament_id)

    async def stop(self) -> None:
        """Stop the loops and give up this server's pairing leases, so that another server (or
        this one started again, under a new name) pairs its arenas at once, not once they lapse."""
        for loop in list(self.loops.values()):
            loop.cancel()
        self.loops.clear()
        # A pass under way ends first (its thread's writes cannot be called back): a lease it
        # renewed after being given up would be held until it lapsed.
        await asyncio.gather(*self.passes, return_exceptions=True)
        try:
            await asyncio.to_thread(arena_store.give_up_pairing, self.store)
        except Exception as error:  # the database gone: the leases lapse by themselves
            log.warning("the arenas' pairing leases were not given up: %s", error)
