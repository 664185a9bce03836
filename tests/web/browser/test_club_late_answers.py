"""A club's page read again after a leader's act keeps the latest read (static/club.js over
static/latest.js): a leader who accepts two requests quickly has the page read twice, and the
first read's answer, coming back last (a slow phone network), is not drawn over the second's;
drawn, it showed the second member's request still waiting and them missing from the
leaderboard, as if the click had not been taken."""

from __future__ import annotations

import re
import secrets

import httpx
from playwright.sync_api import expect
from tests.web.browser.pages import LivePage, log_in_new
from tests.web.browser.test_late_answers import Held
from tests.web.browser.test_people import PASSWORD


def asks_to_join(base: str, club: str, name: str) -> None:
    """A new account ``name`` asks to join ``club``."""
    with httpx.Client(base_url=base, timeout=30) as client:
        assert client.post("/api/accounts", json={"name": name, "password": PASSWORD}).status_code == 201
        assert client.post(f"/api/clubs/{club}/join").json() == {"role": "asked"}


def test_two_requests_accepted_quickly_keep_the_second(page: LivePage) -> None:
    base = page.base_url
    log_in_new(page, base, "Kira")
    club = f"Thursday {secrets.token_hex(3)}"
    made = page.request.post(
        f"{base}/api/clubs", data={"name": club, "admission": "request"}, headers={"Origin": base}
    )
    assert made.status == 201, made.text()
    boris, anna = f"Boris{secrets.token_hex(3)}", f"Anna{secrets.token_hex(3)}"
    for name in (boris, anna):
        asks_to_join(base, club, name)
    page.goto(f"{base}/club/{club}")
    page.wait_for_selector(f"#club-requests li[data-name='{anna}']")
    held = Held(page, re.compile(r"/api/clubs/[^/?]+(\?.*)?$"), lambda request: request.method == "GET")
    page.click(f"#club-requests li[data-name='{boris}'] button.club-accept")
    held.wait()
    page.click(f"#club-requests li[data-name='{anna}'] button.club-accept")
    expect(page.locator(f"#club-members tr[data-name='{anna}']")).to_have_count(1)
    held.release()
    expect(page.locator(f"#club-members tr[data-name='{anna}']")).to_have_count(1)
    expect(page.locator(f"#club-requests li[data-name='{anna}']")).to_have_count(0)
    expect(page.locator("#club-requests")).to_have_count(0)
