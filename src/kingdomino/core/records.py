"""JSON game records: what was played, replayable action by action.

A record holds the game, its options, who sat in each seat, the seed and every
action in text form (chance outcomes included), so it replays exactly without
the seed and stays readable::

    {"format": "kingdomino-record/1", "game": "kingdomino", "options": {"harmony": true},
     "players": ["human", "greedy"], "seed": 7,
     "actions": ["draw 5", "draw 17", ...],
     "result": {"scores": [41, 38], "winners": [0]}}

``result`` is optional; when present, :func:`replay` checks it. A game played online may rank its
seats otherwise than by points (``places``, ``winners``: a player who resigned or ran out of time
is last), and one a player resigned ends before its last action (``ended``: ``{"by": "resign",
"seat": 1}``): its actions stop short of the game's end, and the scores are those of that moment.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kingdomino.core.game import Game, GameError, OptionValue, State

RECORD_FORMAT = "kingdomino-record/1"


class RecordError(GameError):
    """A record that is not valid JSON or lacks a field; the message names the field."""


def parsed(text: str) -> object:
    """The JSON value of a record's text; text that is not JSON is refused with where it fails."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"not JSON: {error.msg} at line {error.lineno}, column {error.colno}") from None


@dataclass
class GameRecord:
    game: str
    players: list[str]
    options: dict[str, OptionValue]
    seed: int | None
    actions: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "game": self.game,
            "options": self.options,
            "players": self.players,
            "seed": self.seed,
            "actions": self.actions,
        }
        if self.result is not None:
            data["result"] = self.result
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    def dump(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        return cls.from_json(parsed(text))

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """The record in the file ``path`` (``OSError`` if it cannot be read; ``RecordError`` if
        it is not a record, UTF-8 JSON text included)."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except UnicodeDecodeError as error:
            raise RecordError(f"not UTF-8 text (byte {error.start})") from None
        return cls.loads(text)

    @classmethod
    def from_json(cls, data: object) -> GameRecord:
        """Validate and read a record; every problem names its field."""
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        fmt = data.get("format", RECORD_FORMAT)
        if fmt != RECORD_FORMAT:
            raise RecordError(f"format: expected {RECORD_FORMAT!r}, got {fmt!r}")
        game = _game_name(data)
        players = data.get("players")
        if isinstance(players, int) and not isinstance(players, bool):
            players = ["?"] * players
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise RecordError("players: expected a list of seat names (or a number of players)")
        options, seed = _options_and_seed(data)
        actions = data.get("actions")
        if not isinstance(actions, list):
            raise RecordError("actions: expected a list of action texts")
        for index, action in enumerate(actions):
            if not isinstance(action, str):
                raise RecordError(f"actions[{index}]: expected an action text, got {action!r}")
        result = data.get("result")
        if result is not None and not isinstance(result, dict):
            raise RecordError("result: expected an object with scores and winners")
        return cls(game, players, options, seed, actions, result)


@dataclass
class ReplayError:
    """The first action that could not be applied: its index, its text and why."""

    index: int
    action: str
    reason: str

    def __str__(self) -> str:
        return f"action {self.index} ({self.action!r}): {self.reason}"


@dataclass
class Replay:
    state: State
    applied: int
    error: ReplayError | None = None
    result_mismatch: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None and self.result_mismatch is None


def replay(record: GameRecord, game: Game) -> Replay:
    """Apply the record's actions one by one, checking each; stop at the first bad one."""
    if len(record.players) != game.num_players:
        raise RecordError(
            f"players: {game.describe()} needs {game.num_players} seats, "
            f"the record names {len(record.players)}"
        )
    state = game.new_initial_state()
    for index, text in enumerate(record.actions):
        if state.is_terminal():
            return Replay(state, index, ReplayError(index, text, "the game is already over"))
        try:
            state.apply(state.parse_action(text))
        except GameError as error:
            return Replay(state, index, ReplayError(index, text, str(error)))
    outcome = Replay(state, len(record.actions))
    if record.result is not None:
        expected = record.result.get("scores")
        resigned = isinstance(record.result.get("ended"), dict)  # its actions stop short
        if not state.is_terminal() and not resigned:  # a result claimed for a game not finished
            outcome.result_mismatch = (
                f"result: the record gives the game's result, but its {len(record.actions)} "
                "actions end before the game does"
            )
        elif expected is not None and expected != state.scores():
            outcome.result_mismatch = (
                f"result.scores: the record says {expected}, the replay gives {state.scores()}"
            )
    return outcome


def replayed_winners(record: GameRecord, outcome: Replay) -> list[int] | None:
    """The winners of a replayed record: the record's own (an online game's ranking, where a
    player who resigned or ran out of time is last) when its result matched the replay and
    says who ended the game or ranks it (``ended``, ``places``), else the engine's once the
    game is over; None while it is not."""
    result = record.result or {}
    ranked = "ended" in result or "places" in result
    if outcome.ok and ranked and isinstance(result.get("winners"), list):
        return [int(seat) for seat in result["winners"]]
    return outcome.state.winners() if outcome.state.is_terminal() else None


def final_result(state: State) -> dict[str, Any]:
    return {"scores": state.scores(), "winners": state.winners()}


MOVES_FORMAT = "kingdomino-moves/1"


@dataclass
class MoveRecord:
    """A compact record: the game's configuration, the seed and every action as its code
    (chance outcomes included), so it replays exactly without the seed::

        {"format": "kingdomino-moves/1", "game": "kingdomino", "players": 4,
         "options": {"harmony": true}, "seed": 7, "actions": [1012, 1030, ...]}

    A few hundred bytes of JSON where a pickled state takes kilobytes (``docs/engine.md``).
    Codes are stable for a configuration (``docs/actions.md``), not across configurations: a
    :class:`GameRecord` writes actions as text for people and other programs.

    >>> from kingdomino import make_game
    >>> game = make_game("kingdomino", 2)
    >>> state = game.new_initial_state()
    >>> state.apply(state.legal_actions()[3])
    >>> record = MoveRecord.of(game, 7, [state.legal_actions()[0]])
    >>> MoveRecord.from_json(record.to_json()) == record
    True
    """

    game: str
    players: int
    options: dict[str, OptionValue]
    seed: int | None
    actions: list[int] = field(default_factory=list)

    @classmethod
    def of(cls, game: Game, seed: int | None, actions: list[int]) -> MoveRecord:
        """The record of ``actions`` played from ``game``'s initial state."""
        return cls(game.name, game.num_players, dict(game.options), seed, list(actions))

    def to_json(self) -> dict[str, Any]:
        return {
            "format": MOVES_FORMAT,
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "actions": self.actions,
        }

    def dumps(self) -> str:
        """Compact JSON text (no spaces)."""
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def loads(cls, text: str) -> MoveRecord:
        return cls.from_json(parsed(text))

    @classmethod
    def from_json(cls, data: object) -> MoveRecord:
        """Validate and read a compact record; every problem names its field."""
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        fmt = data.get("format")
        if fmt != MOVES_FORMAT:
            raise RecordError(f"format: expected {MOVES_FORMAT!r}, got {fmt!r}")
        game = _game_name(data)
        players = data.get("players")
        if not isinstance(players, int) or isinstance(players, bool):
            raise RecordError(f"players: expected the number of players, got {players!r}")
        options, seed = _options_and_seed(data)
        actions = data.get("actions")
        if not isinstance(actions, list):
            raise RecordError("actions: expected a list of action codes")
        for index, action in enumerate(actions):
            if not isinstance(action, int) or isinstance(action, bool):
                raise RecordError(
                    f"actions[{index}]: expected an action code (a whole number), got {action!r}"
                )
        return cls(game, players, options, seed, actions)

    def replay(self, game: Game | None = None) -> State:
        """The state the actions lead to, each checked (``IllegalActionError`` names the first
        illegal one). ``game`` is the record's configuration (made from the record when omitted)."""
        from kingdomino.games.registry import make_game  # the games build on core

        if game is None:
            game = make_game(self.game, self.players, self.options)
        # Compared as the game reads them: an option written at its default (false) is the default.
        if (game.name, game.num_players) != (self.game, self.players) or dict(game.options) != dict(
            make_game(self.game, self.players, self.options).options
        ):
            raise RecordError(
                f"game: the record is of {self.game} for {self.players} players with {self.options}, "
                f"not {game.describe()}"
            )
        state = game.new_initial_state()
        for index, action in enumerate(self.actions):
            try:
                state.apply(action)
            except GameError as error:
                raise RecordError(f"actions[{index}]: {error}") from None
        return state


def _game_name(data: dict[str, Any]) -> str:
    """A record's ``game``: the game's name, or the refusal naming the field."""
    game = data.get("game")
    if not isinstance(game, str):
        raise RecordError("game: expected the game's name as a string")
    return game


def _options_and_seed(data: dict[str, Any]) -> tuple[dict[str, Any], int | None]:
    """A record's ``options`` (booleans, numbers or strings) and ``seed`` (a whole number or
    null), or the refusal naming the field at fault."""
    options = data.get("options", {})
    if not isinstance(options, dict) or not all(isinstance(v, bool | int | str) for v in options.values()):
        raise RecordError("options: expected an object of booleans, numbers or strings")
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError(f"seed: expected a whole number or null, got {seed!r}")
    return options, seed
