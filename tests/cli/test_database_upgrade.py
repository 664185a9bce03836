"""An operator's upgrade through the command line: a database an earlier version made and used
(``tests/web/data/*.sql``, as ``tests/web/test_old_databases.py`` loads them) is refused by the
operator commands, unchanged, until ``kingdomino database upgrade`` (or this version's ``serve``)
makes this version's tables; then every account is listed and every finished game exported and
replayed. On SQLite, and on PostgreSQL when the test PostgreSQL is set."""

from __future__ import annotations

import fcntl
import json
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect
from sqlalchemy.pool import NullPool
from tests.web.process_lines import next_line
from tests.web.servers import free_port
from tests.web.test_old_databases import old_database  # noqa: F401  (the fixture, each dump)
from typer.testing import CliRunner

from kingdomino.cli import app
from kingdomino.core.records import GameRecord, replay
from kingdomino.games.registry import make_game
from kingdomino.web.store_setup import missing_schema

runner = CliRunner()


def run(*words: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(words), env={"COLUMNS": "200"})
    return result.exit_code, result.stdout, result.stderr


def tables_and_columns(url: str) -> dict[str, set[str]]:
    engine = create_engine(url, poolclass=NullPool)
    try:
        found = inspect(engine)
        return {
            name: {column["name"] for column in found.get_columns(name)} for name in found.get_table_names()
        }
    finally:
        engine.dispose()


@pytest.mark.parametrize("command", [["accounts", "list"], ["reports", "list"], ["games", "export"]])
def test_an_operator_command_refuses_an_earlier_versions_database_and_leaves_it_be(
    old_database: str,  # noqa: F811
    command: list[str],
) -> None:
    """A server of the earlier version may still run on it: the command adds no table under it,
    and says how to upgrade."""
    before = tables_and_columns(old_database)
    code, out, err = run(*command, "--database-url", old_database)
    assert code == 2, out + err
    assert "the database was made by an earlier version of kingdomino (it lacks " in err, err
    assert "kingdomino database upgrade --database-url URL" in err and out == ""
    assert tables_and_columns(old_database) == before


def test_database_upgrade_makes_the_tables_and_the_commands_then_serve(old_database: str) -> None:  # noqa: F811
    had_accounts = "accounts" in tables_and_columns(old_database)
    code, out, err = run("database", "upgrade", "--database-url", old_database)
    assert code == 0, out + err
    assert ": upgraded: " in out and " tables and " in out, out
    engine = create_engine(old_database, poolclass=NullPool)
    with engine.connect() as connection:
        assert missing_schema(connection) == []
    engine.dispose()
    assert run("database", "upgrade", "--database-url", old_database)[1].endswith(
        ": up to date, nothing to add\n"
    )

    code, out, err = run("accounts", "list", "--database-url", old_database)
    assert code == 0, err
    assert ("Anna" in out and "Ben" in out) == had_accounts, out

    code, out, err = run("games", "export", "--database-url", old_database)
    assert code == 0 and out == "", err
    assert "0 games written; " in err and " private game" in err and "(--private writes them)" in err, err
    code, out, err = run("games", "export", "--private", "--database-url", old_database)
    assert code == 0, err
    lines = [json.loads(line) for line in out.splitlines()]
    assert lines and err.startswith(f"{len(lines)} game"), err
    for line in lines:
        record = GameRecord.from_json(line)
        outcome = replay(record, make_game(record.game, len(record.players), record.options))
        assert outcome.ok and outcome.state.is_terminal(), (line["id"], outcome.error)


def test_database_upgrade_refuses_an_sqlite_file_a_server_holds(tmp_path: Path) -> None:
    """The old server left running (its lock beside the file): refused, naming its process."""
    (tmp_path / "kingdomino.sqlite3").write_bytes(b"")
    with (tmp_path / "kingdomino.sqlite3.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        lock.write("4242")
        lock.flush()
        code, out, err = run("database", "upgrade", "--data-dir", str(tmp_path))
    assert code == 2, out + err
    assert "another server already uses" in err and "(process 4242)" in err, err


def test_serve_says_it_upgraded_an_earlier_versions_database(old_database: str) -> None:  # noqa: F811
    """The operator watching the journal reads that the start upgraded the database, and what."""
    command = [sys.executable, "-m", "kingdomino", "serve", "--port", str(free_port()), "--ai-workers", "1"]
    server = subprocess.Popen(
        [*command, "--database-url", old_database],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        said: list[str] = []
        while len(said) < 20 and not (said and (said[-1].startswith("AI:") or not said[-1])):
            said.append(next_line(server, "the upgraded server's start lines"))  # up to the AI's (or the end)
    finally:
        server.terminate()
        server.wait(60)
    (line,) = [line for line in said if line.startswith("Database upgraded from an earlier version: ")]
    assert " tables and " in line and " columns added (" in line, said
