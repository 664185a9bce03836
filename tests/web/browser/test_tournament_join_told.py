"""A tournament's page tells its organiser how players join: Kira made a tournament and, on its
page, found nothing saying where her players would find it. While it is open it says so (the
lobby's "Club tournaments" card, or this page), with the page's address to copy and send; the
players themselves read none of it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import axe_violations, log_in_new, new_page

#: Where the screenshots go (looked at by a person, not compared).
SHOTS = "/tmp/shots/leftovers"
#: A day a move: the tournament waits for its players long past the test.
DAYS = {"kind": "days", "days": 1}


@pytest.mark.parametrize(("width", "height", "shot"), [(1366, 900, "desktop"), (360, 740, "phone")])
def test_the_organiser_is_told_how_players_join(
    browser: Browser, live_server: str, width: int, height: int, shot: str
) -> None:
    touch = shot == "phone"
    kira = new_page(browser, live_server, width=width, height=height, touch=touch)
    boris = new_page(browser, live_server)
    log_in_new(kira, live_server, "Kira")
    log_in_new(boris, live_server, "Boris")
    body = {"name": "Friday night", "game": "kingdomino", "format": "round_robin", "time_control": DAYS}
    made = kira.request.post(f"{live_server}/api/tournaments", data=body, headers={"Origin": live_server})
    assert made.ok, made.text()
    address = f"{live_server}/tournament/{made.json()['id']}"
    kira.goto(address)
    told = kira.locator("#tournament-how-to-join")
    expect(told).to_have_text(
        'Players join it from the lobby\'s "Club tournaments" card, or from this page: send them its address.'
    )
    field = kira.get_by_role("textbox", name="This tournament's address")
    expect(field).to_have_value(address)
    copy = kira.locator("#tournament button.copy")
    expect(copy).to_have_text("Copy")
    copy.click()
    expect(copy).to_have_text("Copied")
    assert kira.evaluate("document.documentElement.scrollWidth") <= width
    assert not axe_violations(kira)
    kira.screenshot(path=f"{SHOTS}/tournament-join-told-{shot}.png", full_page=True)
    boris.goto(address)
    expect(boris.locator("#tournament-join")).to_be_visible()
    expect(boris.locator("#tournament-how-to-join")).to_have_count(0)
    assert not kira.errors and not boris.errors
