"""The page's style sheet closes every block it opens, and opens its at-rules (``@media``,
``@container``, ``@keyframes``) at its top level only: a brace lost in a merge is no syntax error
to a browser, which nests what follows in the open block. One lost after the phone's rules of the
lobby's watch list put the 44 px touch targets and what came after them under ``max-width: 640px``,
so that a touch tablet and every wide screen lost them."""

from __future__ import annotations

import re
from pathlib import Path

import kingdomino.web

STYLE = Path(kingdomino.web.__file__).parent / "static" / "style.css"


def blocks_wrong(css: str) -> list[str]:
    """What is wrong with ``css``'s blocks, each with its line: an at-rule inside a block, a brace
    closing no block, a block left open at the end."""
    wrong = []
    depth = 0
    line = 1
    for token in re.finditer(r"/\*.*?\*/|\"[^\"]*\"|'[^']*'|[{}@\n]", css, re.S):
        text = token.group()
        if text == "\n":
            line += 1
        elif text == "{":
            depth += 1
        elif text == "}":
            depth -= 1
            if depth < 0:
                wrong.append(f"line {line}: a brace closing no block")
                depth = 0
        elif text == "@":
            if depth:
                name = re.match(r"@[\w-]+", css[token.start() :])
                wrong.append(f"line {line}: {name.group() if name else '@'} inside a block")
        else:
            line += text.count("\n")
    if depth:
        wrong.append(f"line {line}: a block left open at the end")
    return wrong


def test_the_style_sheet_closes_its_blocks_and_nests_no_at_rule() -> None:
    wrong = blocks_wrong(STYLE.read_text(encoding="utf-8"))
    assert wrong == [], f"{STYLE.name}: " + "; ".join(wrong)


def test_a_lost_brace_is_found_where_the_next_at_rule_opens() -> None:
    """The shape of the brace lost in the merge: a phone's block, not closed, before the next."""
    lost = "@media (x) {\n  a { b: c; }\n/* {the next} */\n@media (y) { d { e: '}'; } }\n"
    assert blocks_wrong(lost) == ["line 4: @media inside a block", "line 5: a block left open at the end"]
    assert blocks_wrong(lost.replace("/*", "}\n/*")) == []
    assert blocks_wrong("a { b: c; } }") == ["line 1: a brace closing no block"]
