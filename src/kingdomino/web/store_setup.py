"""Opening a database for the store: SQLite's pragmas, the columns an earlier version's database
lacks, and a check that the database can be written at all."""

from __future__ import annotations

from typing import Any

from sqlalchemy import inspect, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import InternalError, OperationalError, ProgrammingError

from kingdomino.web.tables import AccountRow, GameRow


class StoreNotWritable(Exception):
    """The database can be read but not written (a read-only file, a read-only user or replica)."""


def add_missing_columns(engine: Engine) -> None:
    """Add the columns a database made by an earlier version lacks to its tables (each has a
    server default)."""
    for row in (GameRow, AccountRow):
        table = row.__table__
        name = row.__tablename__
        existing = {column["name"] for column in inspect(engine).get_columns(name)}
        with engine.begin() as connection:
            for column in table.columns:
                if column.name not in existing:
                    kind = column.type.compile(engine.dialect)
                    default = column.server_default.arg if column.server_default is not None else None
                    connection.exec_driver_sql(
                        f"ALTER TABLE {name} ADD COLUMN {column.name} {kind}"
                        + (f" DEFAULT '{default}'" if default is not None else "")
                    )


def check_writable(engine: Engine) -> None:
    """Raise :class:`StoreNotWritable` unless a write to the games can be made (then undone).

    A server over a database it can only read would serve the games and refuse every move;
    it is better refused at start, in words.
    """
    with engine.connect() as connection, connection.begin() as transaction:
        try:
            connection.execute(update(GameRow).where(GameRow.id == "").values(revision=GameRow.revision))
        except (OperationalError, InternalError, ProgrammingError) as error:  # the last two: PostgreSQL
            first = str(error.orig).strip().splitlines()[0] if error.orig else str(error)
            raise StoreNotWritable(f"the database cannot be written: {first}") from None
        finally:
            transaction.rollback()


def sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    # WAL with synchronous=FULL: each commit is written to the disk (fsync) before it returns, so
    # a committed transaction survives the process being killed and the machine losing power.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
