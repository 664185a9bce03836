"""The tournament form's "Starts by itself at" is the browser's own date and time field, written in
the browser's language: on a Bulgarian page in an English phone it read "12/01/2026, 03:30 PM".
The moment chosen is said beside it in the page's language, its day, its time and how soon it is,
and a moment gone by is said so (the server refuses it)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import log_in_new, new_page, page_word

#: Each language's words for a start at 15:30 seen at 15:00 on Tuesday 1 December 2026, and for
#: one at 14:00 (gone by).
SAID = {
    "bg": ("Начало: вторник, 1 декември, 15:30 (след 30 минути)", "вторник, 1 декември, 14:00 вече мина"),
    "hu": ("Kezdés: december 1., kedd, 15:30 (30 perc múlva)", "december 1., kedd, 14:00 már elmúlt"),
}


@pytest.mark.parametrize("language", sorted(SAID))
def test_the_start_chosen_is_said_in_the_pages_language(
    browser: Browser, live_server: str, language: str
) -> None:
    page = new_page(browser, live_server, locale="en-US", width=390, height=844, touch=True)
    log_in_new(page, live_server, "Priya")
    page.goto(live_server + "/")
    # The page's clock alone is set (its timers run as ever): 15:00 where the browser is.
    page.clock.set_fixed_time(page.evaluate("new Date(2026, 11, 1, 15, 0).getTime() / 1000"))
    page.select_option("#language", language)
    page.wait_for_function(
        "([word]) => document.querySelector('main')?.innerText.includes(word)",
        arg=[page_word(language, "lobby.new_game")],
    )
    page.locator("#tournaments summary").click()
    said = page.locator("#tournament-starts-said")
    expect(said).to_have_text("")
    soon, gone = SAID[language]
    page.fill("#tournament-starts", "2026-12-01T15:30")
    expect(said).to_have_text(soon)
    # On a line of its own on the phone, not run into the "Create" button beside it.
    said_box, button_box = said.bounding_box(), page.locator("#organise-button").bounding_box()
    assert said_box and button_box, "the start's words or the Create button is not drawn"
    assert said_box["y"] + said_box["height"] <= button_box["y"], (said_box, button_box)
    page.fill("#tournament-starts", "2026-12-01T14:00")
    expect(said).to_contain_text(gone)
    page.fill("#tournament-starts", "")
    expect(said).to_have_text("")
    assert not page.errors
