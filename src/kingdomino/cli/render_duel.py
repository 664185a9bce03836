"""Kingdomino Duel in the terminal: both maps in colour, the dice, the spellbook; the scorer's text."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import ClassVar

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from kingdomino.cli.render_cells import EMPTY_MARK, board_table, row_label, square
from kingdomino.cli.render_classic import contrast, seat_label
from kingdomino.cli.words import term
from kingdomino.core.game import State
from kingdomino.games.duel.board import GRID, Board
from kingdomino.games.duel.components import (
    CASTLE_COL,
    CASTLE_ROW,
    COATS,
    DICE,
    JOKER,
    JOKER_LETTER,
    LINE_LENGTH,
    MAP_COLS,
    MAP_ROWS,
    NUM_DICE,
    POWER_OF_COAT,
    POWERS,
    Face,
)
from kingdomino.games.duel.game import OPTIONS, DuelGame
from kingdomino.games.duel.state import DuelState
from kingdomino.games.duel.text import CASTLE_LETTER, MAX_CROSSES

CROSS = "✝"
#: Columns of a square: its coat-of-arms letter, then its crosses (``S``, ``Q2✝``).
CELL_WIDTH = len(f"Q{MAX_CROSSES}{CROSS}")


def face_cell(face: Face) -> Text:
    """A square (or a die's face): coat-of-arms letter (``?`` the joker) and crosses, on its colour."""
    crosses = f"{face.crosses}{CROSS}" if face.crosses else ""
    if face.coat == JOKER:
        return square(f"{JOKER_LETTER}{crosses}", CELL_WIDTH, "bold black on white")
    coat = COATS[face.coat]
    return square(f"{coat.letter}{crosses}", CELL_WIDTH, f"{contrast(coat.colour)} on {coat.colour}")


def map_cell(board: Board, row: int, col: int) -> Text:
    """One square of the map (grid coordinates): the castle, empty, or coat of arms and crosses."""
    if row == CASTLE_ROW and col == CASTLE_COL:
        return square(CASTLE_LETTER, CELL_WIDTH, "bold black on white")
    bit = GRID.bit(row, col)
    if not board.occupied & bit:
        return square(EMPTY_MARK, CELL_WIDTH, "dim")
    coat = board.coat_at(bit)
    return face_cell(Face(JOKER if coat is None else coat, board.crosses_at(bit)))


def map_grid(board: Board) -> Table:
    """The whole map, labelled castle-relative."""
    table = board_table([col - CASTLE_COL for col in range(MAP_COLS)], CELL_WIDTH)
    for row in range(MAP_ROWS):
        table.add_row(row_label(row - CASTLE_ROW), *(map_cell(board, row, col) for col in range(MAP_COLS)))
    return table


class DuelFrontend:
    title = DuelGame.title
    variants: ClassVar[Mapping[str, str]] = MappingProxyType(OPTIONS)
    modes: tuple[str, ...] = ()
    score_options: tuple[str, ...] = ()
    multiplier_name = "crosses"
    score_format = (
        "One line per map row, top to bottom; cells separated by spaces. A cell is C (castle), "
        ". (empty) or a coat-of-arms letter and its crosses: "
        + ", ".join(f"{c.letter} {term(c.id)}" for c in COATS)
        + "; e.g. S0, Q2. An optional last line 'domains X' gives the coat of the +3 per domain power."
    )

    def render(self, state: State, seat: int | None) -> RenderableType:
        assert isinstance(state, DuelState)
        scores = state.scores()
        panels = []
        for player, board in enumerate(state.boards):
            title = seat_label(player)
            role = "A" if player == state.a_seat else "B"
            title.append(f" (player {role})  {scores[player]} pts")
            if state.castle_used[player]:
                title.append("  castle bonus used", style="dim")
            if player == state.current_player:
                title.append("  ◀ to play", style="bold yellow")
            panels.append(Panel(map_grid(board), title=title, expand=False))
        dice = Table(title="Dice", header_style="bold", expand=False)
        dice.add_column("die")
        dice.add_column("face")
        dice.add_column("taken by")
        if state.phase_name not in ("roll", "over"):
            for die in range(NUM_DICE):
                holder = next((s for s in (0, 1) if die in state.held[s]), None)
                if holder is None and die in state.taken:
                    holder = state.a_seat
                face = state.face_of(die) if holder == state.current_player else DICE[die][state.faces[die]]
                dice.add_row(
                    str(die + 1), face_cell(face), seat_label(holder) if holder is not None else Text("-")
                )
        book = Table(title="Spellbook", header_style="bold", expand=False)
        book.add_column("coat")
        book.add_column("P0", justify="right")
        book.add_column("P1", justify="right")
        book.add_column("power")
        for coat in COATS:
            owner = state.owner[coat.value]
            power = POWERS[POWER_OF_COAT[coat.value]]["name"]
            if owner >= 0:
                power += f" — P{owner}" + (" (used)" if state.used[coat.value] else "")
            cells = [f"{state.fills[s][coat.value]}/{LINE_LENGTH[coat.value]}" for s in (0, 1)]
            coat_words = face_cell(Face(coat.value, 0))
            coat_words.append(f" {term(coat.id)}")
            book.add_row(coat_words, *cells, power)
        header = Text(f"Kingdomino Duel · round {state.round} · player A: P{state.a_seat}", style="bold")
        return Group(header, Columns(panels), Columns([dice, book]))
