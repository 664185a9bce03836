"""The servers' database as the operator commands (``accounts``, ``reports``, ``games``,
``puzzles --from-database``, ``database``) name and open it: ``--data-dir`` or ``--database-url``,
as ``kingdomino serve``.

An operator command never makes a database (a mistyped folder would answer "no account") nor
changes its tables: a database an earlier version made is refused, in words saying how to
upgrade it (``kingdomino database upgrade``, or this version's ``serve`` started on it once).
Were the command to add the tables itself, a server of the earlier version still running on it
would meet tables it does not know, and the operator would have upgraded without meaning to.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from kingdomino.cli.app import default_data_dir, fail, unknown_database_url

if TYPE_CHECKING:
    from kingdomino.web.store import Store

DataDirOpt = Annotated[
    Path | None,
    typer.Option(
        metavar="DIR",
        help="Where the server's SQLite file kingdomino.sqlite3 lives (default ~/.local/share/kingdomino).",
    ),
]
DatabaseUrlOpt = Annotated[
    str | None,
    typer.Option(metavar="URL", help="The servers' database instead of SQLite, as an SQLAlchemy URL."),
]

#: How many of the tables and columns a database lacks its refusal names.
NAMED = 3


def database_named(data_dir: Path | None, database_url: str | None) -> tuple[str, str]:
    """The database's URL and the flag that named it (said in its refusals); refused in words when
    SQLAlchemy is not installed, both flags are given, or the SQLite file is not there."""
    if importlib.util.find_spec("sqlalchemy") is None:
        raise fail("the accounts and games live in the server's database: pip install -e '.[web]'")
    if database_url is not None and data_dir is not None:
        raise fail("--data-dir: only for the SQLite file; with --database-url the games are in that database")
    if database_url is not None:
        return database_url, "--database-url"
    file = (data_dir or default_data_dir()) / "kingdomino.sqlite3"
    flag = "--data-dir" if data_dir is not None else "--data-dir (default)"
    if not file.is_file():
        raise fail(f"{flag}: no server database at {file}; name the folder 'kingdomino serve' uses")
    return f"sqlite:///{file}", flag


def lacking(database_url: str, flag: str) -> list[str]:
    """The tables and columns of this version the database lacks (``store_setup.missing_schema``);
    refused in words when no server made it (no ``games`` table, or an SQLite file not there):
    a mistyped name (PostgreSQL's own ``postgres`` database) would answer "0 accounts"."""
    from sqlalchemy import create_engine, inspect, make_url
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from kingdomino.web.store_setup import missing_schema

    try:
        url = make_url(database_url)
        shown = url.render_as_string(hide_password=True)
        if url.get_backend_name() == "sqlite" and not (url.database and Path(url.database).is_file()):
            raise fail(f"{flag}: no server database at {shown}; name the one 'kingdomino serve' uses")
        engine = create_engine(url)
        try:
            with engine.connect() as connection:
                served = inspect(connection).has_table("games")
                missing = missing_schema(connection) if served else []
        finally:
            engine.dispose()
    except (ArgumentError, ValueError) as error:
        raise fail(unknown_database_url(error)) from None
    except (SQLAlchemyError, ModuleNotFoundError) as error:
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise fail(f"{flag}: the database cannot be opened: {first}") from None
    if not served:
        raise fail(
            f"{flag}: {shown} holds no server's tables (no 'games'); "
            "name the database 'kingdomino serve' uses (a server makes its tables at its first start)"
        )
    return missing


def in_words(missing: list[str]) -> str:
    """The first tables and columns of ``missing``, and how many more.

    >>> in_words(["clubs", "games.ended", "games.public", "vacations", "blocks"])
    'clubs, games.ended, games.public and 2 more'
    """
    named = ", ".join(missing[:NAMED])
    return named if len(missing) <= NAMED else f"{named} and {len(missing) - NAMED} more"


def upgraded_words(missing: list[str]) -> str:
    """What an upgrade added, in words.

    >>> upgraded_words(["clubs", "games.ended"])
    '1 table and 1 column added (clubs, games.ended)'
    """
    tables = sum("." not in name for name in missing)
    columns = len(missing) - tables
    return (
        f"{tables} table{'s' * (tables != 1)} and {columns} column{'s' * (columns != 1)} added "
        f"({in_words(missing)})"
    )


def upgrade_command(flag: str, database_url: str) -> str:
    """``kingdomino database upgrade`` naming the database as the refused command did (a
    PostgreSQL URL as ``URL``: its password is not to be repeated into a log)."""
    if flag.startswith("--data-dir"):
        folder = database_url.removeprefix("sqlite:///").removesuffix("/kingdomino.sqlite3")
        return f"kingdomino database upgrade --data-dir {folder}"
    return "kingdomino database upgrade --database-url URL"


def open_store(data_dir: Path | None, database_url: str | None) -> Store:
    """The servers' database, as ``serve`` names it, once it has this version's tables; refused in
    words when there is none to open, or it was made by an earlier version (see the module)."""
    url, flag = database_named(data_dir, database_url)
    missing = lacking(url, flag)
    if missing:
        raise fail(
            f"{flag}: the database was made by an earlier version of kingdomino (it lacks "
            f"{in_words(missing)}); upgrade it first, with the old server stopped: "
            f"{upgrade_command(flag, url)} (or start this version's 'kingdomino serve' on it once)"
        )
    from sqlalchemy.exc import SQLAlchemyError

    from kingdomino.web.store import Store

    try:
        return Store(url)
    except (SQLAlchemyError, ModuleNotFoundError) as error:
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise fail(f"{flag}: the database cannot be opened: {first}") from None


def schema_gap(database_url: str) -> list[str]:
    """What ``kingdomino serve`` is about to add to the database of ``database_url`` (this
    version's tables and columns it lacks), for its start lines to say; empty for a database
    of this version, a new one (no ``games``: every table is made) or one that cannot be read yet
    (opening it says why)."""
    from sqlalchemy import create_engine, inspect
    from sqlalchemy.exc import SQLAlchemyError

    from kingdomino.web.store_setup import missing_schema

    try:
        engine = create_engine(database_url)
    except (SQLAlchemyError, ValueError, ModuleNotFoundError):
        return []
    try:
        with engine.connect() as connection:
            return missing_schema(connection) if inspect(connection).has_table("games") else []
    except SQLAlchemyError:
        return []
    finally:
        engine.dispose()
