"""``kingdomino puzzles``: make puzzles with exact answers (``kingdomino.puzzles``), for Kingdomino,
Kingdomino Duel or a mode of Kingdomino Origins."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from kingdomino.cli.app import console, fail
from kingdomino.cli.one_line_errors import OneLineGroup
from kingdomino.cli.paths import PathProblem, output_file
from kingdomino.cli.server_database import DatabaseUrlOpt, DataDirOpt, open_store
from kingdomino.puzzles.catalogue import KINDS
from kingdomino.puzzles.maker import Making, criteria, from_games, make_more
from kingdomino.puzzles.set_file import SetFileProblem, set_so_far, write_set

if TYPE_CHECKING:
    from kingdomino.web.store import Store

app = typer.Typer(
    cls=OneLineGroup,
    help="Puzzles: a position, one decision, an answer the engine proves.",
    no_args_is_help=True,
    rich_markup_mode="markdown",
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.command()
def make(
    game: Annotated[
        str, typer.Option(help=f"The set to make: {', '.join(KINDS)}.", show_default=True)
    ] = "kingdomino",
    seed: Annotated[int, typer.Option(help="The seed of the games the puzzles are cut from.")] = 1,
    count: Annotated[int, typer.Option(min=1, max=100_000, help="How many puzzles to make.")] = 300,
    out: Annotated[Path, typer.Option(help="The JSON file to write (the server reads this format).")] = Path(
        "puzzles.json"
    ),
    from_database: Annotated[
        bool,
        typer.Option("--from-database", help="Cut them from a server's finished Kingdomino games instead."),
    ] = False,
    data_dir: DataDirOpt = None,
    database_url: DatabaseUrlOpt = None,
) -> None:
    """Play seeded games between the engine's agents and cut out `--count` puzzles whose answers
    the engine proves (the same seed makes the same file). The file is written after each game:
    stopped (Ctrl-C, a machine's end), the same command goes on from it, and a larger `--count`
    adds to a set made before. The package's own set is made by
    `kingdomino puzzles make --seed 1 --count 300 --out src/kingdomino/puzzles/data/kingdomino.json`,
    and each other `--game`'s with `--out src/kingdomino/puzzles/data/GAME.json`.
    With `--from-database` they are cut from the finished Kingdomino games of a server's database
    (`--data-dir` or `--database-url`, as `kingdomino accounts`), at most `--count`."""
    if game not in KINDS:
        raise fail(f"--game: no set of puzzles is named {game!r}; expected one of {', '.join(KINDS)}")
    if from_database and game != "kingdomino":
        raise fail("--from-database: only Kingdomino's puzzles are cut from a server's games")
    try:
        path = output_file(out, "--out")
    except PathProblem as problem:
        raise fail(str(problem)) from None
    rules = criteria()
    if from_database:
        store = open_store(data_dir, database_url)
        try:
            puzzles = from_games(finished_games(store), count, rules)
        finally:
            store.close()
        body = {"seed": None, "criteria": rules.__dict__, "puzzles": puzzles}
        path.write_text(json.dumps(body, separators=(",", ":")) + "\n", encoding="utf-8")
        console.print(f"{counted(len(puzzles), 'puzzle')} written to {path}")
        return
    try:
        making = set_so_far(path, game, seed, rules, count)
    except SetFileProblem as problem:
        raise fail(f"--out: {problem}") from None
    if making.puzzles:
        console.print(
            f"going on from the {counted(len(making.puzzles), 'puzzle')} of "
            f"{counted(making.games, 'game')} in {path}"
        )
    if len(making.puzzles) == count:
        console.print(f"{path} holds its {counted(count, 'puzzle')} already")
        return

    def keep(so_far: Making) -> None:
        write_set(path, game, seed, rules, so_far)
        status.update(f"{len(so_far.puzzles)} of {count} puzzles, {counted(so_far.games, 'game')}")

    with console.status("cutting puzzles") as status:
        made = make_more(seed, count, making, rules, game, keep)
    write_set(path, game, seed, rules, made)
    console.print(f"{counted(len(made.puzzles), 'puzzle')} written to {path}")


def counted(number: int, noun: str) -> str:
    """``number`` and ``noun``, plural but for one: "1 puzzle", "3 puzzles"."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def finished_games(store: Store) -> Iterator[tuple[int, dict[str, bool], list[str]]]:
    """Each finished Kingdomino game of ``store``, oldest id first: its players, options and every
    action's text (chance's too), read one game at a time."""
    from sqlalchemy import select

    from kingdomino.web.tables import GameRow

    finished = (GameRow.status == "finished") & (GameRow.game == "kingdomino")
    with store.sessions() as session:
        ids = list(session.scalars(select(GameRow.id).where(finished).order_by(GameRow.id)))
    for game_id in ids:
        stored = store.load(game_id)
        if stored is not None:
            yield stored.players, dict(stored.options), [action.text for action in stored.actions]
