"""The web layer stays in modules a reader takes in at once: none over 400 lines (ESLint's
``max-lines`` holds the page's JavaScript to the same)."""

from __future__ import annotations

from pathlib import Path

import kingdomino.web

MOST_LINES = 400


def test_no_module_of_the_web_layer_is_over_400_lines() -> None:
    web = Path(kingdomino.web.__file__).parent
    long = {
        path.relative_to(web).as_posix(): lines
        for path in web.rglob("*.py")
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES
    }
    assert long == {}, "split each into modules of one job each"
