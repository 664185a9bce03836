"""Kingdomino in the terminal: kingdoms in colour, rows and claims, scores; the scorer's text."""

from __future__ import annotations

from collections.abc import Mapping

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from kingdomino.cli.frontends import ScoreTextError, register_frontend
from kingdomino.core.game import OptionValue, ScoreSheet, State
from kingdomino.games.classic.components import DOMINOES, TERRAINS, Half
from kingdomino.games.classic.game import VARIANTS
from kingdomino.games.classic.kingdom import Kingdom
from kingdomino.games.classic.state import ClassicState, score_sheet
from kingdomino.games.classic.text import KingdomTextError, parse_kingdom

SEAT_COLOURS = ("bright_red", "bright_blue", "bright_green", "bright_magenta")
CROWN = "♛"


def seat_label(seat: int) -> Text:
    return Text(f"P{seat}", style=f"bold {SEAT_COLOURS[seat % len(SEAT_COLOURS)]}")


def contrast(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (``#rrggbb``)."""
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "black" if red * 0.299 + green * 0.587 + blue * 0.114 > 140 else "white"


def half_cell(half: Half) -> Text:
    terrain = TERRAINS[half.terrain]
    crowns = f"{half.crowns}{CROWN}" if half.crowns else "  "
    return Text(f"{terrain.letter}{crowns}", style=f"{contrast(terrain.colour)} on {terrain.colour}")


def domino_cells(number: int) -> Text:
    domino = DOMINOES[number]
    text = Text(f"{number:>2} ")
    text.append_text(half_cell(domino.first))
    text.append_text(half_cell(domino.second))
    return text


def kingdom_grid(kingdom: Kingdom) -> Table:
    """The kingdom with every square it could still reach, labelled castle-relative."""
    reach = kingdom.geometry.frame - 1
    row_lo, row_hi, col_lo, col_hi = kingdom.bounds()
    rows = range(max(row_hi - reach, -reach), min(row_lo + reach, reach) + 1)
    cols = range(max(col_hi - reach, -reach), min(col_lo + reach, reach) + 1)
    table = Table(show_header=True, box=None, padding=(0, 0), header_style="dim")
    table.add_column("", justify="right", style="dim")
    for col in cols:
        table.add_column(f"{col:>3}", justify="center", width=3)
    for row in rows:
        cells: list[Text] = [Text(f"{row:>3} ")]
        for col in cols:
            square = kingdom.square(row, col)
            if square is None:
                cells.append(Text(" · ", style="dim"))
            elif square[0] < 0:
                cells.append(Text(" C ", style="bold black on white"))
            else:
                cells.append(half_cell(Half(*square)))
        table.add_row(*cells)
    return table


class ClassicFrontend:
    multiplier_name = "crowns"
    score_format = (
        "One line per row, top to bottom; cells separated by spaces. A cell is C (castle), "
        ". (empty) or a terrain letter and its crowns: "
        + ", ".join(f"{t.letter} {t.id}" for t in TERRAINS)
        + "; e.g. W0, M2."
    )

    def render(self, state: State, seat: int | None) -> RenderableType:
        assert isinstance(state, ClassicState)
        game = state.game
        scores = state.scores()
        panels = []
        for player, kingdom in enumerate(state.kingdoms):
            title = seat_label(player)
            title.append(f"  {scores[player]} pts")
            if kingdom.discards:
                title.append(f"  ({kingdom.discards} discarded)", style="dim")
            if player == state.current_player:
                title.append("  ◀ to play", style="bold yellow")
            panels.append(Panel(kingdom_grid(kingdom), title=title, expand=False))
        rows = Table(title="Rows", show_header=True, header_style="bold", expand=False)
        rows.add_column("current row (place)")
        rows.add_column("king")
        rows.add_column("next row (claim)")
        rows.add_column("king")
        for i in range(max(len(state.row), len(state.next_row))):
            cells: list[Text] = []
            for numbers, owners in ((state.row, state.row_owner), (state.next_row, state.next_owner)):
                if i < len(numbers):
                    cells.append(domino_cells(numbers[i]))
                    cells.append(seat_label(owners[i]) if owners[i] >= 0 else Text("free", style="dim"))
                else:
                    cells.extend([Text(""), Text("")])
            rows.add_row(*cells)
        header = Text(
            f"{game.describe()} · game {state.game_index + 1}/{game.games_in_match} · "
            f"round {state.round_number}/{game.rounds} · {game.deck_size - state.drawn} dominoes to draw",
            style="bold",
        )
        return Group(header, Columns(panels), rows)

    def score_text(self, text: str, options: Mapping[str, OptionValue]) -> ScoreSheet:
        unknown = set(options) - set(VARIANTS) - {"frame"}
        if unknown:
            raise ScoreTextError(1, 1, f"unknown option(s) {', '.join(sorted(unknown))}")
        frame = int(options.get("frame", 5))
        try:
            kingdom = parse_kingdom(text, frame)
        except KingdomTextError as error:
            raise ScoreTextError(error.line, error.column, str(error).split(": ", 1)[1]) from None
        return score_sheet(kingdom, bool(options.get("middle_kingdom")), bool(options.get("harmony")))


register_frontend("kingdomino", ClassicFrontend())
