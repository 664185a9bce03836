"""``kingdomino replay``: check every action of a game record and print where it ends."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from kingdomino.cli.app import console, fail
from kingdomino.cli.words import in_words
from kingdomino.core.game import Game, GameError
from kingdomino.core.records import GameRecord, Replay, replay, replayed_winners
from kingdomino.games.registry import make_game


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
