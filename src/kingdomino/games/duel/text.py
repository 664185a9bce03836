"""Duel maps written as text, for the scorer and for tests.

One line per map row, top to bottom; cells separated by spaces. A cell is ``C``
(the castle), ``.`` (empty) or a coat-of-arms letter followed by its crosses:
``D`` dot, ``P`` double dot, ``S`` stripe, ``T`` double stripe, ``Q`` quarters,
``B`` all black, e.g. ``S0``, ``Q2``. The castle is the centre of the 5 x 7 map,
so the text may show only part of the map around it. An optional last line
``domains X`` (a letter or a coat id) says the player owns the "+3 per domain"
power for coat X.

>>> board, coat = parse_map('''
... S1 S0 C  Q2
... .  .  B0 Q0
... domains S
... ''')
>>> board.points(), coat
(6, 2)
"""

from __future__ import annotations

from kingdomino.core.game import GameError, ScoreTextError
from kingdomino.games.duel.board import GRID, Board
from kingdomino.games.duel.components import (
    CASTLE_COL,
    CASTLE_ROW,
    COAT_BY_ID,
    COAT_BY_LETTER,
    COATS,
    MAP_COLS,
    MAP_ROWS,
)

CASTLE_LETTER = "C"
EMPTY_LETTER = "."
MAX_CROSSES = 7


class MapTextError(ScoreTextError):
    """A map text that cannot be read: where (``line``, ``column``) and what was expected; the
    scorer's own error, so a front end reports it as it is."""


def parse_map(text: str) -> tuple[Board, int | None]:
    """The map and the coat of the "+3 per domain" power (``None`` when not owned)."""
    letters = ", ".join(f"{c.letter} ({c.name.lower()})" for c in COATS)
    expected = (
        f"expected {CASTLE_LETTER!r} (castle), {EMPTY_LETTER!r} (empty) or a coat-of-arms letter "
        f"({letters}) followed by its crosses 0-{MAX_CROSSES}, e.g. 'S1'"
    )
    cells: list[tuple[int, int, int | None, int, int, int]] = []  # row, col, coat (None castle), crosses
    domains_coat: int | None = None
    castles: list[tuple[int, int, int, int]] = []
    row = 0
    for line_number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        words = line.split()
        if words[0].lower() == "domains":
            column = line.index(words[0]) + 1
            if len(words) != 2:
                raise MapTextError(line_number, column, "expected 'domains X' with one coat of arms")
            named = COAT_BY_LETTER.get(words[1].upper()) or COAT_BY_ID.get(words[1].lower())
            if named is None:
                raise MapTextError(line_number, column, f"unknown coat of arms {words[1]!r}; {letters}")
            domains_coat = named.value
            continue
        if domains_coat is not None:
            raise MapTextError(line_number, 1, "the 'domains X' line must come last")
        position = 0
        for col, word in enumerate(words):
            position = line.index(word, position)
            column = position + 1
            position += len(word)
            upper = word.upper()
            if upper == CASTLE_LETTER:
                castles.append((row, col, line_number, column))
                cells.append((row, col, None, 0, line_number, column))
                continue
            if word == EMPTY_LETTER:
                continue
            found = COAT_BY_LETTER.get(upper[:1])
            if found is None or not upper[1:].isdigit() or int(upper[1:]) > MAX_CROSSES:
                raise MapTextError(line_number, column, f"{word!r}: {expected}")
            cells.append((row, col, found.value, int(upper[1:]), line_number, column))
        row += 1
    if not castles:
        raise GameError("the map has no castle (C)")
    if len(castles) > 1:
        (_, _, second_line, second_column) = castles[1]
        raise MapTextError(second_line, second_column, "a second castle; a map has exactly one")
    castle_row, castle_col, _, _ = castles[0]
    board = Board()
    for r, c, coat, crosses, cell_line, cell_column in cells:
        map_row, map_col = r - castle_row + CASTLE_ROW, c - castle_col + CASTLE_COL
        if not (0 <= map_row < MAP_ROWS and 0 <= map_col < MAP_COLS):
            raise MapTextError(
                cell_line,
                cell_column,
                f"outside the {MAP_ROWS} x {MAP_COLS} map (the castle is its centre)",
            )
        if coat is not None:
            board.draw(GRID.bit(map_row, map_col), coat, crosses)
    return board, domains_coat


def map_text(board: Board, domains_coat: int | None = None) -> str:
    """The whole map in the notation :func:`parse_map` reads (a ``domains X`` line when the
    "+3 per domain" power's coat is chosen; ``None`` or a negative coat: not owned).

    >>> print(map_text(*parse_map("S1 C  Q2\\ndomains S")))
    .  .  .  .  .  .  .
    .  .  .  .  .  .  .
    .  .  S1 C  Q2 .  .
    .  .  .  .  .  .  .
    .  .  .  .  .  .  .
    domains S
    """
    lines = []
    for row in range(MAP_ROWS):
        cells = []
        for col in range(MAP_COLS):
            bit = GRID.bit(row, col)
            coat = board.coat_at(bit)
            if (row, col) == (CASTLE_ROW, CASTLE_COL):
                cells.append(CASTLE_LETTER)
            elif coat is None:
                cells.append(EMPTY_LETTER)
            else:
                cells.append(f"{COATS[coat].letter}{board.crosses_at(bit)}")
        lines.append(" ".join(cell.ljust(2) for cell in cells).rstrip())
    if domains_coat is not None and domains_coat >= 0:
        lines.append(f"domains {COATS[domains_coat].letter}")
    return "\n".join(lines)
