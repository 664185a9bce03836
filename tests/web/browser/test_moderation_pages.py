"""The moderators' queue in the browser, a page at a time: with 45 open reports the page lists the
20 newest under "45 open reports", and "Older reports" opens the next 20, then the last 5 (the
oldest, which a queue of one page never showed), the button gone once none follows; on a 390 px
phone in Hungarian, the button a finger's size, nothing wider than the screen. Each page has its
address (``/moderation?before=ID``), which a reload opens again, Back and Forward go between, and
a colleague opens at once; a page but the newest leads back to the newest."""

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
    # The next page, at an address of its own: the 20 after the first, the first of them focused.
    expect(mona).to_have_url(f"{live_server}/moderation?before={made[::-1][19]}")
    expect(items.first).to_have_attribute("data-report", str(made[::-1][20]))
    expect(items).to_have_count(20)
    expect(items.first.locator("a.moderation-open")).to_be_focused()
    expect(mona.locator("#moderation-queue")).to_have_attribute("start", "21")
    expect(mona.locator("#moderation h1")).to_have_text("45 nyitott jelentés")
    second = [int(str(item.get_attribute("data-report"))) for item in items.all()]
    mona.reload()
    expect(items.first).to_have_attribute("data-report", str(made[::-1][20]))
    assert [int(str(item.get_attribute("data-report"))) for item in items.all()] == second
    older.click()
    expect(mona).to_have_url(f"{live_server}/moderation?before={made[::-1][39]}")
    expect(items).to_have_count(5)
    expect(older).to_be_hidden()
    assert [int(str(item.get_attribute("data-report"))) for item in items.all()] == made[::-1][40:]
    assert second == made[::-1][20:40]
    assert mona.evaluate("document.documentElement.scrollWidth") <= 390
    mona.screenshot(path=str(SHOTS / "queue-last-page-phone-hu.png"), full_page=True)
    # Back and Forward go between the pages, as their addresses say.
    mona.go_back()
    expect(items.first).to_have_attribute("data-report", str(made[::-1][20]))
    mona.go_back()
    expect(mona).to_have_url(f"{live_server}/moderation")
    expect(items.first).to_have_attribute("data-report", str(made[-1]))
    expect(mona.locator("#moderation-newest")).to_have_count(0)
    mona.go_forward()
    expect(items.first).to_have_attribute("data-report", str(made[::-1][20]))
    # The page a colleague was sent opens there, with the way to the newest.
    colleague = new_page(browser, live_server)
    colleague_name = log_in_new(colleague, live_server, "Cleo")
    store = Store(database)
    try:
        moderation.set_moderator(store, colleague_name, True)
    finally:
        store.close()
    colleague.goto(f"{live_server}/moderation?before={made[::-1][19]}")
    expect(colleague.locator("#moderation-queue li").first).to_have_attribute(
        "data-report", str(made[::-1][20])
    )
    colleague.screenshot(path=str(SHOTS / "queue-sent-page-desktop-en.png"))
    colleague.locator("#moderation-newest").click()
    expect(colleague).to_have_url(f"{live_server}/moderation")
    expect(colleague.locator("#moderation-queue li").first).to_have_attribute("data-report", str(made[-1]))
    assert not colleague.errors, colleague.errors
    assert not mona.errors, mona.errors
