"""The app's one HTML page (``static/index.html``) as the lobby, a game and the scorer are served:
with a ``<link rel="modulepreload">`` for each ES module that page runs, and a preload of the
texts of the language it will speak.

``app.js`` imports its modules, loads the language, then imports the page's own module
(``game.js``), which imports the boards, which import ``placement.js``: fetched one after the other,
a chain four deep (on a slow 4G line a game's board came some 0.8 s after its bytes alone would
have). Preloaded, the browser fetches them all at once, as soon as the page's HTML comes. The lists
are read from the modules' static imports when the app starts, so they follow the code; a browser
test checks that every module a page loads was preloaded.

The texts (``static/i18n/LANG.json``, English too as the fallback) were then the chain's last link:
``i18n.js`` asks for them once every module has come and run. Which language a page speaks is its
own choice (the browser's storage, else the browser's languages), so the page keeps its choice in a
cookie too, and the server preloads the texts of the cookie's language, else of the first language
of ``Accept-Language`` it has, as ``preferredLanguage()`` picks it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from importlib.resources.abc import Traversable

#: A static import or re-export of a module of the page's own ("./x.js"); a dynamic ``import()``
#: (the page's module, chosen by its address) is left to each page's list.
IMPORT = re.compile(r'^\s*(?:import|export)\b[^;]*?\bfrom\s+"\./([\w-]+\.js)"', re.MULTILINE)
#: The module every page starts with.
ENTRY = "app.js"
#: Where the script of the page goes in index.html: the preloads go just before it.
SCRIPT = '<script type="module"'
#: The page's texts, one file per language; English is every other language's fallback.
TEXTS = "i18n"
FALLBACK = "en"
#: The cookie in which the page keeps the language chosen (i18n.js, ``KEY``).
LANGUAGE_COOKIE = "kingdomino.language"
#: The query parameter of a link that opens a page in a language (``/?lang=hu``; i18n.js, ``PARAMETER``).
LANGUAGE_PARAMETER = "lang"
#: Where index.html names the static files; the pages name them under their version instead.
UNVERSIONED = "/static/"
#: Where a language preload goes in a page (a placeholder of the pages made at start-up).
TEXTS_SLOT = "<!--texts-->"


def languages(static: Traversable) -> list[str]:
    """The languages the page has texts for (``i18n/LANG.json``), sorted."""
    files = static.joinpath(TEXTS).iterdir()
    return sorted(f.name.removesuffix(".json") for f in files if f.name.endswith(".json"))


def page_language(cookie: str | None, accept_language: str | None, known: Iterable[str]) -> str:
    """The language a page will speak, as ``preferredLanguage()`` picks it: the cookie's if known,
    else the first known base language of ``Accept-Language`` by its weights (``q=0``: not
    wanted), else English.

    >>> page_language(None, "hu-HU,hu;q=0.9,en;q=0.8", ["en", "hu"])
    'hu'
    >>> page_language("xx", "de, ru;q=0.5", ["en", "ru"])
    'ru'
    """
    known = set(known)
    if cookie in known:
        return cookie
    weighed: list[tuple[float, int, str]] = []
    for order, item in enumerate((accept_language or "").split(",")):
        tag, _, params = item.strip().partition(";")
        weight = 1.0
        match = re.fullmatch(r"\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*", params) if params else None
        if params and match is None:
            continue
        if match is not None:
            weight = float(match.group(1))
        base = tag.strip().lower().split("-")[0]
        if weight > 0 and base in known:
            weighed.append((-weight, order, base))
    return min(weighed)[2] if weighed else FALLBACK


def texts_preloads(language: str, base: str) -> str:
    """Preloads of the texts a page in ``language`` fetches (English, and ``language``'s own) from
    its static files' ``base``, as ``fetch()`` asks for them (CORS mode, same-origin credentials:
    ``crossorigin``), so that it gets the preloaded answers."""
    wanted = [FALLBACK] if language == FALLBACK else [FALLBACK, language]
    link = '<link rel="preload" href="{}{}/{}.json" as="fetch" crossorigin>\n  '
    return "".join(link.format(base, TEXTS, name) for name in wanted)


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


def page_with_preloads(static: Traversable, module: str | None, base: str) -> str:
    """index.html with a modulepreload link for each module of ``app.js`` and of the page's own
    ``module`` (``game.js``; None: app.js's alone), and the place of its texts' preloads
    (:func:`page_in`); its static files named under ``base`` (``static_files.versioned_base``)."""
    page = static.joinpath("index.html").read_text(encoding="utf-8").replace(f'"{UNVERSIONED}', f'"{base}')
    modules = imported(static, ENTRY)
    if module is not None:
        modules += [name for name in imported(static, module) if name not in modules]
    if SCRIPT not in page:
        raise ValueError(f"index.html has no {SCRIPT}...> to put the module preloads before")
    links = "".join(f'<link rel="modulepreload" href="{base}{name}">\n  ' for name in modules)
    return page.replace(SCRIPT, TEXTS_SLOT + links + SCRIPT, 1)


def page_in(page: str, language: str, base: str) -> str:
    """A page of :func:`page_with_preloads` with the preloads of ``language``'s texts under ``base``."""
    return page.replace(TEXTS_SLOT, texts_preloads(language, base), 1)
