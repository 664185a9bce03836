"""The research commands: ``tournament`` (agents against each other, with statistics), ``compare``
(two tournaments, game by game) and ``analyse``."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from kingdomino.agents import make_agent
from kingdomino.agents.base import Candidate
from kingdomino.arena.by_seat import by_seat
from kingdomino.arena.compare import compare as compare_tournaments
from kingdomino.arena.elo import alike_note
from kingdomino.arena.executors import EXECUTORS, run_games
from kingdomino.arena.ladder import record_heading, record_note
from kingdomino.arena.stats import ALIKE_MEANS, mean_text
from kingdomino.arena.tournament import (
    AgentRow,
    GameOutcome,
    ResultsFile,
    TournamentConfig,
    copies,
    entrants,
    read_results,
    shown,
    summarise,
    validate,
)
from kingdomino.cli.app import (
    GameOpt,
    ModeOpt,
    VariantOpt,
    build_game,
    build_options,
    console,
    errors,
    fail,
    game_error,
    seat_specs,
)
from kingdomino.cli.paths import PathProblem, output_file
from kingdomino.cli.seat_table import seat_table
from kingdomino.cli.words import in_words
from kingdomino.core.game import Game, GameError, State
from kingdomino.core.records import GameRecord
from kingdomino.games.registry import make_game


def tournament(
    agents: Annotated[
        list[str],
        typer.Option(
            help="One agent per seat, e.g. --agents 'mcts:time=1' greedy greedy greedy "
            "(an agent listed again plays as a copy with a row of its own: greedy#2, greedy#3)."
        ),
    ],
    game: GameOpt = "kingdomino",
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Seats (default: one per agent).")
    ] = None,
    games: Annotated[int, typer.Option(min=1, help="How many games (seats rotate every game).")] = 100,
    seed: Annotated[
        int, typer.Option(help="Deal d uses seed + d; each deal is played in every rotation.")
    ] = 1,
    variant: VariantOpt = None,
    mode: ModeOpt = None,
    executor: Annotated[str, typer.Option(help="local (process pool) or ray.")] = "local",
    workers: Annotated[int, typer.Option(min=1, help="Parallel games.")] = 1,
    address: Annotated[str | None, typer.Option(help="Address of an existing Ray cluster.")] = None,
    out: Annotated[Path | None, typer.Option(help="JSONL results, written as games finish; resumes.")] = None,
    bootstrap: Annotated[
        int,
        typer.Option(min=0, help="Bootstrap resamples of the deals for the Elo intervals."),
    ] = 200,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Play agents against each other with seats rotated and print win rates with 95 % intervals."""
    specs = seat_specs(agents)
    if len(specs) < 2 and players is None:
        raise fail(
            f"--agents: one agent per seat (e.g. --agents hard greedy, or hard,greedy), got {len(specs)}; "
            "a spec's own settings follow it (mce:time=1,playout=greedy)"
        )
    if players is not None:
        build_game(game, players, variant, mode)  # a seat count the game does not take, said first
    if players is not None and players != len(specs):
        raise fail(
            f"--agents: expected {players} agents (one per seat of --players {players}), got {len(specs)}"
        )
    config = TournamentConfig(
        game, players or len(specs), build_options(variant, mode, game), entrants(specs), games, seed
    )
    check_executor(executor, address)
    try:
        validate(config)
        if out is not None:
            output_file(out, "--out")
    except GameError as error:
        raise fail(game_error(error, "--players" if players is not None else "--agents")) from None
    except PathProblem as error:
        raise fail(str(error)) from None
    say_copies(specs)
    try:
        results = ResultsFile(out, config) if out is not None else None
        outcomes: list[GameOutcome] = results.load() if results is not None else []
        if results is not None:
            results.start(outcomes)
    except GameError as error:
        raise fail(out_error(error)) from None
    done = {o.index for o in outcomes}
    todo = [i for i in range(games) if i not in done]
    if done:
        errors.print(f"Resuming: {len(done)} games already in {out}, {len(todo)} to play.")
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    try:
        with Progress(*columns, console=errors, transient=True, disable=as_json) as progress:
            task = progress.add_task("tournament", total=games, completed=len(done))
            for outcome in run_games(config, todo, executor, workers, address):
                outcomes.append(outcome)
                if results is not None:
                    results.append(outcome)
                progress.advance(task)
    except GameError as error:
        raise fail(str(error)) from None
    except KeyboardInterrupt:
        raise interrupted(f"{len(outcomes)} of {games} games", out) from None
    rows = summarise(outcomes, bootstrap=bootstrap, seed=seed)
    seats = by_seat(outcomes)
    deals = len({o.seed for o in outcomes})
    if as_json:
        agent_rows = [tournament_row_json(row, deals) for row in rows]
        by_seats = [score_interval_json(asdict(row), deals) for row in seats]
        print(json.dumps({"tournament": config.to_json(), "agents": agent_rows, "by_seat": by_seats}))
        return
    the_game = make_game(game, config.players, config.options)
    table = Table(title=f"{len(outcomes)} games of {the_game.describe()}, seats rotated")
    with_elo = any(row.elo is not None for row in rows)
    record = record_heading(config.players).replace(" ", "\n")
    headings = ["agent", "seats\nplayed", record, "wins", "win rate\n(95 % CI)", "mean score\n(95 % CI)"]
    headings += ["Elo\n(95 % CI)"] if with_elo else []
    longest = max(len(shown(row.agent)) for row in rows)
    for name in headings:
        # a figure with an interval wraps at its spaces first, then a long agent name folds;
        # no figure is cut in two
        table.add_column(
            name,
            justify="left" if name == "agent" else "right",
            overflow="fold",
            no_wrap=name in ("seats\nplayed", record, "wins"),
            min_width=min(longest, 10) if name == "agent" else None,
        )
    for row in rows:
        cells = [
            shown(row.agent),
            str(row.appearances),
            row.record,
            f"{row.wins:g}",
            f"{100 * row.wins / row.appearances:.1f} % [{100 * row.win_low:.1f}, {100 * row.win_high:.1f}]",
            mean_text(row.mean_score, row.score_half_width, deals),
        ]
        if with_elo:
            cells.append(elo_text(row))
        table.add_row(*cells)
    console.print(table)
    console.print(seat_table(seats, [row.agent for row in rows], deals))
    console.print(
        "Shared wins count 1/k to each of the k winners; Wilson intervals for win rates; mean scores' "
        "intervals take each deal (played in every rotation) as one draw, Student's t.",
        style="dim",
    )
    console.print(record_note(config.players), style="dim")
    console.print(
        "By seat: seat 0 is a game's first seat (its first in the results file's seats); which seat "
        "plays first is the game's rule (Kingdomino and Origins draw the first round's order).",
        style="dim",
    )
    if deals > 1 and any(row.score_half_width == 0 for row in [*rows, *seats]):
        console.print(ALIKE_MEANS.format(unit="deal"), style="yellow")
    if deals < 2:
        console.print(one_deal(config.players), style="yellow")
    elif with_elo and bootstrap == 0:
        console.print("--bootstrap 0: no Elo intervals.", style="yellow")
    elif with_elo and all(row.elo_low is None for row in rows):
        console.print(alike_note(), style="yellow")
    if with_elo:
        console.print(
            "Elo: the ladder's Bradley-Terry fit to the pairwise results within games, mean 1500 "
            f"(kingdomino ladder puts random at 0); intervals from {bootstrap} bootstrap resamples "
            "of the deals (a deal with all its games).",
            style="dim",
        )


def elo_text(row: AgentRow) -> str:
    """An agent's Elo with its 95 % interval, as the table shows it (the Elo alone without one)."""
    if row.elo is None:
        return ""
    if row.elo_low is None or row.elo_high is None:
        return f"{row.elo:.0f}"
    return f"{row.elo:.0f} [{row.elo_low:.0f}, {row.elo_high:.0f}]"


def tournament_row_json(row: AgentRow, deals: int) -> dict[str, Any]:
    """An agent's row as ``tournament --json`` prints it: every figure of the table, by name
    (``elo_low``/``elo_high`` are ``null`` without an interval, and so is ``score_half_width``)."""
    return score_interval_json({**asdict(row), "record": row.record}, deals)


def score_interval_json(data: dict[str, Any], deals: int) -> dict[str, Any]:
    """``data`` with the name the tables show (``label``: ``ppo`` for ``ppo=SPEC``) and
    ``score_half_width`` ``null`` for a single deal: its spread is not measured (the table shows
    the mean alone), which a 0 would read as a certain mean."""
    shown_as = {"label": shown(data["agent"])}
    return {**data, **shown_as, "score_half_width": None} if deals < 2 else {**data, **shown_as}


def say_copies(specs: list[str]) -> None:
    """Say (on stderr) how an agent listed more than once is named apart: each copy has its own
    row and rating (``greedy``, ``greedy#2``), where they were once merged without a word."""
    for spec, names in copies(specs).items():
        errors.print(
            f"{spec} is listed {len(names)} times: its copies play as {', '.join(names)}, "
            "each on its own row.",
            highlight=False,
        )


def interrupted(played: str, out: Path | None) -> typer.Exit:
    """Ctrl-C during a run: one line on stderr on what was kept and how to go on, exit code 130
    (it ended with no word, and a researcher could not tell that the file resumes)."""
    if out is None:
        errors.print(f"Interrupted: {played} were played and not kept (--out FILE keeps them and resumes).")
    else:
        errors.print(f"Interrupted: {played} are in {out}; the same command resumes from there.")
    return typer.Exit(130)


def out_error(error: GameError) -> str:
    """A results file's refusal (another tournament's, not one at all) said with ``--out``, the
    option that named the file."""
    message = str(error)
    return message if message.startswith("--out") else f"--out: {message}"


def check_executor(executor: str, address: str | None) -> None:
    """Refuse an executor this command does not know, and a Ray address it would not use."""
    if executor not in EXECUTORS:
        raise fail(f"--executor: expected one of {', '.join(EXECUTORS)}, got {executor!r}")
    if address and executor != "ray":
        raise fail("--address: only with --executor ray (the address of a Ray cluster)")


def one_deal(players: int) -> str:
    """Why a table of one deal has no interval, and how many games give one."""
    return (
        "One deal only (its rotations are one draw): no 95 % interval; "
        f"--games {2 * players} or more plays two deals."
    )


def games_word(count: int) -> str:
    return f"{count} game" if count == 1 else f"{count} games"


def compare(
    first: Annotated[Path, typer.Argument(help="A tournament's results (JSONL, from --out).")],
    second: Annotated[Path, typer.Argument(help="The same tournament with one agent changed.")],
    position: Annotated[
        int | None,
        typer.Option(help="Which agent of the --agents list to compare (default: the one that differs)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the comparison as JSON.")] = False,
) -> None:
    """Compare two tournaments on the same deals game by game: paired score and win differences."""
    try:
        first_results = read_results(first)
        result = compare_tournaments(*first_results, *read_results(second), position)
    except GameError as error:
        raise fail(game_error(error)) from None
    if as_json:
        print(json.dumps(result.__dict__))
        return
    table = Table(title=f"{result.games} paired games, agent {result.position} of the list")
    table.add_column("agent", overflow="fold")
    table.add_column("mean score", justify="right")
    table.add_column("win rate", justify="right")
    table.add_row(shown(result.first), f"{result.first_mean:.1f}", f"{100 * result.first_win_rate:.1f} %")
    table.add_row(shown(result.second), f"{result.second_mean:.1f}", f"{100 * result.second_win_rate:.1f} %")
    if result.same_in_every_game:
        table.add_row("second - first", "none", "none")
        console.print(table)
        console.print(
            f"The two agents had the same result in every game (score and win, {games_word(result.games)}): "
            "there is no difference to measure.",
            style="dim",
        )
        return
    score_spread = result.deals > 1 and result.score_half_width > 0
    win_spread = result.deals > 1 and result.win_half_width > 0
    same_scores = result.second_better == result.second_worse == 0
    same_wins = result.same_wins == result.games
    score = f"{result.score_difference:+.2f}" + (f" ± {result.score_half_width:.2f}" if score_spread else "")
    win = f"{100 * result.win_difference:+.1f}" + (
        f" ± {100 * result.win_half_width:.1f}" if win_spread else ""
    )
    table.add_row(
        "second - first" + (" (95 % CI)" if score_spread or win_spread else ""),
        "none" if same_scores else score,
        "none" if same_wins else win + " points",
    )
    console.print(table)
    console.print(
        f"The second agent scored more in {games_word(result.second_better)}, less in "
        f"{result.second_worse}; intervals take each deal (played in every rotation) as one draw, "
        "Student's t.",
        style="dim",
    )
    if result.deals < 2:
        console.print(one_deal(first_results[0].players), style="yellow")
        return
    for alike, spread, what in ((same_scores, score_spread, "score"), (same_wins, win_spread, "win share")):
        if alike:
            console.print(
                f"The {what} was the same for both agents in every game: no difference to measure.",
                style="dim",
            )
        elif not spread:
            console.print(
                f"No interval for the {what} difference: every deal gave the same difference, so its "
                "interval would have zero width and read as a difference known exactly.",
                style="yellow",
            )


def analyse(
    record_file: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    at: Annotated[int, typer.Option("--at", help="Analyse the position before action N (0-based).")],
    agent: Annotated[str, typer.Option(help="The analysing agent (a level or a spec).")] = "hard",
    seed: Annotated[int, typer.Option(help="Seed of the analysing agent.")] = 1,
    top: Annotated[int, typer.Option(min=1, help="How many candidates to print.")] = 10,
    as_json: Annotated[bool, typer.Option("--json", help="Print the analysis as JSON.")] = False,
) -> None:
    """Rank the candidate moves of a recorded position with an agent's value estimates."""
    try:
        analyst = make_agent(agent, seed)
    except GameError as error:
        raise fail(game_error(error, agents_flag="--agent")) from None
    try:
        record = GameRecord.load(record_file)
        the_game = make_game(record.game, len(record.players), record.options)
    except OSError as error:
        raise fail(f"{record_file}: {error.strerror}") from None
    except GameError as error:
        raise fail(f"{record_file}: {error}") from None
    state = _position(record_file, record, the_game, at)
    candidates = analyst.analyse(state)[:top]
    played = record.actions[at] if at < len(record.actions) else None
    if as_json:
        print(json.dumps(analysis_json(state, at, agent, seed, candidates, played)))
        return
    table = Table(title=f"Position before action {at}: seat {state.current_player} to play ({agent})")
    table.add_column("rank", justify="right")
    table.add_column("move")
    table.add_column("value", justify="right")
    table.add_column("playouts", justify="right")
    for rank, candidate in enumerate(candidates, start=1):
        table.add_row(
            str(rank),
            in_words(state.describe_action(candidate.action)),
            f"{candidate.value:.3f}",
            str(candidate.visits),
        )
    console.print(table)
    if played is not None:
        console.print(f"Played in the record: {in_words(played)}", style="dim", highlight=False)


def _position(record_file: Path, record: GameRecord, game: Game, at: int) -> State:
    """The position before action ``at`` of the record, where a seat decides (else refused)."""
    if not 0 <= at <= len(record.actions):
        raise fail(f"--at: expected 0..{len(record.actions)}, got {at}")
    state = game.new_initial_state()
    for index, text in enumerate(record.actions[:at]):
        try:
            state.apply(state.parse_action(text))
        except GameError as error:
            raise fail(f"{record_file}: action {index} ({text!r}): {error}", 1) from None
    if state.is_terminal() or state.is_chance():
        what = "the game is over" if state.is_terminal() else "chance acts there"
        raise fail(f"--at {at}: no player decides at that position ({what}){_nearest(record, game, at)}")
    return state


def _nearest(record: GameRecord, game: Game, at: int) -> str:
    """Where a player decides nearest before and after action ``at``, as a refusal's ending."""
    decisions, state = [], game.new_initial_state()
    for index, text in enumerate(record.actions):
        if not state.is_chance():
            decisions.append(index)
        try:
            state.apply(state.parse_action(text))
        except GameError:
            break
    near = [
        max((i for i in decisions if i < at), default=None),
        min((i for i in decisions if i > at), default=None),
    ]
    found = [str(index) for index in near if index is not None]
    return f"; the nearest where a player decides: --at {' or '.join(found)}" if found else ""


def analysis_json(
    state: State, at: int, agent: str, seed: int, candidates: list[Candidate], played: str | None
) -> dict[str, Any]:
    """What ``analyse --json`` prints: every figure of the table, by name.

    ``at`` is the action the position comes before, ``player`` the seat to play; each candidate
    has its ``rank`` (1 best), ``action`` (its text, as records write it), ``move`` (in plain
    words), ``value`` (the agent's estimate) and ``playouts`` (how often the search tried it);
    ``played`` is the action the record plays there (``null`` at its end).
    """
    return {
        "game": state.game.name,
        "at": at,
        "player": state.current_player,
        "agent": agent,
        "seed": seed,
        "candidates": [
            {
                "rank": rank,
                "action": state.action_text(candidate.action),
                "move": in_words(state.describe_action(candidate.action)),
                "value": candidate.value,
                "playouts": candidate.visits,
            }
            for rank, candidate in enumerate(candidates, start=1)
        ],
        "played": played,
    }
