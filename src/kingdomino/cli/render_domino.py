"""Terminal pieces shared by the classic and Origins frontends: kingdom grids, seat panels, rows.

Both games draw a kingdom (territory) as the grid of every square it could still
reach, labelled centre-relative, one panel per seat, and the current and next rows
with the king (chief) on each domino. Only how one square or domino half looks
differs, so the frontends pass that in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from kingdomino.cli.render_cells import GAP, board_table, row_label
from kingdomino.games.domino.territory import DominoKingdom

K = TypeVar("K", bound=DominoKingdom)

SEAT_COLOURS = ("bright_red", "bright_blue", "bright_green", "bright_magenta")


def seat_label(seat: int) -> Text:
    return Text(f"P{seat}", style=f"bold {SEAT_COLOURS[seat % len(SEAT_COLOURS)]}")


def contrast(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (``#rrggbb``)."""
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "black" if red * 0.299 + green * 0.587 + blue * 0.114 > 140 else "white"


def domino_cells(number: int, first: Text, second: Text) -> Text:
    """A domino's number followed by its two drawn halves (fixed-width squares, a gap between)."""
    text = Text(f"{number:>2} ")
    text.append_text(first)
    text.append(" " * GAP)
    text.append_text(second)
    return text


def frame_grid(kingdom: DominoKingdom, width: int, cell: Callable[[int, int], Text]) -> Table:
    """Every square the kingdom could still reach, drawn by ``cell(row, col)`` (a
    :func:`~.render_cells.square` ``width`` wide), centre-relative."""
    reach = kingdom.geometry.frame - 1
    row_lo, row_hi, col_lo, col_hi = kingdom.bounds()
    rows = range(max(row_hi - reach, -reach), min(row_lo + reach, reach) + 1)
    cols = range(max(col_hi - reach, -reach), min(col_lo + reach, reach) + 1)
    table = board_table(cols, width)
    for row in rows:
        table.add_row(row_label(row), *(cell(row, col) for col in cols))
    return table


def seat_panels(
    kingdoms: Sequence[K], scores: list[int], to_play: int, grid: Callable[[K], Table]
) -> list[Panel]:
    """One panel per seat: label, score, discards, whose turn; ``grid(kingdom)`` inside."""
    panels = []
    for player, kingdom in enumerate(kingdoms):
        title = seat_label(player)
        title.append(f"  {scores[player]} pts")
        if kingdom.discards:
            title.append(f"  ({kingdom.discards} discarded)", style="dim")
        if player == to_play:
            title.append("  ◀ to play", style="bold yellow")
        panels.append(Panel(grid(kingdom), title=title, expand=False))
    return panels


def rows_table(
    row: tuple[list[int], list[int]],
    next_row: tuple[list[int], list[int]],
    owner: str,
    cells_of: Callable[[int], Text],
) -> Table:
    """The current row (to place) and the next (to claim): ``(numbers, owners)`` each."""
    table = Table(title="Rows", show_header=True, header_style="bold", expand=False)
    table.add_column("current row (place)")
    table.add_column(owner)
    table.add_column("next row (claim)")
    table.add_column(owner)
    for i in range(max(len(row[0]), len(next_row[0]))):
        cells: list[Text] = []
        for numbers, owners in (row, next_row):
            if i < len(numbers):
                cells.append(cells_of(numbers[i]))
                cells.append(seat_label(owners[i]) if owners[i] >= 0 else Text("free", style="dim"))
            else:
                cells.extend([Text(""), Text("")])
        table.add_row(*cells)
    return table
