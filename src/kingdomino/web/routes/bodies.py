"""The bodies of the API's requests, each field described (``/openapi.json`` shows them).

pydantic checks each against its model before a route runs: a wrong field is refused 422 with
its name (``errors.validation_error``). The checks are strict: a number written as text (``"5"``)
or a yes as ``1`` is refused, so a client's mistake is told rather than guessed at.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from kingdomino.web.challenges import DeclineReason
from kingdomino.web.open_seats import MAX_WAIT_MINUTES, WAIT_MINUTES

#: An AI seat's level, or an agent the server's operator offers (``GET /api/meta``'s levels;
#: checked against them where the seat is made, ``seat_agents``).
SeatLevel = Annotated[str, Field(max_length=24, pattern=r"^[a-z][a-z0-9-]*$")]

Token = Annotated[str, Field(min_length=1, max_length=64)]
#: A game's name, as ``GET /api/meta`` lists them.
GameName = Annotated[
    str, Field(max_length=32, description="`kingdomino`, `duel` or `origins` (`GET /api/meta`).")
]
#: A game's options by name, as the command line's (``mode``, ``harmony``, ...).
GameOptions = Annotated[dict[str, bool | int | str], Field(max_length=16)]
#: How many players a game has; the game says which counts it takes.
Players = Annotated[int, Field(ge=1, le=8)]
#: An account's name, as a challenge names it.
AccountName = Annotated[str, Field(min_length=1, max_length=40)]
#: The largest id a row of the database holds (a signed 64-bit integer): a larger one is no row's,
#: and the database refuses to compare it (a 500 before it was refused here).
MAX_ROW_ID = 2**63 - 1


class Body(BaseModel):
    """A request's body: JSON's own types only, none converted from another."""

    model_config = ConfigDict(strict=True)


class SeatRequest(Body):
    """One seat of a new game: a human (on this screen, or online with an invite link) or an AI."""

    kind: Literal["human", "ai", "open"] = Field(
        description="Who plays the seat: `open` waits for a player from the lobby."
    )
    name: str = Field(
        default="",
        max_length=40,
        description="The name shown; empty for the seat's default. An AI's name says it is one.",
    )
    level: SeatLevel | None = Field(default=None, description="An AI seat's level (`easy` if not given).")
    online: bool = Field(
        default=False, description="A human playing from another browser, with an invite link."
    )


class TimeControlRequest(Body):
    """The players' clocks: `game` (minutes each, and an increment in seconds after each move),
    `move` (seconds a move) or `days` (a turn-based game: days a move). A player out of time:
    an AI of `level` plays their seat on (a rated game ranks them last)."""

    kind: Literal["game", "move", "days"] = Field(description="`game`, `move` or `days`.")
    minutes: int | None = Field(default=None, description="`game`: each player's minutes (1 to 180).")
    increment: int | None = Field(
        default=None, description="`game`: seconds given back after each move (0 to 120)."
    )
    seconds: int | None = Field(default=None, description="`move`: seconds a move (5 to 3600).")
    days: int | None = Field(default=None, description="`days`: days a move (1 to 14).")
    level: SeatLevel | None = Field(default=None, description="The AI taking a seat out of time (`medium`).")
    vacation: bool | None = Field(
        default=None, description="`days`: false: the clock does not wait for a player on vacation (true)."
    )

    def spec(self) -> dict[str, object]:
        return self.model_dump(exclude_none=True)


class RatingRangeRequest(Body):
    """The ratings a player joining an open game may have, as points below and above its creator's
    rating in the game's pool (``seek_ranges``: multiples of 50 from -500 to +500 by default)."""

    low: int = Field(description="Points against the creator's rating, 0 or below: `-200`.")
    high: int = Field(description="Points against the creator's rating, 0 or above: `300`.")


class CreateRequest(Body):
    """A new game: which game, how many players, its options and who sits where."""

    game: GameName
    players: Players = Field(description="How many players; the game says which counts it takes.")
    options: GameOptions = Field(
        default_factory=dict,
        description="The game's options by name, as the command line's (`mode`, `harmony`, ...).",
    )
    seats: list[SeatRequest] = Field(
        min_length=1, max_length=8, description="One seat for each player, in order."
    )
    seed: int | None = Field(
        default=None,
        ge=0,
        lt=2**62,
        description="The deal's seed; the server draws a secret one when left out.",
    )
    hints: bool = Field(default=False, description="Hints for everyone in a game with several humans.")
    takebacks: bool = Field(
        default=True,
        description="Its players may ask each other to take a move back (never in a tournament's game).",
    )
    aids: bool = Field(
        default=True,
        description="The draft aids (dominoes still to come, next round's order, a region's points) "
        "for everyone; false for a game among purists, with none.",
    )
    rated: bool = Field(
        default=False,
        description="The result moves the players' ratings: the creator is logged in and every "
        "other seat is `open`, for accounts.",
    )
    wait_minutes: int | None = Field(
        default=None,
        ge=1,
        le=MAX_WAIT_MINUTES,
        description=f"How long a game with open seats waits for players ({WAIT_MINUTES} if left out).",
    )
    ai_fill: SeatLevel | None = Field(
        default=None,
        description="When the wait is over, AI seats of this level take the open seats (a casual "
        "game only); left out, the game expires unplayed.",
    )
    time_control: TimeControlRequest | None = Field(
        default=None, description="The players' clocks (none: untimed)."
    )
    public: bool | None = Field(
        default=None,
        description="Anyone may watch the game, listed among the live games (`GET /api/live-games`); "
        "left out, a game with `open` seats is public and any other is not.",
    )
    rating_range: RatingRangeRequest | None = Field(
        default=None,
        description="Who may take an `open` seat: the ratings around the creator's (logged in) that "
        "a player joining needs (none: anyone).",
    )


class JoinRequest(Body):
    """A player taking an open seat: an account's (logged in) or a guest's, with a name."""

    name: str = Field(default="", max_length=40, description="A guest's name (an account plays as itself).")


class PairingRequest(Body):
    """A quick game: the game and table wanted; the closest open game is joined, else one opened."""

    game: GameName
    players: Players = Field(description="How many players.")
    options: GameOptions = Field(default_factory=dict, description="The game's options by name.")
    rated: bool = Field(default=False, description="A rated game (accounts only).")
    name: str = Field(default="", max_length=40, description="A guest's name.")
    time_control: TimeControlRequest | None = Field(
        default=None, description="The clocks wanted (none: untimed)."
    )
    rating_range: RatingRangeRequest | None = Field(
        default=None,
        description="The creators' ratings the player accepts around their own (none: any); the "
        "game opened when none fits takes it as its range.",
    )
    takebacks: bool = Field(
        default=True,
        description="Takebacks allowed: only open games of the same choice are joined, and the "
        "game opened when none fits takes it.",
    )


class ChallengeRequest(Body):
    """A challenge: the accounts challenged, by name, and the game offered to them, one seat kept
    for each (``name`` for one, ``names`` for one to three; both may be given)."""

    name: str = Field(default="", max_length=40, description="The challenged account's name (one player).")
    names: list[AccountName] = Field(
        default_factory=list,
        max_length=3,
        description="The challenged accounts' names: one to three, one for each seat besides yours.",
    )
    game: GameName
    players: Players = Field(default=2, description="How many players: you and each account named.")
    options: GameOptions = Field(default_factory=dict, description="The game's options by name.")
    rated: bool = Field(default=False, description="A rated game (it needs a clock).")
    time_control: TimeControlRequest | None = Field(
        default=None, description="The players' clocks (none: untimed; `days` for a game by the day)."
    )
    wait_minutes: int | None = Field(
        default=None,
        ge=1,
        le=MAX_WAIT_MINUTES,
        description=f"How long the challenge waits for an answer ({WAIT_MINUTES} if left out; "
        "a `days` game at least one turn's days).",
    )
    public: bool = Field(
        default=False,
        description="Anyone may watch the game once accepted, listed among the live games "
        "(`GET /api/live-games`); left out, only its players and their links see it.",
    )
    takebacks: bool = Field(
        default=True,
        description="Its players may ask each other to take a move back; the challenged see "
        "before they accept whether they may (`takebacks` of the listing).",
    )

    def named(self) -> list[str]:
        """The names challenged, ``name``'s first."""
        return [self.name, *self.names] if self.name else list(self.names)


class DeclineRequest(Body):
    """Why a challenge is declined, if its player says (a bot's filters do)."""

    reason: DeclineReason | None = Field(
        default=None,
        description="`generic` (not now), `later` (busy with other games), `too_fast` or `too_slow` "
        "(the clock), `clock` (not this kind of clock), `rated` (rated games only), `casual` "
        "(casual games only), `game` (not this game, mode or table); shown to the challenger.",
    )


class ActionRequest(Body):
    """A move of the token's seat, written as the view's legal moves write it."""

    token: Token = Field(description="The seat's token, from the game's creation or its invite link.")
    action: str = Field(
        min_length=1, max_length=64, description="The move's text, one of the view's legal moves."
    )
    index: int | None = Field(
        default=None,
        ge=0,
        description="How many actions the game holds as the client saw it: 409 if it moved on since.",
    )


class TokenRequest(Body):
    """The token of the seat that asks."""

    token: Token = Field(description="The seat's token.")


class TakebackAnswer(Body):
    """A seat's answer to the takeback another player asked."""

    token: Token = Field(description="The answering seat's token.")
    accept: bool = Field(description="True: take the move back; false: decline.")


class TimeGift(Body):
    """A seat's gift of time to an opponent's seat (``time_gift``)."""

    token: Token = Field(description="The giving seat's token.")
    seat: int = Field(ge=0, le=7, description="The seat given time (0 first).")


class PlayOnRequest(Body):
    """A finished game's position to play on from, in which seat, against AIs of which level."""

    step: int = Field(ge=0, description="How many of the game's actions the new game begins with.")
    seat: int = Field(ge=0, le=3, description="The seat you play (from 0); AIs play the others.")
    level: SeatLevel = Field(default="medium", description="The level of the AIs in the players' seats.")


class LeaveRequest(Body):
    """A seat handed to an AI: the caller's own, or that of a player who is away."""

    token: Token = Field(description="The token of the player who asks.")
    level: SeatLevel = Field(default="medium", description="The level of the AI that takes the seat.")


class RatingsRequest(Body):
    """A game configuration whose AI levels' ratings are wanted."""

    game: GameName
    players: Players = Field(description="How many players.")
    options: GameOptions = Field(default_factory=dict, description="The game's options by name.")


class ScoreRequest(Body):
    """A kingdom written as text, to be scored (`GET /api/score/formats` says how it is written)."""

    game: GameName
    options: GameOptions = Field(
        default_factory=dict, description="The options that score (`harmony`, `mode`, ...)."
    )
    text: str = Field(max_length=4000, description="The kingdom, one line a row, top to bottom.")


class TableKingdom(Body):
    """One player's kingdom at a table."""

    name: str = Field(default="", max_length=40, description="The player's name, as the table gives it.")
    text: str = Field(max_length=4000, description="The kingdom, as `ScoreRequest`'s `text`.")
    totems: str = Field(
        default="",
        max_length=100,
        description="Origins' Totem mode: the totems it holds, by id, comma separated.",
    )


class ScoreTableRequest(Body):
    """A table's kingdoms, scored together and ranked (`POST /api/score/table`)."""

    game: GameName
    options: GameOptions = Field(
        default_factory=dict, description="The options that score, the same for every kingdom."
    )
    kingdoms: list[TableKingdom] = Field(
        min_length=1, max_length=8, description="Each player's kingdom, in the table's order."
    )


class LookupItem(Body):
    """A game a browser keeps, with a token of it."""

    id: str = Field(max_length=32, description="The game's id.")
    token: Token = Field(description="A seat's or the spectator's token of that game.")


class LookupRequest(Body):
    """The games a browser keeps, to list them with their status and scores."""

    games: list[LookupItem] = Field(max_length=200, description="At most 200 games.")
