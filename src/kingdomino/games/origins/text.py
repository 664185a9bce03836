"""Kingdomino Origins territories written as text, for the scorer and for tests.

One line per row, top to bottom; cells separated by spaces. A cell is ``H``
(the hut), ``.`` (empty) or:

``<terrain letter><digit>[*<marker fires>][<resource letter>][@<caveman code>]``

* terrain letters: ``G`` grassland, ``L`` lake, ``F`` forest/jungle, ``Q`` quarry,
  ``D`` desert, ``V`` volcano;
* the digit is the number of printed fires (0-2), or for a volcano its craters (1-3);
* ``*k``: a fire marker with ``k`` fires lies on the square;
* resource letters, each on its own terrain only: ``m`` mammoth (grassland), ``f`` fish
  (lake), ``u`` mushroom (forest), ``k`` flint (quarry);
* caveman codes: ``HU`` hunter, ``FC`` fishing child, ``GA`` gatherer, ``SC`` sculptor,
  ``PA`` painter, ``FW`` fire woman, ``SH`` shaman, ``W1``/``W2``/``W3`` warriors.

Examples: ``G0m`` (grassland with a mammoth), ``D0*2`` (desert with a 2-fire marker),
``V3``, ``L1``, ``D0@W2``. Blank lines are ignored. Letters come from the data file.

>>> kingdom = parse_kingdom('''
... G1 G0m  F0*1
... .  H    D0@HU
... ''', frame=5)
>>> kingdom.region_points(), kingdom.caveman_points()
(3, 3)
>>> print(kingdom_text(kingdom))
G1  G0m F0*1
.   H   D0@HU
"""

from __future__ import annotations

import re
from collections.abc import Callable

from kingdomino.core.game import GameError
from kingdomino.games.domino.text import BoxTally, KingdomTextError, check_span, plain_name, read_cells
from kingdomino.games.origins.components import (
    BOX_SQUARES,
    BOX_SYMBOLS,
    CAVEMAN_BY_CODE,
    CAVEMEN,
    EMPTY_LETTER,
    HUT_LETTER,
    MARKERS,
    MAX_MARKER,
    MAX_PRINTED_FIRES,
    RESOURCE_BY_LETTER,
    RESOURCES,
    TERRAIN_BY_LETTER,
    TERRAINS,
    VOLCANO,
)
from kingdomino.games.origins.kingdom import Geometry, Kingdom

__all__ = ["KingdomTextError", "kingdom_text", "parse_kingdom", "square_text"]

_CELL = re.compile(r"^([A-Za-z])(\d)(?:\*(\d))?([a-z])?(?:@([A-Za-z0-9]{2}))?$")


def _expected() -> str:
    return (
        f"expected {HUT_LETTER!r} (hut), {EMPTY_LETTER!r} (empty) or a terrain letter "
        f"({', '.join(t.letter for t in TERRAINS)}) with its fires (craters for a volcano), then "
        f"optionally *K (marker of K fires), a resource letter "
        f"({', '.join(r.letter for r in RESOURCES)}) and @CODE (caveman: "
        f"{', '.join(c.code for c in CAVEMEN)}), e.g. 'G0m', 'D0*2', 'D0@W2'"
    )


def _square(token: str, line: int, column: int) -> dict[str, int]:
    match = _CELL.match(token)
    terrain = TERRAIN_BY_LETTER.get(match[1].upper()) if match else None
    if match is None or terrain is None:
        raise KingdomTextError(line, column, f"{token!r} is not a cell; {_expected()}")
    number = int(match[2])
    volcano = terrain.value == VOLCANO
    if volcano and not 1 <= number <= MAX_MARKER:
        raise KingdomTextError(line, column, f"{token!r}: a volcano has 1-{MAX_MARKER} craters")
    if not volcano and number > MAX_PRINTED_FIRES:
        raise KingdomTextError(line, column, f"{token!r}: at most {MAX_PRINTED_FIRES} printed fires")
    marker = int(match[3] or 0)
    if match[3] is not None and not 1 <= marker <= len(MARKERS):
        raise KingdomTextError(line, column, f"{token!r}: fire markers have 1-{len(MARKERS)} fires")
    resource = -1
    if match[4]:
        found = RESOURCE_BY_LETTER.get(match[4])
        if found is None:
            raise KingdomTextError(line, column, f"{token!r}: unknown resource letter {match[4]!r}")
        resource = found.value
        if resource != terrain.resource:
            lies_on = next((t.id for t in TERRAINS if t.resource == resource), "no terrain")
            raise KingdomTextError(
                line, column, f"{token!r}: a {found.id} lies only on {lies_on}, not on {terrain.id}"
            )
    caveman = -1
    if match[5]:
        kind = CAVEMAN_BY_CODE.get(match[5].upper())
        if kind is None:
            raise KingdomTextError(line, column, f"{token!r}: unknown caveman code {match[5]!r}")
        caveman = kind.value
    if marker and (resource >= 0 or caveman >= 0):
        raise KingdomTextError(line, column, f"{token!r}: fire destroys resources and cavemen")
    if marker and (volcano or number):
        raise KingdomTextError(line, column, f"{token!r}: a marker never lands on a volcano or a fire")
    # A volcano has craters, not printed fires: a caveman may stand on it (the game's rule).
    if caveman >= 0 and (resource >= 0 or (number and not volcano)):
        raise KingdomTextError(
            line, column, f"{token!r}: a caveman stands on a square without fire or resource"
        )
    return {
        "terrain": terrain.value,
        "fires": 0 if volcano else number,
        "craters": number if volcano else 0,
        "marker": marker,
        "resource": resource,
        "caveman": caveman,
    }


def _box() -> dict[tuple[object, ...], int]:
    """Every piece a territory can hold, by kind, with how many the box has."""
    box: dict[tuple[object, ...], int] = {("square", *key): n for key, n in BOX_SQUARES.items()}
    box.update({("symbol", *key): n for key, n in BOX_SYMBOLS.items()})
    box.update({("resource", r.value): r.supply for r in RESOURCES})
    box.update({("marker", m.fires): m.copies for m in MARKERS})
    box.update({("caveman", c.value): c.copies for c in CAVEMEN})
    return box


def _boxed(tally: BoxTally[tuple[object, ...]]) -> Callable[[str, int, int], dict[str, int]]:
    """:func:`_square` that also refuses a square, resource, fire marker or caveman beyond the
    box (``tally``)."""

    def square(token: str, line: int, column: int) -> dict[str, int]:
        read = _square(token, line, column)
        terrain = TERRAINS[read["terrain"]]
        name, fires, craters = plain_name(terrain.name), read["fires"], read["craters"]
        values: dict[str, str | int] = {"terrain": terrain.id}
        if read["terrain"] == VOLCANO:
            values["craters"] = craters
            what = f"volcano with {craters} crater{'s' * (craters != 1)}"
        else:
            values["fires"] = fires
            what = f"{name} square with {fires} printed fire{'s' * (fires != 1)}"
        tally.take(("square", read["terrain"], fires, craters), line, column, token, what, values)
        if read["resource"] >= 0:
            resource = RESOURCES[read["resource"]]
            symbol, on_symbol = f"{what} and a {resource.id} symbol", {**values, "resource": resource.id}
            tally.take(("symbol", read["terrain"], fires), line, column, token, symbol, on_symbol)
            lies = {"resource": resource.id}
            tally.take(("resource", resource.value), line, column, token, resource.id, lies)
        if read["marker"]:
            marker = f"fire marker with {read['marker']} fire{'s' * (read['marker'] != 1)}"
            tally.take(("marker", read["marker"]), line, column, token, marker, {"marker": read["marker"]})
        if read["caveman"] >= 0:
            kind = CAVEMEN[read["caveman"]]
            tally.take(("caveman", kind.value), line, column, token, kind.name, {"caveman": kind.id})
        return read

    return square


def box_tally() -> BoxTally[tuple[object, ...]]:
    """The box's pieces, none taken yet: one tally read by several territories counts them together."""
    return BoxTally(_box())


def parse_kingdom(
    text: str, frame: int = 5, within_box: bool = False, tally: BoxTally[tuple[object, ...]] | None = None
) -> Kingdom:
    """Read a territory; refuse a missing or second hut and a territory larger than the frame;
    ``within_box``: a square, resource, fire marker or caveman the box does not have, or has fewer
    of (:class:`BoxError`), counted in ``tally`` with what it holds already (a table's other
    territories: :func:`box_tally`)."""
    read_square = _boxed(tally or box_tally()) if within_box else _square
    empty = "the territory is empty; " + _expected()
    cells = read_cells(text, HUT_LETTER, EMPTY_LETTER, read_square, empty, "hut", "territory")
    huts = [(r, c) for r, c, square in cells if square is None]
    if len(huts) != 1:
        raise GameError(f"the territory has {len(huts)} huts ({HUT_LETTER!r}); it must have exactly one")
    check_span(cells, frame, "territory")
    hut_row, hut_col = huts[0]
    kingdom = Kingdom(Geometry.of(frame))
    for r, c, square in cells:
        if square is not None:
            kingdom.put_square(r - hut_row, c - hut_col, **square)
    return kingdom


def square_text(square: dict[str, int]) -> str:
    """One square (as :meth:`Kingdom.square` gives it) in the cell notation."""
    if square["terrain"] < 0:
        return HUT_LETTER
    terrain = TERRAINS[square["terrain"]]
    text = f"{terrain.letter}{square['craters'] if square['terrain'] == VOLCANO else square['fires']}"
    if square["marker"]:
        text += f"*{square['marker']}"
    if square["resource"] >= 0:
        text += RESOURCES[square["resource"]].letter
    if square["caveman"] >= 0:
        text += f"@{CAVEMEN[square['caveman']].code}"
    return text


def kingdom_text(kingdom: Kingdom) -> str:
    """The territory's bounding box in the same notation (empty squares as ``.``)."""
    row_lo, row_hi, col_lo, col_hi = kingdom.bounds()
    lines = []
    for row in range(row_lo, row_hi + 1):
        cells = []
        for col in range(col_lo, col_hi + 1):
            square = kingdom.square(row, col)
            cells.append(EMPTY_LETTER if square is None else square_text(square))
        lines.append(" ".join(cell.ljust(3) for cell in cells).rstrip())
    return "\n".join(lines)
