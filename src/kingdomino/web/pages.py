"""The app's one HTML page (``static/index.html``) as the lobby, a game and the scorer are served:
with a ``<link rel="modulepreload">`` for each ES module that page runs.

``app.js`` imports its modules, loads the language, then imports the page's own module
(``game.js``), which imports the boards, which import ``placement.js``: fetched one after the other,
a chain four deep (on a slow 4G line a game's board came some 0.8 s after its bytes alone would
have). Preloaded, the browser fetches them all at once, as soon as the page's HTML comes. The lists
are read from the modules' static imports when the app starts, so they follow the code; a browser
test checks that every module a page loads was preloaded.
"""

from __future__ import annotations

import re
from importlib.resources.abc import Traversable

#: A static import or re-export of a module of the page's own ("./x.js"); a dynamic ``import()``
#: (the page's module, chosen by its address) is left to each page's list.
IMPORT = re.compile(r'^\s*(?:import|export)\b[^;]*?\bfrom\s+"\./([\w-]+\.js)"', re.MULTILINE)
#: The module every page starts with.
ENTRY = "app.js"
#: Where the script of the page goes in index.html: the preloads go just before it.
SCRIPT = '<script type="module"'


def imported(static: Traversable, module: str) -> list[str]:
    """``module`` and every module it imports statically, at any depth, in the order first met."""
    found: list[str] = []
    waiting = [module]
    while waiting:
        name = waiting.pop(0)
        if name in found:
            continue
        found.append(name)
        waiting.extend(IMPORT.findall(static.joinpath(name).read_text(encoding="utf-8")))
    return found


def page_with_preloads(static: Traversable, module: str | None) -> str:
    """index.html with a modulepreload link for each module of ``app.js`` and of the page's own
    ``module`` (``game.js``; None: app.js's alone)."""
    page = static.joinpath("index.html").read_text(encoding="utf-8")
    modules = imported(static, ENTRY)
    if module is not None:
        modules += [name for name in imported(static, module) if name not in modules]
    if SCRIPT not in page:
        raise ValueError(f"index.html has no {SCRIPT}...> to put the module preloads before")
    links = "".join(f'<link rel="modulepreload" href="/static/{name}">\n  ' for name in modules)
    return page.replace(SCRIPT, links + SCRIPT, 1)
