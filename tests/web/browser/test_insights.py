"""A player's statistics in the browser: the player's page links to them; each game and mode has
its card (its figures, its bonuses earned, its points by terrain, its score's line), the pool's
rating over time under them; the filters are the address; on a desktop in English and on a
360 px phone in Bulgarian, its filters folded, every control a finger's 44 px and nothing wider
than the screen."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs, urlparse

from playwright.sync_api import Browser, expect
from sqlalchemy import insert
from tests.web.browser.pages import ARTIFACTS, LivePage, axe_violations, log_in_new, new_page, present
from tests.web.browser.test_players import account
from tests.web.conftest import free_port, live_app, served_in_a_thread
from tests.web.finished import ai, finished_game, person
from tests.web.test_insights import KINGDOM, TRIBE, kept, sheet

from kingdomino.core.game import Bonus
from kingdomino.web.standings import account_named
from kingdomino.web.tables import RatingRow

SHOTS = ARTIFACTS / "insights"
SHOTS.mkdir(parents=True, exist_ok=True)


def test_the_statistics_page_its_cards_graphs_and_filters(browser: Browser, database: str) -> None:
    app = live_app(database)
    store = app.state.hub.store
    with served_in_a_thread(app, free_port()) as base:
        (kira, _), (bela, _) = account(base), account(base)
        k, b = (account_named(store, name) for name in (kira, bela))
        assert k is not None and b is not None
        start = datetime.now(UTC) - timedelta(days=40)
        harmony = sheet([("forest", 6, 2), ("lake", 3, 1)], [Bonus("middle_kingdom", 10, "middle kingdom")])
        for n in range(30):  # Kira wins two in three
            places = [2, 1] if n % 3 == 0 else [1, 2]
            made = finished_game(
                store,
                [person(k[0], kira), person(b[0], bela)],
                places,
                rated=True,
                ended=start + timedelta(hours=n),
            )
            kept(store, made, "standard", [KINGDOM if n % 2 else harmony, harmony])
        for n in range(4):
            made = finished_game(
                store,
                [person(k[0], kira), ai()],
                [1, 2],
                game="origins",
                ended=start + timedelta(days=10 + n),
            )
            kept(store, made, "tribe", [TRIBE, TRIBE], "origins")
        with store.engine.begin() as connection:
            connection.execute(
                insert(RatingRow).values(
                    account_id=k[0],
                    pool="kingdomino-2",
                    rating=1500,
                    deviation=300,
                    volatility=0.06,
                    games=30,
                    wins=20,
                    updated=start,
                )
            )
        page = new_page(browser, base)
        page.goto(f"{base}/player/{kira}")
        page.locator("#player-stats").screenshot(path=str(SHOTS / "player-link-en.png"))
        page.click("#player-insights")
        page.wait_for_selector(".insights-group")
        assert page.url == f"{base}/player/{kira}/stats"
        classic = page.locator('.insights-group[data-game="kingdomino"]')
        expect(classic.locator("h2")).to_have_text("Kingdomino")
        expect(classic.locator('[data-figure="games"] dd')).to_have_text("30")
        expect(classic.locator('[data-figure="wins"] dd')).to_have_text("20 (67%)")
        expect(classic.locator('[data-figure="average_crowns"] dt')).to_have_text("Crowns a kingdom")
        expect(classic.locator('[data-bonus="middle_kingdom"]')).to_have_text(
            "Middle Kingdom: earned in 30 of 30 games"
        )
        expect(classic.locator('[data-bonus="harmony"]')).to_have_text("Harmony: earned in 0 of 15 games")
        expect(classic.locator("tr[data-terrain]").first).to_have_attribute("data-terrain", "forest")
        expect(classic.locator(".insights-graph circle")).to_have_count(30)
        tribe = page.locator('.insights-group[data-mode="tribe"]')
        expect(tribe.locator("h2")).to_have_text("Kingdomino Origins · Tribe")
        expect(tribe.locator('[data-bonus="caveman:hunter"]')).to_have_text(
            "Hunter: 8 recruited in 4 games · points a game: 3"
        )
        page.wait_for_selector("#insights-ratings .rating-graph")
        page.screenshot(path=str(SHOTS / "desktop-en.png"), full_page=True)
        assert axe_violations(page) == []
        # The filters, chosen with the keyboard, become the address.
        page.focus("#insights-last")
        page.select_option("#insights-last", "20")
        page.select_option("#insights-against", "ai")
        page.press("#insights-filters button[type=submit]", "Enter")
        page.wait_for_url("**/stats?*")
        assert parse_qs(urlparse(page.url).query) == {"against": ["ai"], "last": ["20"]}
        page.wait_for_selector(".insights-group")
        expect(page.locator(".insights-group")).to_have_count(1)
        expect(page.locator("#insights-last")).to_have_value("20")
        expect(page.locator("#insights-against")).to_have_value("ai")
        assert page.errors == []
        phone = new_page(browser, base, width=360, height=740, locale="bg", touch=True, mobile=True)
        phone.goto(f"{base}/player/{kira}/stats?lang=bg")
        phone.wait_for_selector("#insights-ratings .rating-graph")
        expect(phone.locator("h1").first).to_have_text(f"Статистика на {kira}")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 360
        # The filters folded on a phone: its first screen shows the figures, not five menus.
        expect(phone.locator(".insights-group").first).to_be_in_viewport()
        assert phone.is_hidden("#insights-last")
        summary = phone.locator("#insights-fold-summary")
        assert summary.inner_text() == "Филтри" and present(summary.bounding_box())["height"] >= 44
        phone.screenshot(path=str(SHOTS / "phone-bg-folded.png"))
        summary.click()
        for control in phone.locator(
            "#insights-filters select, #insights-filters button, #insights-player"
        ).all():
            box = control.bounding_box()
            assert box is not None and box["height"] >= 44, box
        phone.screenshot(path=str(SHOTS / "phone-bg.png"), full_page=True)
        phone.goto(f"{base}/player/{kira}/stats?lang=en")
        phone.wait_for_selector(".insights-group")
        phone.screenshot(path=str(SHOTS / "phone-en.png"), full_page=True)
        page.goto(f"{base}/player/{kira}/stats?lang=bg")
        page.wait_for_selector(".insights-group")
        page.screenshot(path=str(SHOTS / "desktop-bg.png"), full_page=True)
        assert phone.errors == [] and page.errors == []


def test_a_player_without_a_finished_game_is_told_so_not_blamed_on_the_filters(page: LivePage) -> None:
    """A new player's statistics say that none of their games is finished yet (a puzzle solver
    opening them would otherwise change the filters for nothing); a filter chosen, its words."""
    name = log_in_new(page, page.base_url, "Reka")
    page.goto(f"{page.base_url}/player/{name}/stats")
    page.wait_for_selector("#insights-none")
    expect(page.locator("#insights-none")).to_have_text(
        f"No finished game yet: these statistics fill in as {name} finishes games."
    )
    page.goto(f"{page.base_url}/player/{name}/stats?rated=true")
    page.wait_for_selector("#insights-none")
    expect(page.locator("#insights-none")).to_have_text("No finished game matches these filters.")
    assert page.errors == []
