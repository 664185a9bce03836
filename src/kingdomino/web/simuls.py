"""Simultaneous exhibitions: one account (the host) plays many at once, a game of two on each board.

The host creates a simul (``open``): a two-player game and its options, a clock (real-time or by the
day; none is refused: the host plays from the simul's page, away from each game's, and a game
without clocks lets another player hand an away player's seat to an AI), who moves first on each
board (the ``host``, the ``challengers``, or ``alternate``: the host on the first, third ... board)
and a few words. Accounts apply while it is open; the host accepts or declines each (or accepts all
who wait) and starts it (``running``), which makes one game for each accepted challenger, the host
seated in every one: ``MIN_GAMES`` to ``MAX_GAMES``. After the start nobody joins. Each game is an
ordinary game of two accounts, public, rated only if the host made the simul rated, without
takebacks (a host at thirty boards would answer requests all day); its seats name
the simul (``MARK``), for the game page's link back. Each challenger is told of the start
(``simul_notices``).

The host may give their own clock extra time in every game (``simul_clocks``). Who moves first
on each board and the host's result in each game: ``simul_games``. The simul is ``finished`` once
every game is over. A game's end is heard in the server's own path (``Hub.ended``), and looked at
again whenever the simul is read and when a server starts: an abort, or a game that ended while
the server was stopped, is counted then.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from typing import Any

from kingdomino.core.game import Game
from kingdomino.games.registry import make_game
from kingdomino.web import relations
from kingdomino.web import simul_store as records
from kingdomino.web.hub import Hub
from kingdomino.web.refusals import HubError
from kingdomino.web.seats import SeatPlayer
from kingdomino.web.simul_clocks import checked_clock, first_clock
from kingdomino.web.simul_games import host_first, host_result, host_seat, two_player_game
from kingdomino.web.simul_notices import simul_started
from kingdomino.web.simul_store import Entrant, Simul
from kingdomino.web.stored import StoredGame, now
from kingdomino.web.table import Table

log = logging.getLogger(__name__)

#: The key of a simul game's seat rows naming their simul.
MARK = "simul"
#: The games a simul plays at its start: one challenger at least, and as many as a host can follow.
MIN_GAMES = 2
MAX_GAMES = 30
#: The players who may apply to one simul (the host picks the games among them): those declined
#: are not counted, so that a crowd of accounts declined leaves room for others, but a simul keeps
#: ``MAX_ENTRANTS`` in all (each account applies once), a bound on its page.
MAX_APPLICANTS = 60
MAX_ENTRANTS = 4 * MAX_APPLICANTS
#: The simuls one account hosts at once (open or running).
MAX_HOSTED = 2
#: Who moves first on each board.
FIRSTS = ("host", "challengers", "alternate")


class Simuls:
    """The simuls of ``hub``'s store, told of each game's end after those ``hub.ended`` told before."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.store = hub.store
        #: One change of a simul at a time (applications, answers, its start, a game's end).
        self.lock = asyncio.Lock()
        self.tasks: set[asyncio.Task[None]] = set()
        told = hub.ended

        def ended(table: Table) -> None:
            told(table)
            self.game_ended(table)

        hub.ended = ended

    async def read(self, simul_id: str) -> Simul:
        """The simul ``simul_id`` as stored, or the refusal: there is none."""
        found = await asyncio.to_thread(records.load, self.store, simul_id)
        if found is None:
            raise HubError(404, "simul", f"no simul with id {simul_id!r}", "no_simul")
        return found

    async def create(self, host: SeatPlayer, settings: dict[str, Any]) -> Simul:
        """A new open simul of ``host`` (``settings``: ``game``, ``options``, ``time_control``,
        ``host_extra``, ``extra_per_challenger``, ``first``, ``rated``, ``text``), or the refusal
        of its game, clock, extra time or of one host too many."""
        game = two_player_game(settings["game"], dict(settings["options"]))
        checked_clock(
            settings.get("time_control"),
            settings["host_extra"],
            settings["extra_per_challenger"],
            bool(settings.get("rated")),
        )
        simul_id = secrets.token_hex(6)
        row = {
            **settings,
            "options": dict(game.options),
            "id": simul_id,
            "host": host.id,
            "status": "open",
            "created": time.time(),
        }
        async with self.lock:  # counted with those made before, on any server (``simul_store.create``)
            await asyncio.to_thread(records.create, self.store, row, MAX_HOSTED)
        return await self.read(simul_id)

    # --- before the start ---------------------------------------------------------------------

    async def _open(self, simul_id: str) -> Simul:
        simul = await self.read(simul_id)
        if simul.status != "open":
            raise records.closed()
        return simul

    async def _hosted(self, simul_id: str, host: int) -> Simul:
        simul = await self._open(simul_id)
        if simul.host != host:
            raise HubError(
                403, "simul", "only the simul's host answers its players and starts it", "simul_not_host"
            )
        return simul

    async def apply(self, simul_id: str, player: SeatPlayer) -> None:
        """``player`` applies to the open simul ``simul_id``: once, never to their own nor with a
        block between them and its host (``relations.apart``), while it takes applicants
        (``MAX_APPLICANTS`` not declined, ``MAX_ENTRANTS`` in all)."""
        async with self.lock:
            simul = await self._open(simul_id)
            if simul.host == player.id:
                raise HubError(409, "simul", "you host this simul: you play every board already", "simul_own")
            host = {simul.host: simul.host_name}
            await asyncio.to_thread(relations.apart, self.store, player.id, host, "join_refused")
            if simul.entrant(player.id) is not None:
                raise HubError(409, "simul", "you applied to this simul already", "simul_applied")
            waiting = [e for e in simul.entrants if e.state != "declined"]
            if len(waiting) >= MAX_APPLICANTS or len(simul.entrants) >= MAX_ENTRANTS:
                raise records.full(MAX_APPLICANTS)
            entrant = Entrant(player.id, player.name, player.bot, "applied", time.time())
            # Counted again in the write, under the simul's lock: another server may have added one.
            write = records.add_entrant
            await asyncio.to_thread(write, self.store, simul_id, entrant, MAX_APPLICANTS, MAX_ENTRANTS)

    async def withdraw(self, simul_id: str, player: int) -> None:
        """``player`` takes back their application to the open simul ``simul_id``, answered or not."""
        async with self.lock:
            simul = await self._open(simul_id)
            if simul.entrant(player) is None:
                raise HubError(409, "simul", "you have not applied to this simul", "simul_not_applied")
            await asyncio.to_thread(records.remove_entrant, self.store, simul_id, player)

    async def answer(self, simul_id: str, host: int, name: str, accept: bool) -> None:
        """The host accepts or declines the player ``name`` who applied (``accept``): an accepted
        one gets a board at the start, within ``MAX_GAMES``."""
        async with self.lock:
            simul = await self._hosted(simul_id, host)
            entrant = next((e for e in simul.entrants if e.name.casefold() == name.casefold()), None)
            if entrant is None:
                raise HubError(
                    404, "name", f"{name} did not apply to this simul", "simul_no_applicant", {"name": name}
                )
            if accept and entrant.state != "accepted":
                self._room_for(simul, 1)
            state = "accepted" if accept else "declined"
            await asyncio.to_thread(
                records.set_entrant, self.store, simul_id, entrant.account_id, state=state
            )

    async def accept_all(self, simul_id: str, host: int) -> int:
        """The host accepts every player still waiting for an answer: how many."""
        async with self.lock:
            simul = await self._hosted(simul_id, host)
            waiting = [e for e in simul.entrants if e.state == "applied"]
            self._room_for(simul, len(waiting))
            for entrant in waiting:
                await asyncio.to_thread(
                    records.set_entrant, self.store, simul_id, entrant.account_id, state="accepted"
                )
            return len(waiting)

    @staticmethod
    def _room_for(simul: Simul, more: int) -> None:
        if len(simul.accepted()) + more > MAX_GAMES:
            raise HubError(
                409,
                "name",
                f"a simul plays at most {MAX_GAMES} games: {len(simul.accepted())} players are accepted",
                "simul_too_many",
                {"n": MAX_GAMES},
            )

    async def cancel(self, simul_id: str, host: int) -> None:
        """The host calls the open simul off: no game is made."""
        async with self.lock:
            await self._hosted(simul_id, host)
            await asyncio.to_thread(records.set_status, self.store, simul_id, "cancelled", ended=time.time())

    # --- the start ----------------------------------------------------------------------------

    async def start(self, simul_id: str, host: SeatPlayer) -> Simul:
        """The host starts the simul: a game for each accepted player (``MIN_GAMES`` to
        ``MAX_GAMES``), the host seated in each; the simul is ``running``."""
        async with self.lock:
            simul = await self._hosted(simul_id, host.id)
            accepted = simul.accepted()
            if len(accepted) < MIN_GAMES:
                raise HubError(
                    409,
                    "simul",
                    f"a simul starts with {MIN_GAMES} accepted players at least, "
                    f"{len(accepted)} are accepted",
                    "simul_too_few",
                    {"n": MIN_GAMES},
                )
            self._room_for(simul, 0)  # answers sent to two servers at once may accept beyond it
            for board, entrant in enumerate(accepted):
                if entrant.game_id is not None:  # made by a start a stopped server left unfinished
                    continue
                game = make_game(simul.game, 2, dict(simul.options))
                game_id, seed = secrets.token_hex(8), self.hub.secret_seeds()
                seat = host_seat(game, seed, host_first(simul.first, board))
                claim = (self.store, simul_id, entrant.account_id, game_id, seat)
                if await asyncio.to_thread(records.claim_board, *claim):  # else another server's start
                    await self._make_game(simul, game, host, entrant, (game_id, seed, seat, len(accepted)))
            await asyncio.to_thread(records.set_status, self.store, simul_id, "running", started=time.time())
        started = await self.read(simul_id)
        await asyncio.to_thread(simul_started, self.store, self.hub.pusher, started)
        return started

    async def _make_game(
        self, simul: Simul, game: Game, host: SeatPlayer, entrant: Entrant, board: tuple[str, int, int, int]
    ) -> None:
        """The game between the host and ``entrant`` claimed as their board: its id, seed, the
        host's seat and the simul's number of games (``board``), the host's clock given its extra time."""
        game_id, seed, seat, games = board
        extra = (simul.host_extra, simul.extra_per_challenger, games, seat, time.time())
        challenger = SeatPlayer(entrant.account_id, entrant.name, entrant.bot)
        seats: list[dict[str, Any]] = [{}, {}]
        seats[seat] = {**host.seat(True), MARK: simul.id}
        seats[1 - seat] = {**challenger.seat(True), MARK: simul.id}
        stored = StoredGame(
            id=game_id,
            game=game.name,
            players=2,
            options=dict(game.options),
            seed=seed,
            seats=seats,
            spectator_token=secrets.token_urlsafe(16),
            status="playing",
            created=now(),
            actions=[],
            rated=simul.rated,
            time_control=simul.time_control,
            clock=first_clock(simul.time_control, *extra),
            creator_seat=seat,
            public=True,
            takebacks=False,
        )
        await self.hub.start_game(stored, game)

    # --- the games' ends ----------------------------------------------------------------------

    def game_ended(self, table: Table) -> None:
        """A game ended here (``Hub.ended``): if it is a simul's, its result is kept, in a task (the
        game's end is not held up by it)."""
        simul_id = next((str(seat[MARK]) for seat in table.stored.seats if seat.get(MARK)), None)
        if simul_id is not None:
            task = asyncio.get_running_loop().create_task(self._settled(simul_id))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def _settled(self, simul_id: str) -> None:
        with contextlib.suppress(HubError):
            await self.settle(simul_id)

    async def settle(self, simul_id: str) -> Simul:
        """The simul ``simul_id`` with the result of each of its games that ended kept, and
        ``finished`` once all have: read again only when something changed."""
        simul = await self.read(simul_id)
        if simul.status != "running":
            return simul
        async with self.lock:
            simul = await self.read(simul_id)
            changed = False
            for entrant in simul.accepted():
                if entrant.result is not None or entrant.game_id is None or entrant.host_seat is None:
                    continue
                result = self._result_of(entrant.game_id, entrant.host_seat)
                if result is not None:
                    entrant.result = result
                    changed = True
                    await asyncio.to_thread(
                        records.set_entrant, self.store, simul_id, entrant.account_id, result=result
                    )
            if all(e.result is not None for e in simul.accepted()):
                await asyncio.to_thread(
                    records.set_status, self.store, simul_id, "finished", ended=time.time()
                )
                changed = True
        return await self.read(simul_id) if changed else simul

    def _result_of(self, game_id: str, seat: int) -> str | None:
        """The host's result in the game ``game_id`` (``host_result``); a game gone is unplayed."""
        try:
            table = self.hub.table(game_id)
        except HubError:
            return "unplayed"
        return host_result(table.stored, table.state, seat)

    def table_of(self, game_id: str) -> Table | None:
        """The table of a simul's game, or None: it is gone."""
        with contextlib.suppress(HubError):
            return self.hub.table(game_id)
        return None

    # --- the server's start and stop ----------------------------------------------------------

    async def resume(self) -> None:
        """Count the games of the running simuls that ended while the server was stopped."""
        for simul_id in await asyncio.to_thread(records.running, self.store):
            try:
                await self.settle(simul_id)
            except Exception:  # one simul that cannot be read stops none of the others
                log.exception("the simul %s could not be resumed", simul_id)

    async def stop(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        for task in list(self.tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
