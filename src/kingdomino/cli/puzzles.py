"""``kingdomino puzzles``: make Kingdomino puzzles with exact answers (``kingdomino.puzzles``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from kingdomino.cli.app import console, fail
from kingdomino.cli.paths import PathProblem, output_file
from kingdomino.puzzles.maker import criteria, make_puzzles

app = typer.Typer(
    help="Kingdomino puzzles: a position, one decision, an answer the engine proves.",
    no_args_is_help=True,
    rich_markup_mode="markdown",
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.command()
def make(
    seed: Annotated[int, typer.Option(help="The seed of the games the puzzles are cut from.")] = 1,
    count: Annotated[int, typer.Option(min=1, max=100_000, help="How many puzzles to make.")] = 300,
    out: Annotated[Path, typer.Option(help="The JSON file to write (the server reads this format).")] = Path(
        "puzzles.json"
    ),
) -> None:
    """Play seeded games between the engine's agents and cut out `--count` puzzles whose answers
    the engine proves (the same seed makes the same file). The package's own set is made by
    `kingdomino puzzles make --seed 1 --count 300 --out src/kingdomino/puzzles/data/kingdomino.json`."""
    try:
        path = output_file(out, "--out")
    except PathProblem as problem:
        raise fail(str(problem)) from None
    rules = criteria()
    with console.status("cutting puzzles") as status:
        puzzles = make_puzzles(seed, count, lambda n: status.update(f"{n} of {count} puzzles"), rules)
    body = {"seed": seed, "criteria": rules.__dict__, "puzzles": puzzles}
    path.write_text(json.dumps(body, separators=(",", ":")) + "\n", encoding="utf-8")
    console.print(f"{len(puzzles)} puzzles written to {path}")
