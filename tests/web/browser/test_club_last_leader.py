"""The last leader of a club is offered no "Take back the lead" on their own line: Priya, her club's
only leader, found the button beside her name, pressed it and read that the last leader keeps the
lead. Once another member leads too, each leader's line offers it again."""

from __future__ import annotations

import secrets
from urllib.parse import quote

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import log_in_new, new_page
from tests.web.browser.test_people import PASSWORD


def test_the_last_leader_is_not_offered_to_give_up_the_lead(browser: Browser, live_server: str) -> None:
    priya = new_page(browser, live_server)
    me = log_in_new(priya, live_server, "Priya")
    club = f"Tuesday {secrets.token_hex(3)}"
    made = priya.request.post(
        f"{live_server}/api/clubs",
        data={"name": club, "description": "", "admission": "open"},
        headers={"Origin": live_server},
    )
    assert made.ok, made.text()
    bence = f"Bence{secrets.token_hex(3)}"
    with httpx.Client(base_url=live_server, headers={"Origin": live_server}, timeout=30) as client:
        assert client.post("/api/accounts", json={"name": bence, "password": PASSWORD}).status_code == 201
        assert client.post(f"/api/clubs/{quote(club)}/join").json() == {"role": "member"}
    priya.goto(f"{live_server}/club/{quote(club)}")
    priya.click("#club-manage summary")
    mine = priya.locator(f"#club-member-list li[data-name='{me}']")
    expect(mine).to_contain_text("leader")
    expect(mine.locator("button")).to_have_count(0)
    priya.locator(f"#club-member-list li[data-name='{bence}'] button.club-lead").click()
    expect(priya.locator("#club-said")).to_have_text(f"{bence} leads the club too now.")
    for name in (me, bence):
        expect(priya.locator(f"#club-member-list li[data-name='{name}'] button.club-unlead")).to_have_count(1)
    assert not priya.errors
