"""``kingdomino database upgrade``, ``backup`` and ``restore`` (the SQLite file's copy:
``database_files``). ``upgrade``: the tables and columns this version adds made in a database an
earlier version made, with the servers stopped, as this version's ``serve`` makes them at its
start (``store_setup.prepare_schema``). The operator commands refuse such a database until then
(``server_database``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from kingdomino.cli.app import default_data_dir, fail
from kingdomino.cli.database_files import FileProblem, back_up
from kingdomino.cli.database_files import restore as restore_file
from kingdomino.cli.one_line_errors import OneLineGroup
from kingdomino.cli.postgres_servers import servers_refusal
from kingdomino.cli.server_database import DatabaseUrlOpt, DataDirOpt, database_named, lacking, upgraded_words
from kingdomino.cli.sqlite_claim import sqlite_file_held

app = typer.Typer(
    cls=OneLineGroup,
    help="The server's database: upgrade one an earlier version made; back up and restore an SQLite file.",
    no_args_is_help=True,
    rich_markup_mode="markdown",
    context_settings={"help_option_names": ["-h", "--help"]},
)


ForceOpt = Annotated[
    bool,
    typer.Option(
        "--force",
        help="PostgreSQL: upgrade although servers still run on the database (the earlier version's "
        "servers then meet tables and columns they do not know).",
    ),
]


@app.command()
def upgrade(
    data_dir: DataDirOpt = None, database_url: DatabaseUrlOpt = None, force: ForceOpt = False
) -> None:
    """Add this version's tables and columns to the server's database (as `kingdomino serve` does
    at its start), and say which. Stop the servers using it first: an SQLite file a server holds
    is refused, and so is a PostgreSQL database a server has sessions on (unless --force); back
    it up before (docs/server.md, 'Operating it')."""
    url, flag = database_named(data_dir, database_url)
    if force and database_url is None:
        raise fail("--force: only with --database-url; an SQLite file serves one server: stop it first")
    with sqlite_file_held(url, flag) as problem:
        if problem:
            raise fail(problem)
        said = upgraded(url, flag, force)
    Console().print(said, highlight=False, soft_wrap=True)


def upgraded(url: str, flag: str, force: bool = False) -> str:
    """Upgrade the database of ``url`` (named by ``flag``): what was added, in a line; refused
    while servers run on it (PostgreSQL: ``postgres_servers``) unless ``force``."""
    missing = lacking(url, flag)
    from sqlalchemy import make_url
    from sqlalchemy.exc import SQLAlchemyError

    from kingdomino.web.store import Store
    from kingdomino.web.store_setup import StoreNotWritable

    shown = make_url(url).render_as_string(hide_password=True)
    try:
        refusal = None if force else servers_refusal(url, flag)
    except SQLAlchemyError as error:
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise fail(f"{flag}: its sessions cannot be read: {first}; stop the servers, then --force") from None
    if refusal:
        raise fail(refusal)
    if not missing:
        return f"{shown}: up to date, nothing to add"
    try:
        Store(url).close()
    except StoreNotWritable as error:
        raise fail(f"{flag}: {error}; check the rights on it") from None
    except SQLAlchemyError as error:
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise fail(f"{flag}: the database cannot be upgraded: {first}") from None
    return f"{shown}: upgraded: {upgraded_words(missing)}"


def sqlite_file(data_dir: Path | None) -> Path:
    """The server's SQLite file in ``data_dir`` (or the default folder), refused if not there."""
    return Path(database_named(data_dir, None)[0].removeprefix("sqlite:///"))


@app.command()
def backup(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="The new file the copy is written to.")],
    data_dir: DataDirOpt = None,
) -> None:
    """Copy the server's SQLite file, its latest commits too, into FILE, while the server runs
    (SQLite's online backup; a `cp` of the file alone misses what is in its -wal file beside it).
    PostgreSQL: `pg_dump -Fc` (docs/server.md, 'Operating it')."""
    database = sqlite_file(data_dir)
    try:
        size = back_up(database, file)
    except FileProblem as error:
        raise fail(str(error)) from None
    Console().print(f"{database} backed up to {file} ({size // 1024} KiB)", highlight=False, soft_wrap=True)


@app.command()
def restore(
    backup_file: Annotated[Path, typer.Argument(metavar="BACKUP", help="A file `database backup` wrote.")],
    data_dir: DataDirOpt = None,
) -> None:
    """Put BACKUP in the place of the server's SQLite file, the server stopped (refused while one
    runs on it). The file it replaces is kept beside it as kingdomino.sqlite3.before-restore, its
    latest commits folded in; no -wal file of it is left to be read on top of the backup."""
    folder = data_dir or default_data_dir()
    database = folder / "kingdomino.sqlite3"
    flag = "--data-dir" if data_dir is not None else "--data-dir (default)"
    if not folder.is_dir():
        raise fail(f"{flag}: no folder {folder}")
    with sqlite_file_held(f"sqlite:///{database}", flag) as problem:
        if problem:
            raise fail(problem)
        try:
            kept = restore_file(backup_file, database)
        except FileProblem as error:
            raise fail(str(error)) from None
    aside = f"; the file it replaced is kept as {kept}" if kept is not None else ""
    Console().print(f"{backup_file} restored as {database}{aside}", highlight=False, soft_wrap=True)
