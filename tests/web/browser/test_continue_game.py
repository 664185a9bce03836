"""A guest's unfinished game is the first thing the lobby shows: Ana, a guest on a 360 px phone,
came back to the lobby and found her game against the AI only in "Your games", under the whole
new game's form. "Continue your game", at the top, lists this browser's games not over (the one
awaiting her move marked "Your turn") and opens them; an account's "Your move" card says it for
a logged-in player, so it is not shown then."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import api_game, axe_violations, log_in_new, opened

#: Where the screenshots go (looked at by a person, not compared).
SHOTS = "/tmp/shots/leftovers"


@pytest.mark.parametrize(("width", "height", "shot"), [(1366, 900, "desktop"), (360, 740, "phone")])
def test_a_guest_s_unfinished_game_is_first_in_the_lobby(
    browser: Browser, live_server: str, width: int, height: int, shot: str
) -> None:
    game_id, token = api_game(live_server, "kingdomino", 5)
    page = opened(browser, live_server, game_id, token, width, height, touch=shot == "phone")
    page.goto(live_server + "/")
    card = page.locator("#continue-game")
    expect(card.locator("h2")).to_have_text("Continue your game")
    link = card.locator(f"a.game-link[href='/game/{game_id}']")
    expect(link).to_be_in_viewport()
    expect(card.locator("li")).to_contain_text("Your turn")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert not axe_violations(page)
    page.screenshot(path=f"{SHOTS}/continue-game-{shot}.png")
    link.click()
    page.wait_for_url(f"{live_server}/game/{game_id}")
    page.wait_for_selector("#your-turn")
    other_id, other_token = api_game(live_server, "kingdomino", 6)
    page.goto(f"{live_server}/game/{other_id}?token={other_token}")
    page.wait_for_selector("#your-turn")
    page.goto(live_server + "/")
    expect(card.locator("h2")).to_have_text("Continue your games")
    expect(card.locator("li")).to_have_count(2)
    log_in_new(page, live_server, "Ana")
    expect(card).to_be_hidden()
    assert not page.errors
