"""A club's page lists its recent games between members: each line says when it ended (to the
minute, the reader's), the game, the players with their scores and the winner starred, and a
replay link named by its players; on a desktop in English and Hungarian and on a phone in
Ukrainian."""

from __future__ import annotations

from datetime import UTC, datetime

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, new_page
from tests.web.browser.test_players import account
from tests.web.conftest import free_port, live_app, served_in_a_thread
from tests.web.finished import finished_game, person

from kingdomino.web.standings import account_named


def test_a_club_s_page_shows_its_recent_games_between_members(browser: Browser, database: str) -> None:
    app = live_app(database)
    store = app.state.hub.store
    with served_in_a_thread(app, free_port()) as base:
        (vera, vera_client), (timur, timur_client) = account(base), account(base)
        club = f"Kyiv club {vera[-6:]}"
        assert (
            vera_client.post("/api/clubs", json={"name": club}, headers={"Origin": base}).status_code == 201
        )
        joined = timur_client.post(f"/api/clubs/{club}/join", headers={"Origin": base})
        assert joined.status_code == 200, joined.text
        seats = [
            person(present[0], name)
            for name, present in ((vera, account_named(store, vera)), (timur, account_named(store, timur)))
            if present
        ]
        game = finished_game(store, seats, [2, 1], ended=datetime(2026, 11, 26, 19, 40, tzinfo=UTC))
        for locale, width, height in (("en", 1366, 900), ("hu", 1366, 900), ("uk", 390, 844)):
            page = new_page(
                browser,
                base,
                width=width,
                height=height,
                locale=locale,
                timezone="Europe/Kyiv",
                mobile=width < 500,
            )
            page.goto(f"{base}/club/{club}")
            line = page.locator(f"#club-recent li[data-game='{game}']")
            line.wait_for()
            text = line.inner_text()
            assert (
                ("9:40 PM" if locale == "en" else "21:40") in text
                and vera in text
                and timur in text
                and "★" in text
            ), text
            expect(line.locator("a.replay-link")).to_have_attribute("href", f"/game/{game}/replay")
            if locale == "en":
                expect(line.locator("a.replay-link")).to_have_attribute(
                    "aria-label", f"Replay the game of {vera}, {timur}"
                )
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            page.locator("#club-recent").scroll_into_view_if_needed()
            page.screenshot(path=str(ARTIFACTS / f"club-recent-{locale}-{width}.png"))
            assert not page.errors, page.errors
            page.context.close()
