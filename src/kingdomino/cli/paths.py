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

import contextlib
import os
from collections.abc import Sequence
from pathlib import Path


class PathProblem(ValueError):
    """A path a command cannot write to, with the option it came from."""


def output_file(path: Path, option: str) -> Path:
    """``path``, a file this command may write (its folder made if missing)."""
    return output_paths(files=[(path, option)])[0]


def output_folder(path: Path, option: str) -> Path:
    """``path``, a folder this command may write files into (made if missing)."""
    return output_paths(folders=[(path, option)])[0]


def output_paths(
    folders: Sequence[tuple[Path, str]] = (), files: Sequence[tuple[Path | None, str]] = ()
) -> list[Path]:
    """Check every place a command writes, each with its option, before any folder is made; then
    make the missing folders (``folders`` and the files' own). A refusal leaves nothing behind:
    ``ladder --out NEW --markdown /proc/x.md`` left an empty ``NEW`` (the folder was made, then
    the page refused). A ``None`` file (an option not given) is skipped.

    >>> import tempfile
    >>> root = Path(tempfile.mkdtemp())
    >>> output_paths([(root / "out", "--out")], [(root / "pages" / "x.md", "--markdown")]) == [
    ...     root / "out", root / "pages" / "x.md"]
    True
    >>> (root / "out").is_dir() and (root / "pages").is_dir()
    True
    """
    places = [(path, option, True) for path, option in folders]
    places += [(path, option, False) for path, option in files if path is not None]
    for path, option, is_folder in places:
        if is_folder and path.exists() and not path.is_dir():
            raise PathProblem(f"{option}: {path} is a file; expected a folder")
        if not is_folder and path.is_dir():
            raise PathProblem(f"{option}: {path} is a folder; expected a file to write")
        _check_folder(path if is_folder else path.parent, option)
        if not is_folder and path.parent.is_dir():
            if path.exists() and not os.access(path, os.W_OK):
                raise PathProblem(f"{option}: {path} cannot be written (permission denied)")
            _try_opening(path, option)
    made: list[Path] = []
    try:
        for path, option, is_folder in places:
            _make_folder(path if is_folder else path.parent, option, made)
            if not is_folder:
                _try_opening(path, option)  # its folder was missing: checked now it is made
    except PathProblem:
        for folder in reversed(made):
            with contextlib.suppress(OSError):  # a folder another process wrote into stays
                folder.rmdir()
        raise
    return [path for path, _, _ in places]


def _check_folder(folder: Path, option: str) -> None:
    """Refuse a folder that cannot be made or written, without making it: its nearest existing
    ancestor must be a folder this user may write into."""
    existing = folder
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        raise PathProblem(f"{option}: cannot make the folder {folder}: {existing} is a file")
    if not os.access(existing, os.W_OK):
        what = f"the folder {folder}" if existing == folder else f"the folder {folder} in {existing}"
        raise PathProblem(f"{option}: {what} cannot be written (permission denied)")


def _make_folder(folder: Path, option: str, made: list[Path]) -> None:
    """Make ``folder`` and its missing parents, noting each one made (to remove on a refusal)."""
    missing = []
    step = folder
    while not step.exists() and step != step.parent:
        missing.append(step)
        step = step.parent
    for step in reversed(missing):
        try:
            step.mkdir()
        except FileExistsError:
            continue
        except OSError as error:
            raise PathProblem(f"{option}: cannot make the folder {folder}: {error.strerror}") from None
        made.append(step)


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
