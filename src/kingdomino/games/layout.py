"""The action layout of each game: which codes mean what, read from the codecs themselves.

Every game numbers its actions ``0 .. num_actions - 1`` (``core.game``); each game's module
text lists the kinds in order. :func:`action_layout` walks every code of a configuration
through ``action_text`` and groups consecutive codes by the text's first word, so the table
in ``docs/actions.md`` is this module's output and cannot drift from the code
(``tests/core/test_action_layout.py`` compares them). Run
``python -m kingdomino.games.layout`` to print the tables again.

>>> from kingdomino import make_game
>>> [(r.kind, r.first, r.last) for r in action_layout(make_game("kingdomino", 4))][-3:]
[('claim', 325, 372), ('draw', 373, 420), ('king', 421, 424)]
"""

from __future__ import annotations

from dataclasses import dataclass

from kingdomino.core.game import Game, GameError, OptionValue
from kingdomino.games.registry import make_game

#: The configurations ``docs/actions.md`` lays out: every layout the games have (the codes
#: depend on the frame and the number of players, not on scoring options).
CONFIGURATIONS: tuple[tuple[str, int, dict[str, OptionValue]], ...] = (
    ("kingdomino", 2, {}),
    ("kingdomino", 3, {}),
    ("kingdomino", 4, {}),
    ("kingdomino", 2, {"mighty_duel": True}),
    ("duel", 2, {}),
    ("origins", 2, {"mode": "tribe"}),
    ("origins", 3, {"mode": "tribe"}),
    ("origins", 4, {"mode": "tribe"}),
)


@dataclass(frozen=True)
class ActionRange:
    """Codes ``first .. last`` whose texts start with ``kind``; ``count`` of them are actions
    (the others, placements with a half off the grid, are never legal and have no text)."""

    kind: str
    first: int
    last: int
    count: int
    first_text: str
    last_text: str


def action_layout(game: Game) -> list[ActionRange]:
    """The configuration's codes grouped into runs of one kind, in code order."""
    runs: list[ActionRange] = []
    for code in range(game.num_actions):
        try:
            text = game.action_text(code)
        except GameError:
            continue
        kind = text.split()[0]
        if runs and runs[-1].kind == kind:
            last = runs[-1]
            runs[-1] = ActionRange(kind, last.first, code, last.count + 1, last.first_text, text)
        else:
            runs.append(ActionRange(kind, code, code, 1, text, text))
    return runs


def layout_markdown() -> str:
    """The tables of ``docs/actions.md``: one per configuration of :data:`CONFIGURATIONS`."""
    parts: list[str] = []
    for name, players, options in CONFIGURATIONS:
        game = make_game(name, players, options)
        parts.append(f"### {game.describe()}: {game.num_actions} codes\n")
        parts.append("| codes | kind | actions | first | last |")
        parts.append("|---|---|---|---|---|")
        for run in action_layout(game):
            codes = f"{run.first}" if run.first == run.last else f"{run.first}-{run.last}"
            first, last = f"`{run.first_text}`", f"`{run.last_text}`"
            parts.append(
                f"| {codes} | {run.kind} | {run.count} | {first} | {last if run.count > 1 else ''} |"
            )
        parts.append("")
    return "\n".join(parts)


if __name__ == "__main__":
    print(layout_markdown(), end="")
