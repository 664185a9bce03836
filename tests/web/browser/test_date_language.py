"""Dates and times are written as the browser's own variant of the page's language writes them: a
British player's English page said "Nov 30, 2026, 7:05 PM" and "since 07:05 PM", where their
browser (en-GB) writes "30 Nov 2026, 19:05"; an American's (en-US) keeps its own, and a page in
another language than the browser's writes that language's."""

from __future__ import annotations

import time

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import LivePage, log_in_new, new_page

#: The moment the tournament starts by itself, as the tournament's page writes it.
WRITTEN = """(at) => new Intl.DateTimeFormat(navigator.language, {dateStyle: 'medium', timeStyle: 'short'})
  .format(at * 1000)"""
#: Today, as a British player's page writes a day.
TODAY = (
    "new Intl.DateTimeFormat('en-GB', {day: 'numeric', month: 'short', year: 'numeric'}).format(new Date())"
)


def posted(page: LivePage, path: str, body: dict[str, object]) -> dict[str, object]:
    """``page``'s account posts ``body`` to ``path`` as its page would: the answer."""
    answer = page.request.post(page.base_url + path, data=body, headers={"Origin": page.base_url})
    assert answer.ok, answer.text()
    found: dict[str, object] = answer.json()
    return found


def test_a_moment_is_written_as_the_browser_writes_the_pages_language(
    browser: Browser, live_server: str
) -> None:
    kira = new_page(browser, live_server, locale="en-GB")
    name = log_in_new(kira, live_server, "Kira")
    starts = int(time.time()) // 60 * 60 + 86400
    body: dict[str, object] = {"name": "Tuesday club", "game": "kingdomino", "format": "swiss", "rounds": 2}
    body.update(time_control={"kind": "days", "days": 1}, starts_at=starts)
    tournament_id = str(posted(kira, "/api/tournaments", body)["id"])
    try:
        for locale in ("en-GB", "en-US"):
            page = kira if locale == "en-GB" else new_page(browser, live_server, locale=locale)
            page.goto(f"{live_server}/tournament/{tournament_id}")
            written = page.evaluate(WRITTEN, starts)
            expect(page.locator("#tournament")).to_contain_text(written)
            assert page.evaluate("navigator.language") == locale
        kira.goto(f"{live_server}/player/{name}")
        expect(kira.locator("main")).to_contain_text(f"Player since {kira.evaluate(TODAY)}")
        assert not kira.errors
    finally:
        posted(kira, f"/api/tournaments/{tournament_id}/cancel", {})
