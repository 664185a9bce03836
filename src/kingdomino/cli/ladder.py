"""The ``ladder`` command: a round-robin of agents in one game configuration, rated on one Elo scale."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from kingdomino.arena.elo import fit
from kingdomino.arena.ladder import (
    LadderConfig,
    ladder_json,
    ladder_markdown,
    load_ratings,
    merge_ratings,
    open_tables,
    play_ladder,
    record_heading,
    record_note,
    slug,
    tables,
)
from kingdomino.arena.tournament import copies, entrants, shown, validate
from kingdomino.cli.app import (
    GameOpt,
    ModeOpt,
    VariantOpt,
    build_options,
    console,
    errors,
    fail,
    game_error,
    seat_specs,
)
from kingdomino.cli.paths import PathProblem, output_paths
from kingdomino.cli.research import check_executor, interrupted, out_error, say_copies
from kingdomino.core.game import GameError
from kingdomino.games.registry import make_game


def ladder(
    agents: Annotated[
        list[str],
        typer.Option(
            help="The agents and levels to rate, e.g. --agents random greedy full-greedy hard "
            "(an agent listed twice is rated as two copies, greedy and greedy#2)."
        ),
    ],
    game: GameOpt = "kingdomino",
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Seats (default: 2 in Duel, else 4).")
    ] = None,
    variant: VariantOpt = None,
    mode: ModeOpt = None,
    games: Annotated[
        int, typer.Option(min=1, help="Games per table (a multiple of the seats rotates them evenly).")
    ] = 8,
    seed: Annotated[
        int, typer.Option(help="Deal d of table t uses seed + 100000 t + d (with --shared-deals, seed + d).")
    ] = 1,
    shared_deals: Annotated[
        bool,
        typer.Option(
            "--shared-deals",
            help="Every table plays the same deals (as the older ladders did; intervals over games).",
        ),
    ] = False,
    executor: Annotated[str, typer.Option(help="local (process pool) or ray.")] = "local",
    workers: Annotated[int, typer.Option(min=1, help="Parallel games.")] = 1,
    address: Annotated[str | None, typer.Option(help="Address of an existing Ray cluster.")] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            help="Results folder: one JSONL per table, written as games finish; resumes (default: "
            "a folder in ladder-results/ named after the ladder, as kingdomino-4p)."
        ),
    ] = None,
    bootstrap: Annotated[
        int, typer.Option(min=0, help="Bootstrap resamples of the deals (of the games with --shared-deals).")
    ] = 200,
    markdown: Annotated[Path | None, typer.Option(help="Also write the Markdown table here.")] = None,
    ratings: Annotated[
        Path | None, typer.Option(help="Merge the ratings into this ratings file (the lobby's).")
    ] = None,
    note: Annotated[str, typer.Option(help="A line for the Markdown page and the ratings file.")] = "",
    title: Annotated[str | None, typer.Option(help="The Markdown page's title.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the ratings as JSON.")] = False,
) -> None:
    """Rate agents by a round-robin and a Bradley-Terry fit, as Elo with random = 0.

    Every pair (2 seats) or combination (3-4 seats) plays a table; the fit takes the pairwise
    results within each game."""
    specs = seat_specs(agents)
    seats = players if players is not None else (2 if game == "duel" else 4)
    options = build_options(variant, mode, game)
    config = LadderConfig(game, seats, options, entrants(specs), games, seed, shared_deals)
    if ratings is not None and copies(specs):
        spec, names = next(iter(copies(specs).items()))
        raise fail(
            f"--ratings: {spec} is listed {len(names)} times (rated as {', '.join(names)}); "
            "a ratings file rates each agent once: list it once, or leave out --ratings"
        )
    check_executor(executor, address)
    folder = out or Path("ladder-results") / slug(config.key)
    try:
        the_game = make_game(game, seats, options)
        for planned in tables(config):  # a refused ladder leaves no folder behind
            validate(planned)
        # Every place written at the end is checked first (a ladder played to its end is never
        # lost), all of them before any folder is made (a refusal leaves none behind).
        if ratings is not None and ratings.is_file():
            try:
                load_ratings(ratings)
            except GameError as error:
                raise fail(f"--ratings: {error}") from None
        output_paths([(folder, "--out")], [(markdown, "--markdown"), (ratings, "--ratings")])
    except GameError as error:
        raise fail(game_error(error)) from None
    except PathProblem as error:
        raise fail(str(error)) from None
    say_copies(specs)
    try:
        opened = open_tables(config, folder)
    except GameError as error:
        raise fail(out_error(error)) from None
    total = len(opened) * games
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    try:
        with Progress(*columns, console=errors, transient=True, disable=as_json) as progress:
            task = progress.add_task(f"ladder {config.key}", total=total)

            def resuming(finished: int, to_play: int) -> None:
                """A resumed ladder says so, and its bar starts at the games already played."""
                if finished:
                    errors.print(f"Resuming: {finished} games already in {folder}, {to_play} to play.")
                    progress.reset(task, total=total, completed=finished)

            outcomes = play_ladder(
                opened, executor, workers, address, lambda _: progress.advance(task), resuming
            )
            progress.update(task, completed=total)
        result = fit(outcomes, bootstrap=bootstrap, seed=seed, by_deal=not shared_deals)
    except GameError as error:
        raise fail(str(error)) from None
    except KeyboardInterrupt:
        raise interrupted("the games played so far", folder) from None
    command = _command(config, variant, mode, folder, workers, executor, address)
    page = ladder_markdown(config, result, title or the_game.describe(), command, note)
    data = ladder_json(config, result, command)
    (folder / "ladder.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    (folder / "ladder.md").write_text(page, encoding="utf-8")
    if markdown is not None:
        markdown.write_text(page, encoding="utf-8")
    if ratings is not None:
        merge_ratings(ratings, config, result, note)
    if as_json:
        print(json.dumps(data))
        return
    tables_word = "1 table" if len(opened) == 1 else f"{len(opened)} tables"
    table = Table(title=f"Ladder {config.key}: {result.games} games, {tables_word}, seats rotated")
    headings = ("#", "agent", "Elo", "95 % interval", "seats", record_heading(config.players))
    for name in (*headings, "win share", "mean score"):
        # a figure is never cut in two: the agent's name folds, then the headings
        whole = name in ("95 % interval", "mean score")
        table.add_column(name, justify="left" if name == "agent" else "right", overflow="fold", no_wrap=whole)
    for rank, r in enumerate(result.ratings, start=1):
        table.add_row(
            str(rank),
            shown(r.agent),
            f"{r.elo:.0f}",
            result.interval_text(r),
            str(r.seats),
            r.record,
            f"{100 * r.wins / r.seats:.1f} %",
            result.score_text(r),
        )
    console.print(table)
    console.print(record_note(config.players), style="dim")
    for why in (result.missing_intervals(config.players), result.alike_scores()):
        if why:
            console.print(why, style="yellow")
    anchor = f"{result.anchor} = 0" if result.anchor else "mean 0"
    console.print(
        f"Bradley-Terry fit to pairwise results within games, Elo with {anchor}; "
        f"bootstrap intervals over {'deals' if result.by_deal else 'games'} ({result.bootstrap}). "
        f"Written to {folder}.",
        style="dim",
    )


def _command(
    config: LadderConfig,
    variants: list[str] | None,
    mode: str | None,
    folder: Path,
    workers: int,
    executor: str,
    address: str | None = None,
) -> str:
    """The command that runs (and resumes) this ladder: on the same cluster, if it had one."""
    words = ["kingdomino", "ladder", "--game", config.game, "-p", str(config.players)]
    for name in variants or []:
        words += ["--variant", name]
    if mode:
        words += ["--mode", mode]
    words += ["--agents", *config.agents, "--games", str(config.games), "--seed", str(config.seed)]
    if config.shared_deals:
        words.append("--shared-deals")
    if executor != "local":
        words += ["--executor", executor]
    if address:
        words += ["--address", address]
    words += ["--workers", str(workers), "--out", str(folder)]
    return shlex.join(words)
