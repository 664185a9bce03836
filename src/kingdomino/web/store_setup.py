"""Opening a database for the store: SQLite's pragmas, its tables made (and the columns an earlier
version's database lacks added and filled) one server at a time, a check that it can be written at
all, and the read that says the server is healthy."""

from __future__ import annotations

from typing import Any

from sqlalchemy import DefaultClause, func, inspect, select, text, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import InternalError, OperationalError, ProgrammingError

from kingdomino.web import (
    arena_tables,  # noqa: F401  (its tables are made with the others)
    beat_tables,  # noqa: F401  (its tables are made with the others)
    club_tables,  # noqa: F401  (its tables are made with the others)
    inbox_tables,  # noqa: F401  (its tables are made with the others)
    insight_tables,  # noqa: F401  (its tables are made with the others)
    mail_notice_tables,  # noqa: F401  (its tables are made with the others)
    mail_tables,  # noqa: F401  (its tables are made with the others)
    moderation_tables,  # noqa: F401  (its tables are made with the others)
    push_tables,  # noqa: F401  (its tables are made with the others)
    puzzle_tables,  # noqa: F401  (its tables are made with the others)
    report_tables,  # noqa: F401  (its tables are made with the others)
    simul_tables,  # noqa: F401  (its tables are made with the others)
    team_battle_tables,  # noqa: F401  (its tables are made with the others)
    tournament_tables,  # noqa: F401  (its tables are made with the others)
    vacation_tables,  # noqa: F401  (its tables are made with the others)
)
from kingdomino.web.insight_tables import fill_game_columns
from kingdomino.web.seats import look_alike_key
from kingdomino.web.tables import AccountRow, Base, GameRow, RatingChangeRow, SeatResultRow

#: The PostgreSQL advisory lock held while a server makes or updates the tables.
SCHEMA_LOCK = 0x6B64_7363


class StoreNotWritable(Exception):
    """The database can be read but not written (a read-only file, a read-only user or replica)."""


def prepare_schema(engine: Engine) -> None:
    """Make the tables a new database lacks and add the columns an earlier version's lacks, in one
    transaction. On PostgreSQL it holds an advisory lock: servers started together over an empty
    database would otherwise create the same tables at once, and all but one fail to start."""
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
        Base.metadata.create_all(connection)
        add_missing_columns(connection)
        fill_look_alike_keys(connection)
        fill_game_ends(connection)
        fill_game_columns(connection)


def missing_schema(connection: Connection) -> list[str]:
    """The tables (``clubs``) and columns (``games.ended``) of this version a database lacks:
    none once a server of this version started on it (``prepare_schema``). The operator commands
    refuse a database lacking some, as a server of an earlier version may still be using it."""
    found = inspect(connection)
    tables: list[str] = []
    columns: list[str] = []
    for table in Base.metadata.sorted_tables:
        if not found.has_table(table.name):
            tables.append(table.name)
            continue
        existing = {column["name"] for column in found.get_columns(table.name)}
        columns += [f"{table.name}.{column.name}" for column in table.columns if column.name not in existing]
    return tables + columns


def add_missing_columns(connection: Connection) -> None:
    """Add the columns a database made by an earlier version lacks to its tables (each new one has a
    server default), as a new database has them (``NOT NULL`` too: the rows there take the
    default), with their indexes: ``create_all`` makes a table's indexes only with the table, and
    the clock's sweep reads ``games.deadline`` every second."""
    for table in Base.metadata.sorted_tables:
        name = table.name
        existing = {column["name"] for column in inspect(connection).get_columns(name)}
        for column in table.columns:
            if column.name not in existing:
                kind = column.type.compile(connection.dialect)
                server_default = column.server_default
                default = server_default.arg if isinstance(server_default, DefaultClause) else None
                connection.exec_driver_sql(
                    f"ALTER TABLE {name} ADD COLUMN {column.name} {kind}"
                    + (f" DEFAULT '{default}'" if default is not None else "")
                    + (" NOT NULL" if default is not None and not column.nullable else "")
                )
        for index in table.indexes:
            index.create(connection, checkfirst=True)


def fill_look_alike_keys(connection: Connection) -> None:
    """Give the accounts that lack it their look-alike key (``seats.look_alike_key``): those of a
    database made before the key was kept, whose column ``add_missing_columns`` added empty. Their
    names stay as they are, even where two of them look alike; a new name is refused against them."""
    missing = connection.execute(
        select(AccountRow.id, AccountRow.name).where(AccountRow.name_skeleton == "")
    ).all()
    for account_id, name in missing:
        connection.execute(
            update(AccountRow).where(AccountRow.id == account_id).values(name_skeleton=look_alike_key(name))
        )


def fill_game_ends(connection: Connection) -> None:
    """Give the finished games whose results were kept before their end was (``games.ended``, the
    order of a player's archive) the nearest moment known: when their ratings moved (a rated
    game's), else when they were made (an earlier version kept no other moment of an unrated game)."""
    kept = select(SeatResultRow.game_id).where(SeatResultRow.game_id == GameRow.id).exists()
    lacking = (GameRow.status == "finished", GameRow.ended.is_(None), kept)
    if connection.execute(select(GameRow.id).where(*lacking).limit(1)).first() is None:
        return  # nothing to write (a database that cannot be written is refused in words after)
    rated = (
        select(func.max(RatingChangeRow.at)).where(RatingChangeRow.game_id == GameRow.id).scalar_subquery()
    )
    connection.execute(update(GameRow).where(*lacking).values(ended=func.coalesce(rated, GameRow.created)))


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


def check_readable(engine: Engine) -> None:
    """Read a game's id, or raise the database's error (``OperationalError``: it cannot be reached):
    the server's health (``GET /api/health``) is that of its database."""
    with engine.connect() as connection:
        connection.execute(select(GameRow.id).limit(1)).all()


def sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    # WAL with synchronous=FULL: each commit is written to the disk (fsync) before it returns, so
    # a committed transaction survives the process being killed and the machine losing power.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
