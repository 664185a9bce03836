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

from collections.abc import Callable

from kingdomino.core.game import GameError
from kingdomino.games.classic.components import (
    BOX_SQUARES,
    CASTLE_LETTER,
    EMPTY_LETTER,
    MAX_CROWNS,
    TERRAIN_BY_LETTER,
    TERRAINS,
)
from kingdomino.games.classic.kingdom import Geometry, Kingdom
from kingdomino.games.domino.text import BoxTally, KingdomTextError, check_span, plain_name, read_cells

__all__ = ["KingdomTextError", "kingdom_text", "parse_kingdom"]


def _expected() -> str:
    letters = ", ".join(t.letter for t in TERRAINS)
    return (
        f"expected {CASTLE_LETTER!r} (castle), {EMPTY_LETTER!r} (empty) or a terrain letter "
        f"({letters}) followed by its crowns 0-{MAX_CROWNS}, e.g. 'W0'"
    )


def _square(token: str, line: int, column: int) -> tuple[int, int]:
    """``(terrain, crowns)`` of a cell like ``W1``."""
    upper = token.upper()
    terrain = TERRAIN_BY_LETTER.get(upper[:1])
    if terrain is None or len(upper) != 2 or not upper[1].isdigit():
        raise KingdomTextError(line, column, f"{token!r} is not a cell; {_expected()}")
    crowns = int(upper[1])
    if crowns > MAX_CROWNS:
        raise KingdomTextError(line, column, f"{token!r} has {crowns} crowns; at most {MAX_CROWNS}")
    return terrain.value, crowns


def _boxed(tally: BoxTally[tuple[int, int]]) -> Callable[[str, int, int], tuple[int, int]]:
    """:func:`_square` that also refuses a square beyond the box's dominoes (``tally``)."""

    def square(token: str, line: int, column: int) -> tuple[int, int]:
        terrain, crowns = _square(token, line, column)
        name = f"{plain_name(TERRAINS[terrain].name)} square with {crowns} crown{'s' * (crowns != 1)}"
        values: dict[str, str | int] = {"terrain": TERRAINS[terrain].id, "crowns": crowns}
        tally.take((terrain, crowns), line, column, token, name, values)
        return terrain, crowns

    return square


def box_tally() -> BoxTally[tuple[int, int]]:
    """The box's squares, none taken yet: one tally read by several kingdoms counts them together."""
    return BoxTally(BOX_SQUARES)


def parse_kingdom(
    text: str, frame: int = 5, within_box: bool = False, tally: BoxTally[tuple[int, int]] | None = None
) -> Kingdom:
    """Read a kingdom; refuse a missing castle (a second one is refused where it stands) and a
    kingdom larger than the frame; ``within_box``: a square the box's dominoes do not have, or
    have fewer of (:class:`BoxError`), counted in ``tally`` with what it holds already (a table's
    other kingdoms: :func:`box_tally`)."""
    read_square = _boxed(tally or box_tally()) if within_box else _square
    empty = "the kingdom is empty; " + _expected()
    cells = read_cells(text, CASTLE_LETTER, EMPTY_LETTER, read_square, empty)
    castles = [(r, c) for r, c, square in cells if square is None]
    if not castles:
        raise GameError(f"the kingdom has no castle ({CASTLE_LETTER!r})")
    check_span(cells, frame, "kingdom")
    castle_row, castle_col = castles[0]
    kingdom = Kingdom(Geometry.of(frame))
    for r, c, square in cells:
        if square is not None:
            kingdom.put_square(r - castle_row, c - castle_col, *square)
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
