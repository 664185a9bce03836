"""The lobby's bell and the account's games look again as soon as the page hears of a change
(news.js), not at the next minute's look: a friend's move made while Emil's lobby was open showed
there 58 s later (the turn-based player's review of 2026-11-30). The lobby's socket tells a
challenge made or answered; the service worker passes on a push of the server."""

from __future__ import annotations

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, log_in_new, new_page
from tests.web.browser.test_inbox import DAYS, post

#: Well under the minute's look (account-games.js's REFRESH_SECONDS), which the page opened just before.
SOON_MS = 30_000


def test_a_challenge_and_its_answer_reach_the_bell_and_the_games_at_once(
    browser: Browser, live_server: str
) -> None:
    emil = new_page(browser, live_server, 360, 740, touch=True, mobile=True)
    bela = new_page(browser, live_server)
    emil_name = log_in_new(emil, live_server, "Emil")
    log_in_new(bela, live_server, "Bela")
    emil.goto(live_server + "/")
    emil.locator("#logged-in").wait_for()
    count = emil.locator("#inbox-bell .inbox-count")
    expect(count).to_have_text("")
    # Bela challenges Emil: his lobby's socket tells it, and the bell looks again.
    made = post(bela, "/api/challenges", {"name": emil_name, "game": "kingdomino", "time_control": DAYS})
    expect(count).to_have_text("1", timeout=SOON_MS)
    # Emil accepts from another device: the game is among his account's games at once.
    post(emil, f"/api/challenges/{made['id']}/accept")
    expect(emil.locator(f"#account-games a[href^='/game/{made['id']}']").first).to_be_visible(timeout=SOON_MS)
    # A push the service worker passes on (sw.js's message to its tabs) makes the bell look again.
    with emil.expect_request(lambda request: "/api/account/notifications" in request.url, timeout=SOON_MS):
        emil.evaluate(
            "navigator.serviceWorker.dispatchEvent("
            "new MessageEvent('message', {data: {type: 'push', game: 'x', tag: 'turn'}}))"
        )
    emil.screenshot(path=str(ARTIFACTS / "lobby-news-phone.png"), full_page=True)
    assert not emil.errors and not bela.errors
