"""Squares of a board in the terminal: each a fixed-width cell, apart from its neighbours.

Every board of the family (kingdoms, Duel maps, territories) and every domino half is drawn
with :func:`square`, and every board with :func:`board_table`, so a square keeps the same
width whatever it holds and a blank column separates it from the next. A player reads the
terrain and the crowns (crosses, fires) of each square with colours or without them
(``NO_COLOR``, a log, a screen reader): ``F1♛ S1♛``, never ``F1♛S1♛`` (crowned squares
running together cannot be read).

>>> from rich.console import Console
>>> console = Console(no_color=True, width=40)
>>> table = board_table([-1, 0, 1], 3)
>>> table.add_row(row_label(0), square("F1♛", 3), square("C", 3), square("S1♛", 3))
>>> console.print(table)
      -1  0   1
   0  F1♛ C   S1♛
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import StyleType
from rich.table import Table
from rich.text import Text

#: Blank columns between two squares (and between the row labels and the first square).
GAP = 1
#: An empty square of a board.
EMPTY_MARK = "·"


def square(text: str, width: int, style: StyleType = "") -> Text:
    """One square ``width`` columns wide on ``style``, its text left-aligned so the letters of a
    column of squares line up; a longer text widens the cell rather than being cut."""
    cell = Text(text, style=style)
    cell.pad_right(max(width - cell.cell_len, 0))
    return cell


def row_label(row: int) -> Text:
    """A board row's coordinate, right-aligned, before the row's first square."""
    return Text(f"{row:>3} ")


def board_table(cols: Sequence[int], width: int) -> Table:
    """An empty board: a label column, then one column ``width`` wide per coordinate in ``cols``,
    :data:`GAP` blank columns after each (the labels left-aligned over their squares' letters)."""
    table = Table(show_header=True, box=None, padding=(0, GAP, 0, 0), header_style="dim", pad_edge=False)
    table.add_column("", justify="right", style="dim", no_wrap=True)
    for col in cols:
        table.add_column(str(col), justify="left", min_width=width, no_wrap=True)
    return table
