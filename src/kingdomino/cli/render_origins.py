"""Kingdomino Origins in the terminal: territories in colour, rows, cave, totems, markers; the scorer.

A square is drawn as its cell text (see :mod:`kingdomino.games.origins.text`):
terrain letter, printed fires (craters for a volcano), ``*k`` for a fire marker,
a resource letter and ``@CODE`` for a caveman, on the terrain's colour.

The ``score`` command reads the same text format, one line per row::

    G1 G0m  F0*1
    .  H    D0@HU

Options for ``score``: ``mode`` (discovery, totem, tribe), ``fire_kingdom``,
``homo_habilis``, ``frame`` (5 or 7) and, in Totem mode, ``totems`` (the resource ids
of the totems held, comma-separated, e.g. ``mammoth,flint``).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import ClassVar

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from kingdomino.cli.render_cells import EMPTY_MARK, square
from kingdomino.cli.render_domino import contrast, frame_grid, rows_table, seat_panels
from kingdomino.cli.render_domino import domino_cells as draw_domino
from kingdomino.cli.words import term
from kingdomino.core.game import State
from kingdomino.games.origins.components import (
    CAVEMEN,
    DOMINOES,
    HUT_LETTER,
    MARKERS,
    MAX_PRINTED_FIRES,
    RESOURCES,
    TERRAINS,
    Half,
    half_text,
)
from kingdomino.games.origins.game import MODES, OPTIONS, OriginsGame
from kingdomino.games.origins.kingdom import Kingdom
from kingdomino.games.origins.state import NOBODY, OriginsState
from kingdomino.games.origins.text import square_text

#: Columns of a square: the widest cell text a square can hold in play, a caveman's
#: (``D0@HU``; a fire marker (``F0*2``) or a resource (``G0m``) is shorter, and a square holds
#: at most one of them). A longer text (only a hand-written kingdom has one) widens its column.
CELL_WIDTH = len(f"D{MAX_PRINTED_FIRES}@") + max(len(c.code) for c in CAVEMEN)


def _coloured(text: str, terrain: int) -> Text:
    colour = TERRAINS[terrain].colour
    return square(text, CELL_WIDTH, f"{contrast(colour)} on {colour}")


def half_cell(half: Half) -> Text:
    """A domino half in the cell notation, on its terrain's colour."""
    return _coloured(half_text(half), half.terrain)


def domino_cells(number: int) -> Text:
    domino = DOMINOES[number]
    return draw_domino(number, half_cell(domino.first), half_cell(domino.second))


def square_cell(kingdom: Kingdom, row: int, col: int) -> Text:
    """One hut-relative square of the grid: empty, the hut, or its cell text on its terrain."""
    content = kingdom.square(row, col)
    if content is None:
        return square(EMPTY_MARK, CELL_WIDTH, "dim")
    if content["terrain"] < 0:
        return square(HUT_LETTER, CELL_WIDTH, "bold black on white")
    return _coloured(square_text(content), content["terrain"])


def kingdom_grid(kingdom: Kingdom) -> Table:
    """The territory with every square it could still reach, labelled hut-relative."""
    return frame_grid(kingdom, CELL_WIDTH, lambda row, col: square_cell(kingdom, row, col))


class OriginsFrontend:
    title = OriginsGame.title
    variants: ClassVar[Mapping[str, str]] = MappingProxyType(
        {name: what for name, what in OPTIONS.items() if name != "mode"}
    )
    modes = MODES
    score_options = ("frame", "totems")
    multiplier_name = "fires"
    score_format = (
        "One line per row, top to bottom; cells separated by spaces. A cell is H (hut), . (empty) or "
        "a terrain letter ("
        + ", ".join(f"{t.letter} {term(t.id)}" for t in TERRAINS)
        + ") with its printed fires (craters for a volcano), then optionally *K (a marker of K fires), "
        "the resource of its terrain ("
        + ", ".join(f"{r.letter} {term(r.id)}" for r in RESOURCES)
        + ") and, in Tribe mode, @CODE for a caveman ("
        + ", ".join(f"{c.code} {c.name.lower()}" for c in CAVEMEN)
        + "); e.g. G0m, D0*2, V3, D0@W2. The totems a territory holds: --variant totems=RESOURCE,... "
        "(e.g. totems=fish,mammoth)."
    )

    def render(self, state: State, seat: int | None) -> RenderableType:
        assert isinstance(state, OriginsState)
        game = state.game
        panels = seat_panels(state.kingdoms, state.scores(), state.current_player, kingdom_grid)
        rows = rows_table(
            (state.row, state.row_owner), (state.next_row, state.next_owner), "chief", domino_cells
        )
        markers = ", ".join(f"{left}x{m.fires}🔥" for m, left in zip(MARKERS, state.supply))
        parts: list[RenderableType] = [
            Text(
                f"{game.describe()} · round {state.round_number}/{game.rounds} · "
                f"{game.deck_size - state.drawn} dominoes to draw · markers {markers} · "
                f"phase {term(state.phase_name)}",
                style="bold",
            ),
            Columns(panels),
            rows,
        ]
        if game.totems_on:
            held = [
                f"{term(r.id)} ({r.totem}): " + (f"P{h}" if h != NOBODY else "-")
                for r, h in zip(RESOURCES, state.holders)
            ]
            parts.append(Text("Totems: " + ", ".join(held)))
        if game.tribe_on:
            cave = [CAVEMEN[k].name if k >= 0 else "-" for k in state.cave]
            slots = " | ".join(f"{i + 1}: {c}" for i, c in enumerate(cave))
            parts.append(Text(f"Cave: {slots}; stack {state.stack_size()}"))
        return Group(*parts)
