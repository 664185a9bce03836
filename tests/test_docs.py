"""The documents a newcomer reads first point at what is there: every relative link names a file
of the repository and every anchor a heading of its file, docs/server.md's table names every page
under docs/server/, and docs/architecture.md's table names every module of the web layer."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
ANCHORED = re.compile(r"\]\(([^)#\s]*)#([^)\s]+)\)")
HEADING = re.compile(r"^#+ (.+)$", re.MULTILINE)
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)


def anchors(document: Path) -> set[str]:
    """The anchors GitHub gives a Markdown file's headings (code blocks' lines are no headings)."""
    text = FENCE.sub("", document.read_text(encoding="utf-8"))
    titles = HEADING.findall(text)
    return {re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-") for title in titles}


def test_every_relative_link_names_a_file() -> None:
    broken = [
        (document.relative_to(ROOT).as_posix(), target)
        for document in DOCUMENTS
        for target in LINK.findall(document.read_text(encoding="utf-8"))
        if "://" not in target and not (document.parent / target).exists()
    ]
    assert broken == [], "a link to a file that is not there: fix the link or the file's name"


def test_every_anchor_names_a_heading_of_its_file() -> None:
    broken = [
        (document.relative_to(ROOT).as_posix(), f"{target}#{anchor}")
        for document in DOCUMENTS
        for target, anchor in ANCHORED.findall(document.read_text(encoding="utf-8"))
        if "://" not in target
        and (target == "" or target.endswith(".md"))
        and (document.parent / target).is_file() | (target == "")
        and anchor not in anchors(document if target == "" else document.parent / target)
    ]
    assert broken == [], "a link to a heading that is not there: fix the link or the heading"


def test_the_architecture_names_every_module_of_the_web_layer() -> None:
    table = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    web = ROOT / "src" / "kingdomino" / "web"
    modules = [path for path in [*web.glob("*.py"), *web.glob("routes/*.py")] if path.stem != "__init__"]
    missing = sorted(path.relative_to(web).as_posix() for path in modules if f"`{path.name}`" not in table)
    assert missing == [], "a module of src/kingdomino/web: add it to a row of docs/architecture.md's table"


def test_the_server_guide_names_every_page_under_docs_server() -> None:
    guide = (ROOT / "docs" / "server.md").read_text(encoding="utf-8")
    pages = sorted(path.name for path in (ROOT / "docs" / "server").glob("*.md"))
    missing = [name for name in pages if f"](server/{name})" not in guide]
    assert missing == [], "a page under docs/server/: add it to docs/server.md's table of pages"
