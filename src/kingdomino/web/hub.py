"""The server's games: creating, acting, undo, hints, AI turns, and telling the watchers.

The hub is the only place where the web app touches game rules, and it does
so through the engine protocol alone: ``parse_action``, ``illegal_reason``,
``apply``, ``view``. Every random event is seeded from the game's seed and
the name of its draw (``State.chance_key``), every AI move from the seed and the
action's index, so a game rebuilt from its stored actions after a restart
continues exactly as it would have, and a seed deals one deal however it is played.

What the hub guarantees, whatever the order of events:

* chance is always sampled from the seed, never chosen by a seat, and a game is
  stored together with its setup draws (one transaction);
* an AI move is applied only to the very state it was computed for (each change
  of a game, undo included, bumps its ``version``); a failed AI turn is logged and
  tried again, so no game is left without a next move;
* undo never crosses a chance event (the draws it revealed stay revealed) and a
  finished game is final;
* with several human players the seed is the server's secret and hints are off
  unless the game was created with hints for everyone;
* at most ``MAX_HINTS`` hints are computed at once (past that: "busy"; ``hint_slots``), at most
  ``MAX_HINTS_PER_CLIENT`` of them for one client (an address, an IPv6 /64), a game has
  at most ``MAX_SPECTATORS`` spectator sockets and ``MAX_SOCKETS_PER_SEAT`` per seat,
  and each distinct view of a state is built and serialised once;
* searches (AI turns, hints) run in worker processes or on Ray (``ai_workers``), queued
  first come, first served; the watchers of a game whose AI turn waits or runs are told
  ``{"type": "thinking", "seat", "ahead"}`` (``ahead``: jobs before it, 0 while it runs);
* the database is the truth (``store``): every write names the revision it was made on,
  an AI turn is computed by the one server holding its lease, and on PostgreSQL the other
  servers hear of every write at once (LISTEN/NOTIFY) and take over a turn whose lease
  lapsed (the server holding it died).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import re
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from kingdomino.core.game import CHANCE, GameError, Refusal, State
from kingdomino.core.seeds import derive_seed
from kingdomino.games.registry import make_game
from kingdomino.web import review, views
from kingdomino.web.ai_workers import AIJob, AIQueue, Executor, Lane, agent_spec, make_executor
from kingdomino.web.hint_slots import HintSlots
from kingdomino.web.live import (
    AWAY_SECONDS,
    LiveGame,
    ViewKey,
    Watcher,
    ai_seat,
    is_spectator_token,
    new_seed,
    rebuild,
    seat_of,
    seat_row,
    status_of,
)
from kingdomino.web.memory import GameMemory
from kingdomino.web.notify import listen
from kingdomino.web.refusals import HubError
from kingdomino.web.review_queue import ReviewQueue
from kingdomino.web.store import StaleGame, Store, StoredAction, StoredGame, WriteNotice, now

#: The hint's search: its playouts play every seat greedily, so a move's value is read against
#: opponents who play, not at random (against random opponents nearly every playout is won, and
#: Duel's and Origins' hints said "about 100 % to win" for every move from the first).
HINT_AGENT = "mcts:time=0.4,playout=greedy,prune=8"
#: Spectator sockets per game, and sockets per seat (a player's tabs and devices).
MAX_SPECTATORS = 32
MAX_SOCKETS_PER_SEAT = 4
#: Seconds before a failed AI turn is tried again (doubling up to the last).
AI_RETRY_DELAYS = (0.1, 0.5, 2.0, 10.0)
#: Seconds an AI lease lasts unless renewed (every lease of a server is renewed at once, every
#: third of it, while its turn waits or runs), and how often the server looks for AI turns nobody
#: holds (a server died, a task failed).
LEASE_SECONDS = 6.0
SWEEP_SECONDS = 1.0
#: Games kept in memory with nobody watching them, the least recently used dropped first.
MAX_IDLE_GAMES = 2000
#: AI turns resumed (games read from the store, their tasks started) before the event loop
#: serves the others, and the seconds it is given then, so that a restart with thousands of
#: AI games to resume keeps answering. A game costs the loop 2 to 5 ms (read, then its lease
#: taken): two keep a request's wait short, and the resume about as fast as in batches of
#: five or ten (bench/bench_resume.py).
RESUME_BATCH = 2
RESUME_PAUSE_SECONDS = 0.002


log = logging.getLogger(__name__)


class Hub:
    """Every live game of the server, with the store behind it.

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
        self.ai_delay = ai_delay
        self.hint_agent = hint_agent
        self.review_agent = review_agent
        #: The reviews being computed here or waiting their turn, by game id: their task and progress.
        self.reviewing: dict[str, tuple[asyncio.Task[None], review.Progress]] = {}
        #: Which reviews compute now (the others wait their turn, clients in turn).
        self.review_turns = ReviewQueue()
        self.secret_seeds = secret_seeds or new_seed
        self.games = GameMemory()
        #: The games with a page open here (what ``_tell_queue`` looks at).
        self._watched: set[str] = set()
        #: The states kept of the finished games replayed here, dropped with their games.
        self.replays = views.Replays()
        #: The hints computed now, server-wide and of each client.
        self.hint_slots = HintSlots()
        self.executor = executor
        self._queue: AIQueue | None = None
        self._background: list[asyncio.Task[None]] = []
        self._sending: set[asyncio.Future[Any]] = set()
        #: (seat, ahead) last told to each watched game's watchers, so that only changes are sent.
        self._thinking: dict[str, tuple[int, int] | None] = {}
        #: Whether telling the games where their AI turns stand is due (``_queue_changed``).
        self._telling = False
        #: Seconds and iterations of the last AI moves computed here (``/api/stats``).
        self.ai_moves: deque[tuple[float, int]] = deque(maxlen=10_000)
        #: The AI turns under lease here (``_under_lease``): for each, the future set when a
        #: renewal finds its lease lost, the turn (game id, revision) and when its lease was taken.
        self._leased: dict[asyncio.Future[None], tuple[tuple[str, int], float]] = {}

    @property
    def queue(self) -> AIQueue:
        """The queue of searches, with its workers started on first use."""
        if self._queue is None:
            self.executor = self.executor or make_executor("")
            self._queue = AIQueue(self.executor, self._queue_changed)
        return self._queue

    # --- lifecycle ----------------------------------------------------------------------------

    async def start(self) -> None:
        """Resume the AI turns of unfinished games, and follow the other servers' writes."""
        loop = asyncio.get_running_loop()
        self._background.append(loop.create_task(self._sweep()))
        self._background.append(loop.create_task(self._renew_leases()))
        if self.store.notifies:
            following = listen(self.store.url, self._on_write_elsewhere, self._caught_up)
            self._background.append(loop.create_task(following))

    async def stop(self) -> None:
        tasks = [
            *self._background,
            *(live.ai_task for live in self.games.values() if live.ai_task),
            *(task for task, _ in self.reviewing.values()),
        ]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self.executor is not None:
            self.executor.close()

    async def _sweep(self) -> None:
        """Start every AI turn that no server holds: at start, and after a server or task died."""
        while True:
            try:
                await self._resume(self.store.unleased_ai_turns())
            except Exception:
                log.exception("looking for AI turns to resume failed")
            await asyncio.sleep(SWEEP_SECONDS)

    async def _resume(self, turns: list[tuple[str, int]]) -> None:
        """Start the AI turns ``turns`` (game id, revision), reading the games not in memory (or
        older there) from the store, ``RESUME_BATCH`` games at a time, the other tasks and
        requests served between two batches (each game resumed also starts its AI task, which
        takes its lease: a write)."""
        for start in range(0, len(turns), RESUME_BATCH):
            if start:
                await asyncio.sleep(RESUME_PAUSE_SECONDS)
            for game_id, revision in turns[start : start + RESUME_BATCH]:
                live = self.games.get(game_id)
                if live is None or live.version < revision:
                    live = self._reload(game_id)
                if live is not None:
                    self._schedule_ai(live)

    async def _renew_leases(self) -> None:
        """Renew every AI lease of this server in one write, every third of a lease, however many
        AI turns wait or run here. Each turn renewed its own lease before: a write every 2 s per
        turn waiting in the queue, and the 700 turns a flood of games queued kept the event loop
        busy with them (every answer took seconds; attack review of 2026-11-27). A turn whose
        lease a renewal finds lost (taken before the renewal began, not held after) is told."""
        while True:
            await asyncio.sleep(LEASE_SECONDS / 3)
            try:
                began = time.monotonic()
                held = self.store.renew_leases(LEASE_SECONDS)
                for lost, (turn, taken) in list(self._leased.items()):
                    if taken < began and turn not in held and not lost.done():
                        lost.set_result(None)
            except Exception:
                log.exception("renewing the AI leases failed")

    async def _on_write_elsewhere(self, written: WriteNotice) -> None:
        """Another server wrote a game: catch up and tell this server's watchers.

        When the write only appended actions to the revision held here, those are applied
        (as the notification carries them, else as read from the database); otherwise (an
        undo, missed writes) the whole game is read again.
        """
        live = self.games.get(written.game_id)
        if written.server == self.store.server or live is None or live.version >= written.revision:
            return
        async with live.lock:
            if live.version >= written.revision:
                return
            caught_up = False
            if live.version == written.revision - 1 and written.count is not None:
                appended = written.appended
                status = written.status
                if appended is None:
                    found = self.store.actions_from(live.id, len(live.actions))
                    if found is not None and found[0] == written.revision:
                        _, status, appended = found
                caught_up = appended is not None and self._catch_up(live, written.revision, status, appended)
            if not caught_up:
                self._reload(written.game_id)
        await self.broadcast(live)

    def _catch_up(self, live: LiveGame, revision: int, status: str, new: list[StoredAction]) -> bool:
        """Apply ``new``, the actions the write of ``revision`` appended; False if they do not
        follow the actions held here (then the whole game must be read again)."""
        if not new or new[0].index != len(live.actions):
            return False
        state = live.state.clone()
        try:
            for action in new:
                state.apply(state.parse_action(action.text))
        except GameError:
            return False
        live.stored.actions.extend(new)
        live.stored.status = status
        live.state = state
        live.version = revision
        return True

    async def _caught_up(self) -> None:
        """After notifications may have been lost: read again every watched game that changed."""
        for live in list(self.games.values()):
            if live.watchers and self.store.revision_of(live.id) != live.version:
                async with live.lock:
                    self._reload(live.id)
                await self.broadcast(live)

    def _reload(self, game_id: str) -> LiveGame | None:
        """Read ``game_id`` again from the database (the truth), keeping its watchers."""
        stored = self.store.load(game_id)
        if stored is None:
            return None
        live = self.games.get(game_id)
        if live is None:
            return self._live(stored)
        live.stored = stored
        live.game, live.state = rebuild(stored)
        live.version = stored.revision
        return live

    def _live(self, stored: StoredGame) -> LiveGame:
        """A stored game made live; a chance step it still lacks (an old crash) is drawn from the seed."""
        game, state = rebuild(stored)
        live = LiveGame(stored, game, state, version=stored.revision)
        if state.current_player == CHANCE:
            state = state.clone()
            new, status = self._with_chance(live, state, [])
            with contextlib.suppress(StaleGame):
                version = self.store.append_actions(
                    live.id, new, status, live.version, live.is_ai(state.current_player)
                )
                self._make_live(live, state, new, status, version)
        self._keep(live)
        return live

    def _keep(self, live: LiveGame) -> None:
        """Hold ``live`` in memory, dropping the least recently used idle games beyond
        ``MAX_IDLE_GAMES`` (``GameMemory``: without a look at the other games)."""
        self.games[live.id] = live
        for game_id in self.games.drop_idle_beyond(MAX_IDLE_GAMES):
            self.replays.forget(game_id)

    def _watchers_changed(self, live: LiveGame) -> None:
        """Note that ``live`` gained or lost a page (it may be idle now, or no longer)."""
        if live.watchers:
            self._watched.add(live.id)
        else:
            self._watched.discard(live.id)
        self.games.touch(live.id)

    def get(self, game_id: str, tokens: frozenset[str] | None = None) -> LiveGame:
        """The live game ``game_id``, read from the store if it is not in memory. With ``tokens``,
        they are checked (``check_tokens``) before a stored game is replayed: a lookup of 200
        games with made-up tokens made the server replay every one of them on its event loop
        (2 s for long games; attack review of 2026-11-27)."""
        live = self.games.get(game_id)
        if live is not None:
            self.games.touch(game_id)
            if tokens is not None:
                self.check_tokens(live, tokens)
            return live
        stored = self.store.load(game_id)
        if stored is None:
            raise HubError(404, "game", f"no game with id {game_id!r}", "no_game")
        if tokens is not None:
            self._check_tokens(stored, tokens)
        live = self._live(stored)
        self._schedule_ai(live)
        return live

    def in_memory(self, game_id: str) -> bool:
        return game_id in self.games

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
    ) -> LiveGame:
        """A new game, stored with its setup draws in one transaction; its AI seats start playing
        (their turns are ``client``'s in the AI queue, until another player's request changes it)."""
        try:
            game = make_game(game_name, players, options)
        except GameError as error:
            field_name = "game" if str(error).startswith("game") else "options"
            if str(error).startswith("players"):
                field_name = "players"
            named = re.match(r"(options\.\w+):", str(error))  # one option named: "options.harmony"
            if named:
                field_name = named[1]
            raise HubError(400, field_name, str(error)) from None
        if len(seats) != game.num_players:
            raise HubError(
                400, "seats", f"{game.describe()} needs {game.num_players} seats, got {len(seats)}"
            )
        seat_rows = [seat_row(index, seat) for index, seat in enumerate(seats)]
        humans = sum(row["kind"] == "human" for row in seat_rows)
        if seed is not None and humans > 1:
            raise HubError(
                400,
                "seed",
                "a chosen seed makes every draw predictable, so it is only for practice games with one "
                "human against AI seats; with several humans the server draws a secret seed",
            )
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
            actions=[],
            seed_chosen=seed is not None,
            hints=hints,
        )
        live = LiveGame(stored, game, game.new_initial_state(), client=client)
        state = live.state.clone()
        setup = self._draw_chance(live, state, [])
        stored.actions = setup
        stored.status = status_of(state)
        stored.ai_turn = live.is_ai(state.current_player)
        self.store.create_game(stored)
        live.state = state
        live.version = stored.revision
        self._keep(live)
        self._schedule_ai(live)
        return live

    # --- acting -------------------------------------------------------------------------------

    def seat_for(self, live: LiveGame, token: str) -> int:
        seat = live.seat_of(token)
        if seat is None:
            if live.is_spectator_token(token):
                raise HubError(403, "token", "a spectator link can watch but not act", "spectator_acts")
            raise HubError(403, "token", "this token is not a seat of this game", "not_a_seat")
        return seat

    async def act(
        self,
        game_id: str,
        token: str,
        text: str,
        expected_index: int | None = None,
        client: str = "",
        acknowledge: Callable[[int], Awaitable[None]] | None = None,
    ) -> int:
        """Apply a human's action: validate, apply, commit, then publish to the watchers; returns
        the number of actions applied after it. The AI turns that follow are ``client``'s in the
        AI queue.

        ``acknowledge`` is told that number once the action is committed and before the watchers
        hear of it: the socket that sent the action answers ``ack`` first.
        """
        live = self.get(game_id)
        async with live.lock:
            seat = self.seat_for(live, token)
            state = live.state
            if state.is_terminal():
                raise HubError(409, "action", "the game is over", "game_over")
            if expected_index is not None and expected_index != len(live.actions):
                raise HubError(
                    409, "index", f"the game moved on: {len(live.actions)} actions, not {expected_index}"
                )
            if state.current_player != seat:
                to_act = state.current_player
                raise HubError(
                    409,
                    "action",
                    f"it is not your turn: {self._seat_name(live, to_act)} is to act",
                    "not_your_turn",
                    {"name": live.stored.seats[to_act]["name"], "n": to_act + 1} if to_act >= 0 else None,
                )
            try:
                action = state.parse_action(text)
            except GameError as error:
                raise HubError(400, "action", str(error)) from None
            reason = state.illegal_reason(action)
            if reason is not None:
                raise HubError(409, "action", f"illegal: {reason}")
            self._apply(live, seat, action)
            live.client = client
            applied = len(live.actions)
        if acknowledge is not None:
            await acknowledge(applied)
        await self.broadcast(live)
        self._schedule_ai(live)
        return applied

    def _seat_name(self, live: LiveGame, seat: int) -> str:
        if 0 <= seat < len(live.stored.seats):
            return f"{live.stored.seats[seat]['name']} (player {seat + 1})"
        return "nobody"

    def _apply(self, live: LiveGame, seat: int, action: int) -> None:
        """Apply on a copy, resolve chance, commit to the store, then make it the live state."""
        state = live.state.clone()
        new = [self._step(state, seat, action, len(live.actions))]
        self._commit(live, state, new)

    def _step(self, state: State, seat: int, action: int, index: int) -> StoredAction:
        description = state.describe_action(action)
        text = state.action_text(action)
        state.apply(action)
        return StoredAction(index, seat, text, description)

    def _draw_chance(self, live: LiveGame, state: State, new: list[StoredAction]) -> list[StoredAction]:
        """Resolve every chance node ahead of ``state`` from the game's seed (never by a seat), each
        keyed by the draw it makes, not by when: a game's deal is the same however it is played."""
        index = len(live.actions) + len(new)
        while state.current_player == CHANCE:
            rng = random.Random(derive_seed(live.stored.seed, "chance", state.chance_key()))
            new.append(self._step(state, CHANCE, state.sample_chance(rng), index))
            index += 1
        return new

    def _with_chance(
        self, live: LiveGame, state: State, new: list[StoredAction]
    ) -> tuple[list[StoredAction], str]:
        """``new`` with the chance steps that follow it (applied to ``state``), and the status after."""
        new = self._draw_chance(live, state, new)
        return new, status_of(state)

    def _commit(self, live: LiveGame, state: State, new: list[StoredAction]) -> None:
        """Store ``new`` (with the chance steps that follow it), then make ``state`` the live one.

        If the store refuses, the live game is untouched: memory never runs ahead of the database.
        """
        new, status = self._with_chance(live, state, new)
        try:
            version = self.store.append_actions(
                live.id,
                new,
                status,
                live.version,
                live.is_ai(state.current_player),
            )
        except StaleGame:
            raise self._changed_elsewhere(live, "index") from None
        self._make_live(live, state, new, status, version)

    def _changed_elsewhere(self, live: LiveGame, field: str) -> HubError:
        """The refusal of a write another server made first (the game is read again meanwhile)."""
        self._reload(live.id)
        return HubError(
            409, field, "the game moved on: it was changed by another server", "changed_elsewhere"
        )

    def _make_live(
        self, live: LiveGame, state: State, new: list[StoredAction], status: str, version: int
    ) -> None:
        """Make the stored write of ``new`` (now at ``version``) the live game."""
        live.stored.actions.extend(new)
        live.stored.status = status
        live.state = state
        live.version = version
        live.turn_since = time.monotonic()
        if status == "finished":
            self._start_review(live)

    async def same_deal(self, game_id: str, token: str, client: str = "") -> LiveGame:
        """A new game of the finished game ``game_id`` with its seats, options and seed: the same
        deal, played again by its one human against the same AI seats (a practice game)."""
        live = self.get(game_id)
        seat = self.seat_for(live, token)
        refused = live.same_deal_refusal(seat)
        if refused is not None:
            raise refused
        stored = live.stored
        seats = [{key: info.get(key) for key in ("kind", "name", "level", "online")} for info in stored.seats]
        options = dict(stored.options)
        return await self.create(
            stored.game, stored.players, options, seats, stored.seed, stored.hints, client
        )

    async def undo(self, game_id: str, token: str, client: str = "") -> None:
        """Take back the caller's last action and everything after it (only against AI seats).

        Refused when the game is over, or when a chance event (a draw, a roll, a revealed
        caveman) came after that action: undoing it would let a player look ahead and choose again.
        """
        live = self.get(game_id)
        async with live.lock:
            seat = self.seat_for(live, token)
            refused = live.undo_refusal(seat)
            if refused is not None:
                raise refused
            keep = [a.index for a in live.actions if a.seat == seat][-1]
            try:
                version = self.store.truncate(live.id, keep, "playing", live.version, False)
            except StaleGame:
                raise self._changed_elsewhere(live, "undo") from None
            live.stored.actions = live.stored.actions[:keep]
            live.stored.status = "playing"
            live.game, live.state = rebuild(live.stored)
            live.version = version
            live.turn_since = time.monotonic()
            live.client = client
        await self.broadcast(live)

    async def hand_to_ai(
        self, game_id: str, token: str, level: str, seat: int | None = None, client: str = ""
    ) -> LiveGame:
        """An AI of ``level`` plays a human seat from now on, so the others play on: the caller's
        own seat (``seat`` None: they must go), or the seat of a player who is away (``seat``: to
        act, with no page of it open for ``away_seconds``). The player's token then only watches.

        A player leaves only a game still played with another human seat (against AI seats alone,
        the game would only be watched to its end).
        """
        live = self.get(game_id)
        async with live.lock:
            by = self.seat_for(live, token)
            target = by if seat is None else seat
            if seat is None:
                refused = live.leave_refusal(by)
            else:
                refused = live.takeover_refusal(by, target, time.monotonic(), self.away_seconds)
            if refused is not None:
                raise refused
            seats = [dict(info) for info in live.stored.seats]
            seats[target] = ai_seat(seats[target], level, len(live.actions))
            to_act = live.state.current_player
            ai_turn = 0 <= to_act < len(seats) and seats[to_act]["kind"] == "ai"
            try:
                version = self.store.set_seats(live.id, seats, "playing", live.version, ai_turn)
            except StaleGame:
                raise self._changed_elsewhere(live, "token") from None
            live.stored.seats = seats
            live.version = version
            live.turn_since = time.monotonic()
            live.client = client
        await self.broadcast(live)
        self._schedule_ai(live)
        return live

    # --- who is here ------------------------------------------------------------------------

    async def join(self, live: LiveGame, watcher: Watcher) -> None:
        """A page of the game opened here: it gets the game's view (and who is away, if anyone is),
        and the other pages hear if a seat away is now back."""
        live.watchers.add(watcher)
        self._watchers_changed(live)
        await watcher.send(self.view_text(live, watcher.seats))
        if live.told_away and watcher.seats:
            await watcher.send(self.presence_text(live))
        await self.tell_presence(live)

    async def part(self, live: LiveGame, watcher: Watcher) -> None:
        """A page of the game closed: a seat with no page left here is away from now; the others
        hear of it (their pages offer to hand an awaited seat to an AI once it has been away long)."""
        live.watchers.discard(watcher)
        self._watchers_changed(live)
        now = time.monotonic()
        for seat in watcher.seats:
            if not any(seat in other.seats for other in live.watchers):
                live.left_at[seat] = now
        await self.tell_presence(live)

    def _away(self, live: LiveGame) -> dict[str, float]:
        """The seat awaited while away (its number as text) and for how long, if there is one."""
        to_act = live.state.current_player
        waited = live.awaited_away(to_act, time.monotonic()) if live.stored.status != "finished" else None
        return {} if waited is None else {str(to_act): round(waited, 1)}

    def presence_text(self, live: LiveGame, away: dict[str, float] | None = None) -> str:
        """Who is awaited while away (``away``, else found now), as a socket message: ``{"type":
        "presence", "away": {seat: seconds}, "after": seconds}`` (``away`` is empty once the awaited
        seat has a page open)."""
        found = self._away(live) if away is None else away
        return json.dumps({"type": "presence", "away": found, "after": self.away_seconds})

    async def tell_presence(self, live: LiveGame) -> None:
        """Tell the players' pages of a game played by several humans when the seat awaited while
        away changes (one is away now, another, or none), with how long it has been awaited
        (spectators are not told: they hand no seat over)."""
        away = self._away(live) if len(live.humans()) > 1 else {}
        if set(away) == live.told_away:
            return
        live.told_away = set(away)
        text = self.presence_text(live, away)
        watchers = [watcher for watcher in live.watchers if watcher.seats]
        await self._send_each(live, watchers, [text] * len(watchers))

    async def hint(self, game_id: str, token: str, client: str = "") -> list[dict[str, Any]]:
        live = self.get(game_id)
        async with live.lock:
            seat = self.seat_for(live, token)
            if live.stored.status == "finished" or live.state.is_terminal():
                raise HubError(409, "game", "the game is over: there is no move left to hint", "game_over")
            if not live.hints_allowed():
                raise HubError(
                    403,
                    "hint",
                    "hints are off in this game: with several human players they are on only when the "
                    "game is created with hints for everyone",
                    "hints_off",
                )
            if live.state.current_player != seat:
                raise HubError(409, "hint", "a hint is for the seat to act", "hint_not_your_turn")
            state = live.state.clone()
            seed = derive_seed(live.stored.seed, "hint", len(live.actions))
        with self.hint_slots.held(client):
            job = AIJob(state, self.hint_agent, seed, analyse=True)
            answer = await self.queue.run(job, live.id, "hint", client=client)
        return [
            {"action": state.action_text(action), "value": round(value, 3), "visits": visits}
            for action, value, visits in answer.candidates
        ]

    def why(self, game_id: str, token: str, text: str) -> tuple[str | None, Refusal | None]:
        """Why the holder of ``token`` may not play ``text`` now (None: legal): in the engine's
        words, and named for the page to say in the player's language (``State.refusal``).

        Read-only: nothing is applied. A malformed text answers with the parser's message.
        """
        live = self.get(game_id)
        seat = self.seat_for(live, token)
        state = live.state
        if state.is_terminal():
            return "the game is over", Refusal("game_over")
        if state.current_player != seat:
            name = self._seat_name(live, state.current_player)
            return f"it is not your turn: {name} is to act", Refusal("not_your_turn", {"name": name})
        try:
            action = state.parse_action(text)
        except GameError as error:
            return str(error), error.refusal or Refusal("other")
        return state.illegal_reason(action), state.refusal(action)

    # --- AI seats -----------------------------------------------------------------------------

    def _schedule_ai(self, live: LiveGame) -> None:
        state = live.state
        if state.is_terminal() or not live.is_ai(state.current_player):
            return
        if live.ai_task is not None and not live.ai_task.done():
            return
        live.ai_task = asyncio.get_running_loop().create_task(self._run_ai(live))
        live.ai_task.add_done_callback(lambda _: self.games.touch(live.id))
        self.games.touch(live.id)

    async def _run_ai(self, live: LiveGame) -> None:
        """Play the AI seats' turns until a human (or nobody) is to act.

        Each turn is computed only under the game's lease (so once across servers), in the
        queue's workers; the move is applied only if the game is still at the revision it was
        computed for. Any failure is logged and the turn is tried again after a short wait.
        """
        failures = 0
        while True:
            async with live.lock:
                state = live.state
                if state.is_terminal() or not live.is_ai(state.current_player):
                    return
                seat = state.current_player
                index = len(live.actions)
                version = live.version
                copy = state.clone()
                level = str(live.stored.seats[seat]["level"])
            try:
                if not self.store.take_lease(live.id, version, LEASE_SECONDS):
                    return  # another server computes this turn (or the game moved on: we will hear)
                job = AIJob(copy, agent_spec(level, copy), derive_seed(live.stored.seed, "seat", seat, index))
                lane = Lane.PLAYERS if live.humans() else Lane.WATCHED
                turn = self.queue.run(job, live.id, lane=lane, client=live.client)
                answer = await self._under_lease(live, version, self._paced(turn))
                async with live.lock:
                    if live.version != version:
                        continue
                    reason = live.state.illegal_reason(answer.action)
                    if reason is not None:
                        raise RuntimeError(f"the AI chose an illegal action: {reason}")
                    self._apply(live, seat, answer.action)
                self.ai_moves.append((answer.seconds, answer.iterations))
                await self.broadcast(live)
                failures = 0
            except asyncio.CancelledError:
                raise
            except HubError:
                continue  # the game moved on under us: look again
            except Exception:
                delay = AI_RETRY_DELAYS[min(failures, len(AI_RETRY_DELAYS) - 1)]
                failures += 1
                log.exception(
                    "game %s: AI turn of seat %d failed; trying again in %.1f s", live.id, seat, delay
                )
                await asyncio.sleep(delay)

    async def _paced(self, search: Awaitable[Any]) -> Any:
        """``search``'s answer, given no sooner than ``ai_delay`` seconds (people follow the moves)."""
        answer, _ = await asyncio.gather(search, asyncio.sleep(self.ai_delay))
        return answer

    async def _under_lease(self, live: LiveGame, version: int, search: Awaitable[Any]) -> Any:
        """Await ``search``, its lease (just taken) renewed with the server's others; give up if a
        renewal since finds it lost (another server took the turn over, or the game moved on).
        The renewal says so (``_renew_leases``): thousands of turns waiting in the queue cost the
        event loop nothing until then."""
        task = asyncio.ensure_future(search)
        lost = asyncio.get_running_loop().create_future()
        self._leased[lost] = ((live.id, version), time.monotonic())
        try:
            await asyncio.wait([task, lost], return_when=asyncio.FIRST_COMPLETED)
            if task.done():
                return task.result()
            raise HubError(409, "ai", "the AI turn was taken over or the game moved on")
        finally:
            del self._leased[lost]
            task.cancel()

    def _queue_changed(self) -> None:
        """Tell the watched games where their AI turns stand, once the event loop has taken in
        every change of this moment (a flood of games changed the queue hundreds of times in a
        row, and each time every game in it was looked at)."""
        if not self._telling:
            self._telling = True
            asyncio.get_running_loop().call_soon(self._tell_queue)

    def _tell_queue(self) -> None:
        """Tell the watchers of every watched game whose AI turn waits or runs where it stands.
        Only the watched games are looked at, each one's place found without a walk over the
        whole queue (a game nobody watches is looked at when a page of it opens: ``thinking_now``)."""
        self._telling = False
        for game_id in self._watched | set(self._thinking):
            live = self.games.get(game_id)
            if live is None or not live.watchers:
                self._thinking.pop(game_id, None)
                self._watched.discard(game_id)
                continue
            if not self._thinking_changed(live, self.queue.ahead(game_id)):
                continue
            message = self.thinking_text(game_id)
            sending = asyncio.ensure_future(
                asyncio.gather(*(w.send(message) for w in list(live.watchers)), return_exceptions=True)
            )
            self._sending.add(sending)
            sending.add_done_callback(self._sending.discard)

    def stats(self) -> dict[str, Any]:
        """How many AI moves this server computed, their seconds and iterations, its queue (the
        jobs waiting and running in all and in each lane) and its reviews (computing, queued)."""
        seconds = sorted(s for s, _ in self.ai_moves)
        iterations = [i for _, i in self.ai_moves if i]
        queue = self._queue
        return {
            "games_in_memory": len(self.games),
            "ai_moves": len(seconds),  # the last 10,000 at most
            "ai_seconds": {
                "mean": sum(seconds) / len(seconds) if seconds else None,
                "max": seconds[-1] if seconds else None,
            },
            "ai_iterations": {
                "min": min(iterations) if iterations else None,
                "max": max(iterations) if iterations else None,
            },
            "queue": {
                "slots": queue.executor.slots if queue else None,
                "running": len(queue.running) if queue else 0,
                "waiting": sum(len(lane) for lane in queue.lanes.values()) if queue else 0,
                "lanes": {
                    lane.value: queue.lane_counts(lane) if queue else {"waiting": 0, "running": 0}
                    for lane in Lane
                },
            },
            "reviews": {
                "computing": len(self.review_turns.computing),
                "queued": len(self.review_turns.waiting),
            },
        }

    def _thinking_changed(self, live: LiveGame, ahead: int | None) -> bool:
        """Note where ``live``'s AI turn stands (``ahead``: None if it has none in the queue);
        whether that changed."""
        now_thinking = None
        if ahead is not None and live.is_ai(live.state.current_player):
            now_thinking = (live.state.current_player, ahead)
        if self._thinking.get(live.id) == now_thinking:
            return False
        if now_thinking is None:
            self._thinking.pop(live.id, None)
        else:
            self._thinking[live.id] = now_thinking
        return True

    def thinking_now(self, live: LiveGame) -> str | None:
        """The ``thinking`` message for a page of ``live`` that opens while its AI turn waits or
        runs (None when none does)."""
        ahead = self._queue.ahead(live.id) if self._queue is not None else None
        self._thinking_changed(live, ahead)
        return self.thinking_text(live.id) if live.id in self._thinking else None

    def thinking_text(self, game_id: str) -> str:
        """``{"type": "thinking", "seat", "ahead"}`` (``seat`` null once no AI turn is pending)."""
        thinking = self._thinking.get(game_id)
        seat, ahead = thinking if thinking is not None else (None, None)
        return json.dumps({"type": "thinking", "seat": seat, "ahead": ahead})

    # --- what clients see ---------------------------------------------------------------------

    def seats_held(self, live: LiveGame, tokens: frozenset[str]) -> ViewKey:
        """The seats whose tokens are among ``tokens``, ascending."""
        return tuple(sorted({s for s in map(live.seat_of, tokens) if s is not None}))

    def view_of(self, live: LiveGame, mine: ViewKey) -> dict[str, Any]:
        """The state as the holder of the seats ``mine`` may see it."""
        return views.state_view(live, mine)

    def view_text(self, live: LiveGame, mine: ViewKey) -> str:
        """The view of ``mine`` as JSON text, built once per state and seat set."""
        if live.views_version != live.version:
            live.views = {}
            live.views_version = live.version
        text = live.views.get(mine)
        if text is None:
            text = live.views[mine] = json.dumps(self.view_of(live, mine))
        return text

    def admit(self, live: LiveGame, tokens: frozenset[str]) -> ViewKey:
        """The seats a new socket holding ``tokens`` watches as, once its tokens and the game's
        socket limits are checked (``()``: a spectator)."""
        self.check_tokens(live, tokens)
        seats = self.seats_held(live, tokens)
        if not seats:
            spectators = sum(1 for w in live.watchers if not w.seats)
            if spectators >= MAX_SPECTATORS:
                raise HubError(
                    429,
                    "tokens",
                    f"this game already has {MAX_SPECTATORS} spectators, the most it allows",
                    "spectators_full",
                    {"n": MAX_SPECTATORS},
                )
        for seat in seats:
            if sum(1 for w in live.watchers if seat in w.seats) >= MAX_SOCKETS_PER_SEAT:
                raise HubError(
                    429,
                    "tokens",
                    f"player {seat + 1} already has {MAX_SOCKETS_PER_SEAT} connections open, "
                    "the most a seat allows: close another tab first",
                    "seat_connections_full",
                    {"n": MAX_SOCKETS_PER_SEAT},
                )
        return seats

    async def broadcast(self, live: LiveGame) -> None:
        """Send every watcher the current view it may see (each distinct view serialised once)."""
        watchers = list(live.watchers)
        if not watchers:
            return
        for watcher in watchers:  # a seat handed to an AI (here or on another server) is not theirs now
            if watcher.tokens:
                watcher.seats = self.seats_held(live, watcher.tokens)
        await self._send_each(live, watchers, [self.view_text(live, watcher.seats) for watcher in watchers])
        await self.tell_presence(live)

    async def _send_each(self, live: LiveGame, watchers: list[Watcher], texts: list[str]) -> None:
        """Send each watcher its text at once; a watcher whose sending fails is gone."""
        results = await asyncio.gather(
            *(watcher.send(text) for watcher, text in zip(watchers, texts)), return_exceptions=True
        )
        for watcher, result in zip(watchers, results):
            if isinstance(result, BaseException):
                live.watchers.discard(watcher)
        self._watchers_changed(live)

    def acting_token(self, game_id: str, tokens: frozenset[str]) -> str:
        """Of the tokens a client holds, the one of the seat to act (else any, for a clear refusal)."""
        live = self.get(game_id)
        for token in tokens:
            if live.seat_of(token) == live.state.current_player:
                return token
        return next(iter(tokens), "")

    def check_tokens(self, live: LiveGame, tokens: frozenset[str]) -> None:
        """Every token must be a seat's or the spectator link's; at least one is needed."""
        self._check_tokens(live.stored, tokens)

    @staticmethod
    def _check_tokens(stored: StoredGame, tokens: frozenset[str]) -> None:
        if not tokens:
            raise HubError(403, "token", "a seat token or the spectator token is needed", "no_token")
        for token in tokens:
            if seat_of(stored, token) is None and not is_spectator_token(stored, token):
                raise HubError(
                    403, "token", "this token is not a seat or the spectator link of this game", "not_a_seat"
                )

    # --- finished games -----------------------------------------------------------------------

    def review_of(self, game_id: str, client: str = "") -> dict[str, Any]:
        """The review of a finished game's human moves, or (while it waits or is computed) its
        progress.

        Started when the game ends, or on the first request (a server restarted meanwhile: then
        it is the requesting ``client``'s).
        """
        live = self.get(game_id)
        if live.stored.status != "finished":
            raise HubError(409, "game", "the review is available once the game is over")
        stored = self.store.load_review(game_id)
        if stored is not None:
            return {"status": "ready", **stored}
        if not live.humans():  # a game of AI seats alone: no human move to review
            return {"status": "ready", "moves": [], "summary": review.summary([])}
        running = self.reviewing.get(game_id)
        if running is None:
            self._start_review(live, client)
            running = self.reviewing[game_id]
        return running[1].to_json(self.review_turns.place(game_id))

    def _start_review(self, live: LiveGame, client: str | None = None) -> None:
        """Review ``live`` in the background (once per game and server), as ``client``'s review
        (None: the client whose request last changed the game)."""
        if live.id in self.reviewing or not live.humans():
            return
        progress = review.Progress()
        task = asyncio.get_running_loop().create_task(self._review(live, progress, client))
        self.reviewing[live.id] = (task, progress)

    async def _review(self, live: LiveGame, progress: review.Progress, client: str | None) -> None:
        """Once its turn among the reviews comes (``review_turns``), value the human decisions of
        ``live`` against the best alternatives, then store the review."""
        try:
            stored = live.stored
            humans = set(live.humans())
            progress.total = sum(a.seat in humans for a in stored.actions)
            client = live.client if client is None else client
            async with self.review_turns.turn(live.id, client):
                moves = await self._review_moves(live, humans, progress, client)
            self.store.save_review(
                live.id,
                {
                    "agent": self.review_agent,
                    "thresholds": {"inaccuracy": review.INACCURACY, "mistake": review.MISTAKE},
                    "searches_per_game": review.SEARCHES_PER_GAME,
                    "summary": review.summary(moves),
                    "moves": moves,
                },
            )
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("game %s: the review failed (asked for again, it starts over)", live.id)
        finally:
            self.reviewing.pop(live.id, None)

    async def _review_moves(
        self, live: LiveGame, humans: set[int], progress: review.Progress, client: str
    ) -> list[dict[str, Any]]:
        """Each human decision of ``live`` reviewed, those within the game's budget of searches
        (``review.to_search``) searched in the AI queue's background lane (never ahead of an AI
        turn or a hint) as ``client``'s jobs."""
        stored = live.stored
        actions = list(stored.actions)
        new_state = make_game(stored.game, stored.players, stored.options).new_initial_state
        searched = review.to_search(review.choices(new_state(), actions, humans))
        moves = []
        for action, code, state in review.positions(new_state(), actions):
            if action.seat not in humans:
                continue
            if len(state.legal_actions()) == 1:
                moves.append(review.entry(action.index, action.seat, action.text, None))
            elif action.index not in searched:
                moves.append(review.not_reviewed(action.index, action.seat, action.text))
            else:
                copy = state.clone()
                job = AIJob(
                    copy,
                    agent_spec(self.review_agent, copy),
                    derive_seed(stored.seed, "review", action.index),
                    analyse=True,
                    played=code,
                )
                answer = await self.queue.run(job, live.id, "review", Lane.BACKGROUND, client)
                candidates = [(copy.action_text(a), v, n) for a, v, n in answer.candidates]
                moves.append(review.entry(action.index, action.seat, action.text, candidates))
            progress.done += 1
        return moves
