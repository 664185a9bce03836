"""The moderators' queue in the browser, a page at a time: with 45 open reports the page lists the
20 newest under "45 open reports", and "Older reports" brings the next 20, then the last 5 (the
oldest, which a queue of one page never showed), the button gone once none follows; on a 390 px
phone in Hungarian, the button a finger's size, nothing wider than the screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, log_in_new, new_page
from tests.web.test_moderation_queue import evening

from kingdomino.web import moderation
from kingdomino.web.page_link import SOCKET_IDLE_SECONDS
from kingdomino.web.store import Store

SHOTS = ARTIFACTS / "moderation"


@pytest.mark.socket_idle_seconds(SOCKET_IDLE_SECONDS)  # a server of its own, over ``database``
def test_older_reports_bring_the_queue_s_next_pages(
    browser: Browser, live_server: str, database: str
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    mona = new_page(browser, live_server, 390, 844, locale="hu", touch=True)
    boris = new_page(browser, live_server)
    mona_name = log_in_new(mona, live_server, "Mona")
    boris_name = log_in_new(boris, live_server, "Boris")
    store = Store(database)
    try:
        moderation.set_moderator(store, mona_name, True)
        made = evening(store, boris_name)
    finally:
        store.close()
    mona.goto(f"{live_server}/moderation")
    expect(mona.locator("#moderation h1")).to_have_text("45 nyitott jelentés")
    items = mona.locator("#moderation-queue li")
    expect(items).to_have_count(20)
    older = mona.locator("#moderation-older")
    expect(older).to_have_text("↓ Régebbi jelentések")
    box = older.bounding_box()
    assert box is not None and box["height"] >= 44, box
    older.scroll_into_view_if_needed()
    mona.screenshot(path=str(SHOTS / "queue-older-phone-hu.png"))
    older.click()
    expect(items).to_have_count(40)
    expect(mona.locator("#moderation-queue li").nth(20).locator("a.moderation-open")).to_be_focused()
    older.click()
    expect(items).to_have_count(45)
    expect(older).to_be_hidden()
    shown = [int(str(item.get_attribute("data-report"))) for item in items.all()]
    assert shown == made[::-1]
    assert mona.evaluate("document.documentElement.scrollWidth") <= 390
    mona.screenshot(path=str(SHOTS / "queue-pages-phone-hu.png"), full_page=True)
    assert not mona.errors, mona.errors
