"""A table: one game at this server, the one object that owns its lock, its state, its revision,
its watchers and the cache of its views, and runs every command on it.

Each write command runs as validate, apply, commit, publish: the engine judges the command
against the live state (``parse_action``, ``illegal_reason``, the seat rules of ``live``), the
change is applied to a copy with the chance steps that follow it, the store commits it naming
the revision it was made on, and only then does the copy become the live state and the
watchers hear of it. REST and the WebSocket call the same commands.

What a table guarantees, whatever the order of events:

* chance is always sampled from the seed, never chosen by a seat, each draw keyed by what it
  draws (``State.chance_key``), so a seed deals one deal however it is played;
* memory never runs ahead of the database: a write the store refuses (another server wrote the
  game first) leaves the table as it was, read again from the store, and the command refused;
* each change (an action, an undo, a seat handed over) bumps ``version``: an AI move is applied
  only to the very state it was computed for;
* undo never crosses a chance event (the draws it revealed stay revealed) and a finished game is
  final;
* a game has at most ``MAX_SPECTATORS`` spectator sockets and ``MAX_SOCKETS_PER_SEAT`` per seat,
  the server ``MAX_SPECTATORS_IN_ALL`` spectators (``admission``), and each distinct view of a
  state is built and serialised once and stamped once for all its watchers (``view_cache``).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from kingdomino.core.game import CHANCE, Game, State
from kingdomino.web import clocks, views
from kingdomino.web.admission import Audience, check_room, check_tokens
from kingdomino.web.fanout import send_to_each
from kingdomino.web.live import LiveGame, ViewKey, Watcher, status_of
from kingdomino.web.presence import Presence
from kingdomino.web.push import Pusher
from kingdomino.web.push_events import seats_written, turn_passed
from kingdomino.web.refusals import HubError
from kingdomino.web.replaying import rebuild
from kingdomino.web.seats import ai_seat
from kingdomino.web.steps import chance_steps, step
from kingdomino.web.store import RematchLink, StaleGame, Store
from kingdomino.web.stored import StoredAction, StoredGame, Timing
from kingdomino.web.view_cache import ViewCache


class TableHost(Protocol):
    """What a table needs of the server around it (``hub.Hub``)."""

    store: Store
    away_seconds: float
    claim_seconds: float
    pusher: Pusher | None  # who tells a player of their turn by Web Push (None: nobody)
    #: The spectators of every table of the server (``admission.MAX_SPECTATORS_IN_ALL``).
    audience: Audience

    def watchers_changed(self, table: Table) -> None:
        """``table`` gained or lost a page (it may be idle now, or no longer)."""

    def start_ai_turn(self, table: Table) -> None:
        """Start ``table``'s AI turn if an AI seat is to act and no turn of it runs."""

    def game_over(self, table: Table) -> None:
        """``table``'s game has just ended here: its review starts, its result is recorded."""


@dataclass(frozen=True)
class AITurn:
    """An AI seat's turn as it stood: who, at which action and revision, on a copy of the state."""

    seat: int
    index: int
    version: int
    state: State
    level: str


class Table(LiveGame):
    """One game at this server, with its lock, watchers, view cache and commands."""

    def __init__(
        self,
        stored: StoredGame,
        game: Game,
        state: State,
        host: TableHost,
        *,
        version: int = 0,
        client: str = "",
        lock: asyncio.Lock | None = None,
    ) -> None:
        super().__init__(stored, game, state, version, client)
        self.host = host
        self.lock = lock or asyncio.Lock()
        self.watchers: set[Watcher] = set()
        #: The task playing the AI seats' turns (``ai_turns.AITurns``), while one runs.
        self.ai_task: asyncio.Task[None] | None = None
        #: The spectators among ``watchers``, as counted in the server's audience.
        self.spectators: set[Watcher] = set()
        self.view_cache = ViewCache()
        self.presence = Presence(self, host.away_seconds)

    @property
    def store(self) -> Store:
        return self.host.store

    # --- creating and reading -----------------------------------------------------------------

    def store_new(self, rematch_of: RematchLink | None = None) -> None:
        """Store this new game with its actions and the draws ahead, in one transaction (with the
        note that it is the rematch of a finished game: ``Store.create_game``)."""
        state = self.state.clone()
        self.stored.actions = [*self.stored.actions, *self._draw_chance(state, [])]
        if self.stored.status != "open":
            self.stored.status = status_of(state)
        self.stored.ai_turn = self.stored.status == "playing" and self.is_ai(state.current_player)
        self.keep_timing(
            clocks.timing(
                self.stored, self.stored.seats, self.stored.status, state.current_player, time.time()
            )
        )
        self.store.create_game(self.stored, rematch_of)
        self.state = state
        self.version = self.stored.revision

    def draw_missing_chance(self) -> None:
        """Draw and store a chance step the stored game still lacks (a crash between a move and
        its draws); if another server wrote the game first, it drew them."""
        if self.state.current_player != CHANCE:
            return
        state = self.state.clone()
        new = self._draw_chance(state, [])
        with contextlib.suppress(HubError):
            self._commit_actions(state, new)

    def reload(self) -> bool:
        """Read the game again from the store (the truth), keeping its watchers; False if gone."""
        stored = self.store.load(self.id)
        if stored is None:
            return False
        self.stored = stored
        self.game, self.state = rebuild(stored)
        self.version = stored.revision
        return True

    def adopt(self, state: State, new: list[StoredAction], status: str, version: int) -> None:
        """Make the stored write of ``new`` (now at ``version``), which led to ``state``, the live game."""
        self.stored.actions.extend(new)
        self.stored.status = status
        self.state = state
        self.version = version

    # --- commands -----------------------------------------------------------------------------

    async def act(
        self,
        token: str,
        text: str,
        expected_index: int | None = None,
        client: str = "",
        acknowledge: Callable[[int], Awaitable[None]] | None = None,
        lag: float = 0.0,
    ) -> int:
        """Play a human's action; returns the number of actions after it (and its chance steps).
        The AI turns that follow are ``client``'s in the AI queue. ``lag``: the round trip measured
        on the socket the action came by, credited to the mover's clock (``lag``).

        ``acknowledge`` is told that number once the action is committed and before the watchers
        hear of it: the socket that sent the action answers ``ack`` first.
        """
        async with self.lock:
            seat = self.seat_for(token)
            action = self.validated_action(seat, text, expected_index)
            state, new = self._applied(seat, action)
            self._commit_actions(state, new, lag)
            self.client = client
            applied = len(self.actions)
        if acknowledge is not None:
            await acknowledge(applied)
        await self.publish()
        self.host.start_ai_turn(self)
        return applied

    async def play_ai(self, turn: AITurn, action: int) -> bool:
        """Play the AI's answer to ``turn``, if the game is still where it was when it was asked
        (False: it moved on, the answer is stale)."""
        async with self.lock:
            if self.version != turn.version:
                return False
            reason = self.state.illegal_reason(action)
            if reason is not None:
                raise RuntimeError(f"the AI chose an illegal action: {reason}")
            state, new = self._applied(turn.seat, action)
            self._commit_actions(state, new)
        await self.publish()
        return True

    async def hand_to_ai(self, token: str, level: str, seat: int | None = None, client: str = "") -> None:
        """An AI of ``level`` plays a human seat from now on, so the others play on: the caller's
        own seat (``seat`` None: they must go), or the seat of a player who is away (``seat``: to
        act, with no page of it open for ``away_seconds``). The player's token then only watches.

        A player leaves only a game still played with another human seat (against AI seats alone,
        the game would only be watched to its end).
        """
        async with self.lock:
            by = self.seat_for(token)
            target = by if seat is None else seat
            if seat is None:
                refused = self.leave_refusal(by)
            else:
                await self.presence.look_elsewhere(target)
                waited = self.presence.awaited_away(target)
                refused = self.takeover_refusal(by, target, waited, self.presence.away_seconds)
            if refused is not None:
                raise refused
            seats = [dict(info) for info in self.stored.seats]
            seats[target] = ai_seat(seats[target], level, len(self.actions))
            if seat is not None:  # handed over by another player: its own player was away
                seats[target]["away"] = True
            self.write_seats(seats, "playing", "token")
            self.client = client
        await self.publish()
        self.host.start_ai_turn(self)

    def write_seats(
        self, seats: list[dict[str, Any]], status: str, field: str, open_until: float | None = None
    ) -> None:
        """Store the game's ``seats`` and ``status`` (and while it is open, how long it waits), then
        hold them here; refused naming ``field`` if another server wrote the game first. The
        caller holds the lock, and publishes."""
        to_act = self.state.current_player
        ai_turn = status == "playing" and 0 <= to_act < len(seats) and seats[to_act]["kind"] == "ai"
        timed = clocks.timing(self.stored, seats, status, to_act, time.time())
        self.version = self.committed(
            lambda: self.store.set_seats(self.id, seats, status, self.version, ai_turn, open_until, timed),
            field,
        )
        self.keep_timing(timed)
        was = self.stored.status, self.stored.seats
        self.stored.seats, self.stored.status, self.stored.open_until = seats, status, open_until
        self.presence.turn_began()
        seats_written(self.host.pusher, self, *was)

    async def ai_turn(self) -> AITurn | None:
        """The AI seat's turn to compute now, on a copy of the state (None: no AI is to act)."""
        async with self.lock:
            state = self.state
            if state.is_terminal() or not self.is_ai(state.current_player) or self.stored.status != "playing":
                return None
            seat = state.current_player
            level = str(self.stored.seats[seat]["level"])
            return AITurn(seat, len(self.actions), self.version, state.clone(), level)

    # --- the steps of a write -----------------------------------------------------------------

    def _applied(self, seat: int, action: int) -> tuple[State, list[StoredAction]]:
        """``action`` of ``seat`` applied to a copy of the state, with the chance steps after it."""
        state = self.state.clone()
        new = [step(state, seat, action, len(self.actions))]
        return state, self._draw_chance(state, new)

    def _draw_chance(self, state: State, new: list[StoredAction]) -> list[StoredAction]:
        """``new`` and every chance step ahead of ``state`` drawn from the game's seed."""
        return new + chance_steps(state, self.stored.seed, len(self.actions) + len(new))

    def _commit_actions(self, state: State, new: list[StoredAction], lag: float = 0.0) -> None:
        """Store ``new``, then make ``state`` (where they led) the live one; ``lag`` as ``act``'s."""
        status = status_of(state)
        ai_turn = self.is_ai(state.current_player)
        timed = clocks.timing(
            self.stored, self.stored.seats, status, state.current_player, time.time(), new[0].seat, lag
        )
        version = self.committed(
            lambda: self.store.append_actions(self.id, new, status, self.version, ai_turn, timed), "index"
        )
        self.keep_timing(timed)
        self.adopt(state, new, status, version)
        self.presence.turn_began()
        turn_passed(self.host.pusher, self, new[0].seat)  # the mover
        if status == "finished":
            self.host.game_over(self)

    def keep_timing(self, timed: Timing | None) -> None:
        """Hold the clock and deadline just stored (nothing for a game without a clock)."""
        if timed is not None:
            self.stored.clock, self.stored.deadline = timed

    def committed(self, write: Callable[[], int], field: str) -> int:
        """The revision ``write`` stored; if another server wrote the game first, the table is
        read again and the command refused (naming ``field``)."""
        try:
            return write()
        except StaleGame:
            self.reload()
            raise HubError(
                409, field, "the game moved on: it was changed by another server", "changed_elsewhere"
            ) from None

    # --- watchers and views -------------------------------------------------------------------

    async def publish(self) -> None:
        """Send every watcher the current view it may see (each distinct view serialised once),
        then who is away."""
        watchers = list(self.watchers)
        if not watchers:
            return
        self._gone(await send_to_each(watchers, self.send_view))
        await self.presence.tell()

    async def send_view(self, watcher: Watcher, again: bool = False) -> None:
        """Send ``watcher`` the current view it may see, unless it was sent this version already
        (``again``: send it anyway, as a page that asks for it may have missed it) or a newer one.

        The view is made and checked when this runs, not when it was asked for: of two
        broadcasts, or a broadcast and a page's ``sync``, whichever runs last has the newest.
        """
        if watcher.tokens:  # a seat handed to an AI (here or on another server) is not theirs now
            watcher.seats = self.seats_held(watcher.tokens)
            self.host.audience.note(self.spectators, watcher, watcher in self.watchers)
        if self.version < watcher.version or (self.version == watcher.version and not again):
            return
        watcher.version = self.version
        await watcher.send(self.view_text(watcher.seats, self.formers_held(watcher.tokens)))

    async def send_each(self, watchers: list[Watcher], texts: list[str]) -> None:
        """Send each watcher its text; a watcher whose sending fails is gone."""
        text_of = dict(zip(watchers, texts))
        self._gone(await send_to_each(watchers, lambda watcher: watcher.send(text_of[watcher])))

    def _gone(self, gone: list[Watcher]) -> None:
        """The watchers whose sending failed are gone; the host hears the table's watchers changed."""
        for watcher in gone:
            self._drop(watcher)
        self.host.watchers_changed(self)

    def _drop(self, watcher: Watcher) -> None:
        """``watcher`` no longer watches (counted out of the spectators, if it was one)."""
        self.watchers.discard(watcher)
        self.host.audience.note(self.spectators, watcher, False)

    async def join(self, watcher: Watcher) -> None:
        """A page of the game opened here: it gets the game's view, and presence is told."""
        self.watchers.add(watcher)
        self.host.audience.note(self.spectators, watcher, True)
        self.host.watchers_changed(self)
        await self.send_view(watcher)
        await self.presence.joined(watcher)

    async def part(self, watcher: Watcher) -> None:
        """A page of the game closed here."""
        self._drop(watcher)
        self.host.watchers_changed(self)
        await self.presence.parted(watcher)

    def admit(self, tokens: frozenset[str]) -> ViewKey:
        """The seats a new socket holding ``tokens`` watches as, once its tokens and the game's
        socket limits are checked (``()``: a spectator)."""
        check_tokens(self.stored, tokens)
        seats = self.seats_held(tokens)
        check_room(self.watchers, seats, len(self.spectators), self.host.audience)
        return seats

    def stamped(self, text: str) -> str:
        """``text`` with the game's version now, one string for every watcher of a broadcast."""
        return self.view_cache.stamped(text, self.version)

    def view_of(self, mine: ViewKey, former: ViewKey = ()) -> dict[str, Any]:
        """The state as the holder of the seats ``mine`` (and of the former seats ``former``) may see it."""
        return views.state_view(self, mine, former)

    def view_text(self, mine: ViewKey, former: ViewKey = ()) -> str:
        """The view of ``mine`` and ``former`` as JSON text, built once per state and seat sets."""
        return self.view_cache.text(self.version, (mine, former), lambda: self.view_of(mine, former))
