"""Kingdoms written as text, for the scorer and for tests.

One line per row, top to bottom; cells separated by spaces. A cell is ``C``
(castle), ``.`` (empty) or a terrain letter with its crowns: ``W`` wheat
field, ``F`` forest, ``L`` lake, ``G`` grassland, ``S`` swamp, ``M`` mine,
e.g. ``W0``, ``M2``. Blank lines are ignored.

>>> kingdom = parse_kingdom('''
... W1 W0 F0
... .  C  F1
... ''', frame=5)
>>> kingdom.region_points()
4
>>> print(kingdom_text(kingdom))
W1 W0 F0
.  C  F1
"""

from __future__ import annotations

from kingdomino.core.game import GameError
from kingdomino.games.classic.components import (
    CASTLE_LETTER,
    EMPTY_LETTER,
    MAX_CROWNS,
    TERRAIN_BY_LETTER,
    TERRAINS,
)
from kingdomino.games.classic.kingdom import Geometry, Kingdom


class KingdomTextError(GameError):
    """A kingdom text that cannot be read: where and what was expected."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(f"line {line}, column {column}: {message}")
        self.line = line
        self.column = column


Cell = tuple[int, int, int, int]  # row, col (in the text), terrain (-1 castle), crowns


def _cells(text: str) -> list[Cell]:
    letters = ", ".join(t.letter for t in TERRAINS)
    expected = (
        f"expected {CASTLE_LETTER!r} (castle), {EMPTY_LETTER!r} (empty) or a terrain letter "
        f"({letters}) followed by its crowns 0-{MAX_CROWNS}, e.g. 'W0'"
    )
    cells: list[Cell] = []
    width: int | None = None
    row = 0
    for line_number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        tokens: list[tuple[int, str]] = []
        column = 0
        for part in line.split(" "):
            if part:
                tokens.append((column + 1, part))
            column += len(part) + 1
        if width is None:
            width = len(tokens)
        elif len(tokens) != width:
            raise KingdomTextError(
                line_number, 1, f"expected {width} cells like the first row, got {len(tokens)}"
            )
        for col, (column, token) in enumerate(tokens):
            upper = token.upper()
            if upper == EMPTY_LETTER:
                continue
            if upper == CASTLE_LETTER:
                cells.append((row, col, -1, 0))
                continue
            terrain = TERRAIN_BY_LETTER.get(upper[:1])
            if terrain is None or len(upper) != 2 or not upper[1].isdigit():
                raise KingdomTextError(line_number, column, f"{token!r} is not a cell; {expected}")
            crowns = int(upper[1])
            if crowns > MAX_CROWNS:
                raise KingdomTextError(
                    line_number, column, f"{token!r} has {crowns} crowns; at most {MAX_CROWNS}"
                )
            cells.append((row, col, terrain.value, crowns))
        row += 1
    if width is None:
        raise KingdomTextError(1, 1, "the kingdom is empty; " + expected)
    return cells


def parse_kingdom(text: str, frame: int = 5) -> Kingdom:
    """Read a kingdom; refuse a missing or second castle and a kingdom larger than the frame."""
    cells = _cells(text)
    castles = [(r, c) for r, c, terrain, _ in cells if terrain < 0]
    if not castles:
        raise GameError(f"the kingdom has no castle ({CASTLE_LETTER!r})")
    if len(castles) > 1:
        where = " and ".join(f"row {r + 1} cell {c + 1}" for r, c in castles)
        raise GameError(f"the kingdom has {len(castles)} castles ({where}); it must have exactly one")
    rows = [r for r, *_ in cells]
    cols = [c for _, c, *_ in cells]
    height, width = max(rows) - min(rows) + 1, max(cols) - min(cols) + 1
    if height > frame or width > frame:
        raise GameError(
            f"the kingdom spans {height} rows x {width} columns; it must fit in a {frame}x{frame} frame"
        )
    castle_row, castle_col = castles[0]
    kingdom = Kingdom(Geometry.of(frame))
    for r, c, terrain, crowns in cells:
        if terrain >= 0:
            kingdom.put_square(r - castle_row, c - castle_col, terrain, crowns)
    return kingdom


def kingdom_text(kingdom: Kingdom) -> str:
    """The kingdom's bounding box in the same notation (empty squares as ``.``)."""
    row_lo, row_hi, col_lo, col_hi = kingdom.bounds()
    lines = []
    for row in range(row_lo, row_hi + 1):
        cells = []
        for col in range(col_lo, col_hi + 1):
            square = kingdom.square(row, col)
            if square is None:
                cells.append(EMPTY_LETTER)
            elif square[0] < 0:
                cells.append(CASTLE_LETTER)
            else:
                cells.append(f"{TERRAINS[square[0]].letter}{square[1]}")
        lines.append(" ".join(cell.ljust(2) for cell in cells).rstrip())
    return "\n".join(lines)
