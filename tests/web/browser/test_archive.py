"""A player's archive in the browser: the player's page links to it and, for a logged-in reader,
says their record against its player; the archive lists 50 games, "More games" the rest (the
focus on the first added), its filters are the address (sent with the keyboard), a player's name
it does not know is said; on a desktop in English and on a 360 px phone in Russian, where the
filters, which filled its first screen, are folded under "Filters (1)" (how many are set)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs, urlparse

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, axe_violations, new_page, present
from tests.web.browser.test_players import account
from tests.web.conftest import free_port, live_app, served_in_a_thread
from tests.web.finished import ai, finished_game, person

from kingdomino.web.standings import account_named

SHOTS = ARTIFACTS / "archive"
SHOTS.mkdir(parents=True, exist_ok=True)


def test_the_archive_its_pages_filters_and_the_record_against_a_player(
    browser: Browser, database: str
) -> None:
    app = live_app(database)
    store = app.state.hub.store
    with served_in_a_thread(app, free_port()) as base:
        (kira, _), (bela, bela_client) = account(base), account(base)
        k, b = (account_named(store, name) for name in (kira, bela))
        assert k is not None and b is not None
        start = datetime.now(UTC) - timedelta(days=60)
        for n in range(55):  # Kira wins one in three
            seats = [person(k[0], kira), person(b[0], bela)]
            finished_game(store, seats, [1, 2] if n % 3 == 0 else [2, 1], ended=start + timedelta(hours=n))
        for n in range(3):
            finished_game(store, [person(k[0], kira), ai()], [1, 2], ended=start + timedelta(days=30 + n))
        # Bela's session, made through the API: the lobby's card would open her latest games,
        # which these, written without their moves, are not made to be.
        session = bela_client.cookies["kd_session"]
        page = new_page(browser, base)
        page.context.add_cookies([{"name": "kd_session", "value": session, "url": base}])
        page.goto(f"{base}/player/{kira}")
        line = present(page.wait_for_selector("#head-to-head")).text_content()
        assert (
            line == f"You and {kira}: 55 games together · you won 36, {kira} won 19 · Your games together"
        ), line
        expect(page.locator("#head-to-head-games")).to_have_attribute(
            "href", f"/player/{bela}/games?opponent={kira}"
        )
        expect(page.locator("#player-archive")).to_have_text("All finished games (58)")
        page.click("#player-archive")
        page.wait_for_selector("#archive-games li")
        expect(page.locator("#archive-games > li")).to_have_count(50)
        expect(page.locator("#archive-count")).to_have_text("58 games · 50 shown")
        page.screenshot(path=str(SHOTS / "desktop-en.png"), full_page=True)
        assert axe_violations(page) == []
        page.click("#archive-more")
        page.wait_for_function("document.querySelectorAll('#archive-games > li').length === 58")
        assert page.evaluate(
            "document.activeElement === document.querySelectorAll('#archive-games > li')[50]"
        )
        expect(page.locator("#archive-more")).to_be_hidden()
        expect(page.locator("#archive-count")).to_have_text("58 games")
        # The filters, chosen and sent with the keyboard, become the address.
        page.focus("#archive-result")
        page.select_option("#archive-result", "won")
        page.fill("#archive-opponent", bela)
        page.press("#archive-opponent", "Enter")
        page.wait_for_url("**/games?*")
        asked = parse_qs(urlparse(page.url).query)
        assert asked == {"result": ["won"], "opponent": [bela]}, asked
        page.wait_for_selector("#archive-games li")
        expect(page.locator("#archive-games > li")).to_have_count(19)
        expect(page.locator("#archive-result")).to_have_value("won")
        expect(page.locator("#archive-opponent")).to_have_value(bela)
        assert page.errors == []
        page.goto(f"{base}/player/{kira}/games?opponent=Nobody{kira}")
        expect(page.locator("#archive-error")).to_contain_text(f"No player is named Nobody{kira}")
        assert all("404" in error for error in page.errors), page.errors  # the refusal, said above
        phone = new_page(browser, base, width=360, height=740, locale="ru", touch=True, mobile=True)
        phone.goto(f"{base}/player/{kira}/games?lang=ru")
        phone.wait_for_selector("#archive-games li")
        expect(phone.locator("#archive-count")).to_have_text("58 игр · показано 50")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 360
        # The filters folded on a phone: its first screen shows the games, not seven menus.
        expect(phone.locator("#archive-games > li").first).to_be_in_viewport()
        expect(phone.locator("#archive-result")).to_be_hidden()
        summary = phone.locator("#archive-fold-summary")
        assert summary.inner_text() == "Фильтры" and present(summary.bounding_box())["height"] >= 44
        phone.screenshot(path=str(SHOTS / "phone-ru-folded.png"))
        summary.click()
        for control in phone.locator("#archive-filters select, #archive-filters input, #archive-more").all():
            box = control.bounding_box()
            assert box is not None and box["height"] >= 44, box
        phone.screenshot(path=str(SHOTS / "phone-ru.png"))
        phone.goto(f"{base}/player/{kira}/games?lang=en&result=won")
        phone.wait_for_selector("#archive-games li")
        expect(phone.locator("#archive-fold-summary")).to_have_text("Filters (1)", use_inner_text=True)
        phone.screenshot(path=str(SHOTS / "phone-en.png"))
        page.goto(f"{base}/player/{kira}?lang=ru")
        page.wait_for_selector("#head-to-head")
        page.screenshot(path=str(SHOTS / "player-desktop-ru.png"))
        assert phone.errors == []


def test_a_new_player_s_archive_says_no_game_is_finished_yet(browser: Browser, live_server: str) -> None:
    """Before a player's first finished game their archive says so, on a phone in Hungarian: "no
    finished game matches these filters" is for filters set, and a new player set none."""
    name, _ = account(live_server)
    phone = new_page(browser, live_server, width=390, height=844, locale="hu", touch=True, mobile=True)
    phone.goto(f"{live_server}/player/{name}/games?lang=hu")
    phone.wait_for_selector("html[lang='hu'] #archive-none")
    assert phone.inner_text("#archive-none") == "Még nincs befejezett játszma."
    assert phone.inner_text("#archive-count") == "0 játszma"
    phone.screenshot(path=str(SHOTS / "none-yet-phone-hu.png"))
    phone.goto(f"{live_server}/player/{name}/games?lang=hu&result=won")
    phone.wait_for_selector("#archive-none")
    assert phone.inner_text("#archive-none") == "Egy befejezett játszma sem felel meg ezeknek a szűrőknek."
    assert phone.errors == []
