"""A live game: its stored record, its engine state, and what its seats may do; its seats' rows
and names.

The web server's model of one game, independent of how requests arrive (``table`` adds the lock,
the watchers and the commands) and of how views are written (``views``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from kingdomino.core.game import Game, GameError, Refusal, State
from kingdomino.web.clocks import joining
from kingdomino.web.refusals import HubError, not_started, tournament_replay
from kingdomino.web.stored import StoredAction, StoredGame
from kingdomino.web.tokens import former_seat_of, is_spectator_token, seat_of

#: How long a human seat must be awaited with no page of it open before another player of the
#: game may hand it to an AI (an online friend gone for good would stall the game).
AWAY_SECONDS = 60.0

#: Sends one message, already serialised as JSON text, to a client.
Sender = Callable[[str], Awaitable[None]]
ViewKey = tuple[int, ...]


@dataclass(eq=False)
class Watcher:
    """A connected client: the seats its tokens hold (none: a spectator), how to send it text, its
    tokens (a seat handed to an AI since it connected is no longer its own), and the version of
    the last view it was sent (-1: none yet), so that it is never sent an older one after it;
    and whether its socket missed its pings (``silent``: its seats are not at the table) and when
    it last spoke (``time.monotonic()``)."""

    seats: ViewKey
    send: Sender
    tokens: frozenset[str] = frozenset()
    version: int = -1
    silent: bool = False
    heard: float = field(default_factory=time.monotonic)


@dataclass(eq=False)
class LiveGame:
    """A game as this server holds it: its stored record, the engine's state after its actions,
    and what its seats may do now (reads only: ``table.Table`` is the game with its lock, its
    watchers and its commands)."""

    stored: StoredGame
    game: Game
    state: State
    #: The revision of the game in the store: bumped by every write of it (an action, an undo,
    #: a seat handed over), so work done for an older version is stale.
    version: int = 0
    #: The client (``clients.client_key``) whose request last changed the game here: its AI
    #: turns and review take that client's turn in the AI queue (``""``: unknown, e.g. a game
    #: resumed after a restart, all of which share one turn).
    client: str = ""

    @property
    def id(self) -> str:
        return self.stored.id

    @property
    def actions(self) -> list[StoredAction]:
        return self.stored.actions

    def seat_of(self, token: str) -> int | None:
        return seat_of(self.stored, token)

    def started(self) -> bool:
        """Whether the game has left the lobby's wait for its players (``open``, or ``expired``
        unplayed)."""
        return self.stored.status not in ("open", "expired")

    def dealt(self) -> bool:
        """Whether the game's deal may be shown: it has started, and every player of a rematch
        has joined it (``clocks.joining``). A game waiting for its players has its deal drawn
        and stored, but shows it to nobody: its creator would call games off and open others
        until one dealt in their favour, and a rematch's offerer, alone at it, abort and offer
        again the same way."""
        return self.started() and not joining(self.stored.seats)

    def shown(self) -> tuple[State, list[StoredAction]]:
        """The state and the actions clients are shown: the game's, or before its start the game
        as it stands before any draw."""
        if self.dealt():
            return self.state, self.actions
        return self.game.new_initial_state(), []

    def over(self) -> bool:
        """Whether the game is over: played to its end, resigned or aborted (``endings``), so
        nothing more is played in it."""
        return self.stored.status in ("finished", "aborted") or self.state.is_terminal()

    def seat_for(self, token: str) -> int:
        """The seat ``token`` acts for, or the refusal: a spectator's token, or none of this game."""
        seat = self.seat_of(token)
        if seat is None:
            former = former_seat_of(self.stored, token)
            if former is not None:
                why = handed_over_why(self.stored.seats[former])
                raise HubError(
                    403,
                    "token",
                    f"seat {former + 1} {why}: an AI plays it now, and this link can watch but not act",
                    "spectator_acts",
                )
            if self.is_spectator_token(token):
                raise HubError(403, "token", "a spectator link can watch but not act", "spectator_acts")
            raise HubError(403, "token", "this token is not a seat of this game", "not_a_seat")
        return seat

    def seat_name(self, seat: int) -> str:
        """``seat`` as a refusal names it: "Anna (player 1)", or "nobody"."""
        if 0 <= seat < len(self.stored.seats):
            return f"{self.stored.seats[seat]['name']} (player {seat + 1})"
        return "nobody"

    def is_spectator_token(self, token: str) -> bool:
        """The spectator link's token, or the token of a player whose seat an AI now plays."""
        return is_spectator_token(self.stored, token)

    def is_ai(self, seat: int) -> bool:
        """Whether ``seat`` is an AI seat (never true of ``CHANCE`` or ``TERMINAL``)."""
        return 0 <= seat < len(self.stored.seats) and self.stored.seats[seat]["kind"] == "ai"

    def humans(self) -> list[int]:
        return [seat for seat, info in enumerate(self.stored.seats) if info["kind"] == "human"]

    def why(self, token: str, text: str) -> tuple[str | None, Refusal | None]:
        """Why the holder of ``token`` may not play ``text`` now (None: legal): in the engine's
        words, and named for the page to say in the player's language (``State.refusal``).

        Read-only: nothing is applied. A malformed text answers with the parser's message.
        """
        seat = self.seat_for(token)
        state = self.state
        if not self.dealt():
            return "the game has not started: it waits for its players", Refusal("not_started")
        if self.over():
            return "the game is over", Refusal("game_over")
        if state.current_player != seat:
            name = self.seat_name(state.current_player)
            return f"it is not your turn: {name} is to act", Refusal("not_your_turn", {"name": name})
        try:
            action = state.parse_action(text)
        except GameError as error:
            return str(error), error.refusal or Refusal("other")
        return state.illegal_reason(action), state.refusal(action)

    def seats_held(self, tokens: frozenset[str]) -> ViewKey:
        """The seats whose tokens are among ``tokens``, ascending."""
        return tuple(sorted({s for s in map(self.seat_of, tokens) if s is not None}))

    def formers_held(self, tokens: frozenset[str]) -> ViewKey:
        """The seats an AI now plays whose players held one of ``tokens``, ascending."""
        return tuple(sorted({s for s in (former_seat_of(self.stored, t) for t in tokens) if s is not None}))

    def acting_token(self, tokens: frozenset[str]) -> str:
        """Of the tokens a client holds, the one of the seat to act (else any, for a clear refusal)."""
        for token in tokens:
            if self.seat_of(token) == self.state.current_player:
                return token
        return next(iter(tokens), "")

    def validated_action(self, seat: int, text: str, expected_index: int | None) -> int:
        """The action ``text`` of ``seat``, once the engine finds it legal now."""
        state = self.state
        if self.over():
            raise HubError(409, "action", "the game is over", "game_over")
        if not self.dealt():
            raise HubError(409, "action", "the game has not started: it waits for its players", "not_started")
        if expected_index is not None and expected_index != len(self.actions):
            held = len(self.actions)
            if expected_index > held:
                why = (
                    f"index {expected_index} is ahead of the game: it holds {held} actions (the view's index)"
                )
            else:
                why = f"the game moved on: {held} actions, not {expected_index}"
            raise HubError(409, "index", why)
        if state.current_player != seat:
            to_act = state.current_player
            raise HubError(
                409,
                "action",
                f"it is not your turn: {self.seat_name(to_act)} is to act",
                "not_your_turn",
                {"name": self.stored.seats[to_act]["name"], "n": to_act + 1} if to_act >= 0 else None,
            )
        try:
            action = state.parse_action(text)
        except GameError as error:
            raise HubError(400, "action", str(error)) from None
        reason = state.illegal_reason(action)
        if reason is not None:
            raise HubError(409, "action", f"illegal: {reason}")
        return action

    def hints_allowed(self) -> bool:
        """Hints are on when one human plays against AI seats, or when the game was created with
        them; never in a rated game (not even once its other players have left). An open seat
        counts as the human it waits for, so an open game's creator is not promised hints."""
        if self.stored.rated:
            return False
        players = [info for info in self.stored.seats if info["kind"] in ("human", "open")]
        return self.stored.hints or len(players) <= 1

    def takeover_refusal(self, by: int, seat: int, waited: float | None, after: float) -> HubError | None:
        """Why ``by`` may not hand the seat ``seat`` of another player to an AI now (None: it may):
        it must be another human's seat, to act, with no page of it open for ``after`` seconds
        (``waited``: how long it has been awaited so, ``presence.Presence.awaited_away``), in a
        game without clocks: with clocks, a seat goes to an AI when its time runs out, and being
        away meanwhile (days, in a turn-based game) is the player's right."""
        if self.over():
            return HubError(409, "game", "the game is over", "game_over")
        if self.stored.status != "playing":
            return not_started()
        if seat == by or not 0 <= seat < len(self.stored.seats) or self.is_ai(seat):
            return HubError(409, "seat", "only another human player's seat is handed over", "takeover_seat")
        if self.stored.time_control is not None:
            return HubError(
                409,
                "seat",
                "this game has clocks: a player's seat goes to an AI when their time runs out, not before",
                "takeover_clock",
            )
        if waited is None:
            return HubError(
                409,
                "seat",
                "this player is not away: a page of theirs is open, or it is not their turn",
                "takeover_not_away",
            )
        if waited < after:
            wait = math.ceil(after - waited)
            message = f"this player may still come back: wait {wait} s more"
            return HubError(409, "seat", message, "takeover_wait", {"n": wait})
        return None

    def leave_refusal(self, seat: int) -> HubError | None:
        """Why ``seat`` may not hand itself to an AI now (None: it may): the game must still be
        played, and with another human seat, whom it would otherwise leave waiting. A game waiting
        for its players is not played yet: a seat handed over then made it ``playing`` with a
        seat still open, whose turn nobody could play."""
        if self.over():
            return HubError(409, "game", "the game is over", "game_over")
        if self.stored.status != "playing":
            return not_started()
        if not [s for s in self.humans() if s != seat]:
            return HubError(
                409,
                "token",
                "a seat is handed to an AI only in a game with another human seat, so they can play on",
                "leave_alone",
            )
        return None

    def check_same_deal(self, token: str) -> None:
        """Refuse unless the holder of ``token`` may play this game's deal again in a new game."""
        refused = self.same_deal_refusal(self.seat_for(token))
        if refused is not None:
            raise refused

    def same_deal_refusal(self, seat: int) -> HubError | None:
        """Why ``seat`` may not play this game's deal again in a new game (None: it may).

        The new game has the same seed, so it meets the same draws (``State.chance_key``) and its
        AI seats answer the same positions alike: a player tries another way through a deal they
        know. That is only fair against AI seats, and only once the deal is all shown.
        """
        if self.is_ai(seat):
            return HubError(
                409, "game", "only a human seat of the game may play its deal again", "same_deal_seat"
            )
        if tournament_of(self.stored) is not None:
            return tournament_replay()
        if len(self.humans()) > 1:
            return HubError(
                409,
                "game",
                "a deal is played again only in a game of one human against AI seats: with "
                "several humans, the one who knows the deal would have an advantage",
                "same_deal_humans",
            )
        if self.stored.status != "finished":
            return HubError(
                409,
                "game",
                "the game is still being played: its deal can be played again once it is over",
                "same_deal_playing",
            )
        return None


def tournament_of(stored: StoredGame) -> str | None:
    """The id of the club tournament whose game ``stored`` is (its seats name it), or None."""
    return next((str(info["tournament"]) for info in stored.seats if info.get("tournament")), None)


def simul_game(stored: StoredGame) -> bool:
    """Whether ``stored`` is a simul's game (its seats name the simul: ``simuls.MARK``)."""
    return any(info.get("simul") for info in stored.seats)


def handed_over_why(seat: dict[str, Any]) -> str:
    """Why the seat an AI now plays is no longer its player's, in a refusal's words."""
    if seat.get("timed_out"):
        return "ran out of time"
    if seat.get("away"):
        return "was handed over by another player while its player was away"
    return "was handed over"


def status_of(state: State) -> str:
    return "finished" if state.is_terminal() else "playing"
