"""``kingdomino database backup`` and ``restore`` on a server's SQLite file: a backup taken while
a server writes holds its latest commits, and a restore after a crash (the ``-wal`` file of the
killed server still beside the database) gives the backup exactly, not the backup with the later
pages read on top of it, as putting the copy in place by hand did."""

from __future__ import annotations

import fcntl
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

from tests.web.conftest import QUICK
from typer.testing import CliRunner

from kingdomino.cli import app
from kingdomino.web.accounts import Accounts
from kingdomino.web.store import Store

runner = CliRunner()

#: A server's process writing an account and killed before it closes the database (``-wal`` kept).
KILLED_AFTER_A_WRITE = """
import os, sys
from kingdomino.web.accounts import Accounts
from kingdomino.web.store import Store
from tests.web.conftest import QUICK
Accounts(Store("sqlite:///" + sys.argv[1]), QUICK).create("Zsofi", "a long password")
os._exit(9)
"""


def run(*words: str) -> tuple[int, str]:
    result = runner.invoke(app, ["database", *words], env={"COLUMNS": "200"})
    return result.exit_code, result.output


def names(file: Path) -> list[str]:
    with closing(sqlite3.connect(file)) as database:
        return [name for (name,) in database.execute("SELECT name FROM accounts ORDER BY id")]


def test_a_restore_after_a_crash_gives_the_backup_and_keeps_what_it_replaced(tmp_path: Path) -> None:
    data, backups = tmp_path / "data", tmp_path / "backups"
    data.mkdir()
    backups.mkdir()
    database = data / "kingdomino.sqlite3"
    store = Store(f"sqlite:///{database}")  # a server running: its commits in the -wal file
    accounts = Accounts(store, QUICK)
    accounts.create("Marta", "a long password")
    code, said = run("backup", str(backups / "monday.sqlite3"), "--data-dir", str(data))
    assert code == 0 and "backed up to" in said, said
    assert names(backups / "monday.sqlite3") == ["Marta"]
    code, said = run("backup", str(backups / "monday.sqlite3"), "--data-dir", str(data))
    assert code == 2 and "is already there" in said, said
    store.close()
    killed = subprocess.run(  # a server that wrote after the backup, then was killed: its -wal stays
        [sys.executable, "-c", KILLED_AFTER_A_WRITE, str(database)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert killed.returncode == 9, killed.stderr
    wal = data / "kingdomino.sqlite3-wal"
    assert wal.is_file() and wal.stat().st_size > 0
    with (data / "kingdomino.sqlite3.lock").open("w") as lock:  # and a server running on it
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        lock.write("4242")
        lock.flush()
        code, said = run("restore", str(backups / "monday.sqlite3"), "--data-dir", str(data))
        assert code == 2 and "(process 4242)" in said, said
    code, said = run("restore", str(backups / "monday.sqlite3"), "--data-dir", str(data))
    assert code == 0 and "kingdomino.sqlite3.before-restore" in said, said
    assert not wal.exists() and not (data / "kingdomino.sqlite3-shm").exists()
    assert names(database) == ["Marta"]
    assert names(data / "kingdomino.sqlite3.before-restore") == ["Marta", "Zsofi"]
    store = Store(f"sqlite:///{database}")  # the server started again on it
    assert Accounts(store, QUICK).log_in("Marta", "a long password")[0].name == "Marta"
    store.close()


def test_a_restore_refuses_a_file_that_is_no_servers_backup(tmp_path: Path) -> None:
    (tmp_path / "kingdomino.sqlite3").write_bytes(b"")
    (tmp_path / "notes.txt").write_text("not a database, but long enough to be read as one " * 40)
    with closing(sqlite3.connect(tmp_path / "other.sqlite3")) as other:
        other.execute("CREATE TABLE things (id INTEGER)")
    for backup, said in [
        ("missing.sqlite3", "BACKUP: no file"),
        ("notes.txt", "is not an SQLite database"),
        ("other.sqlite3", "holds no server's tables"),
    ]:
        code, output = run("restore", str(tmp_path / backup), "--data-dir", str(tmp_path))
        assert code == 2 and said in output, output
    assert (tmp_path / "kingdomino.sqlite3").read_bytes() == b""
