"""The lobby's open games show their creator's rating by the name, "?" while it is provisional,
and the "?" says the server's threshold (``/api/meta``): the page keeps no copy of it."""

from __future__ import annotations

from playwright.sync_api import Browser, Route, expect
from tests.web.browser.pages import ARTIFACTS, log_in_new, new_page, present


def test_an_open_game_shows_its_creator_s_rating_with_the_server_s_threshold(
    browser: Browser, live_server: str
) -> None:
    host = new_page(browser, live_server)
    phone = new_page(browser, live_server, 390, 844, touch=True)
    name = log_in_new(host, live_server, "Rina")
    made = host.request.post(
        live_server + "/api/games",
        data={
            "game": "duel",
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "open"}],
            "rated": True,
            "time_control": {"kind": "days", "days": 1},
        },
    )
    assert made.status == 201, made.text()
    opened = made.json()["id"]

    def threshold_95(route: Route) -> None:
        served = route.fetch().json()
        route.fulfill(json={**served, "provisional_threshold": 95})

    phone.route("**/api/meta", threshold_95)
    phone.goto(live_server + "/")
    host.goto(live_server + "/")
    for page in (host, phone):
        line = page.locator(f"li[data-id='{opened}']")
        line.wait_for()
        expect(line).to_contain_text(name, use_inner_text=True)
        # New to the duel's pool: 1500, provisional.
        expect(line.locator(".seat-rating .provisional-rating")).to_have_text("1,500?", use_inner_text=True)
    meaning = present(phone.locator(f"li[data-id='{opened}'] .provisional-mark").get_attribute("title"))
    assert "95" in meaning and "110" not in meaning
    assert "110" in present(host.locator(f"li[data-id='{opened}'] .provisional-mark").get_attribute("title"))
    host.locator(f"li[data-id='{opened}']").scroll_into_view_if_needed()
    host.screenshot(path=str(ARTIFACTS / "lobby-ratings-laptop.png"))
    phone.locator(f"li[data-id='{opened}']").scroll_into_view_if_needed()
    phone.screenshot(path=str(ARTIFACTS / "lobby-ratings-phone.png"))
    # Called off: a rated quick Duel of another test on this server would else be paired to it.
    token = made.json()["seats"][0]["token"]
    assert host.request.post(f"{live_server}/api/games/{opened}/cancel", data={"token": token}).ok
    assert host.errors == [] and phone.errors == []
