"""The boards ``kingdomino play`` draws: every square a fixed-width cell, apart from its neighbours.

Crowned squares must not run together (``F1♛S1♛``) in the kingdoms, Duel maps, territories and
rows of any game, or a player cannot tell where a square ends. Each board here is drawn without
colours (as ``NO_COLOR`` or a log shows it), where only the layout tells squares apart.
"""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from rich.console import Console, RenderableType
from rich.text import Text

from kingdomino.cli import render_classic, render_duel, render_origins
from kingdomino.cli.render_cells import GAP
from kingdomino.games.classic.components import DOMINOES as CLASSIC_DOMINOES
from kingdomino.games.classic.text import parse_kingdom as parse_classic
from kingdomino.games.duel.components import Face
from kingdomino.games.duel.text import parse_map
from kingdomino.games.origins.components import DOMINOES as ORIGINS_DOMINOES
from kingdomino.games.origins.text import parse_kingdom as parse_origins


def plain(renderable: RenderableType) -> list[str]:
    """The lines a terminal without colours shows."""
    console = Console(file=io.StringIO(), no_color=True, width=200, record=True)
    console.print(renderable)
    return console.export_text().splitlines()


def board_rows(lines: list[str], width: int) -> dict[int, list[str]]:
    """Each board row by its label: the text of each cell, read at its fixed place.

    A cell is ``width`` columns then :data:`GAP` blank ones: what a cell holds must fit its
    columns, and the gap after it must be blank, or the squares run together.
    """
    header = lines[0]
    start = len(header) - len(header.lstrip()) if header.strip() else 0
    rows: dict[int, list[str]] = {}
    for line in lines[1:]:
        label, body = line[:start], line[start:].rstrip()
        cells = []
        for offset in range(0, len(body), width + GAP):
            cells.append(body[offset : offset + width].rstrip())
            assert body[offset + width : offset + width + GAP].strip() == "", line
        rows[int(label)] = cells
    return rows


def test_every_kingdom_square_is_a_cell_of_its_own() -> None:
    kingdom = parse_classic("F1 S1 G0 M2\nW0 C  W3 L1\n")
    lines = plain(render_classic.kingdom_grid(kingdom))
    rows = board_rows(lines, render_classic.CELL_WIDTH)
    assert rows[-1] == ["·", "F1♛", "S1♛", "G", "M2♛", "·"]
    assert rows[0] == ["·", "W", "C", "W3♛", "L1♛", "·"]
    assert "F1♛ S1♛ G   M2♛" in "\n".join(lines)


def test_every_duel_square_is_a_cell_of_its_own() -> None:
    board, _ = parse_map("Q2 P1 C  B3\n")
    rows = board_rows(plain(render_duel.map_grid(board)), render_duel.CELL_WIDTH)
    assert rows[0] == ["·", "Q2✝", "P1✝", "C", "B3✝", "·", "·"]


def test_every_territory_square_is_a_cell_of_its_own() -> None:
    kingdom = parse_origins("G1 G0m F0*1 D0@HU\nV3 H   Q2   L1\n", 5)
    lines = plain(render_origins.kingdom_grid(kingdom))
    rows = board_rows(lines, render_origins.CELL_WIDTH)
    assert rows[-1] == ["·", "G1", "G0m", "F0*1", "D0@HU", "·"]
    assert rows[0] == ["·", "V3", "H", "Q2", "L1", "·"]


@pytest.mark.parametrize(
    ("draw", "number", "halves"),
    [
        (render_classic.domino_cells, 20, "W1♛ L"),
        (render_classic.domino_cells, 39, "G   S1♛"),
        (render_origins.domino_cells, 45, "Q0k   V2"),
    ],
)
def test_the_halves_of_a_domino_in_a_row_stay_apart(
    draw: Callable[[int], Text], number: int, halves: str
) -> None:
    assert draw(number).plain.rstrip() == f"{number:>2} {halves}"


@pytest.mark.parametrize(
    ("cell", "width"),
    [
        (render_classic.half_cell(CLASSIC_DOMINOES[48].second), render_classic.CELL_WIDTH),
        (render_classic.half_cell(CLASSIC_DOMINOES[1].first), render_classic.CELL_WIDTH),
        (render_duel.face_cell(Face(0, 0)), render_duel.CELL_WIDTH),
        (render_duel.face_cell(Face(-1, 1)), render_duel.CELL_WIDTH),
        (render_origins.half_cell(ORIGINS_DOMINOES[1].first), render_origins.CELL_WIDTH),
    ],
)
def test_a_square_keeps_its_width_and_its_colour(cell: Text, width: int) -> None:
    """With colours on, the square's colour covers exactly its width: the gap stays uncoloured."""
    assert cell.cell_len == width
    assert " on " in str(cell.style)
