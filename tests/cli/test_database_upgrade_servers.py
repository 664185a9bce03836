"""``kingdomino database upgrade`` on PostgreSQL refuses a database a server still runs on,
naming the server (``cli.postgres_servers``), as it refuses an SQLite file a server holds: a
real ``kingdomino serve`` started on the database, and an earlier version's server (its sessions
unnamed, listening for the others' writes). ``--force`` upgrades under them."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from tests.web.conftest import POSTGRES, ServerProcess, fresh_postgres
from tests.web.test_old_databases import DATA, postgres_database
from typer.testing import CliRunner

from kingdomino.cli import app
from kingdomino.cli.postgres_servers import servers_on
from kingdomino.web.notify import libpq_url

needs_postgres = pytest.mark.skipif(not POSTGRES, reason="KINGDOMINO_TEST_POSTGRES_URL is not set")

runner = CliRunner()


def upgrade(url: str, *more: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["database", "upgrade", "--database-url", url, *more], env={"COLUMNS": "300"})
    return result.exit_code, result.stdout, result.stderr


def gone(url: str) -> None:
    """Wait for PostgreSQL to end a stopped server's sessions (it does once it reads their end)."""
    for _ in range(200):
        if not servers_on(url):
            return
        time.sleep(0.05)
    raise AssertionError(f"the server's sessions are still there: {servers_on(url)}")


@pytest.fixture
def database() -> Iterator[str]:
    with fresh_postgres("kd_upgrade") as url:
        yield url


@needs_postgres
def test_a_database_a_server_runs_on_is_refused_naming_it_and_upgraded_once_it_stops(database: str) -> None:
    server = ServerProcess(database, "--ai-workers", "1")
    try:
        code, out, err = upgrade(database)
        assert code == 2 and out == "", out + err
        assert err.startswith("error: --database-url: 1 server still runs on postgresql+psycopg://"), err
        assert f"(kingdomino serve process {server.process.pid} on " in err and "--force" in err, err
        assert ":kd@" not in err and "***" in err  # the password is not repeated into a log
        forced, out, err = upgrade(database, "--force")
        assert forced == 0 and "up to date, nothing to add" in out, out + err
    finally:
        server.process.terminate()
        server.process.wait(60)
    gone(database)
    code, out, err = upgrade(database)
    assert code == 0 and "up to date, nothing to add" in out, out + err


@needs_postgres
def test_an_earlier_versions_server_is_found_by_its_listening_session() -> None:
    """The version before named no session; its servers listen on ``kingdomino_games``."""
    fixture: Path = next(path for path in sorted(DATA.glob("*.postgresql.sql")))
    with postgres_database(fixture) as url, psycopg.connect(libpq_url(url), autocommit=True) as old_server:
        old_server.execute("LISTEN kingdomino_games")
        code, out, err = upgrade(url)
        assert code == 2, out + err
        assert "1 server still runs on " in err and "(a server of an earlier version from " in err, err
        forced, out, err = upgrade(url, "--force")
        assert forced == 0 and ": upgraded: " in out, out + err


def test_force_is_for_postgresql_alone(tmp_path: Path) -> None:
    (tmp_path / "kingdomino.sqlite3").write_bytes(b"")
    result = runner.invoke(app, ["database", "upgrade", "--data-dir", str(tmp_path), "--force"])
    assert result.exit_code == 2 and "--force: only with --database-url" in result.stderr, result.output
