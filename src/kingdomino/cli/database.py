"""``kingdomino database upgrade``: the tables and columns this version adds made in a database an
earlier version made, with the servers stopped, as this version's ``serve`` makes them at its
start (``store_setup.prepare_schema``). The operator commands refuse such a database until then
(``server_database``)."""

from __future__ import annotations

import typer
from rich.console import Console

from kingdomino.cli.app import fail
from kingdomino.cli.one_line_errors import OneLineGroup
from kingdomino.cli.server_database import DatabaseUrlOpt, DataDirOpt, database_named, in_words, lacking
from kingdomino.cli.sqlite_claim import sqlite_file_held

app = typer.Typer(
    cls=OneLineGroup,
    help="The server's database: upgrade one an earlier version made.",
    no_args_is_help=True,
    rich_markup_mode="markdown",
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.command()
def upgrade(data_dir: DataDirOpt = None, database_url: DatabaseUrlOpt = None) -> None:
    """Add this version's tables and columns to the server's database (as `kingdomino serve` does
    at its start), and say which. Stop the servers using it first: an SQLite file a server holds
    is refused; back it up before (docs/server.md, 'Operating it')."""
    url, flag = database_named(data_dir, database_url)
    with sqlite_file_held(url, flag) as problem:
        if problem:
            raise fail(problem)
        said = upgraded(url, flag)
    Console().print(said, highlight=False, soft_wrap=True)


def upgraded(url: str, flag: str) -> str:
    """Upgrade the database of ``url`` (named by ``flag``): what was added, in a line."""
    missing = lacking(url, flag)
    from sqlalchemy import make_url
    from sqlalchemy.exc import SQLAlchemyError

    from kingdomino.web.store import Store
    from kingdomino.web.store_setup import StoreNotWritable

    shown = make_url(url).render_as_string(hide_password=True)
    if not missing:
        return f"{shown}: up to date, nothing to add"
    try:
        Store(url).close()
    except StoreNotWritable as error:
        raise fail(f"{flag}: {error}; check the rights on it") from None
    except SQLAlchemyError as error:
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise fail(f"{flag}: the database cannot be upgraded: {first}") from None
    tables = [name for name in missing if "." not in name]
    columns = len(missing) - len(tables)
    return (
        f"{shown}: upgraded: {len(tables)} table{'s' * (len(tables) != 1)} and {columns} "
        f"column{'s' * (columns != 1)} added ({in_words(missing)})"
    )
