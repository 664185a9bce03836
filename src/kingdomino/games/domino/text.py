"""Reading a domino kingdom written as text: rows of cells, with line and column in errors.

Both games write a kingdom one line per row, top to bottom, cells separated by
spaces (or tabs: a row copied from a spreadsheet); a cell is the centre letter
(castle ``C``, hut ``H``), ``.`` (empty) or a square, whose notation each game
reads itself. :func:`read_cells` does the
splitting, the row-width check and the positions; :func:`check_span` refuses a
kingdom larger than its frame.

>>> read_cells("W1 .\\nC  F0", "C", ".", lambda token, line, column: token, "empty")
[(0, 0, 'W1'), (1, 0, None), (1, 1, 'F0')]
>>> read_cells("C\\tW1", "C", ".", lambda token, line, column: (token, column), "empty")
[(0, 0, None), (0, 1, ('W1', 3))]
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Generic, TypeVar

from kingdomino.core.game import GameError, OptionValue, ScoreOptionError, ScoreTextError

Square = TypeVar("Square")
Piece = TypeVar("Piece", bound=Hashable)


class KingdomTextError(ScoreTextError):
    """A kingdom (territory) text that cannot be read: where (``line``, ``column``) and what was
    expected; the scorer's own error, so a front end reports it as it is."""


def read_cells(
    text: str,
    centre_letter: str,
    empty_letter: str,
    read_square: Callable[[str, int, int], Square],
    empty_message: str,
    centre_name: str = "castle",
    realm: str = "kingdom",
) -> list[tuple[int, int, Square | None]]:
    """``(row, col, square)`` of each non-empty cell, ``None`` for the centre letter.

    ``read_square(token, line, column)`` reads one square or raises
    :class:`KingdomTextError`; ``empty_message`` is the error when no row is given. Cells are
    separated by any run of spaces or tabs. The centre written with a number (``C1``: crowns
    on the castle) and a second centre are refused where they stand, by the centre's name.
    """
    cells: list[tuple[int, int, Square | None]] = []
    width: int | None = None
    first_centre: tuple[int, int] | None = None
    row = 0
    for line_number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        tokens = [(match.start() + 1, match.group()) for match in re.finditer(r"\S+", line)]
        if width is None:
            width = len(tokens)
        elif len(tokens) != width:
            raise KingdomTextError(
                line_number,
                1,
                f"expected {width} cells like the first row, got {len(tokens)} "
                f"(write {empty_letter!r} for an empty square)",
            )
        for col, (column, token) in enumerate(tokens):
            upper = token.upper()
            if upper == empty_letter:
                continue
            if upper == centre_letter:
                if first_centre is not None:
                    raise KingdomTextError(
                        line_number,
                        column,
                        f"a second {centre_name} (the first is on line {first_centre[0]}, column "
                        f"{first_centre[1]}); a {realm} has exactly one",
                    )
                first_centre = (line_number, column)
                cells.append((row, col, None))
                continue
            if upper[:1] == centre_letter and upper[1:].isdigit():
                alone = f"nothing goes on the {centre_name}; write {centre_letter!r} alone"
                raise KingdomTextError(line_number, column, f"{token!r}: {alone}")
            cells.append((row, col, read_square(token, line_number, column)))
        row += 1
    if width is None:
        raise KingdomTextError(1, 1, empty_message)
    return cells


class BoxError(KingdomTextError):
    """A piece the box does not have (``code`` ``not_in_box``), or has fewer of than the text
    (``beyond_box``, ``values["n"]`` the box's count): ``values`` name the piece (its terrain and
    number, fire marker, resource or caveman by id) for a page's own words."""

    def __init__(self, line: int, column: int, message: str, code: str, values: dict[str, str | int]) -> None:
        super().__init__(line, column, message)
        self.code = code
        self.values = values


class BoxTally(Generic[Piece]):
    """The pieces a kingdom text has shown so far, against what the box holds: the first one
    beyond the box is refused where it stands (a typo such as ``W3`` for ``W1``, which a score
    counted as written).

    >>> tally = BoxTally({"M3": 1})
    >>> tally.take("M3", 1, 1, "M3", "mine, 3 crowns", {"crowns": 3})
    >>> tally.take("M3", 1, 4, "M3", "mine, 3 crowns", {"crowns": 3})
    Traceback (most recent call last):
    ...
    kingdomino.games.domino.text.BoxError: line 1, column 4: 'M3': one mine, 3 crowns too many; the box has 1
    """

    def __init__(self, box: Mapping[Piece, int]) -> None:
        self._box = box
        self._taken: Counter[Piece] = Counter()

    def take(
        self, piece: Piece, line: int, column: int, token: str, name: str, values: Mapping[str, str | int]
    ) -> None:
        """Count one ``piece`` (``name`` in words), read from ``token`` at ``line`` and ``column``."""
        held = self._box.get(piece, 0)
        if not held:
            raise BoxError(line, column, f"{token!r}: the box has no {name}", "not_in_box", dict(values))
        self._taken[piece] += 1
        if self._taken[piece] > held:
            message = f"{token!r}: one {name} too many; the box has {held}"
            raise BoxError(line, column, message, "beyond_box", {**values, "n": held})


def plain_name(name: str) -> str:
    """A component's name as a sentence says it: its data's first name, without the colour.

    >>> plain_name("mine / mountain (black)")
    'mine'
    """
    return name.split(" (")[0].split(" / ")[0]


class FrameError(GameError):
    """A written kingdom (territory) wider or taller than its frame; ``frame`` is the frame's side,
    so a front end can say it in its own words."""

    def __init__(self, realm: str, height: int, width: int, frame: int) -> None:
        super().__init__(
            f"the {realm} spans {height} rows x {width} columns; it must fit in a {frame}x{frame} frame"
        )
        self.frame = frame


def check_span(cells: list[tuple[int, int, Square | None]], frame: int, realm: str) -> None:
    """Refuse cells spanning more rows or columns than the ``frame``."""
    rows = [r for r, _, _ in cells]
    cols = [c for _, c, _ in cells]
    height, width = max(rows) - min(rows) + 1, max(cols) - min(cols) + 1
    if height > frame or width > frame:
        raise FrameError(realm, height, width, frame)


def frame_option(value: OptionValue | None, allowed: list[int], default: int) -> int:
    """A scorer's ``frame`` option: one of the game's frame sizes (``allowed``), ``default`` when
    absent; anything else is refused by name, before a grid of that size is ever built.

    >>> frame_option(None, [5, 7], 5), frame_option(7, [5, 7], 5)
    (5, 7)
    """
    if value is None:
        return default
    sizes = [str(size) for size in allowed]
    if isinstance(value, bool) or not isinstance(value, int | str) or str(value).strip() not in sizes:
        raise ScoreOptionError("frame", f"expected one of {', '.join(sizes)}, got {value!r}")
    return int(value)


def flag_options(options: Mapping[str, OptionValue], names: Iterable[str]) -> dict[str, bool]:
    """The scorer's on/off options among ``names``: each true or false (a string such as "false"
    would read as on), absent ones off; refused by name otherwise."""
    flags = {}
    for name in names:
        value = options.get(name, False)
        if not isinstance(value, bool):
            raise ScoreOptionError(name, f"expected true or false, got {value!r}")
        flags[name] = value
    return flags
