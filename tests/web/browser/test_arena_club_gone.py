"""A running members-only arena whose club is gone (its last member left the site) refuses a late
joiner (``tournament_club_gone``): its page offers no "Join" then, and says why instead. The
server's side (the page's ``club_gone``) is tests/web/test_clubs.py's; here the page reads it."""

from __future__ import annotations

from playwright.sync_api import Browser, Route, expect
from tests.web.browser.pages import ARTIFACTS, log_in_new, new_page
from tests.web.browser.test_arena import posted


def test_a_running_arena_of_a_club_gone_offers_no_join(browser: Browser, live_server: str) -> None:
    pages = {name: new_page(browser, live_server) for name in ("Kira", "Boris", "Vera")}
    for name, page in pages.items():
        log_in_new(page, live_server, name)
    kira, boris, vera = pages["Kira"], pages["Boris"], pages["Vera"]
    body = {
        "name": "Club arena",
        "game": "duel",
        "format": "arena",
        "minutes": 20,
        "time_control": {"kind": "game", "minutes": 5, "increment": 3},
    }
    made = kira.request.post(live_server + "/api/tournaments", data=body, headers={"Origin": live_server})
    assert made.ok, made.text()
    tournament_id = made.json()["id"]
    posted(boris, f"/api/tournaments/{tournament_id}/join")
    for page in (kira, boris):
        page.goto(f"{live_server}/tournament/{tournament_id}")
        page.wait_for_selector("#arena-state")
    posted(kira, f"/api/tournaments/{tournament_id}/start")
    kira.wait_for_url(f"{live_server}/game/*", timeout=20_000)
    boris.wait_for_url(f"{live_server}/game/*", timeout=20_000)
    # Vera, a late comer, sees it running: "Join" while anyone may join it...
    vera.goto(f"{live_server}/tournament/{tournament_id}")
    expect(vera.locator("#arena-join")).to_be_visible()

    def of_a_club_gone(route: Route) -> None:
        shown = route.fetch().json()
        route.fulfill(json={**shown, "club_gone": True}, headers={"content-type": "application/json"})

    # ...and once its club is gone (as the server says it of such a tournament), why not.
    vera.route(f"**/api/tournaments/{tournament_id}", of_a_club_gone)
    vera.reload()
    expect(vera.locator("#arena-club-gone")).to_have_text(
        "This tournament was for the members of a club that no longer exists"
    )
    expect(vera.locator("#arena-join")).to_have_count(0)
    vera.screenshot(path=str(ARTIFACTS / "arena-club-gone.png"), full_page=True)
    assert vera.errors == [], vera.errors
