"""The preferences' "Back on" is the browser's own date field, written in the browser's language:
on a Bulgarian page in an English phone it read "12/08/2026". The day chosen is said beside it in
the page's language, its weekday and how far off it is."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import log_in_new, new_page, page_word

#: Each language's words for the week's vacation the field offers on Tuesday 1 December 2026, and
#: for one of two days.
SAID = {
    "bg": ("Връщане: вторник, 8 декември (след 7 дни)", "Връщане: четвъртък, 3 декември (вдругиден)"),
    "hu": (
        "Visszatérés: december 8., kedd (7 nap múlva)",
        "Visszatérés: december 3., csütörtök (holnapután)",
    ),
}


@pytest.mark.parametrize("language", sorted(SAID))
def test_the_return_day_is_said_in_the_page_s_words(
    browser: Browser, live_server: str, language: str
) -> None:
    phone = new_page(browser, live_server, locale="en-US", width=390, height=844, touch=True)
    log_in_new(phone, live_server, "Desi")
    phone.goto(live_server + "/")
    phone.select_option("#language", language)
    phone.wait_for_function(
        "([word]) => document.querySelector('main')?.innerText.includes(word)",
        arg=[page_word(language, "lobby.new_game")],
    )
    # The page's clock alone is set (its timers run as ever): noon on Tuesday 1 December, UTC.
    phone.clock.set_fixed_time(datetime(2026, 12, 1, 12, tzinfo=UTC))
    phone.goto(live_server + "/account/preferences")
    said = phone.locator("#vacation-until-said")
    week, two_days = SAID[language]
    expect(said).to_have_text(week)
    phone.fill("#vacation-until", "2026-12-03")
    expect(said).to_have_text(two_days)
    assert not phone.errors
