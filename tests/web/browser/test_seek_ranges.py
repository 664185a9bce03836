"""The lobby's open games with rating ranges, in the browser: the games this page may join listed
first, the others marked with why not (a rating out of the range, a guest's page); the filters by
game, players, clock and rated or casual, said in words, kept in this browser; the new game form's
range, made around its creator's rating and said on the waiting game's page. Screenshots on a
laptop and a 360 px phone."""

from __future__ import annotations

import secrets
from typing import Any

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import (
    ARTIFACTS,
    LivePage,
    axe_violations,
    call_off,
    game_page_id,
    needs_axe,
    new_page,
)
from tests.web.conftest import free_port, live_app, served_in_a_thread
from tests.web.ratings import rating_row

DAYS = {"kind": "days", "days": 1}


def rated(app: Any, pools: dict[str, float]) -> str:
    """A new account's session, rated in each of ``pools`` (not provisional)."""
    account, token = app.state.accounts.create(f"R{secrets.token_hex(3)}", "a long password")
    with app.state.hub.store.engine.begin() as connection:
        for pool, rating in pools.items():
            connection.execute(rating_row(account.id, pool, rating, 60.0, games=20))
    return str(token)


def opened(base: str, session: str, game: str, **fields: Any) -> str:
    """A game of two opened to the lobby by ``session``'s account: its id."""
    body = {"game": game, "players": 2, "seats": [{"kind": "human"}, {"kind": "open"}], **fields}
    made = httpx.post(f"{base}/api/games", json=body, cookies={"kd_session": session}, timeout=30)
    assert made.status_code == 201, made.text
    return str(made.json()["id"])


def lines(page: LivePage) -> list[str]:
    """The ids of the open games the list shows, in order."""
    return [str(item.get_attribute("data-id")) for item in page.locator("#open-list li").all()]


def lobby(browser: Browser, base: str, session: str | None, width: int = 1366, height: int = 900) -> LivePage:
    page = new_page(browser, base, width, height, touch=width < 500, mobile=width < 500)
    if session is not None:
        page.context.add_cookies([{"name": "kd_session", "value": session, "url": base}])
    page.goto(base + "/")
    page.wait_for_selector("#logged-in" if session else "#account-form")
    return page


@needs_axe
def test_the_lobby_puts_your_games_first_marks_the_others_and_filters_them(
    browser: Browser, database: str
) -> None:
    app = live_app(database)
    with served_in_a_thread(app, free_port()) as base:
        narrow = opened(
            base,
            rated(app, {"duel": 1900.0}),
            "duel",
            time_control=DAYS,
            rating_range={"low": -100, "high": 100},
        )
        casual = opened(base, rated(app, {"kingdomino-2": 1500.0}), "kingdomino")
        wide = opened(
            base,
            rated(app, {"duel": 1600.0}),
            "duel",
            rated=True,
            time_control=DAYS,
            rating_range={"low": -500, "high": 500},
        )
        viewer = rated(app, {"duel": 1500.0})
        page = lobby(browser, base, viewer)
        page.wait_for_selector(f"#open-list li.not-yours[data-id='{narrow}']")
        assert lines(page) == [casual, wide, narrow], "the games this page may join come first"
        mark = page.locator(f"li[data-id='{narrow}']")
        expect(mark).to_contain_text("Ratings 1,800 to 2,000", use_inner_text=True)
        expect(mark.locator(".not-yours-why")).to_have_text(
            "Not for you: your rating is 1,500", use_inner_text=True
        )
        expect(mark.locator("button.join")).to_have_count(0)
        expect(page.locator(f"li[data-id='{wide}'] button.join")).to_have_count(1)
        said = page.locator("#open-filters-said")
        expect(said).to_have_text("Filters: none. Shown: 3 of 3", use_inner_text=True)
        said.click()
        assert axe_violations(page) == [], "the marked games and the open filters, to a screen reader"
        page.select_option("#filter-game", "duel|")
        page.wait_for_function("document.querySelectorAll('#open-list li').length === 2")
        expect(said).to_have_text("Filters: Kingdomino Duel. Shown: 2 of 3", use_inner_text=True)
        page.check("#filter-joinable")
        page.wait_for_function("document.querySelectorAll('#open-list li').length === 1")
        assert lines(page) == [wide]
        expect(said).to_have_text(
            "Filters: Kingdomino Duel, Only games I may join. Shown: 1 of 3", use_inner_text=True
        )
        page.screenshot(path=str(ARTIFACTS / "seek-ranges-filters-laptop.png"), full_page=True)
        page.reload()  # kept in this browser
        page.wait_for_selector(f"#open-list li[data-id='{wide}']")
        expect(said).to_have_text(
            "Filters: Kingdomino Duel, Only games I may join. Shown: 1 of 3", use_inner_text=True
        )
        said.click()
        page.select_option("#filter-clock", "none")
        page.wait_for_selector("#none-filtered:not([hidden])")
        page.select_option("#filter-game", "")
        page.select_option("#filter-clock", "")
        page.uncheck("#filter-joinable")

        guest = lobby(browser, base, None, 360, 740)
        guest.wait_for_selector(f"#open-list li.not-yours[data-id='{wide}']")
        assert lines(guest) == [casual, narrow, wide]  # the others in their order: the oldest first
        expect(guest.locator(f"li[data-id='{wide}'] .not-yours-why")).to_have_text(
            "Log in to join", use_inner_text=True
        )
        assert guest.locator(".rating-range:visible").count() == 0, (
            "a guest has no rating to make a range around"
        )
        guest_said = guest.locator("#open-filters-said")
        expect(guest_said).to_be_visible()
        expect(guest_said).to_have_text("Filters: none. Shown: 3 of 3", use_inner_text=True)
        guest.locator("#open-games").scroll_into_view_if_needed()
        guest.screenshot(path=str(ARTIFACTS / "seek-ranges-guest-phone.png"))
        width = guest.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"the lobby is {width} px wide on a 360 px phone"
        assert page.errors == [] and guest.errors == []


def test_the_new_game_form_opens_a_game_with_a_range_around_your_rating(
    browser: Browser, database: str
) -> None:
    app = live_app(database)
    with served_in_a_thread(app, free_port()) as base:
        session = rated(app, {"kingdomino-2": 1720.0})
        for width, height, shot in ((1366, 900, "laptop"), (360, 740, "phone")):
            page = lobby(browser, base, session, width, height)
            page.select_option("#seat-1", "open")
            page.wait_for_selector("#open-options:not([hidden]) .rating-range:not([hidden])")
            page.select_option("#ai-fill", "")
            expect(page.locator("#range-low")).to_be_disabled()
            page.check("#range-on")
            page.select_option("#range-low", "-200")
            page.select_option("#range-high", "300")
            page.locator("#open-options").scroll_into_view_if_needed()
            page.screenshot(path=str(ARTIFACTS / f"seek-ranges-form-{shot}.png"))
            overflow = page.evaluate("document.documentElement.scrollWidth")
            assert overflow <= width, f"the form is {overflow} px wide on a {width} px screen"
            page.click("#create")
            game_id = game_page_id(page)
            said = page.locator("#waiting-range")
            said.wait_for()
            expect(said, "the waiting game's page says its range").to_have_text(
                "Ratings 1,520 to 2,020.", use_inner_text=True
            )
            page.screenshot(path=str(ARTIFACTS / f"seek-ranges-waiting-{shot}.png"))
            games = httpx.get(f"{base}/api/open-games", timeout=30).json()["games"]
            listed = next(game for game in games if game["id"] == game_id)
            assert listed["rating_range"] == {"low": 1520, "high": 2020}
            call_off(page, game_id)
            assert page.errors == []
