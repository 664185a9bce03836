"""``kingdomino score``: score a kingdom written as text and explain it region by region."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from kingdomino.cli.app import GameOpt, ModeOpt, VariantOpt, build_options, console, fail
from kingdomino.cli.options import option_error, option_flag, typed_names
from kingdomino.cli.registry import frontend_for
from kingdomino.cli.words import in_words, term
from kingdomino.core.game import GameError, ScoreOptionError, ScoreTextError
from kingdomino.games.registry import game_names
from kingdomino.games.scorer import score_text


def kingdom_text_help() -> str:
    """The text form of a kingdom in each game, for ``score --help`` (one paragraph a game)."""
    names = sorted(game_names(), key=lambda name: name != "kingdomino")  # the family's first game first
    # The help is Markdown: a marker's ``*K`` would turn into emphasis.
    formats = "\n\n".join(
        f"**{frontend_for(name).title}:** {frontend_for(name).score_format.replace('*', chr(92) + '*')}"
        for name in names
    )
    # A whole kingdom to type and score, so a first try needs nothing but this help.
    example = (
        "**Example:** a Kingdomino kingdom of three rows, saved as kingdom.txt and scored by "
        "`kingdomino score kingdom.txt` (16 points; or typed after `kingdomino score -`, "
        "then Ctrl-D):\n\n"
        "```\nW0 W1 F0 F0 .\nL1 C  F1 G0 G2\nL0 L0 S0 M2 M0\n```"
    )
    return f"{formats}\n\n{example}"


def score(
    file: Annotated[str, typer.Argument(help="The kingdom as text ('-' reads standard input).")],
    game: GameOpt = "kingdomino",
    variant: VariantOpt = None,
    mode: ModeOpt = None,
    frame: Annotated[
        int | None,
        typer.Option(help="Frame size: 5 or 7 (default 5; 7 with --variant mighty-duel, which refuses 5)."),
    ] = None,
    any_squares: Annotated[
        bool,
        typer.Option(
            "--any-squares",
            help="Score squares (and Origins' pieces) the box does not have, or has fewer of "
            "(a house rule's); without it such a kingdom is refused, the square named.",
        ),
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print JSON; the key 'total' holds the score.")
    ] = False,
) -> None:
    """Score a kingdom written as text and explain the score region by region."""
    options: dict[str, Any] = build_options(variant, mode, game, scoring=True)
    if any_squares and game == "duel":
        raise fail("--any-squares: a Duel map is drawn from dice, not from a box of dominoes; leave it out")
    if any_squares:
        options["any_squares"] = True
    if frame is not None and frame not in (5, 7):
        raise fail(f"--frame: expected 5 or 7, got {frame}")
    try:
        text = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
    except OSError as error:
        raise fail(f"{file}: {error.strerror}") from None
    if frame is not None:
        options["frame"] = frame
    source = "standard input" if file == "-" else file
    try:
        sheet = score_text(game, text, options)
    except ScoreOptionError as error:
        raise fail(f"{option_flag(error.option)}: {typed_names(str(error))}") from None
    except ScoreTextError as error:
        raise fail(f"{source}: {error}") from None
    except GameError as error:
        raise fail(option_error(str(error)) or f"{source}: {error}") from None
    if as_json:
        print(json.dumps(sheet.to_json()))
        return
    name = "kingdom" if file == "-" else Path(file).name
    multiplier = getattr(frontend_for(game), "multiplier_name", "multiplier")
    table = Table(title=f"{name}: {sheet.total} points", caption=f"points = squares × {multiplier}")
    table.add_column("region")
    table.add_column("squares", justify="right")
    table.add_column(multiplier, justify="right")
    table.add_column("points", justify="right")
    for region in sheet.regions:
        table.add_row(term(region.kind), str(region.squares), str(region.multiplier), str(region.points))
    for bonus in sheet.bonuses:
        table.add_row(in_words(bonus.words()), "", "", str(bonus.points))
    table.add_row("[bold]total[/]", "", "", f"[bold]{sheet.total}[/]")
    console.print(table)
