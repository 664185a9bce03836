"""Takebacks chosen wherever a game is made, in the browser: the challenge form's "Takebacks
allowed", unticked, tells the challenged "No takebacks" on the challenge before they accept; the
quick game offers the choice too. And the lobby reads its account's ratings again when a game of
theirs ends: which open games it may join follows the rating the game moved. Screenshots on a
laptop and a 360 px phone."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import httpx
from playwright.sync_api import Browser, expect
from sqlalchemy import update
from tests.web.browser.pages import ARTIFACTS, LivePage, call_off, ending, log_in_new, new_page
from tests.web.browser.test_seek_ranges import lobby, opened, rated
from tests.web.conftest import free_port, live_app, served_in_a_thread

from kingdomino.web.tables import RatingRow

PASSWORD = "a long enough password"


def logged_in_phone(browser: Browser, base: str, name: str) -> LivePage:
    """A 360 px phone logged in to ``name``'s account."""
    phone = new_page(browser, base, width=360, height=740, touch=True, mobile=True)
    phone.goto(base + "/")
    logged = phone.request.post(
        f"{base}/api/session", data={"name": name, "password": PASSWORD}, headers={"Origin": base}
    )
    assert logged.ok, logged.text()
    return phone


def fits(page: LivePage, width: int) -> None:
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, f"the page is {wide} px wide on a {width} px screen"


def test_a_challenge_without_takebacks_says_so_to_the_challenged(browser: Browser, live_server: str) -> None:
    kira, boris = new_page(browser, live_server), new_page(browser, live_server)
    kira_name = log_in_new(kira, live_server, "Kira")
    boris_name = log_in_new(boris, live_server, "Boris")
    form_phone = logged_in_phone(browser, live_server, kira_name)
    form_phone.goto(f"{live_server}/player/{quote(boris_name)}")
    form_phone.wait_for_selector("#challenge-form")
    assert form_phone.is_checked("#challenge-takebacks"), "allowed unless unticked, as the lobby's form"
    form_phone.locator("#challenge-form").scroll_into_view_if_needed()
    form_phone.screenshot(path=str(ARTIFACTS / "challenge-takebacks-form-phone.png"))
    fits(form_phone, 360)
    kira.goto(f"{live_server}/player/{quote(boris_name)}")
    kira.wait_for_selector("#challenge-form")
    kira.select_option("#challenge-game-choice", label="Kingdomino Duel · 2 players")
    kira.uncheck("#challenge-takebacks")
    kira.screenshot(path=str(ARTIFACTS / "challenge-takebacks-form-laptop.png"))
    kira.click("#challenge-button")
    kira.wait_for_url(f"{live_server}/game/*")
    game_id = kira.url.rsplit("/", 1)[1]
    boris_phone = logged_in_phone(browser, live_server, boris_name)
    boris_phone.goto(live_server + "/")
    for page, shot in ((boris, "laptop"), (boris_phone, "phone")):
        line = page.locator(f"#challenge-list li[data-id='{game_id}']")
        line.wait_for()
        assert line.locator(".no-takebacks").inner_text() == "No takebacks", line.inner_text()
        line.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"challenge-takebacks-received-{shot}.png"))
    fits(boris_phone, 360)
    boris.click("#inbox-bell")
    told = boris.locator("#inbox-list li[data-kind=challenged] a")
    told.wait_for()
    expect(told).to_have_text(ending("challenged you to Kingdomino Duel for 2 · No takebacks"))
    call_off(kira, game_id)
    for page in (kira, boris, form_phone, boris_phone):
        assert page.errors == []


def test_the_quick_game_pairs_by_the_takebacks_chosen(browser: Browser, live_server: str) -> None:
    phone = new_page(browser, live_server, width=360, height=740, touch=True, mobile=True)
    phone.goto(live_server + "/")
    phone.locator("#quick-game").scroll_into_view_if_needed()
    expect(phone.locator("#quick-takebacks")).to_be_checked()
    phone.screenshot(path=str(ARTIFACTS / "quick-game-takebacks-phone.png"))
    fits(phone, 360)
    page = new_page(browser, live_server)
    page.goto(live_server + "/")
    page.wait_for_selector("#quick-game")
    page.fill("#guest-name", "Quinn")
    page.select_option("#quick-game-choice", label="Kingdomino Duel · 2 players")
    page.uncheck("#quick-takebacks")
    page.click("#quick-game-button")
    page.wait_for_url(f"{live_server}/game/*")
    game_id = page.url.rsplit("/", 1)[1]
    games = httpx.get(f"{live_server}/api/open-games", timeout=30).json()["games"]
    assert next(game for game in games if game["id"] == game_id)["takebacks"] is False
    call_off(page, game_id)
    assert page.errors == [] and phone.errors == []


def test_the_lobby_reads_its_ratings_again_when_a_game_of_its_account_ends(
    browser: Browser, database: str
) -> None:
    app = live_app(database)
    with served_in_a_thread(app, free_port()) as base:
        near = opened(base, rated(app, {"duel": 1500.0}), "duel", rating_range={"low": -50, "high": 50})
        viewer = rated(app, {"duel": 1500.0})
        other = rated(app, {"duel": 1500.0})
        ours = opened(base, viewer, "duel")
        joined = httpx.post(
            f"{base}/api/games/{ours}/join",
            json={},
            cookies={"kd_session": other},
            headers={"Origin": base},
            timeout=30,
        )
        assert joined.status_code == 200, joined.text
        page = lobby(browser, base, viewer)
        page.wait_for_selector(f"#open-list li[data-id='{near}'] button.join")
        page.wait_for_selector(f"#account-games a[href^='/game/{ours}']")
        # The game ends, and its result moved the viewer's rating (as a rated game's does).
        hub: Any = app.state.hub
        account = hub.table(ours).stored.seats[0]["account"]
        with hub.store.engine.begin() as connection:
            connection.execute(
                update(RatingRow)
                .where(RatingRow.account_id == account, RatingRow.pool == "duel")
                .values(rating=1320.0)
            )
        token = str(hub.table(ours).stored.seats[1]["token"])
        resigned = httpx.post(
            f"{base}/api/games/{ours}/resign", json={"token": token}, headers={"Origin": base}, timeout=30
        )
        assert resigned.status_code == 200, resigned.text
        # The player comes back to the lobby's tab: it looks at the account's games again.
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        why = page.locator(f"#open-list li.not-yours[data-id='{near}'] .not-yours-why")
        why.wait_for()
        expect(why).to_have_text("Not for you: your rating is 1,320", use_inner_text=True)
        assert page.errors == []
