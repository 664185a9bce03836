"""Files of many game records, one JSON object a line (``kingdomino games export`` writes them
from a server's finished games), read as records and as the decisions their players made: the
positions and moves a policy learns from by imitation.

A line is a record (``records.GameRecord``) and, from a server, its ``seats``: each seat's
``kind`` (``human`` or ``ai``), ``bot`` (a bot's account played it: a program, not a person) and
``ai_from``, the first action an AI played for a person who left or ran out of time.
``people_decided`` keeps the moves people made::

    for record, line in records_in("games.jsonl.gz"):
        game = make_game(record.game, len(record.players), record.options)
        for state, action in decisions(record, game, people_decided(line)):
            ...  # state: the position the player saw (acting: state.current_player)

The rules core reads them with the standard library alone (a ``.gz`` name is read through gzip).
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

from kingdomino.core.game import Game, GameError, State
from kingdomino.core.records import GameRecord, RecordError

#: Whether the move at an action index, by a seat, is one to keep: ``(seat, index) -> bool``.
Chooser = Callable[[int, int], bool]


def _opened(path: Path) -> IO[str]:
    if path.suffix == ".gz":
        return gzip.open(path, "rt", encoding="utf-8")
    return path.open(encoding="utf-8")


def records_in(path: str | Path) -> Iterator[tuple[GameRecord, dict[str, Any]]]:
    """Each line's record and the line itself (its other fields: ``seats``, ``id``, ...); a line
    that is not a record is refused naming its number and field (``RecordError``); blank lines
    are passed over."""
    with _opened(Path(path)) as lines:
        for number, text in enumerate(lines, start=1):
            if not text.strip():
                continue
            try:
                data = json.loads(text)
                yield GameRecord.from_json(data), data
            except json.JSONDecodeError as error:
                raise RecordError(f"line {number}: not JSON: {error.msg} at column {error.colno}") from None
            except RecordError as error:
                raise RecordError(f"line {number}: {error}") from None


def people_decided(line: dict[str, Any]) -> Chooser:
    """The moves of ``line``'s people: a seat of kind ``human`` that no bot's account played,
    before its ``ai_from`` if an AI took it over. A line without ``seats`` (a record of
    ``kingdomino play``) keeps every move.

    >>> seats = [{"kind": "human", "ai_from": 30}, {"kind": "ai"}, {"kind": "human", "bot": True}]
    >>> chosen = people_decided({"seats": seats})
    >>> chosen(0, 29), chosen(0, 30), chosen(1, 5), chosen(2, 5)
    (True, False, False, False)
    """
    seats = line.get("seats")
    if not isinstance(seats, list):
        return lambda seat, index: True

    def chosen(seat: int, index: int) -> bool:
        info = seats[seat] if 0 <= seat < len(seats) else {}
        ai_from = info.get("ai_from")
        person = info.get("kind") == "human" and not info.get("bot")
        return bool(person and (ai_from is None or index < ai_from))

    return chosen


def decisions(record: GameRecord, game: Game, chosen: Chooser | None = None) -> Iterator[tuple[State, int]]:
    """Replay ``record`` and give each decision of a player (chance passed over) that ``chosen``
    keeps: the position before it and the action's code. The state is the replay's own, changed
    by the next step: ``clone`` it to keep it. An action the rules refuse raises ``RecordError``
    naming its index."""
    state = game.new_initial_state()
    for index, text in enumerate(record.actions):
        if state.is_terminal():
            raise RecordError(f"actions[{index}]: the game is already over")
        try:
            action = state.parse_action(text)
            seat = state.current_player
            if not state.is_chance() and (chosen is None or chosen(seat, index)):
                yield state, action
            state.apply(action)
        except GameError as error:
            raise RecordError(f"actions[{index}] ({text!r}): {error}") from None
