"""What the store promises before a player is told anything: it can write, each commit is on the
disk, and a secret seed is too wide to search.

A server over a database it can only read served the games and answered every move 500; SQLite
ran with ``synchronous=NORMAL``, whose last commits a power loss may take back; a secret seed had
48 bits, which a search of every seed against a game's first draws could find.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import text
from tests.web.conftest import free_port
from typer.testing import CliRunner

from kingdomino.cli import app
from kingdomino.web.new_games import new_seed
from kingdomino.web.store import Store
from kingdomino.web.store_setup import StoreNotWritable
from kingdomino.web.stored import StoredGame, now

runner = CliRunner()
POSTGRES = os.environ.get("KINGDOMINO_TEST_POSTGRES_URL")


def read_only_url(path: Path) -> str:
    """The SQLite file at ``path`` opened read-only, as a file of mode 444 opens for a user who
    is not root (root may write any file, so the mode alone proves nothing in a test run as root)."""
    return f"sqlite:///file:{path}?mode=ro&uri=true"


@pytest.fixture
def existing_file(tmp_path: Path) -> Path:
    path = tmp_path / "kingdomino.sqlite3"
    Store(f"sqlite:///{path}").close()
    os.chmod(path, 0o444)
    return path


def test_a_store_over_a_read_only_database_is_refused_in_words(existing_file: Path) -> None:
    with pytest.raises(StoreNotWritable, match="cannot be written: attempt to write a readonly database"):
        Store(read_only_url(existing_file))


def test_serve_refuses_a_database_it_cannot_write_before_it_starts(existing_file: Path) -> None:
    url = read_only_url(existing_file)
    result = runner.invoke(app, ["serve", "--port", str(free_port()), "--database-url", url])
    assert result.exit_code == 2, result.output
    text_ = " ".join(result.output.split())
    assert "cannot be written" in text_ and "readonly" in text_, text_
    assert "Traceback" not in text_ and "Kingdomino at" not in text_


@pytest.mark.skipif(not POSTGRES, reason="KINGDOMINO_TEST_POSTGRES_URL is not set")
def test_a_postgresql_database_that_may_only_be_read_is_refused() -> None:
    assert POSTGRES
    Store(POSTGRES).close()
    postgres_url = POSTGRES
    separator = "&" if "?" in postgres_url else "?"
    read_only = f"{postgres_url}{separator}options=-c%20default_transaction_read_only%3Don"
    with pytest.raises(StoreNotWritable, match="read-only transaction"):
        Store(read_only)


def test_sqlite_commits_are_on_the_disk_before_they_return(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    try:
        with store.engine.connect() as connection:
            assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
            assert connection.execute(text("PRAGMA synchronous")).scalar() == 2  # FULL
    finally:
        store.close()


def test_a_secret_seed_has_128_bits_and_is_stored_whole(tmp_path: Path) -> None:
    seeds = [new_seed() for _ in range(64)]
    assert max(seeds) >= 2**120  # 64 draws of 128 bits: all below 2**120 has odds of 2**-512
    assert len(set(seeds)) == len(seeds)
    database = tmp_path / "games.sqlite3"
    store = Store(f"sqlite:///{database}")
    try:
        for number, seed in enumerate([seeds[0], 2**128 - 1, 7, 2**63 - 1]):
            game = StoredGame(f"g{number}", "kingdomino", 2, {}, seed, [], "spectator", "playing", now(), [])
            store.create_game(game)
            loaded = store.load(game.id)
            assert loaded is not None and loaded.seed == seed
    finally:
        store.close()
    with sqlite3.connect(database) as connection:
        narrow = connection.execute("SELECT seed FROM games WHERE id = 'g2'").fetchone()
    assert narrow == (7,)  # a seed that fits is kept where earlier versions read it
