"""The page's static files at an address that names their version, which browsers keep a year.

Served at ``/static/`` alone, a module came without ``Cache-Control``: a browser then keeps it
as long as a tenth of its age (a file changed ten days before a new version is installed is kept
a day without asking), so after an upgrade a page could run the new ``game.js`` with the old
``words.js`` and break, and a page opened later asked again for each of its 80 modules. The
pages now name their files under ``/static/v/<version>/`` (the modules' relative imports
follow), where ``<version>`` is a digest of every static file: an upgrade that changes any of
them changes every address, and a file at the current version's address is ``immutable``.

A request naming another version (a page of the version before an upgrade, or of another
server behind the same proxy) gets today's file, kept by no browser (``no-cache``); so do the
addresses without a version (``/static/app.js``), which older pages and the web app manifest's
icons use.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

#: Where the versioned addresses start (``/static/v/<version>/app.js``).
VERSIONED = "/static/v"
#: How a file at its current version's address is kept: a year, never asked again.
KEPT = "public, max-age=31536000, immutable"
#: How any other static file is kept: asked again (its ETag) each time it is used.
ASKED_AGAIN = "no-cache"


def static_version(directory: Path) -> str:
    """A digest of every file below ``directory``, its path and its bytes: 12 hex digits.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     _ = (Path(folder) / "app.js").write_text("one")
    ...     before = static_version(Path(folder))
    ...     _ = (Path(folder) / "app.js").write_text("two")
    ...     before != static_version(Path(folder))
    True
    """
    digest = hashlib.sha256()
    for path in sorted(p for p in directory.rglob("*") if p.is_file()):
        digest.update(path.relative_to(directory).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:12]


def versioned_base(version: str) -> str:
    """The address the pages name their static files under (``/static/v/<version>/``)."""
    return f"{VERSIONED}/{version}/"


class UnversionedStaticFiles(StaticFiles):
    """The static files at ``/static/``: each use asks the server again (an unchanged file is a
    304 without its bytes)."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        response.headers["Cache-Control"] = ASKED_AGAIN
        return response


class VersionedStaticFiles(StaticFiles):
    """The static files at ``/static/v/<version>/``: kept a year at ``version``'s addresses, today's
    files asked again at any other version's."""

    def __init__(self, directory: Path, version: str) -> None:
        super().__init__(directory=directory)
        self.version = version

    async def get_response(self, path: str, scope: Scope) -> Response:
        named, _, file = path.partition(os.sep)
        response = await super().get_response(file, scope)
        response.headers["Cache-Control"] = KEPT if named == self.version else ASKED_AGAIN
        return response
