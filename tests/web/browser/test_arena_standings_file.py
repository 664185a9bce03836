"""An arena's standings to keep, as a round tournament's are (test_tournament_standings_file.py):
the organiser's review found the arena's results with no file to save but the page to copy by
hand. Under its standings, "Save the standings (CSV)" gives its table as a file a spreadsheet
opens, headed in the page's language, each player's results in a row as the page writes them."""

from __future__ import annotations

import csv
import io
import secrets

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import log_in_new, new_page
from tests.web.browser.test_people import PASSWORD
from tests.web.browser.test_tournament_rounds_said import posted


def test_the_arenas_standings_are_saved_as_a_file(browser: Browser, live_server: str) -> None:
    priya = new_page(browser, live_server, locale="hu")
    organiser = log_in_new(priya, live_server, "Priya")
    body = {
        "name": "Péntek/aréna",
        "game": "duel",
        "format": "arena",
        "minutes": 30,
        "time_control": {"kind": "game", "minutes": 5, "increment": 3},
    }
    tournament_id = str(posted(priya, "/api/tournaments", body)["id"])
    friends = [f"Bence{secrets.token_hex(3)}", f"Émese{secrets.token_hex(3)}"]
    for name in friends:
        with httpx.Client(base_url=live_server, headers={"Origin": live_server}, timeout=30) as client:
            assert client.post("/api/accounts", json={"name": name, "password": PASSWORD}).status_code == 201
            assert client.post(f"/api/tournaments/{tournament_id}/join").status_code == 200
    priya.goto(f"{live_server}/tournament/{tournament_id}")
    priya.locator("#arena-standings tbody tr").nth(2).wait_for()
    link = priya.locator("#standings-file")
    expect(link).to_have_text("Az állás mentése (CSV)")
    with priya.expect_download() as started:
        link.click()
    download = started.value
    assert download.suggested_filename == "Péntek-aréna.csv"
    rows = list(csv.reader(io.StringIO(download.path().read_text(encoding="utf-8-sig"))))
    shown = [cell.inner_text() for cell in priya.locator("#arena-standings thead th").all()]
    assert rows[0] == [*shown, "Játszmák"], rows[0]
    assert sorted(row[1] for row in rows[1:]) == sorted([organiser, *friends])
    assert all(row[2] == "0" and row[3] == "" and row[4] == "0" for row in rows[1:]), rows
    assert not priya.errors
