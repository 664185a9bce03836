"""Each chat line says when it was written, in the page's language and the browser's time zone: a
game by the day goes on for days, its chat with it. Anna's "Good luck" read on Boris's page at
the hour it was written (today's), and two days later (his page's clock) as its day, the whole
moment in its title, on his phone too."""

from __future__ import annotations

import time
from typing import cast

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, LivePage, starting
from tests.web.browser.test_online import online_game_of_two

#: A moment (seconds) as the page writes it with ``options``, in the browser's own variant of
#: its language and its time zone.
WRITTEN = "([at, options]) => new Intl.DateTimeFormat(navigator.language, options).format(at * 1000)"


def test_a_chat_line_says_its_hour_today_and_its_day_after(browser: Browser, live_server: str) -> None:
    anna, boris, link = online_game_of_two(browser, live_server)
    boris.wait_for_selector("#chat:not([hidden])")
    anna.fill("#chat-input", "Good luck")
    anna.press("#chat-input", "Enter")
    line = boris.locator("#chat-lines .chat-line:has-text('Good luck')")
    expect(line).to_be_visible()
    written_at = cast(str, line.locator("time.chat-time").get_attribute("datetime"))
    at = float(boris.evaluate("(iso) => Date.parse(iso) / 1000", written_at))
    assert abs(at - time.time()) < 60, "the moment the server stored"
    hour = boris.evaluate(WRITTEN, [at, {"timeStyle": "short"}])
    expect(line.locator("time.chat-time")).to_have_text(hour)
    expect(line).to_have_text(starting(hour), use_inner_text=True)
    boris.locator("#chat").screenshot(path=str(ARTIFACTS / "chat-time-today.png"))
    later = cast(LivePage, boris.context.new_page())
    later.clock.install(time=time.time() + 2 * 86400)
    later.set_viewport_size({"width": 360, "height": 740})
    later.goto(link)
    later.click("#chat-toggle")
    later_line = later.locator("#chat-lines .chat-line:has-text('Good luck')")
    expect(later_line).to_be_visible()
    day = later.evaluate(WRITTEN, [at, {"day": "numeric", "month": "short"}])
    expect(later_line.locator("time.chat-time")).to_have_text(day)
    full = later.evaluate(WRITTEN, [at, {"dateStyle": "medium", "timeStyle": "short"}])
    expect(later_line.locator("time.chat-time")).to_have_attribute("title", full)
    later_line.scroll_into_view_if_needed()
    later.screenshot(path=str(ARTIFACTS / "chat-time-day-phone.png"))
    later.close()
    assert not anna.errors and not boris.errors
