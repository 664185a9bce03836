"""Bots on the leaderboard page: a bot's account is marked ("(bot)", what it means for the
pointer), and the page lists people only, bots only or all (the default) on a click."""

from __future__ import annotations

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, new_page
from tests.web.conftest import free_port, live_app, on_the_server_loop, served_in_a_thread
from tests.web.test_leaderboard_bots import rated_account


class _Server:
    """What ``rated_account`` needs of a test client: the app."""

    def __init__(self, app: object) -> None:
        self.app = app


def test_the_leaderboard_marks_bots_and_lists_people_or_bots_alone(browser: Browser, database: str) -> None:
    app = live_app(database)
    with served_in_a_thread(app, free_port()) as base:
        server = _Server(app)
        bot = on_the_server_loop(base, lambda: rated_account(server, 1800, 60, bot=True))  # type: ignore[arg-type]
        person = on_the_server_loop(base, lambda: rated_account(server, 1700, 60, bot=False))  # type: ignore[arg-type]
        page = new_page(browser, base)
        page.goto(base + "/leaderboards/duel")
        rows = page.locator("#leaders tbody tr")
        rows.nth(1).wait_for()
        expect(page.locator(".kind-tabs [aria-current='page']")).to_have_attribute("data-kind", "all")
        expect(rows.nth(0)).to_contain_text(bot, use_inner_text=True)
        expect(rows.nth(1)).to_contain_text(person, use_inner_text=True)
        mark = rows.nth(0).locator(".bot-mark")
        expect(mark).to_have_attribute("title", "A bot: a program plays this account")
        expect(mark).to_have_text("(bot)", use_inner_text=True)
        assert rows.nth(1).locator(".bot-mark").count() == 0
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "leaderboard-bots-all.png"))
        page.click(".kind-tabs [data-kind='people']")
        page.wait_for_url("**/leaderboards/duel?kind=people")
        page.locator(".kind-tabs [data-kind='people'][aria-current='page']").wait_for()
        expect(page.locator("#leaders tbody tr")).to_have_count(1)
        expect(page.locator("#leaders tbody tr")).to_contain_text(person, use_inner_text=True)
        page.click(".kind-tabs [data-kind='bots']")
        page.locator(".kind-tabs [data-kind='bots'][aria-current='page']").wait_for()
        expect(page.locator("#leaders tbody tr")).to_have_count(1)
        expect(page.locator("#leaders .bot-mark")).to_have_count(1)
        # Another pool's tab keeps the choice; a pool where no bot is rated says so.
        page.click(".pool-tab[href='/leaderboards/kingdomino-2?kind=bots']")
        page.locator("#no-leaders").wait_for()
        expect(page.locator("#no-leaders")).to_have_text(
            "No bot has a rating in this pool yet.", use_inner_text=True
        )
        page.screenshot(path=str(ARTIFACTS / "leaderboard-bots-none.png"))
        # A bot's own page is marked too.
        page.goto(f"{base}/player/{bot}")
        page.locator(".players-title .bot-mark").wait_for()
        page.close()
