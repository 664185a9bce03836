"""The guided first game, where a new player learns who took what and why they pick twice."""

from __future__ import annotations

from playwright.sync_api import Browser
from tests.web.browser.pages import ARTIFACTS, new_page, present


def test_the_guide_says_two_kings_then_the_second_pick_and_names_the_kings(
    browser: Browser, live_server: str
) -> None:
    """With 2 players the guide never said each player has two kings, the second pick repeated the
    first's tip, and the kings were small colour badges: who took what was hard to read."""
    page = new_page(browser, live_server)
    page.goto(live_server + "/")
    page.click("#guided")
    page.wait_for_url("**/game/*")
    tips = set()
    for _ in range(4):  # the first line's picks: two of ours, two of the AI's, in any order
        page.wait_for_selector("#your-turn")
        page.wait_for_selector("#guide-tip")
        tip = present(page.locator("#guide-tip").text_content())
        if not page.locator("button.domino.claimable").count():
            break
        tips.add(tip)
        before = page.locator("#log li").count()
        page.locator("button.domino.claimable").first.click()
        page.wait_for_function(f"document.querySelectorAll('#log li').length > {before}")
        if "Your second king" in tip:
            break
    first = [tip for tip in tips if tip.startswith("Choose a domino for your next turn")]
    assert first and "With 2 players each of you has two kings" in first[0], tips
    assert any(tip.startswith("Your second king: choose one more domino") for tip in tips), tips
    page.locator(".rows").screenshot(path=str(ARTIFACTS / "rows-with-owners.png"))
    owners = page.locator(".rows .owner-name").all_inner_texts()
    assert owners.count("You") == 2 and len(owners) >= 2, owners
    assert not page.errors
