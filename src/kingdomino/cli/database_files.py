"""A server's SQLite file copied out while it runs (``kingdomino database backup``) and put back
with the server stopped (``kingdomino database restore``).

A copy of ``kingdomino.sqlite3`` alone (``cp``) misses the latest commits, which are in the
``-wal`` file beside it; SQLite's online backup copies them, as one consistent snapshot. A backup
put back as ``kingdomino.sqlite3`` beside the ``-wal`` file a killed server left would be read
with that file's pages applied on top: a mix of the backup and what came after it (an account
made after the backup is there after such a restore). ``restore`` first
folds the current file's ``-wal`` into it, keeps it aside (``kingdomino.sqlite3.before-restore``),
and puts the backup in its place with no ``-wal`` beside it.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

#: The name the database replaced by a restore is kept under, beside it.
KEPT = ".before-restore"


class FileProblem(Exception):
    """A backup or restore refused: the message names the option or file, in words."""


def back_up(database: Path, out: Path) -> int:
    """Copy ``database`` (its latest commits too) into the new file ``out``, a server writing it
    meanwhile or not; the bytes written."""
    if out.exists():
        raise FileProblem(f"FILE: {out} is already there; name a new file (a backup never overwrites one)")
    if not out.parent.is_dir():
        raise FileProblem(f"FILE: no folder {out.parent}")
    try:
        with (
            closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True)) as source,
            closing(sqlite3.connect(out)) as copy,
        ):
            source.backup(copy)
    except sqlite3.Error as error:
        out.unlink(missing_ok=True)
        raise FileProblem(f"{database}: cannot be backed up: {error}") from None
    return out.stat().st_size


def checked_backup(backup: Path) -> None:
    """Refuse ``backup`` unless it is a sound SQLite file a server made (it has ``games``)."""
    if not backup.is_file():
        raise FileProblem(f"BACKUP: no file {backup}")
    try:
        with closing(sqlite3.connect(f"file:{backup}?mode=ro", uri=True)) as copy:
            sound = copy.execute("PRAGMA integrity_check").fetchone()
            served = copy.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'"
            ).fetchone()
    except sqlite3.Error as error:
        raise FileProblem(f"BACKUP: {backup} is not an SQLite database ({error})") from None
    if sound != ("ok",):
        raise FileProblem(
            f"BACKUP: {backup} is damaged (SQLite's integrity check: {sound[0] if sound else '?'})"
        )
    if served is None:
        raise FileProblem(f"BACKUP: {backup} holds no server's tables (no 'games'): not a backup of a server")


def restore(backup: Path, database: Path) -> Path | None:
    """Put ``backup`` in the place of ``database`` (its server stopped), with no ``-wal`` or
    ``-shm`` file beside it; the file the database was kept as (``None``: there was none)."""
    checked_backup(backup)
    kept: Path | None = None
    if database.exists():
        with closing(sqlite3.connect(database)) as current:  # its -wal folded in, then removed
            current.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            current.execute("PRAGMA journal_mode=DELETE")
        kept = database.with_name(database.name + KEPT)
        database.replace(kept)
    for leftover in ("-wal", "-shm"):
        database.with_name(database.name + leftover).unlink(missing_ok=True)
    incoming = database.with_name(database.name + ".restoring")
    shutil.copyfile(backup, incoming)
    if kept is not None:  # the server's user's, as the file it replaces (a restore run as root)
        before = kept.stat()
        os.chmod(incoming, before.st_mode & 0o777)
        if os.geteuid() == 0:
            os.chown(incoming, before.st_uid, before.st_gid)
    with closing(sqlite3.connect(incoming)) as restored:  # as the server keeps it
        restored.execute("PRAGMA journal_mode=WAL")
    incoming.replace(database)
    return kept
