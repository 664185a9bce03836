"""A club's page read again after a leader's act keeps the latest read (static/club.js over
static/latest.js): a leader who accepts two requests quickly has the page read twice, and the
first read's answer, coming back last (a slow phone network), is not drawn over the second's;
drawn, it showed the second member's request still waiting and them missing from the
leaderboard, as if the click had not been taken. The lobby's "Your clubs" card (static/club-card.js)
reads the account's clubs on each login: the first account's, coming back after another logged in
on the same page, showed the second account the first one's clubs."""

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


def test_your_clubs_after_another_login_are_not_the_first_account_s(page: LivePage) -> None:
    base = page.base_url
    kira = f"Kira{secrets.token_hex(3)}"
    club = f"Thursday {secrets.token_hex(3)}"
    with httpx.Client(base_url=base, timeout=30, headers={"Origin": base}) as client:
        assert client.post("/api/accounts", json={"name": kira, "password": PASSWORD}).status_code == 201
        assert client.post("/api/clubs", json={"name": club, "admission": "open"}).status_code == 201
    page.goto(base + "/")
    held = Held(page, "**/api/account/clubs")
    assert page.request.post(
        f"{base}/api/session", data={"name": kira, "password": PASSWORD}, headers={"Origin": base}
    ).ok
    page.reload()
    held.wait()
    page.click("#log-out")
    page.wait_for_selector("#account-form")
    page.fill("#account-name", f"Boris{secrets.token_hex(3)}")
    page.fill("#account-password", PASSWORD)
    page.click("#create-account")
    expect(page.locator("#clubs-none")).to_be_visible()
    # The lobby's reads of the account on their way at the log-out are refused (401), as they are
    # in test_accounts.py; the browser notes each; nothing else.
    assert [e for e in page.errors if not re.search(r"status of 401 ", e)] == []
    page.errors.clear()
    held.release()
    expect(page.locator(f"#club-list li[data-name='{club}']")).to_have_count(0)
    expect(page.locator("#clubs-none")).to_be_visible()
