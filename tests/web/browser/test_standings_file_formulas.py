"""A standings file's cells never read as a spreadsheet's formulas: a club named
"=HYPERLINK(...)" or a player named "+1+1" would otherwise run as a formula in the organiser's
spreadsheet when they open the file (CSV injection: a cell that starts with =, +, -, @, a tab or a
carriage return is a formula there). Such a text cell is written after an apostrophe, which the
spreadsheet shows as text; numbers, the negative margins among them, are written as they are."""

from __future__ import annotations

import csv
import io

from playwright.sync_api import Browser
from tests.web.browser.pages import new_page

#: Names a club's or an account's rules let through, each the start of a formula.
FORMULAS = ['=HYPERLINK("http://x.example","Owls")', "+1+1", "-2+3", "@SUM(A1)", "\tTab", "\rCr"]


def test_no_cell_of_a_standings_file_is_a_formula(browser: Browser, live_server: str) -> None:
    page = new_page(browser, live_server)
    page.goto(f"{live_server}/")
    text = page.evaluate(
        """async (names) => {
            const { standingsCsv } = await import(staticBase + "tournament-export.js");
            const standings = names.map((name, n) => ({ rank: n + 1, name, points: -n, withdrew: false,
                sequence: [2, 0], played: 2 }));
            const sides = Object.fromEntries(names.map((name) => [name, name]));
            return standingsCsv({ arena: { standings }, team_battle: { sides } });
        }""",
        FORMULAS,
    )
    rows = list(csv.reader(io.StringIO(text)))[1:]
    assert [row[1] for row in rows] == [f"'{name}" for name in FORMULAS], rows
    assert [row[2] for row in rows] == [f"'{name}" for name in FORMULAS], rows
    assert [row[3] for row in rows] == ["0", "-1", "-2", "-3", "-4", "-5"], "numbers stay numbers"
    assert not page.errors
