"""The ``kingdomino`` command: play, simulate, replay and score, for every game of the family."""

from __future__ import annotations

import json
import os
import secrets
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from kingdomino.agents.base import AgentSpecError
from kingdomino.arena.simulate import GameResult, simulate
from kingdomino.cli.flags import show_flags_bare
from kingdomino.cli.one_line_errors import OneLineGroup
from kingdomino.cli.options import OptionProblem, option_error
from kingdomino.cli.options import build_options as options_from_flags
from kingdomino.cli.paths import PathProblem, output_file
from kingdomino.cli.play import HUMAN, GameInterrupted, play_interactive
from kingdomino.core.game import Game, GameError, OptionValue
from kingdomino.games.registry import make_game
from kingdomino.web.log_lines import to_journal

show_flags_bare()
app = typer.Typer(
    cls=OneLineGroup,
    help="The Kingdomino family of board games: play, simulate, replay and score.",
    no_args_is_help=True,
    add_completion=False,
    # Help paragraphs are wrapped to the terminal, not at the docstrings' line breaks.
    rich_markup_mode="markdown",
    context_settings={"help_option_names": ["-h", "--help"]},
)
console = Console()
errors = Console(stderr=True)


def _print_version(asked: bool) -> None:
    """The version and the commit of the build (``build_info``): what a bug report names."""
    if asked:
        from kingdomino.build_info import this_build

        print(f"kingdomino {this_build().words()}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            help="Print the version (and commit) and exit.",
            callback=_print_version,
            is_eager=True,
        ),
    ] = False,
) -> None:
    """The Kingdomino family of board games: play, simulate, replay and score."""


GameOpt = Annotated[str, typer.Option("--game", "-g", help="kingdomino, duel or origins.")]
VariantOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--variant",
        "-v",
        help="A variant or optional rule, repeatable: dynasty, middle-kingdom, harmony, mighty-duel "
        "(Kingdomino); fire-kingdom, homo-habilis, final-recruit, totem-tie=choose (Origins); "
        "pass-fills-spellbook (Duel).",
    ),
]
ModeOpt = Annotated[str | None, typer.Option("--mode", help="Origins mode: discovery, totem or tribe.")]


def unknown_database_url(error: Exception) -> str:
    """The refusal of a ``--database-url`` SQLAlchemy cannot read, with the forms it takes."""
    return (
        f"--database-url: not a database URL SQLAlchemy knows ({error}); expected "
        "postgresql+psycopg://user:password@host/db or sqlite:////absolute/path.sqlite3"
    )


def fail(message: str, code: int = 2) -> typer.Exit:
    """The refusal in one line on standard error, an error's priority first when that is systemd's
    journal (a service refused at its start is among ``journalctl -p err``'s lines)."""
    priority = "<3>" if to_journal(sys.stderr) else ""
    errors.print(f"{priority}[bold red]error:[/] {message}", highlight=False, soft_wrap=True)
    return typer.Exit(code)


def build_options(
    variants: list[str] | None, mode: str | None, game: str, scoring: bool = False
) -> dict[str, OptionValue]:
    """The game's options from ``--variant`` and ``--mode`` (and the scorer's own when
    ``scoring``); a mistake is said with its flag and the names as they are typed (see
    :mod:`kingdomino.cli.options`)."""
    try:
        return options_from_flags(variants, mode, game, scoring)
    except OptionProblem as error:
        raise fail(str(error)) from None


#: The flag that gives each field the engine and the arena name in their refusals.
FIELD_FLAGS = {
    "game": "--game",
    "players": "--players",
    "agents": "--agents",
    "games": "--games",
    "position": "--position",
}


def game_error(error: GameError, players_flag: str = "--players", agents_flag: str = "--agents") -> str:
    """A game's refusal of what the command line gave it, said with the flag a person typed: an
    option (``--variant totem-tie: ...``, not ``options.totem_tie: ...``), a field
    (``--games: ...``, not ``games: ...``), the seat count as ``players_flag`` when ``--agents``
    or ``--seats`` gave it, and an agent spec as ``agents_flag``; anything else as it is."""
    message = str(error)
    if isinstance(error, AgentSpecError):
        return f"{agents_flag}: {message}"
    flag = players_flag if error.field == "players" else FIELD_FLAGS.get(error.field or "")
    if flag is not None and message.startswith(f"{error.field}: "):
        return f"{flag}: {message.removeprefix(f'{error.field}: ')}"
    return option_error(message) or message


def build_game(
    name: str, players: int, variants: list[str] | None, mode: str | None, players_flag: str = "--players"
) -> Game:
    try:
        return make_game(name, players, build_options(variants, mode, name))
    except GameError as error:
        raise fail(game_error(error, players_flag)) from None


def split_agents(text: str) -> list[str]:
    """Split ``random,greedy,mcts:time=1,iterations=50`` into seat specs (parameters stay attached);
    spaces separate seats as commas do.

    >>> split_agents("random greedy,mcts:time=1,iterations=50")
    ['random', 'greedy', 'mcts:time=1,iterations=50']
    """
    seats: list[str] = []
    for part in text.replace(" ", ",").split(","):
        part = part.strip()
        if "=" in part and ":" not in part and seats:
            seats[-1] += "," + part
        elif part:
            seats.append(part)
    return seats


def seat_specs(agents: list[str]) -> list[str]:
    """The seats' agent specs of ``--agents`` as typed: seats separated by spaces (``--agents hard
    greedy``, which the shell gives as several values) or commas (``--agents hard,greedy``)."""
    return [spec for item in agents for spec in split_agents(item)]


@app.command()
def play(
    game: GameOpt = "kingdomino",
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="Number of seats (default: one per --seats, else 2)."),
    ] = None,
    variant: VariantOpt = None,
    mode: ModeOpt = None,
    seats: Annotated[
        str | None,
        typer.Option(
            help="Who sits where, comma-separated: human or an agent or level (random, greedy, "
            "easy, medium, hard, ...). Default: you in seat 0, greedy elsewhere."
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the chance events and the agents.")] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            help="Write the game record (JSON) here at the end, or so far if Ctrl-C cuts the game short."
        ),
    ] = None,
) -> None:
    """Play a game in the terminal against agents or friends at the same keyboard."""
    chosen = split_agents(seats) if seats else ["human"] + ["greedy"] * ((players or 2) - 1)
    if players is not None and players != len(chosen):
        raise fail(f"--players: {players}, but --seats names {len(chosen)} seats")
    try:
        if save is not None:  # checked first: a game played to its end is never lost to the path
            output_file(save, "--save")
    except PathProblem as error:
        raise fail(str(error)) from None
    the_game = build_game(game, len(chosen), variant, mode, "--seats" if seats else "--players")
    try:  # before the table is drawn: a misspelt agent is said at once
        from kingdomino.agents import make_agent

        for spec in chosen:
            if spec != HUMAN:
                make_agent(spec, 0)
    except GameError as error:
        raise fail(game_error(error, agents_flag="--seats")) from None
    if seed is None:
        seed = secrets.randbits(32)
    try:
        record = play_interactive(the_game, chosen, seed, console)
    except GameError as error:
        raise fail(str(error)) from None
    except GameInterrupted as stop:
        raise interrupted(stop, save) from None
    if save is not None:
        record.dump(save)
        console.print(f"Record saved to {save}")


def interrupted(stop: GameInterrupted, save: Path | None) -> typer.Exit:
    """A game cut short by Ctrl-C or the end of standard input: its record so far written to
    ``save`` (``replay`` reads it as an unfinished game), one line on stderr, exit code 130 (the
    shell's code for Ctrl-C), and no traceback."""
    count = f"{len(stop.record.actions)} actions"
    if save is None:
        message = f"the game is not saved ({count}; --save FILE keeps a game)"
    else:
        try:
            stop.record.dump(save)
            message = f"the game so far ({count}) is saved to {save}; 'kingdomino replay {save}' reads it"
        except OSError as error:
            message = f"the game so far ({count}) could not be saved to {save}: {error.strerror}"
    errors.print(Text.assemble((f"{stop.reason.capitalize()}:", "yellow"), " ", message), soft_wrap=True)
    return typer.Exit(130)


@app.command(name="simulate")
def simulate_command(
    game: GameOpt = "kingdomino",
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Seats (default: one per agent).")
    ] = None,
    agents: Annotated[
        list[str] | None,
        typer.Option(help="One agent per seat, separated by spaces or commas (default: greedy random)."),
    ] = None,
    games: Annotated[int, typer.Option(min=1, help="How many games.")] = 100,
    seed: Annotated[int, typer.Option(help="Game i uses seed + i.")] = 1,
    variant: VariantOpt = None,
    mode: ModeOpt = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object per game, then a summary.")
    ] = False,
) -> None:
    """Run many games between agents and print wins (shared wins split) and mean scores."""
    specs = seat_specs(agents or ["greedy", "random"])
    players_flag = "--players" if players is not None else "--agents"
    if players is None:
        players = len(specs)
    the_game = build_game(game, players, variant, mode, players_flag)  # a seat count the game takes
    if len(specs) != players:
        raise fail(
            f"--agents: expected {players} agents (one per seat), got {len(specs)}: {', '.join(specs)}"
        )
    try:
        from kingdomino.agents import make_agent

        for spec in specs:
            make_agent(spec, 0)
    except GameError as error:
        raise fail(f"--agents: {error}") from None

    def emit(result: GameResult) -> None:
        if as_json:
            print(json.dumps(result.to_json()), flush=True)

    try:
        if as_json:
            summary = simulate(the_game, specs, games, seed, emit)
        else:
            columns = (
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
            )
            with Progress(*columns, console=errors, transient=True) as progress:
                task = progress.add_task(f"{the_game.describe()}", total=games)
                summary = simulate(the_game, specs, games, seed, lambda _: progress.advance(task))
    except GameError as error:  # a plug-in's illegal action, refused naming its seat and spec
        raise fail(str(error), code=1) from None
    if as_json:
        print(
            json.dumps(
                {
                    "summary": {
                        "agents": specs,
                        "games": games,
                        "wins": summary.wins,
                        "mean_scores": summary.mean_scores,
                    }
                }
            )
        )
        return
    table = Table(title=f"{games} games of {the_game.describe()}, seeds {seed}..{seed + games - 1}")
    table.add_column("seat", justify="right")
    table.add_column("agent", overflow="fold")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("mean score", justify="right")
    for seat, spec in enumerate(specs):
        wins = summary.wins[seat]
        table.add_row(
            str(seat), spec, f"{wins:g}", f"{100 * wins / games:.1f} %", f"{summary.mean_scores[seat]:.2f}"
        )
    console.print(table)
    console.print("Shared wins count 1/k to each of the k winners.", style="dim")


def main() -> None:
    app()


def default_data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "kingdomino"
