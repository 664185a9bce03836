"""The tournament form's "Starts by itself at" is the browser's own date and time field, written in
the browser's language: on a Hungarian page in an English browser it read "12/24/2026, 06:30 PM".
The moment chosen is said beside it in the page's language, as the tournament's page will write it."""

from __future__ import annotations

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import log_in_new, new_page

#: The moment chosen, as the field gives it, written as the page's dates are (medium day, short time).
WRITTEN = """([language, moment]) => new Intl.DateTimeFormat(language,
  {dateStyle: 'medium', timeStyle: 'short'}).format(new Date(moment))"""


def test_the_start_chosen_is_said_in_the_pages_language(browser: Browser, live_server: str) -> None:
    page = new_page(browser, live_server, locale="en-US")
    log_in_new(page, live_server, "Priya")
    page.goto(live_server + "/")
    page.select_option("#language", "hu")
    page.wait_for_function("document.documentElement.lang === 'hu'")
    # The lobby is drawn in the texts a moment after its lang is set: fill the form drawn then.
    page.wait_for_function("document.querySelector('main')?.innerText.includes('Új játék')")
    page.locator("#tournaments summary").click()
    said = page.locator("#tournament-starts-said")
    expect(said).to_have_text("")
    page.fill("#tournament-starts", "2026-12-24T18:30")
    moment = "2026-12-24T18:30"
    hungarian = page.evaluate(WRITTEN, ["hu", moment])
    assert hungarian != page.evaluate(WRITTEN, ["en-US", moment])
    expect(said).to_have_text(f"Kezdés: {hungarian}")
    page.fill("#tournament-starts", "")
    expect(said).to_have_text("")
    assert not page.errors
