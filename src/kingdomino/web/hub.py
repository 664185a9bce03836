"""Live games: the engine state of each game, its seats, its watchers and its AI turns.

The hub is the only place where the web app touches game rules, and it does
so through the engine protocol alone: ``parse_action``, ``illegal_reason``,
``apply``, ``observation``. Every random event and every AI move is seeded from
the game's seed and the action's index, so a game rebuilt from its stored
actions after a restart continues exactly as it would have.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from kingdomino.agents import make_agent
from kingdomino.core.game import CHANCE, Game, GameError, State
from kingdomino.core.records import GameRecord, final_result
from kingdomino.core.seeds import derive_seed
from kingdomino.games.registry import make_game
from kingdomino.web.store import Store, StoredAction, StoredGame, now
from kingdomino.web.tokens import same_token

AI_LEVELS = ("random", "greedy", "easy", "medium", "hard")
HINT_AGENT = "mcts:time=0.4,playout=player-greedy,prune=8"
LOG_LENGTH = 25

Sender = Callable[[dict[str, Any]], Awaitable[None]]


class HubError(Exception):
    """A refused request: the HTTP status, the field at fault and why."""

    def __init__(self, status: int, field: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.field = field
        self.message = message

    def to_json(self) -> dict[str, Any]:
        return {"error": {"field": self.field, "message": self.message}}


@dataclass(eq=False)
class Watcher:
    """A connected client: the tokens it holds and how to send it a message."""

    tokens: frozenset[str]
    send: Sender


@dataclass(eq=False)
class LiveGame:
    stored: StoredGame
    game: Game
    state: State
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: set[Watcher] = field(default_factory=set)
    ai_task: asyncio.Task[None] | None = None

    @property
    def id(self) -> str:
        return self.stored.id

    @property
    def actions(self) -> list[StoredAction]:
        return self.stored.actions

    def seat_of(self, token: str) -> int | None:
        for seat, info in enumerate(self.stored.seats):
            if info.get("token") and same_token(str(info["token"]), token):
                return seat
        return None

    def is_ai(self, seat: int) -> bool:
        return bool(self.stored.seats[seat]["kind"] == "ai")


def rebuild(stored: StoredGame) -> tuple[Game, State]:
    """The game and its state after every stored action (each checked again by the engine)."""
    game = make_game(stored.game, stored.players, stored.options)
    return game, replayed(game, stored.actions)


def replayed(game: Game, actions: list[StoredAction]) -> State:
    """The state after ``actions``, each checked again by the engine."""
    state = game.new_initial_state()
    for action in actions:
        state.apply(state.parse_action(action.text))
    return state


class Hub:
    """Every live game of the server, with the store behind it."""

    def __init__(self, store: Store, ai_delay: float = 0.0, hint_agent: str = HINT_AGENT) -> None:
        self.store = store
        self.ai_delay = ai_delay
        self.hint_agent = hint_agent
        self.games: dict[str, LiveGame] = {}

    # --- lifecycle ----------------------------------------------------------------------------

    async def start(self) -> None:
        """Resume every unfinished game, AI turns included."""
        for stored in self.store.unfinished():
            live = self._live(stored)
            self._schedule_ai(live)

    async def stop(self) -> None:
        for live in self.games.values():
            if live.ai_task is not None:
                live.ai_task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await live.ai_task

    def _live(self, stored: StoredGame) -> LiveGame:
        game, state = rebuild(stored)
        live = LiveGame(stored, game, state)
        self.games[stored.id] = live
        return live

    def get(self, game_id: str) -> LiveGame:
        live = self.games.get(game_id)
        if live is not None:
            return live
        stored = self.store.load(game_id)
        if stored is None:
            raise HubError(404, "game", f"no game with id {game_id!r}")
        return self._live(stored)

    # --- creating -----------------------------------------------------------------------------

    async def create(
        self,
        game_name: str,
        players: int,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        seed: int | None = None,
    ) -> LiveGame:
        try:
            game = make_game(game_name, players, options)
        except GameError as error:
            field_name = "game" if str(error).startswith("game") else "options"
            if str(error).startswith("players"):
                field_name = "players"
            raise HubError(400, field_name, str(error)) from None
        if len(seats) != game.num_players:
            raise HubError(
                400, "seats", f"{game.describe()} needs {game.num_players} seats, got {len(seats)}"
            )
        seat_rows = []
        for index, seat in enumerate(seats):
            if seat["kind"] == "ai":
                level = seat.get("level") or "easy"
                if level not in AI_LEVELS:
                    raise HubError(400, f"seats[{index}].level", f"expected one of {', '.join(AI_LEVELS)}")
                name = seat.get("name") or f"AI ({level})"
                seat_rows.append({"kind": "ai", "level": level, "name": name, "token": None})
            else:
                name = seat.get("name") or f"Player {index + 1}"
                online = bool(seat.get("online"))
                seat_rows.append(
                    {"kind": "human", "name": name, "online": online, "token": secrets.token_urlsafe(16)}
                )
        stored = StoredGame(
            id=secrets.token_hex(8),
            game=game.name,
            players=game.num_players,
            options=dict(game.options),
            seed=seed if seed is not None else secrets.randbits(48),
            seats=seat_rows,
            spectator_token=secrets.token_urlsafe(16),
            status="playing",
            created=now(),
            actions=[],
        )
        self.store.create_game(stored)
        live = LiveGame(stored, game, game.new_initial_state())
        self.games[stored.id] = live
        async with live.lock:
            self._commit(live, live.state.clone(), [])
        self._schedule_ai(live)
        return live

    # --- acting -------------------------------------------------------------------------------

    def seat_for(self, live: LiveGame, token: str) -> int:
        seat = live.seat_of(token)
        if seat is None:
            if same_token(live.stored.spectator_token, token):
                raise HubError(403, "token", "a spectator link can watch but not act")
            raise HubError(403, "token", "this token is not a seat of this game")
        return seat

    async def act(
        self, game_id: str, token: str, text: str, expected_index: int | None = None, broadcast: bool = True
    ) -> int:
        """Apply a human's action; returns the number of actions applied after it.

        With ``broadcast=False`` the caller tells the watchers itself (after acknowledging).
        """
        live = self.get(game_id)
        async with live.lock:
            seat = self.seat_for(live, token)
            state = live.state
            if state.is_terminal():
                raise HubError(409, "action", "the game is over")
            if expected_index is not None and expected_index != len(live.actions):
                raise HubError(
                    409, "index", f"the game moved on: {len(live.actions)} actions, not {expected_index}"
                )
            if state.current_player != seat:
                raise HubError(409, "action", f"it is not your turn: seat {state.current_player} is to act")
            try:
                action = state.parse_action(text)
            except GameError as error:
                raise HubError(400, "action", str(error)) from None
            reason = state.illegal_reason(action)
            if reason is not None:
                raise HubError(409, "action", f"illegal: {reason}")
            self._apply(live, seat, action)
            applied = len(live.actions)
        if broadcast:
            await self.broadcast(live)
        self._schedule_ai(live)
        return applied

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

    def _commit(self, live: LiveGame, state: State, new: list[StoredAction]) -> None:
        index = len(live.actions) + len(new)
        while state.current_player == CHANCE:
            rng = random.Random(derive_seed(live.stored.seed, "chance", index))
            new.append(self._step(state, CHANCE, state.sample_chance(rng), index))
            index += 1
        status = "finished" if state.is_terminal() else "playing"
        if new:
            self.store.append_actions(live.id, new, status if status != live.stored.status else None)
        live.stored.actions.extend(new)
        live.stored.status = status
        live.state = state

    async def undo(self, game_id: str, token: str) -> None:
        """Take back the caller's last action and everything after it (only against AI seats)."""
        live = self.get(game_id)
        async with live.lock:
            seat = self.seat_for(live, token)
            others = [s for s in range(live.game.num_players) if s != seat]
            if not all(live.is_ai(s) for s in others):
                raise HubError(409, "undo", "undo is only allowed when every other seat is an AI")
            mine = [a.index for a in live.actions if a.seat == seat]
            if not mine:
                raise HubError(409, "undo", "you have no action to take back")
            keep = mine[-1]
            self.store.truncate(live.id, keep, "playing")
            live.stored.actions = live.stored.actions[:keep]
            live.stored.status = "playing"
            live.game, live.state = rebuild(live.stored)
        await self.broadcast(live)

    async def hint(self, game_id: str, token: str) -> list[dict[str, Any]]:
        live = self.get(game_id)
        async with live.lock:
            seat = self.seat_for(live, token)
            if live.state.current_player != seat:
                raise HubError(409, "hint", "a hint is for the seat to act")
            state = live.state.clone()
            seed = derive_seed(live.stored.seed, "hint", len(live.actions))
        agent = make_agent(self.hint_agent, seed)
        candidates = await asyncio.to_thread(agent.analyse, state)
        return [
            {"action": state.action_text(c.action), "value": round(c.value, 3), "visits": c.visits}
            for c in candidates[:5]
        ]

    # --- AI seats -----------------------------------------------------------------------------

    def _schedule_ai(self, live: LiveGame) -> None:
        state = live.state
        if state.is_terminal() or not live.is_ai(state.current_player):
            return
        if live.ai_task is not None and not live.ai_task.done():
            return
        live.ai_task = asyncio.get_running_loop().create_task(self._run_ai(live))

    async def _run_ai(self, live: LiveGame) -> None:
        while True:
            async with live.lock:
                state = live.state
                if state.is_terminal() or not live.is_ai(state.current_player):
                    return
                seat = state.current_player
                index = len(live.actions)
                copy = state.clone()
                level = str(live.stored.seats[seat]["level"])
            if self.ai_delay:
                await asyncio.sleep(self.ai_delay)
            agent = make_agent(level, derive_seed(live.stored.seed, "seat", seat, index))
            action = await asyncio.to_thread(agent.act, copy)
            async with live.lock:
                if len(live.actions) != index:
                    continue
                self._apply(live, seat, action)
            await self.broadcast(live)

    # --- what clients see ---------------------------------------------------------------------

    def view(self, live: LiveGame, tokens: frozenset[str]) -> dict[str, Any]:
        """The state as the holder of ``tokens`` may see it: public facts and their own legal moves."""
        state = live.state
        mine = [seat for seat in range(live.game.num_players) if any(live.seat_of(t) == seat for t in tokens)]
        observation = state.observation(None)
        observation.pop("legal_actions", None)
        acting = state.current_player
        legal = [state.action_text(a) for a in state.legal_actions()] if acting in mine else []
        humans = [s for s in range(live.game.num_players) if not live.is_ai(s)]
        return {
            "type": "state",
            "id": live.id,
            "game": live.game.name,
            "description": live.game.describe(),
            "options": dict(live.game.options),
            "index": len(live.actions),
            "status": live.stored.status,
            "seats": [
                {"seat": s, "name": info["name"], "kind": info["kind"], "level": info.get("level")}
                for s, info in enumerate(live.stored.seats)
            ],
            "your_seats": mine,
            "current_player": acting,
            "legal_actions": legal,
            "observation": observation,
            "scores": state.scores(),
            "winners": state.winners() if state.is_terminal() else [],
            "score_sheets": [sheet_json(state, s) for s in range(live.game.num_players)],
            "log": [
                {"index": a.index, "seat": a.seat, "text": a.text, "description": a.description}
                for a in live.actions[-LOG_LENGTH:]
            ],
            "undo_allowed": len(mine) == 1 and len(humans) == 1 and any(a.seat in mine for a in live.actions),
        }

    async def broadcast(self, live: LiveGame) -> None:
        for watcher in list(live.watchers):
            try:
                await watcher.send(self.view(live, watcher.tokens))
            except Exception:
                live.watchers.discard(watcher)

    def acting_token(self, game_id: str, tokens: frozenset[str]) -> str:
        """Of the tokens a client holds, the one of the seat to act (else any, for a clear refusal)."""
        live = self.get(game_id)
        for token in tokens:
            if live.seat_of(token) == live.state.current_player:
                return token
        return next(iter(tokens), "")

    def check_tokens(self, live: LiveGame, tokens: frozenset[str]) -> None:
        """Every token must be a seat's or the spectator link's; at least one is needed."""
        if not tokens:
            raise HubError(403, "token", "a seat token or the spectator token is needed")
        for token in tokens:
            if live.seat_of(token) is None and not same_token(live.stored.spectator_token, token):
                raise HubError(403, "token", "this token is not a seat or the spectator link of this game")

    # --- finished games -----------------------------------------------------------------------

    def record(self, live: LiveGame) -> GameRecord:
        if live.stored.status != "finished":
            raise HubError(409, "game", "the record is available once the game is over")
        return GameRecord(
            live.game.name,
            [str(seat["name"]) for seat in live.stored.seats],
            dict(live.game.options),
            live.stored.seed,
            [a.text for a in live.actions],
            final_result(live.state),
        )

    def replay_view(self, live: LiveGame, step: int) -> dict[str, Any]:
        """The public view after ``step`` actions of a finished game."""
        if live.stored.status != "finished":
            raise HubError(409, "game", "the replay is available once the game is over")
        if not 0 <= step <= len(live.actions):
            raise HubError(400, "step", f"expected 0..{len(live.actions)}, got {step}")
        state = replayed(live.game, live.actions[:step])
        observation = state.observation(None)
        observation.pop("legal_actions", None)
        return {
            "type": "replay",
            "id": live.id,
            "game": live.game.name,
            "step": step,
            "steps": len(live.actions),
            "seats": [
                {"seat": s, "name": i["name"], "kind": i["kind"]} for s, i in enumerate(live.stored.seats)
            ],
            "observation": observation,
            "scores": state.scores(),
            "score_sheets": [sheet_json(state, s) for s in range(live.game.num_players)],
            "current_player": state.current_player,
            "last": (
                {"text": live.actions[step - 1].text, "description": live.actions[step - 1].description}
                if step
                else None
            ),
        }

    def summary(self, live: LiveGame, token: str) -> dict[str, Any]:
        seat = live.seat_of(token)
        return {
            "id": live.id,
            "game": live.game.name,
            "description": live.game.describe(),
            "status": live.stored.status,
            "created": live.stored.created.isoformat(),
            "seat": seat,
            "seats": [i["name"] for i in live.stored.seats],
            "current_player": live.state.current_player,
            "scores": live.state.scores(),
        }


def sheet_json(state: State, seat: int) -> dict[str, Any]:
    """A seat's score sheet for clients: regions that score, bonuses, total (no square lists)."""
    sheet = state.score_sheet(seat).to_json()
    sheet["regions"] = [
        {key: value for key, value in region.items() if key != "cells"}
        for region in sheet["regions"]
        if region["points"]
    ]
    return sheet


def new_seed() -> int:
    return secrets.randbits(48)
