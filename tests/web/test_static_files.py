"""The page's static files: named under their version, kept a year there, asked again elsewhere."""

from __future__ import annotations

import re
import shutil
from importlib import resources
from pathlib import Path

from fastapi.testclient import TestClient

from kingdomino.web.static_files import static_version


def test_a_page_names_its_files_under_their_version_which_browsers_keep(client: TestClient) -> None:
    # Served without Cache-Control, a module was kept by a browser a tenth of its age: after an
    # upgrade a page could run new modules with old ones. Now every file the page names is at
    # its version's address, kept a year; the same file elsewhere is asked again each time.
    base = client.app.state.static_base  # type: ignore[attr-defined]
    assert re.fullmatch(r"/static/v/[0-9a-f]{12}/", base), base
    page = client.get("/game/abc").text
    named = re.findall(r'(?:href|src)="(/static/[^"]+)"', page)
    assert named and all(path.startswith(base) for path in named), named
    assert f'<script type="module" src="{base}app.js">' in page
    for path in (f"{base}app.js", f"{base}style.css", f"{base}i18n/hu.json", f"{base}icon-192.png"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert response.headers["cache-control"] == "public, max-age=31536000, immutable", path
    file = client.get(f"{base}app.js")
    for path in ("/static/v/0123456789ab/app.js", "/static/app.js"):
        response = client.get(path)
        assert response.status_code == 200 and response.content == file.content, path
        assert response.headers["cache-control"] == "no-cache", path
        again = client.get(path, headers={"If-None-Match": response.headers["etag"]})
        assert again.status_code == 304, path
    assert client.get(f"{base}missing.js").status_code == 404
    assert client.get(f"{base}../pages.py").status_code == 404


def test_the_version_changes_with_any_static_file(tmp_path: Path) -> None:
    static = tmp_path / "static"
    shutil.copytree(str(resources.files("kingdomino.web").joinpath("static")), static)
    served = static_version(static)
    assert static_version(static) == served
    (static / "i18n" / "hu.json").write_bytes((static / "i18n" / "hu.json").read_bytes() + b" ")
    changed = static_version(static)
    assert changed != served
    (static / "i18n" / "hu.json").rename(static / "i18n" / "hx.json")
    assert static_version(static) not in (served, changed)
