"""Club tournaments of people: an account organises one, accounts join it, and the server pairs
its rounds (``club_pairing``: round robin or Swiss; ``table_pairing``: a Swiss at tables of three
or four), makes each round's games (``tournament_rounds``) and pairs the next round once every
game of the round is over, until the last (``tournament_course``). An arena pairs its players as
they come free (``arena``).

The life of a tournament (``status``): ``open`` while players join and leave; ``running`` from its
start, by its organiser ("start now") or by itself at its ``starts_at`` (with fewer than
``MIN_PLAYERS`` then it is ``cancelled``); ``finished`` after its last round. Its organiser may
call it off (``cancelled``) before the start. At the start, the closed accounts are taken off it (a
closed organiser's is called off), and those no longer in its club off a members-only one. A player
who leaves after the start withdraws: the game they are in is lost by forfeit (resigned if it had
started: ``tournament_forfeits``), their games of a round robin's later rounds are forfeits too,
and a Swiss one pairs them no more.

The next round is paired in the server's own path of a game's end (``Hub.ended``: a game played
to its end, or a wait that ran out), not by a timer; a tournament's game cannot be called off or
aborted (``open_seats``, ``endings``), so each ends with a result. A server that starts resumes
its running tournaments where they were (:meth:`Tournaments.resume`): a game made but not linked
is made again, a game that ended while it was stopped counts, and a round whose games are all
over is followed by the next. Bounds: ``MAX_ORGANISED`` tournaments open or running per
organiser, ``MAX_PLAYERS`` players, ``MAX_ROUNDS`` Swiss rounds, a start at most
``MAX_START_DAYS`` ahead.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from functools import partial
from typing import Any

from sqlalchemy.exc import IntegrityError

from kingdomino.web import arena_store, club_tournaments, inbox_events, team_battle
from kingdomino.web import tournament_players as entrants
from kingdomino.web import tournament_rounds as rounds
from kingdomino.web import tournament_store as records
from kingdomino.web.arena import Arena
from kingdomino.web.arena_joins import places_taken
from kingdomino.web.hub import Hub
from kingdomino.web.refusals import HubError
from kingdomino.web.seats import SeatPlayer
from kingdomino.web.stored import now
from kingdomino.web.table import Table
from kingdomino.web.tournament_course import Course
from kingdomino.web.tournament_forfeits import forfeit_current
from kingdomino.web.tournament_pages import TournamentPages
from kingdomino.web.tournament_starts import StartTimers
from kingdomino.web.tournament_store import Tournament

log = logging.getLogger(__name__)

#: The fewest players a tournament starts with (two would play one game), and the most it takes.
MIN_PLAYERS = 3
MAX_PLAYERS = 64
#: The most rounds of a Swiss tournament (ten cover a club of several hundred).
MAX_ROUNDS = 15
#: The tournaments one account organises at once (open or running): a club's, not a flood.
MAX_ORGANISED = 3
#: How far ahead a tournament may be set to start by itself.
MAX_START_DAYS = 30


class Tournaments:
    """The club tournaments of ``hub``'s store, told of each game's end (``hub.ended``)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.store = hub.store
        #: One change of a tournament at a time (joins, a start, a round paired after a game).
        self.lock = asyncio.Lock()
        self.pages = TournamentPages(self.store)
        self.tasks: set[asyncio.Task[None]] = set()
        self.starts = StartTimers(self.start)
        self.arena = Arena(self)
        self.course = Course(hub, self.read)
        hub.ended = self.game_ended

    async def read(self, tournament_id: str) -> Tournament:
        """The tournament ``tournament_id`` as stored, or the refusal: there is none."""
        found = await asyncio.to_thread(records.load, self.store, tournament_id)
        if found is None:
            raise HubError(404, "tournament", f"no tournament with id {tournament_id!r}", "no_tournament")
        return found

    # --- before the start ---------------------------------------------------------------------

    async def create(self, organiser: SeatPlayer, settings: dict[str, Any], play: bool) -> Tournament:
        """A new open tournament of ``organiser`` (``settings``: the checked row's columns but the
        id, status and moments), who plays in it too if ``play``: their join written with it, in
        one transaction (a team battle's organiser's side with them: ``team_battle.Battle``)."""
        async with self.lock:  # counted first, and again in the write (on any server: ``organise``)
            if await asyncio.to_thread(records.organised, self.store, organiser.id) >= MAX_ORGANISED:
                raise records.too_many(MAX_ORGANISED)
            starts_at = settings.get("starts_at")
            if starts_at is not None and not time.time() < starts_at <= time.time() + MAX_START_DAYS * 86400:
                raise HubError(
                    422,
                    "starts_at",
                    f"a tournament starts within {MAX_START_DAYS} days from now",
                    "tournament_start_time",
                    {"n": MAX_START_DAYS},
                )
            settings["options"] = rounds.checked_options(settings)
            if play and organiser.bot and not settings.get("bots"):
                raise entrants.no_bots()
            tournament_id = secrets.token_hex(6)
            row = dict(settings, id=tournament_id, organiser=organiser.id, status="open", created=now())
            first = entrants.first_player(organiser.id, organiser.name, organiser.bot) if play else None
            create = arena_store.create if row["format"] == "arena" else records.create
            await asyncio.to_thread(create, self.store, row, first, MAX_ORGANISED)
        self.starts.schedule(tournament_id, starts_at)
        return await self.read(tournament_id)

    async def join(self, tournament_id: str, player: SeatPlayer, side: int | None = None) -> None:
        """``player`` joins (``side``: the club they play for in a team battle, kept with the join)."""
        async with self.lock:
            tournament = await self._open(tournament_id, late=True)
            if player.id in tournament.names():
                raise rounds.joined_again(tournament, player.id)
            if player.bot and not tournament.bots:
                raise entrants.no_bots()
            if await places_taken(self.store, tournament) >= tournament.max_players:
                raise entrants.full(tournament.max_players)
            add = entrants.add_player if side is None else partial(team_battle.join_for, club_id=side)
            at = time.time()
            try:
                await asyncio.to_thread(
                    add, self.store, tournament_id, player.id, player.name, player.bot, at
                )
            except IntegrityError:  # the same join written meanwhile through another server
                raise HubError(
                    409, "tournament", "you are in this tournament already", "tournament_joined"
                ) from None

    async def leave(self, tournament_id: str, account_id: int) -> None:
        """Leave an open tournament, or withdraw from a running one (the module's rules)."""
        async with self.lock:
            tournament = await self.read(tournament_id)
            player = next((p for p in tournament.players if p.account_id == account_id), None)
            if player is None or player.withdrew is not None:
                raise HubError(
                    409, "tournament", "you do not play in this tournament", "tournament_not_joined"
                )
            if tournament.status == "open":
                await asyncio.to_thread(entrants.remove_player, self.store, tournament_id, account_id)
                return
            if tournament.status != "running":
                raise HubError(409, "tournament", "this tournament is over", "tournament_over")
            await asyncio.to_thread(
                entrants.withdraw, self.store, tournament_id, account_id, tournament.round
            )
            await forfeit_current(self.hub, tournament, account_id)
            await (
                self.arena.left(tournament, account_id)
                if tournament.format == "arena"
                else self.course.advance(tournament_id)
            )

    async def cancel(self, tournament_id: str, account_id: int) -> None:
        async with self.lock:
            tournament = await self._open(tournament_id)
            self._organiser(tournament, account_id)
            await self._leave_open(tournament_id, "cancelled")
            self.starts.unschedule(tournament_id)

    async def start(self, tournament_id: str, account_id: int | None) -> None:
        """Start ``tournament_id`` (by its organiser ``account_id``; None: its start time came)."""
        async with self.lock:
            tournament = await self._open(tournament_id)
            if account_id is not None:
                self._organiser(tournament, account_id)
            if await asyncio.to_thread(entrants.drop_closed, self.store, tournament):
                await asyncio.to_thread(records.leave_open, self.store, tournament_id, "cancelled")
                return
            await asyncio.to_thread(club_tournaments.drop_non_members, self.store, tournament_id)
            tournament = await self.read(tournament_id)
            if len(tournament.players) < (fewest := rounds.fewest(tournament, MIN_PLAYERS)):
                if account_id is None:
                    await asyncio.to_thread(records.leave_open, self.store, tournament_id, "cancelled")
                    return
                raise HubError(
                    409,
                    "tournament",
                    f"a tournament starts with {fewest} players at least",
                    "tournament_too_few",
                    {"n": fewest},
                )
            if not await asyncio.to_thread(entrants.begin, self.store, tournament_id, rounds.start_plan):
                raise entrants.not_open()
            tournament = await self.read(tournament_id)
            await asyncio.to_thread(inbox_events.tournament_began, self.store, tournament)
            self.starts.unschedule(tournament_id)
            await (
                self.arena.begin(tournament_id)
                if tournament.format == "arena"
                else self.course.pair(tournament_id, 1)
            )

    async def _open(self, tournament_id: str, late: bool = False) -> Tournament:
        tournament = await self.read(tournament_id)
        if tournament.status != "open" and not (late and rounds.joined_late(tournament)):
            raise entrants.not_open()
        return tournament

    async def _leave_open(self, tournament_id: str, status: str) -> None:
        """Move the tournament from ``open`` to ``status``, or the refusal: another server started
        or called it off first (``tournament_store.leave_open``)."""
        if not await asyncio.to_thread(records.leave_open, self.store, tournament_id, status):
            raise entrants.not_open()

    @staticmethod
    def _organiser(tournament: Tournament, account_id: int) -> None:
        if tournament.organiser != account_id:
            raise HubError(
                403,
                "tournament",
                "only the tournament's organiser starts or calls it off",
                "tournament_organiser",
            )

    # --- a game's end -------------------------------------------------------------------------

    def game_ended(self, table: Table) -> None:
        """A game ended here (``Hub.ended``): if it is a tournament's, its result is kept and the
        tournament goes on, in a task (the game's end is not held up by it). A game of accounts is
        looked up by its id: a seat an AI took over no longer names its tournament."""
        seats = table.stored.seats
        if rounds.tournament_of(seats) is None and all(seat.get("account") is None for seat in seats):
            return
        result = rounds.result_of(table.stored, table.state)
        if result is not None:
            self._spawn(self._record(table.id, result))

    async def _record(self, game_id: str, result: dict[str, Any]) -> None:
        """Keep ``result`` for the tournament game ``game_id`` and go on; looked up before the
        lock, so that the end of another game of accounts never waits for a round's pairing."""
        found = await asyncio.to_thread(records.game_of, self.store, game_id)
        if found is None:
            return await self.arena.ended(game_id, result)
        tournament_id, round_, board = found
        async with self.lock:
            await asyncio.to_thread(records.set_result, self.store, tournament_id, round_, board, result)
            await self.course.advance(tournament_id)

    # --- the server's start and stop ----------------------------------------------------------

    async def resume(self) -> None:
        """Go on with the tournaments where they were when the server stopped (the module's)."""
        for tournament_id in await asyncio.to_thread(records.ids_of, self.store, "open"):
            tournament = await self.read(tournament_id)
            self.starts.schedule(tournament_id, tournament.starts_at)
        for tournament_id in await asyncio.to_thread(records.ids_of, self.store, "running"):
            try:
                async with self.lock:
                    await self.course.catch_up(tournament_id)
            except Exception:  # one tournament that cannot go on stops none of the others
                log.exception("the tournament %s could not be resumed", tournament_id)

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a tournament's game end was not counted", exc_info=task.exception())

    async def stop(self) -> None:
        """Let the counts under way finish, stop the start timers and the arenas' loops."""
        if self.tasks:
            await asyncio.wait(set(self.tasks))
        self.starts.stop()
        await self.arena.stop()
