"""One ``kingdomino serve`` per SQLite file: a second one is refused before it starts.

SQLite is the one-process default: servers sharing a file hear nothing of each other's writes
(PostgreSQL's notifications carry them), so a page on one would never see a move made through
the other: a second server on the same data folder (the old one left running on another port,
a service and a hand-started one) is refused, naming the first one's process. Each server holds
an exclusive ``flock`` on ``<file>.lock`` beside the database while it runs; the system lets it
go when the process ends, even killed with ``kill -9``. Where there is no ``flock`` (Windows),
nothing is claimed.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

#: The lock of this process's SQLite file, held open (and so locked) until the process ends.
_HELD: list[IO[str]] = []


def sqlite_path(database_url: str) -> Path | None:
    """The file of a ``sqlite:///`` URL (``None``: another database, SQLite in memory, or a URL
    SQLAlchemy cannot read, which opening the database refuses in its own words)."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        url = make_url(database_url)
    except (ArgumentError, ValueError):
        return None
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return None
    return Path(url.database)


def claim_sqlite_file(database_url: str, flag: str) -> str | None:
    """Hold the SQLite file of ``database_url`` for this process; why it cannot (another server
    holds it), in words naming ``flag``, else ``None``. Other databases need no claim."""
    try:
        import fcntl
    except ImportError:
        return None
    path = sqlite_path(database_url)
    if path is None or not path.parent.is_dir():
        return None  # no file to share; a folder that is not there is refused as the database's
    try:
        lock = (path.parent / f"{path.name}.lock").open("a+")
    except OSError:
        return None  # a folder it cannot write: opening the database says so
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        lock.seek(0)
        holder = lock.read().strip() or "another process"
        lock.close()
        return (
            f"{flag}: another server already uses {path} (process {holder}); SQLite serves one "
            "server: stop that one, or share games between servers with PostgreSQL (--database-url)"
        )
    lock.seek(0)
    lock.truncate()
    lock.write(str(os.getpid()))
    lock.flush()
    _HELD.append(lock)
    return None


@contextmanager
def sqlite_file_held(database_url: str, flag: str) -> Iterator[str | None]:
    """The claim of :func:`claim_sqlite_file` for a block alone (``kingdomino database upgrade``,
    which no server is to start under): its refusal or ``None``, the file let go after."""
    before = len(_HELD)
    problem = claim_sqlite_file(database_url, flag)
    try:
        yield problem
    finally:
        for lock in _HELD[before:]:
            lock.close()
        del _HELD[before:]
