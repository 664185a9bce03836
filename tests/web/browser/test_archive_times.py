"""A player's archive and page say when each game ended to the minute, in the reader's language and
time zone: a club plays several games on one Thursday evening, which the day alone did not tell
apart."""

from __future__ import annotations

from datetime import UTC, datetime

from playwright.sync_api import Browser
from tests.web.browser.pages import ARTIFACTS, new_page
from tests.web.browser.test_players import account
from tests.web.conftest import free_port, live_app, served_in_a_thread
from tests.web.finished import ai, finished_game, person

from kingdomino.web.standings import account_named

#: Two games of one Thursday evening, by their ends (UTC).
EVENING = [datetime(2026, 11, 26, 17, 5, tzinfo=UTC), datetime(2026, 11, 26, 19, 40, tzinfo=UTC)]


def test_the_archive_says_the_time_of_day_in_the_reader_s_time_zone(browser: Browser, database: str) -> None:
    app = live_app(database)
    store = app.state.hub.store
    with served_in_a_thread(app, free_port()) as base:
        vera, _ = account(base)
        found = account_named(store, vera)
        assert found is not None
        for ended in EVENING:
            finished_game(store, [person(found[0], vera), ai()], [1, 2], ended=ended)
        # Kyiv is 2 hours ahead of UTC in November, Budapest 1; the archive says when each game
        # ended, the player's page when it began (20 minutes before: ``finished_game``).
        for locale, zone, ends, starts in (
            ("uk", "Europe/Kyiv", ["21:40", "19:05"], ["21:20", "18:45"]),
            ("hu", "Europe/Budapest", ["20:40", "18:05"], ["20:20", "17:45"]),
        ):
            page = new_page(browser, base, locale=locale, timezone=zone)
            for address, times in ((f"/player/{vera}/games", ends), (f"/player/{vera}", starts)):
                page.goto(base + address)
                lines = page.locator("#archive-games > li, #player-games li[data-game]")
                lines.first.wait_for()
                said = [line.locator("time").inner_text() for line in lines.all()]
                assert len(said) == 2 and all(time in words for time, words in zip(times, said)), (
                    address,
                    said,
                )
            page.goto(f"{base}/player/{vera}/games")
            page.locator("#archive-games > li").first.wait_for()
            page.screenshot(path=str(ARTIFACTS / f"archive-times-{locale}.png"), full_page=True)
            assert not page.errors, page.errors
            page.context.close()
        phone = new_page(
            browser, base, width=390, height=844, locale="ru", timezone="Europe/Moscow", mobile=True
        )
        phone.goto(f"{base}/player/{vera}/games")
        phone.locator("#archive-games > li").first.wait_for()
        assert "22:40" in phone.locator("#archive-games > li time").first.inner_text()
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        phone.screenshot(path=str(ARTIFACTS / "archive-times-ru-390.png"), full_page=True)
        phone.context.close()
