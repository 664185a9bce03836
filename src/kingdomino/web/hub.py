"""The server's tables: every game held here, by id, with the collaborators they share.

The hub creates games, looks them up (from memory, else read from the store and replayed: a
lookup never starts anything), keeps the most recently used in memory (``memory``), and starts
and stops the server's background work. Each game is a ``table.Table``, which runs the commands
on it; the hub is its ``TableHost``. The collaborators, one job each:

* ``ai_turns.AITurns``: the AI seats' turns (leases, retries, the sweep that resumes them);
* ``thinking.ThinkingNotices``: telling the pages where their game's AI turn stands;
* ``hints.Hints``: hints, within the server's hint slots (``hint_slots``);
* ``reviewer.Reviewer``: the reviews of finished games;
* ``game_results.GameResults``: the results of the games accounts play, and the ratings they move;
* ``replication.Replication``: the other servers' writes, heard on PostgreSQL (LISTEN/NOTIFY);
* ``time_sweep.TimeSweep``: every second, the open games' waits over and the players out of time;
* ``hub_work.HubWork``: the server's background work (the sweeps, the writes heard), started
  and stopped with the server.

A new game's request is checked by ``new_games`` before anything is stored.

What the hub guarantees, whatever the order of events: a game is stored together with its setup
draws (one transaction); with several human players the seed is the server's secret (a chosen
seed is refused); a game's searches (AI turns, hints, reviews) run in worker processes or on Ray
(``ai_workers``), never on the event loop; and the database is the truth (``store``).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from kingdomino.core.game import Game
from kingdomino.web import open_seats, review
from kingdomino.web.admission import Audience, check_tokens
from kingdomino.web.ai_queue import AIQueue
from kingdomino.web.ai_turns import AITurns
from kingdomino.web.ai_workers import Executor, make_executor
from kingdomino.web.game_results import GameResults
from kingdomino.web.gone_claims import CLAIM_SECONDS
from kingdomino.web.hint_slots import HintSlots
from kingdomino.web.hints import HINT_AGENT, Hints
from kingdomino.web.hub_stats import hub_stats
from kingdomino.web.hub_work import HubWork
from kingdomino.web.live import AWAY_SECONDS
from kingdomino.web.lobby import Lobby
from kingdomino.web.memory import GameMemory
from kingdomino.web.new_games import checked_request, new_seed
from kingdomino.web.open_seats import Seeker, wait_until
from kingdomino.web.push import Pusher
from kingdomino.web.refusals import HubError
from kingdomino.web.replaying import rebuild, replayed
from kingdomino.web.replays import Replays
from kingdomino.web.replication import Replication
from kingdomino.web.reviewer import Reviewer
from kingdomino.web.seats import SeatPlayer
from kingdomino.web.store import RematchLink, Store
from kingdomino.web.stored import StoredAction, StoredGame, now
from kingdomino.web.table import Table
from kingdomino.web.thinking import ThinkingNotices

#: Games kept in memory with nobody watching them, the least recently used dropped first.
MAX_IDLE_GAMES = 2000


class Hub:
    """Every game of the server, with the store behind it.

    ``secret_seeds`` draws the seed of a game whose creator did not choose one (tests pass a
    seeded generator so that their games are reproducible).
    """

    def __init__(
        self,
        store: Store,
        ai_delay: float = 0.0,
        hint_agent: str = HINT_AGENT,
        secret_seeds: Callable[[], int] | None = None,
        executor: Executor | None = None,
        review_agent: str = review.REVIEW_AGENT,
        away_seconds: float = AWAY_SECONDS,
    ) -> None:
        self.store = store
        #: How long an awaited human seat is away before another player may hand it to an AI.
        self.away_seconds = away_seconds
        #: How long a real-time game's seat to act is gone before another player may claim it.
        self.claim_seconds = CLAIM_SECONDS
        self.secret_seeds = secret_seeds or new_seed
        self.tables = GameMemory()
        self.audience = Audience()  # the spectators of every game here
        #: The states kept of the finished games replayed here, dropped with their games.
        self.replays = Replays()
        #: The hints computed now, server-wide and of each client.
        self.hint_slots = HintSlots()
        self.executor = executor
        self._queue: AIQueue | None = None
        self.thinking = ThinkingNotices(self.tables, lambda: self._queue)
        self.ai_turns = AITurns(store, self.tables, lambda: self.queue, self.read, ai_delay)
        self.hints = Hints(self.hint_slots, lambda: self.queue, hint_agent)
        self.reviews = Reviewer(store, lambda: self.queue, review_agent)
        self.replication = Replication(store, self.tables)
        self.lobby = Lobby(store)
        self.results = GameResults(store)
        #: Told of each game that ended here, played or its wait run out (club ``tournaments``).
        self.ended: Callable[[Table], None] = lambda _table: None
        #: Who tells players of their turns by Web Push (``create_app`` gives it).
        self.pusher: Pusher | None = None
        self.work = HubWork(self)

    @property
    def queue(self) -> AIQueue:
        """The queue of searches, with its workers started on first use."""
        if self._queue is None:
            self.executor = self.executor or make_executor("")
            self._queue = AIQueue(self.executor, self.thinking.queue_changed)
        return self._queue

    # --- lifecycle ----------------------------------------------------------------------------

    async def start(self) -> None:
        """Start the server's background work (``hub_work``)."""
        self.work.start()

    async def stop(self) -> None:
        """Stop the server's background work and the searches (``hub_work``)."""
        await self.work.stop()

    # --- looking games up ---------------------------------------------------------------------

    def table(self, game_id: str, tokens: frozenset[str] | None = None) -> Table:
        """The table of ``game_id``, read from the store if it is not in memory; nothing is
        started (``resume`` starts its AI turn). With ``tokens``, they are checked before a stored
        game is replayed: a lookup of games with made-up tokens replays none of them."""
        table = self.tables.get(game_id)
        if table is not None:
            self.tables.touch(game_id)
            if tokens is not None:
                check_tokens(table.stored, tokens)
            return table
        stored = self.store.load(game_id)
        if stored is None:
            raise HubError(404, "game", f"no game with id {game_id!r}", "no_game")
        if tokens is not None:
            check_tokens(stored, tokens)
        return self._table_from(stored)

    def in_memory(self, game_id: str) -> bool:
        return game_id in self.tables

    def read(self, game_id: str) -> Table | None:
        """``game_id`` read again from the store (the truth), its table updated or new; None: no game."""
        table = self.tables.get(game_id)
        if table is not None:
            return table if table.reload() else None
        stored = self.store.load(game_id)
        return None if stored is None else self._table_from(stored)

    def _table_from(self, stored: StoredGame) -> Table:
        """The table of a stored game; a chance step it lacks (an old crash) is drawn from the seed."""
        game, state = rebuild(stored)
        table = Table(stored, game, state, self, version=stored.revision)
        table.draw_missing_chance()
        self._keep(table)
        return table

    def _keep(self, table: Table) -> None:
        """Hold ``table`` in memory, dropping the least recently used idle ones past ``MAX_IDLE_GAMES``."""
        self.tables[table.id] = table
        for game_id in self.tables.drop_idle_beyond(MAX_IDLE_GAMES):
            self.replays.forget(game_id)

    def resume(self, table: Table) -> None:
        """Start ``table``'s AI turn now if one is due (the sweep would within a second)."""
        self.ai_turns.start(table)

    # --- TableHost ----------------------------------------------------------------------------

    def watchers_changed(self, table: Table) -> None:
        """Note that ``table`` gained or lost a page (it may be idle now, or no longer)."""
        self.thinking.watchers_changed(table)
        self.tables.touch(table.id)

    def start_ai_turn(self, table: Table) -> None:
        self.ai_turns.start(table)

    def game_over(self, table: Table) -> None:
        """``table``'s game ended here: its review starts (``Reviewer.game_over``), its result is
        recorded (a rated game's moves its players' ratings), and ``ended`` is told."""
        self.reviews.game_over(table)
        self.results.game_over(table.stored, table.state)
        self.ended(table)

    # --- creating -----------------------------------------------------------------------------

    async def create(
        self,
        game_name: str,
        players: int,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        seed: int | None = None,
        hints: bool = False,
        client: str = "",
        aids: bool = True,
        *,
        rated: bool = False,
        wait_minutes: int | None = None,
        ai_fill: str | None = None,
        account: SeatPlayer | None = None,
        time_control: dict[str, Any] | None = None,
        public: bool | None = None,
        start: list[StoredAction] | None = None,
        takebacks: bool = True,
        rating_range: dict[str, int] | None = None,
    ) -> Table:
        """A new game, stored with its setup draws in one transaction; its AI seats start playing
        (their turns ``client``'s in the AI queue, until another player's request changes it). The
        creator's seat (the first human seat on this screen) is their ``account``'s. A game with
        ``open`` seats waits in the lobby for ``wait_minutes`` (``open_seats``), then its open seats
        go to AI seats of ``ai_fill``. ``time_control``: the clocks (``clocks``; None: none).
        ``public``: anyone may watch it (None: a game opened to the lobby is public, no other is).
        ``start``: its first actions (a finished game played on from a position: ``play_on``).
        ``takebacks``: its players may ask each other to take a move back (``take_back``).
        ``rating_range``: who may take its open seats (``seek_ranges``; None: anyone)."""
        game, seat_rows, mine = checked_request(
            game_name,
            players,
            options,
            seats,
            account,
            seed,
            rated=rated,
            hints=hints,
            ai_fill=ai_fill,
            time_control=time_control,
        )
        opened = any(row["kind"] == "open" for row in seat_rows)
        stored = StoredGame(
            id=secrets.token_hex(8),
            game=game.name,
            players=game.num_players,
            options=dict(game.options),
            seed=seed if seed is not None else self.secret_seeds(),
            seats=seat_rows,
            spectator_token=secrets.token_urlsafe(16),
            status="playing",
            created=now(),
            actions=list(start or []),
            seed_chosen=seed is not None,
            hints=hints,
            aids=aids,
            rated=rated,
            open_until=wait_until(wait_minutes, time_control=time_control) if opened else None,
            ai_fill=ai_fill if opened else None,
            time_control=time_control,
            creator_seat=mine,
            creator_client=client or None,
            public=opened if public is None else public,
            takebacks=takebacks,
            rating_range=rating_range if opened else None,
        )
        if opened:
            stored.status = "open"
        return await self.start_game(stored, game, client)

    async def start_game(
        self, stored: StoredGame, game: Game, client: str = "", rematch_of: RematchLink | None = None
    ) -> Table:
        """Store the new game ``stored`` with its setup draws (and, a rematch, the offer it is:
        ``Store.create_game``), list it in the lobby if it waits for players, and start its AI
        seats (their turns ``client``'s in the AI queue)."""
        table = Table(stored, game, replayed(game, stored.actions), self, client=client)
        table.store_new(rematch_of)
        self._keep(table)
        if stored.status == "open":
            await self.lobby.changed(table.stored)
        self.ai_turns.start(table)
        return table

    # --- open games ---------------------------------------------------------------------------

    async def join(self, game_id: str, seeker: Seeker, client: str = "") -> tuple[Table, int, str]:
        """``seeker`` seated at the open game ``game_id``: its table, the seat and its token."""
        table = self.table(game_id)
        seat, token = await open_seats.join(table, seeker)
        table.client = client
        await self.seats_changed(table)
        return table, seat, token

    async def cancel(self, game_id: str, token: str) -> bool:
        """The open game ``game_id`` called off by its creator, holding ``token`` (True), or the
        seat of ``token``'s holder, who joined it, open again (``open_seats.cancel``)."""
        table = self.table(game_id)
        called_off = await open_seats.cancel(table, token)
        await self.seats_changed(table)
        return called_off

    async def seats_changed(self, table: Table) -> None:
        """Tell the pages, the lobby, ``ended`` (a wait run out) of ``table``'s seats; start its AI."""
        if table.stored.status == "expired":
            self.ended(table)
        await table.publish()
        await self.lobby.changed(table.stored)
        self.ai_turns.start(table)

    # --- figures ------------------------------------------------------------------------------

    def stats(self) -> dict[str, Any]:
        """This server's AI moves, queue and reviews, in figures (``hub_stats``)."""
        return hub_stats(self, self._queue)
