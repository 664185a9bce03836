"""A club's page tells its leader how friends come in: Priya made a club for her six friends and
found on its page no word of how they would find it, no invitation and no link (the requests to
join only wait for those who came by themselves). The leader reads that the page's address is
what to send, with the address to copy, worded for the club's admission; its members read none of it."""

from __future__ import annotations

import secrets
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import axe_violations, log_in_new, new_page

TOLD = {
    "request": "To bring friends in, send them this page's address: with an account, they ask to join"
    ' here, and you accept them below, under "Requests to join".',
    "open": "To bring friends in, send them this page's address: with an account, they join here at once.",
}


@pytest.mark.parametrize(("admission", "width", "height"), [("request", 1366, 900), ("open", 360, 740)])
def test_the_leader_is_told_how_friends_join(
    browser: Browser, live_server: str, admission: str, width: int, height: int
) -> None:
    priya = new_page(browser, live_server, width=width, height=height, touch=width < 600)
    log_in_new(priya, live_server, "Priya")
    club = f"Tuesday {secrets.token_hex(3)}"
    made = priya.request.post(
        f"{live_server}/api/clubs",
        data={"name": club, "description": "", "admission": admission},
        headers={"Origin": live_server},
    )
    assert made.ok, made.text()
    address = f"{live_server}/club/{quote(club)}"
    priya.goto(address)
    expect(priya.locator("#club-how-to-join")).to_have_text(TOLD[admission])
    expect(priya.get_by_role("textbox", name="This club's address")).to_have_value(address)
    copy = priya.locator("#club-lead button.copy")
    copy.click()
    expect(copy).to_have_text("Copied")
    assert priya.evaluate("document.documentElement.scrollWidth") <= width
    assert not axe_violations(priya)

    bence = new_page(browser, live_server)
    log_in_new(bence, live_server, "Bence")
    bence.goto(address)
    expect(bence.locator("#club-join")).to_be_visible()
    expect(bence.locator("#club-how-to-join")).to_have_count(0)
    assert not priya.errors and not bence.errors
