"""Kingdomino in the terminal: kingdoms in colour, rows and claims, scores; the scorer's text."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import ClassVar

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from kingdomino.cli.render_cells import EMPTY_MARK, square
from kingdomino.cli.render_domino import (
    SEAT_COLOURS,
    contrast,
    frame_grid,
    rows_table,
    seat_label,
    seat_panels,
)
from kingdomino.cli.render_domino import domino_cells as draw_domino
from kingdomino.cli.words import term
from kingdomino.core.game import State
from kingdomino.games.classic.components import CASTLE_LETTER, DOMINOES, MAX_CROWNS, TERRAINS, Half
from kingdomino.games.classic.game import VARIANTS, ClassicGame
from kingdomino.games.classic.kingdom import Kingdom
from kingdomino.games.classic.state import ClassicState

__all__ = ["SEAT_COLOURS", "ClassicFrontend", "contrast", "domino_cells", "half_cell", "seat_label"]

CROWN = "♛"
#: Columns of a square: its terrain letter, then its crowns (``F``, ``M2♛``).
CELL_WIDTH = len(f"M{MAX_CROWNS}{CROWN}")


def half_cell(half: Half) -> Text:
    """A square (or a domino half): terrain letter and crowns, on the terrain's colour."""
    terrain = TERRAINS[half.terrain]
    crowns = f"{half.crowns}{CROWN}" if half.crowns else ""
    return square(f"{terrain.letter}{crowns}", CELL_WIDTH, f"{contrast(terrain.colour)} on {terrain.colour}")


def domino_cells(number: int) -> Text:
    domino = DOMINOES[number]
    return draw_domino(number, half_cell(domino.first), half_cell(domino.second))


def square_cell(kingdom: Kingdom, row: int, col: int) -> Text:
    """One castle-relative square of the grid: empty, the castle, or terrain and crowns."""
    content = kingdom.square(row, col)
    if content is None:
        return square(EMPTY_MARK, CELL_WIDTH, "dim")
    if content[0] < 0:
        return square(CASTLE_LETTER, CELL_WIDTH, "bold black on white")
    return half_cell(Half(*content))


def kingdom_grid(kingdom: Kingdom) -> Table:
    """The kingdom with every square it could still reach, labelled castle-relative."""
    return frame_grid(kingdom, CELL_WIDTH, lambda row, col: square_cell(kingdom, row, col))


class ClassicFrontend:
    title = ClassicGame.title
    variants: ClassVar[Mapping[str, str]] = MappingProxyType(VARIANTS)
    modes: tuple[str, ...] = ()
    score_options = ("frame",)
    multiplier_name = "crowns"
    score_format = (
        "One line per row, top to bottom; cells separated by spaces. A cell is C (castle), "
        ". (empty) or a terrain letter and its crowns: "
        + ", ".join(f"{t.letter} {term(t.id)}" for t in TERRAINS)
        + "; e.g. W0, M2."
    )

    def render(self, state: State, seat: int | None) -> RenderableType:
        assert isinstance(state, ClassicState)
        game = state.game
        panels = seat_panels(state.kingdoms, state.scores(), state.current_player, kingdom_grid)
        rows = rows_table(
            (state.row, state.row_owner), (state.next_row, state.next_owner), "king", domino_cells
        )
        header = Text(
            f"{game.describe()} · game {state.game_index + 1}/{game.games_in_match} · "
            f"round {state.round_number}/{game.rounds} · {game.deck_size - state.drawn} dominoes to draw",
            style="bold",
        )
        return Group(header, Columns(panels), rows)
