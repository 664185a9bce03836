"""``kingdomino games export``: the finished games of the server's database as game records, one
JSON object a line (``web.game_export``), for research: a data set of people's games.

Example: ``kingdomino games export --game kingdomino --players 2 --rated --anonymous --out
games.jsonl.gz`` writes the rated two-player Kingdomino games anyone could watch, with
pseudonyms for the players' names; ``kingdomino replay`` checks any of its lines.
"""

from __future__ import annotations

import gzip
import json
import secrets
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Annotated

import typer
from rich.console import Console

from kingdomino.cli.app import fail
from kingdomino.cli.one_line_errors import OneLineGroup
from kingdomino.cli.server_database import DatabaseUrlOpt, DataDirOpt, open_store
from kingdomino.games.registry import game_names

app = typer.Typer(
    cls=OneLineGroup,
    help="The finished games of the server's database: export them as game records for research.",
    no_args_is_help=True,
    rich_markup_mode="markdown",
    context_settings={"help_option_names": ["-h", "--help"]},
)


def day(text: str | None, flag: str) -> datetime | None:
    """The moment of a ``YYYY-MM-DD`` (UTC midnight) or ISO 8601 text, refused naming ``flag``."""
    if text is None:
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise fail(
            f"{flag}: expected a day (2026-11-30) or a moment (2026-11-30T18:00), got {text!r}"
        ) from None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _file(out: Path) -> IO[str]:
    """``out`` opened for writing text: compressed when its name ends in ``.gz``."""
    if out.suffix == ".gz":
        return gzip.open(out, "wt", encoding="utf-8")
    return out.open("w", encoding="utf-8")


@contextmanager
def opened(out: Path | None) -> Iterator[IO[str]]:
    """Where the lines go: standard output, or the file ``out``."""
    if out is None:
        yield sys.stdout
        return
    try:
        stream = _file(out)
    except OSError as error:
        raise fail(f"--out: cannot write {out}: {error.strerror}") from None
    with stream:
        yield stream


@app.command()
def export(
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", "-o", metavar="FILE", help="Write here (FILE.gz: compressed) instead of the screen."
        ),
    ] = None,
    game: Annotated[
        str | None, typer.Option(metavar="GAME", help="One game alone (kingdomino, duel, origins).")
    ] = None,
    players: Annotated[int | None, typer.Option(min=2, max=4, help="Games of this many seats alone.")] = None,
    since: Annotated[
        str | None, typer.Option(metavar="DAY", help="Games created from this day (UTC) on.")
    ] = None,
    until: Annotated[
        str | None, typer.Option(metavar="DAY", help="Games created before this day (UTC).")
    ] = None,
    rated: Annotated[bool, typer.Option("--rated", help="Rated games alone.")] = False,
    people: Annotated[
        bool,
        typer.Option(
            "--people",
            help="Games every seat of which a person began (no AI seat from the start, no bot's account).",
        ),
    ] = False,
    private: Annotated[
        bool,
        typer.Option(
            "--private", help="The games no one but their players could watch too (not written by default)."
        ),
    ] = False,
    anonymous: Annotated[
        bool, typer.Option("--anonymous", help="Pseudonyms for every account, 'Guest' for a guest's name.")
    ] = False,
    salt: Annotated[
        str | None,
        typer.Option(
            metavar="TEXT",
            help="The pseudonyms' secret (implies --anonymous): the same salt, the same names.",
        ),
    ] = None,
    limit: Annotated[int | None, typer.Option(min=1, help="At most this many games.")] = None,
    data_dir: DataDirOpt = None,
    database_url: DatabaseUrlOpt = None,
) -> None:
    """Write the finished games as game records, one JSON object a line, oldest first."""
    if game is not None and game not in game_names():
        raise fail(f"--game: expected one of {', '.join(game_names())}, got {game!r}")
    from kingdomino.web.game_export import Choice, exported, private_left_out

    start, end = day(since, "--since"), day(until, "--until")
    if start is not None and end is not None and start >= end:
        raise fail(f"--since: {since} is not before --until {until}: no game is between them")
    choice = Choice(game, players, start, end, rated, people, private, limit)
    key = salt.encode() if salt is not None else secrets.token_bytes(16) if anonymous else None
    store = open_store(data_dir, database_url)
    written = 0
    try:
        with opened(out) as stream:
            for line in exported(store, choice, key):
                stream.write(json.dumps(line, separators=(",", ":")) + "\n")
                written += 1
        full = limit is not None and written >= limit
        left_out = 0 if full else private_left_out(store, choice)
    finally:
        store.close()
    where = "" if out is None else f" to {out}"
    said = f"{written} game{'s' if written != 1 else ''} written{where}"
    if left_out:
        said += f"; {left_out} private game{'s' if left_out != 1 else ''} left out (--private writes them)"
    Console(stderr=True).print(said, highlight=False)
