"""A challenge in the browser: Kira challenges Boris from his player's page, Boris sees it at once
in the lobby he has open, accepts, and both are in the game (the API tests, test_challenges.py,
decline, call off and refuse)."""

from __future__ import annotations

from urllib.parse import quote

from playwright.sync_api import Browser
from tests.web.browser.pages import log_in_new, new_page


def test_kira_challenges_boris_from_his_page_and_both_land_in_the_game(
    browser: Browser, live_server: str
) -> None:
    kira, boris = new_page(browser, live_server), new_page(browser, live_server)
    log_in_new(kira, live_server, "Kira")
    boris_name = log_in_new(boris, live_server, "Boris")
    kira.goto(f"{live_server}/player/{quote(boris_name)}")
    kira.wait_for_selector("#challenge-form")
    assert kira.locator("#challenge-title").inner_text() == f"Challenge {boris_name}"
    kira.select_option("#challenge-game-choice", label="Kingdomino Duel · 2 players")
    kira.select_option("#challenge-clock", label="1 day a move (turn-based)")
    kira.click("#challenge-button")
    kira.wait_for_url(f"{live_server}/game/*")
    game_id = kira.url.rsplit("/", 1)[1]
    waiting = kira.locator("#waiting-players")
    waiting.wait_for()
    assert f"Waiting for {boris_name} to accept your challenge." in waiting.inner_text()
    # Boris's lobby, open since before the challenge, shows it with its answers.
    line = boris.locator(f"#challenge-list li[data-id='{game_id}']")
    line.wait_for()
    assert line.locator("strong").inner_text().endswith("challenges you")
    assert boris.locator(f"#open-list li[data-id='{game_id}']").count() == 0
    line.locator("button.accept").click()
    boris.wait_for_url(f"{live_server}/game/{game_id}")
    for page in (kira, boris):
        page.wait_for_selector("#your-turn, #waiting")
    assert not kira.errors and not boris.errors
