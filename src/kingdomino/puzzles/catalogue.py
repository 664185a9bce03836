"""The puzzles the package ships (``data/KIND.json``, one set per kind of :data:`.maker.KINDS`,
made by ``kingdomino puzzles make``) and any other file of that format, read into :class:`Puzzle`
records."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from kingdomino.core.game import OptionValue, State
from kingdomino.games.registry import make_game
from kingdomino.puzzles.solver import Answer

#: The sets of puzzles, one a game as the server offers them: Kingdomino, Duel, and Origins by mode.
KINDS = ("kingdomino", "duel", "origins-discovery", "origins-totem", "origins-tribe")


@dataclass(frozen=True)
class Puzzle:
    """A position (its game and the actions that reach it), the seat to act, the goal, the exact
    answers best first and the rating it starts with."""

    id: str
    game: str
    players: int
    options: dict[str, OptionValue]
    actions: tuple[int, ...]
    seat: int
    goal: str
    answers: tuple[Answer, ...]
    rating: int

    @property
    def best(self) -> int:
        """The points of the best answers."""
        return self.answers[0].points

    @property
    def kind(self) -> str:
        """Its set: its game, and for Origins the mode (``origins-tribe``)."""
        return f"origins-{self.options.get('mode', 'discovery')}" if self.game == "origins" else self.game

    def state(self) -> State:
        """The position, played from the start by its actions (each one checked)."""
        state = make_game(self.game, players=self.players, options=self.options).new_initial_state()
        for action in self.actions:
            state.apply(action)
        return state

    def points_of(self, action: str) -> int | None:
        """The final score ``action`` leads to (None: not a legal action of the position)."""
        return next((a.points for a in self.answers if a.action == action), None)


def from_json(record: dict[str, Any]) -> Puzzle:
    """A puzzle from its record in a file."""
    answers = tuple(Answer(a["action"], int(a["points"])) for a in record["answers"])
    return Puzzle(
        id=record["id"],
        game=record["game"],
        players=int(record["players"]),
        options={k: v if isinstance(v, str) else bool(v) for k, v in record["options"].items()},
        actions=tuple(int(a) for a in record["actions"]),
        seat=int(record["seat"]),
        goal=record["goal"],
        answers=answers,
        rating=int(record["rating"]),
    )


def read(path: Path | None = None, kind: str = "kingdomino") -> dict[str, Puzzle]:
    """The puzzles of ``path`` by id (by default the package's own set of ``kind``; none when the
    package has no such set)."""
    if path is None:
        found = resources.files("kingdomino.puzzles").joinpath("data", f"{kind}.json")
        if not found.is_file():
            return {}
        text = found.read_text("utf-8")
    else:
        text = path.read_text("utf-8")
    return {p.id: p for p in map(from_json, json.loads(text)["puzzles"])}


@cache
def shipped_kind(kind: str) -> dict[str, Puzzle]:
    """The package's puzzles of one set, read once."""
    return read(kind=kind)


@cache
def shipped() -> dict[str, Puzzle]:
    """The package's puzzles of every set, by id, read once."""
    return {pid: p for kind in KINDS for pid, p in shipped_kind(kind).items()}
