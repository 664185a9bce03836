"""Where a command will write, checked before it starts: a game played or a ladder run to its end
is never lost to a path that cannot be written (``play --save /tmp`` failed after the whole game).

A missing parent folder is made; a path that is a folder where a file is meant (or the other way
round), or a place this user may not write, is refused with the option's name.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> output_file(folder / "new" / "game.json", "--save").name
'game.json'
>>> output_file(folder, "--save")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
kingdomino.cli.paths.PathProblem: --save: ... is a folder; expected a file to write
"""

from __future__ import annotations

import os
from pathlib import Path


class PathProblem(ValueError):
    """A path a command cannot write to, with the option it came from."""


def output_file(path: Path, option: str) -> Path:
    """``path``, a file this command may write (its folder made if missing)."""
    if path.is_dir():
        raise PathProblem(f"{option}: {path} is a folder; expected a file to write")
    _writable_folder(path.parent, option)
    if path.exists() and not os.access(path, os.W_OK):
        raise PathProblem(f"{option}: {path} cannot be written (permission denied)")
    _try_opening(path, option)
    return path


def _try_opening(path: Path, option: str) -> None:
    """Open ``path`` to append (nothing written; a file made for it is removed): permissions
    say yes for root everywhere, yet a place like ``/proc`` or a read-only mount refuses,
    which ended a tournament in a traceback."""
    existed = path.exists()
    try:
        path.open("a", encoding="utf-8").close()
    except OSError as error:
        raise PathProblem(f"{option}: {path} cannot be written ({error.strerror})") from None
    if not existed:
        path.unlink(missing_ok=True)


def output_folder(path: Path, option: str) -> Path:
    """``path``, a folder this command may write files into (made if missing)."""
    if path.exists() and not path.is_dir():
        raise PathProblem(f"{option}: {path} is a file; expected a folder")
    _writable_folder(path, option)
    return path


def _writable_folder(folder: Path, option: str) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise PathProblem(f"{option}: cannot make the folder {folder}: {error.strerror}") from None
    if not os.access(folder, os.W_OK):
        raise PathProblem(f"{option}: the folder {folder} cannot be written (permission denied)")
