"""A tournament's standings to keep: Priya, who runs a club's Swiss, wanted its results for the
club's records and found nothing to save them with (only the page to copy by hand). Under the
standings, "Save the standings (CSV)" gives the table as a file a spreadsheet opens, headed in
the page's language, the numbers as a spreadsheet reads them."""

from __future__ import annotations

import csv
import io
import secrets

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import log_in_new, new_page
from tests.web.browser.test_people import PASSWORD
from tests.web.browser.test_tournament_rounds_said import posted

#: A day a move: the games wait for their players long past the test.
DAYS = {"kind": "days", "days": 1}


def test_the_standings_are_saved_as_a_file(browser: Browser, live_server: str) -> None:
    priya = new_page(browser, live_server, locale="hu")
    organiser = log_in_new(priya, live_server, "Priya")
    body = {"name": "Kedd/este", "game": "kingdomino", "format": "swiss", "rounds": 2, "time_control": DAYS}
    tournament_id = str(posted(priya, "/api/tournaments", body)["id"])
    friends = [f"Bence{secrets.token_hex(3)}", f"Émese{secrets.token_hex(3)}"]
    for name in friends:
        with httpx.Client(base_url=live_server, headers={"Origin": live_server}, timeout=30) as client:
            assert client.post("/api/accounts", json={"name": name, "password": PASSWORD}).status_code == 201
            assert client.post(f"/api/tournaments/{tournament_id}/join").status_code == 200
    posted(priya, f"/api/tournaments/{tournament_id}/start")
    priya.goto(f"{live_server}/tournament/{tournament_id}")
    link = priya.locator("#standings-file")
    expect(link).to_have_text("Az állás mentése (CSV)")
    with priya.expect_download() as started:
        link.click()
    download = started.value
    assert download.suggested_filename == "Kedd-este.csv"
    text = download.path().read_text(encoding="utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    shown = [
        [cell.inner_text() for cell in row.locator("th").all()]
        for row in priya.locator("#standings thead tr").all()
    ]
    assert rows[0] == shown[0]
    assert sorted(row[1] for row in rows[1:]) == sorted([organiser, *friends])
    # The one paired with nobody in round 1 leads with its free round's point, written "1".
    assert rows[1][0] == "1" and rows[1][2] == "1", rows
    assert all(row[2] == "0" for row in rows[2:]), rows
    assert not priya.errors
