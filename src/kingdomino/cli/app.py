"""The ``kingdomino`` command: play, simulate, replay and score, for every game of the family."""

from __future__ import annotations

import importlib.util
import json
import os
import secrets
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from kingdomino.agents.base import AgentSpecError
from kingdomino.arena.simulate import GameResult, simulate
from kingdomino.cli.flags import show_flags_bare
from kingdomino.cli.listen import ai_line, listen_problem, start_lines
from kingdomino.cli.one_line_errors import OneLineCommand, OneLineGroup
from kingdomino.cli.options import OptionProblem, option_error, option_flag, typed_names
from kingdomino.cli.options import build_options as options_from_flags
from kingdomino.cli.paths import PathProblem, output_file, output_folder
from kingdomino.cli.play import HUMAN, GameInterrupted, play_interactive
from kingdomino.cli.registry import frontend_for
from kingdomino.cli.sqlite_claim import claim_sqlite_file
from kingdomino.cli.words import in_words, term
from kingdomino.core.game import Game, GameError, OptionValue, ScoreOptionError, ScoreTextError
from kingdomino.core.records import GameRecord, Replay, replay, replayed_winners
from kingdomino.games.registry import game_names, make_game
from kingdomino.games.scorer import score_text
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


@app.command(name="replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A game record (JSON).", exists=False)],
    verbose: Annotated[bool, typer.Option("--verbose", help="Print every action in plain words.")] = False,
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Print one JSON object: the game, its scores, winners and any error."),
    ] = False,
) -> None:
    """Check every action of a game record and print the final scores."""
    if verbose and as_json:
        raise fail("--verbose: not with --json, which prints one JSON object and no log of moves")
    try:
        record = GameRecord.load(file)
        game = make_game(record.game, len(record.players), record.options)
        outcome = replay(record, game)
    except OSError as error:
        raise fail(f"{file}: {error.strerror}") from None
    except GameError as error:
        raise fail(f"{file}: {error}") from None
    if as_json:
        print(json.dumps(replay_json(record, outcome)))
    elif verbose:
        print_log(game, record.actions[: outcome.applied])
    if outcome.error is not None:
        raise fail(f"{file}: {outcome.error}; {outcome.applied} actions applied, nothing after it", 1)
    if not as_json:
        print_replay_table(game, record, outcome)
    if outcome.result_mismatch:
        raise fail(f"{file}: {outcome.result_mismatch}", 1)


def replay_json(record: GameRecord, outcome: Replay) -> dict[str, Any]:
    """What ``replay --json`` prints: the record's game and the position its actions reach.

    ``actions`` counts the record's actions, ``applied`` those replayed (fewer when one is
    illegal: ``error`` gives its index, text and reason); ``scores`` are the scores reached,
    ``finished`` says whether the game is over, ``winners`` are its winners (``null`` while it
    is not); ``mismatch`` says how a result the record claims differs. ``seed`` is there when
    the record has one, ``error`` and ``mismatch`` when they happen.
    """
    state = outcome.state
    data: dict[str, Any] = {
        "game": record.game,
        "options": record.options,
        "players": record.players,
    }
    if record.seed is not None:
        data["seed"] = record.seed
    data |= {
        "actions": len(record.actions),
        "applied": outcome.applied,
        "finished": state.is_terminal(),
        "scores": state.scores(),
        "winners": replayed_winners(record, outcome),
    }
    if record.result is not None and isinstance(record.result.get("ended"), dict):
        data["ended"] = record.result["ended"]
    if outcome.error is not None:
        error = outcome.error
        data["error"] = {"index": error.index, "action": error.action, "reason": error.reason}
    if outcome.result_mismatch:
        data["mismatch"] = outcome.result_mismatch
    return data


def print_log(game: Game, actions: list[str]) -> None:
    """Every action in plain words, as ``replay --verbose`` shows them (the actions are legal)."""
    state = game.new_initial_state()
    for text in actions:
        action = state.parse_action(text)
        console.print(f"  {in_words(state.describe_action(action))}", highlight=False)
        state.apply_unchecked(action)


def print_replay_table(game: Game, record: GameRecord, outcome: Replay) -> None:
    """The scores a replay reaches, the winners starred once the game is over (or a player
    resigned: the record's ranking, ``replayed_winners``)."""
    state = outcome.state
    table = Table(title=f"{game.describe()} · {len(record.actions)} actions")
    table.add_column("seat", justify="right")
    table.add_column("player")
    table.add_column("score", justify="right")
    winners = replayed_winners(record, outcome) or []
    for seat, score in enumerate(state.scores()):
        table.add_row(str(seat), record.players[seat], f"{score}{' ★' if seat in winners else ''}")
    console.print(table)
    ended = (record.result or {}).get("ended")
    if isinstance(ended, dict) and outcome.ok and ended.get("by") == "resign":
        console.print(f"{record.players[int(ended['seat'])]} resigned: the game ended there, scores then.")
    elif not state.is_terminal():
        console.print("The record ends before the game does: scores so far.", style="yellow")


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


@app.command(epilog=kingdom_text_help())
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


def main() -> None:
    app()


def default_data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "kingdomino"


@app.command(cls=OneLineCommand)
def serve(
    host: Annotated[
        str,
        typer.Option(
            metavar="HOST",
            help="Address to listen on: 127.0.0.1 is this computer alone, 0.0.0.0 every address of "
            "it (friends on your network, above).",
        ),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, metavar="PORT", help="TCP port.")] = 8000,
    data_dir: Annotated[
        Path | None,
        typer.Option(
            metavar="DIR",
            help="Where the SQLite file kingdomino.sqlite3 lives (default ~/.local/share/kingdomino); "
            "one server at a time uses it.",
        ),
    ] = None,
    database_url: Annotated[
        str | None,
        typer.Option(
            metavar="URL", help="A database to use instead of SQLite, as an SQLAlchemy URL (above)."
        ),
    ] = None,
    ai_delay: Annotated[
        float, typer.Option(metavar="SECONDS", min=0, help="Seconds an AI seat waits before moving.")
    ] = 0.4,
    ai_workers: Annotated[
        str,
        typer.Option(
            metavar="N|ray",
            help="Where AI searches run: a number of local worker processes (default: one per core) "
            "or 'ray' for a Ray cluster.",
        ),
    ] = "",
    ray_address: Annotated[
        str | None,
        typer.Option(
            metavar="ADDRESS",
            help="With --ai-workers ray: the cluster's address (default: start a local Ray).",
        ),
    ] = None,
    seat_agent: Annotated[
        list[str] | None,
        typer.Option(
            metavar="NAME=SPEC",
            help="An agent offered as an AI seat besides the levels, repeatable: e.g. "
            "ppo=mypkg.mod:make (docs/agents.md). Only the operator names one.",
        ),
    ] = None,
    forwarded_allow_ips: Annotated[
        str,
        typer.Option(
            metavar="IPS",
            rich_help_panel="Behind a reverse proxy",
            help="The reverse proxies (comma-separated addresses or networks, e.g. 10.0.0.5,10.1.0.0/16) "
            "whose X-Forwarded-For header names the client; by default no one's is trusted.",
        ),
    ] = "",
    smtp_url: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            envvar="KINGDOMINO_SMTP_URL",
            rich_help_panel="E-mail",
            help="The relay accounts' mails go through: smtp://USER:PASSWORD@HOST:587 (STARTTLS) or "
            "smtps://...:465 (TLS); without it no mail is sent (docs/server/messages.md).",
        ),
    ] = None,
    mail_from: Annotated[
        str | None,
        typer.Option(
            metavar="ADDRESS",
            envvar="KINGDOMINO_MAIL_FROM",
            rich_help_panel="E-mail",
            help="The mails' sender, e.g. 'Kingdomino <noreply@example.org>' (default: noreply@ the "
            "--public-url's host).",
        ),
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            envvar="KINGDOMINO_PUBLIC_URL",
            rich_help_panel="E-mail",
            help="The site's address the mails' links lead to, e.g. https://kingdomino.example.org "
            "(needed with --smtp-url).",
        ),
    ] = None,
) -> None:
    """Start the browser app: play every game against AI or friends; games survive restarts.

    Friends on other computers of your network: start with --host 0.0.0.0 and open the app at the
    network address it prints before you create the game, so its invite links carry that address.

    PostgreSQL: --database-url postgresql+psycopg://user:password@host/db (pip install -e
    '.[web,postgres]'). Several servers may share one PostgreSQL database (behind a load
    balancer): each serves every game, and clients of one hear the actions made through the others.

    Upgrading: stop the server, install the new version and start it on the same database; the
    tables it lacks are made at start and every game resumes. GET /api/health answers 200 while
    the server and its database answer (503 otherwise), for a load balancer or systemd to poll.
    """
    missing = [
        name
        for name in ("fastapi", "pydantic", "sqlalchemy", "uvicorn")
        if importlib.util.find_spec(name) is None
    ]
    if missing:
        raise fail(
            f"the browser app needs the 'web' extra: pip install -e '.[web]' (missing: {', '.join(missing)})"
        )
    import uvicorn

    from kingdomino.build_info import this_build
    from kingdomino.cli.server_database import schema_gap, upgraded_words
    from kingdomino.web.ai_workers import WorkersUnavailable
    from kingdomino.web.app import create_app
    from kingdomino.web.connections import TrustedProxies, local_workers, raise_file_limit, total_connections
    from kingdomino.web.log_lines import logged
    from kingdomino.web.mail_send import MailSettings
    from kingdomino.web.serving import server_config
    from kingdomino.web.store_setup import StoreNotWritable
    from kingdomino.workers import WorkersSpec

    if database_url is not None and data_dir is not None:
        raise fail("--data-dir: only for the SQLite file; with --database-url the games are in that database")
    if database_url is not None and not database_url.strip():
        # What a service's ${KINGDOMINO_DATABASE_URL} left unset gives (docs/kingdomino@.service).
        raise fail("--database-url: empty (is KINGDOMINO_DATABASE_URL set, in /etc/kingdomino/env?)")
    database_flag = "--data-dir" if database_url is None else "--database-url"
    if database_url is None:
        directory = data_dir or default_data_dir()
        try:
            output_folder(directory, "--data-dir")
        except PathProblem as error:
            raise fail(str(error)) from None
        database_url = f"sqlite:///{directory / 'kingdomino.sqlite3'}"
    if ai_workers not in ("", "ray") and not (ai_workers.isdigit() and int(ai_workers) > 0):
        raise fail(f"--ai-workers: expected a number of processes (1 or more) or 'ray', got {ai_workers!r}")
    if ray_address and ai_workers != "ray":
        raise fail("--ray-address: only with --ai-workers ray")
    workers = f"ray:{ray_address}" if ai_workers == "ray" and ray_address else ai_workers
    agents = {}
    for item in seat_agent or []:
        name, sep, spec = item.partition("=")
        if not sep or not name.strip() or not spec.strip():
            raise fail(f"--seat-agent: expected NAME=SPEC, e.g. ppo=mypkg.policies:make_ppo, got {item!r}")
        agents[name.strip()] = spec.strip()
    try:
        TrustedProxies.parse(forwarded_allow_ips)
    except ValueError as error:
        raise fail(f"--forwarded-allow-ips: {error}") from None
    try:
        mail = MailSettings.parse(smtp_url, mail_from, public_url) if smtp_url else None
    except ValueError as error:
        raise fail(str(error)) from None
    # Before the app starts its AI workers, and in words: a port in use, a host not this machine's.
    problem = listen_problem(host, port)
    if problem:
        raise fail(problem)
    # Its warnings and errors from here on, with their time and level (web/log_lines.py).
    with logged():
        problem = claim_sqlite_file(database_url, database_flag)
        if problem:
            raise fail(problem)
        from sqlalchemy.engine import make_url
        from sqlalchemy.exc import ArgumentError, SQLAlchemyError

        gap = schema_gap(database_url)
        try:
            shown = make_url(database_url).render_as_string(hide_password=True)
            app_ = create_app(
                database_url, ai_delay=ai_delay, ai_workers=workers, seat_agents=agents, mail=mail
            )
        except WorkersUnavailable as error:
            raise fail(f"--ai-workers {ai_workers}: Ray cannot be used: {error}") from None
        except StoreNotWritable as error:
            refused = f"{shown}: {error} (the server would refuse every move); check the rights on it"
            raise fail(refused) from None
        except ValueError as error:
            if str(error).startswith("seat agent"):
                raise fail(f"--seat-agent: {error}") from None
            raise fail(unknown_database_url(error)) from None
        except ArgumentError as error:
            raise fail(unknown_database_url(error)) from None
        except (SQLAlchemyError, ModuleNotFoundError) as error:
            first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            raise fail(f"{database_flag} {shown}: the database cannot be opened: {first}") from None
        said = start_lines(host, port, shown, proxies=forwarded_allow_ips, build=this_build().words())
        if gap:
            said.append(f"Database upgraded from an earlier version: {upgraded_words(gap)}")
        if mail is not None:
            said.append(f"E-mail goes through {mail.host}:{mail.port}; its links lead to {mail.public_url}")
        for line in [*said, ai_line(WorkersSpec.parse(workers), agents)]:
            console.print(line, soft_wrap=True)
        connections = total_connections(raise_file_limit(), local_workers(workers))
        uvicorn.Server(server_config(app_, host, port, forwarded_allow_ips, connections)).run()
