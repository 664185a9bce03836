"""On a phone every control is at least 24 x 24 CSS pixels (WCAG 2.2's target size, minimum):
the legal moves' summary was 19 px high, the score sheet's rows 22 px, the lobby's check boxes 18."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, api_game, at_first_placement, new_page, opened
from tests.web.browser.test_ended_page import ended_by_boris

#: Visible controls smaller than 24 px either way (an inline link in a sentence is exempt).
SMALL_TARGETS = """() => {
  const controls = document.querySelectorAll(
    'button, summary, select, input:not([type=hidden]), [role=button], tr[tabindex], a.button');
  const small = [];
  for (const c of controls) {
    const box = c.getBoundingClientRect();
    if (!box.width || !box.height || c.closest('.visually-hidden, [hidden]')) continue;
    if (box.width < 24 || box.height < 24) small.push(`${c.outerHTML.slice(0, 80)} ${box.height}`);
  }
  return small;
}"""


def phone(browser: Browser, base: str) -> Any:
    return new_page(browser, base, 390, 844, touch=True)


def test_the_lobby_s_controls_are_a_finger_wide(browser: Browser, live_server: str) -> None:
    page = phone(browser, live_server)
    page.goto(live_server + "/")
    page.wait_for_selector("#create")
    page.select_option("#game", "kingdomino")
    assert page.evaluate(SMALL_TARGETS) == []


def test_a_game_s_controls_are_a_finger_wide(browser: Browser, live_server: str) -> None:
    page = opened(browser, live_server, *api_game(live_server, "kingdomino", 3), 390, 844, touch=True)
    page.locator("#scores details").first.evaluate("(d) => { d.open = true; }")
    assert page.evaluate(SMALL_TARGETS) == []


def test_the_scorer_s_controls_are_a_finger_wide(browser: Browser, live_server: str) -> None:
    page = phone(browser, live_server)
    page.goto(live_server + "/score")
    page.wait_for_selector("#palette")
    page.click('button[data-brush="G"]')
    page.click('g.cell[data-square="0,1"]')
    page.wait_for_function("document.querySelector('#scorer-sheet table')")
    assert page.evaluate(SMALL_TARGETS) == []


def test_a_tapped_square_shows_what_the_domino_adds_unringed(browser: Browser, live_server: str) -> None:
    """The keyboard's focus ring, drawn over the ghost, covered its "+0" and resource on a tapped
    square: a tap shows the ghost with what it adds, and no ring."""
    game_id, token = at_first_placement(live_server)
    page = opened(browser, live_server, game_id, token, 390, 844, touch=True)
    page.locator("svg g.legal.anchor").first.tap()
    page.wait_for_selector("g.ghost-gain")
    assert page.evaluate("getComputedStyle(document.querySelector('g.focus-ring')).visibility") == "hidden"
    assert not page.errors


#: The replay's step buttons, the score sheets' summaries and a leaderboard's pools smaller than
#: 44 px either way, a finger's comfortable target.
UNDER_44 = """() => {
  const controls = document.querySelectorAll('#replay-bar .controls button, .sheets summary, .pool-tab');
  const small = [];
  for (const c of controls) {
    const box = c.getBoundingClientRect();
    if (!box.width || !box.height || c.closest('.visually-hidden, [hidden]')) continue;
    if (box.width < 44 || box.height < 44) small.push(`${c.outerHTML.slice(0, 60)} ${box.height}`);
  }
  return small;
}"""


def test_an_ended_game_s_replay_and_the_leaderboards_take_a_finger_s_tap(
    browser: Browser, live_server: str
) -> None:
    """On a phone 360 px wide, the score sheets' summaries of a resigned game's end (32 px high), its
    replay's step buttons ("◀" "▶" were 36 px wide) and a leaderboard's pools (35 px high) are each
    at least 44 x 44 px."""
    game_id, tokens = ended_by_boris(live_server, "resign", moved=True)
    page = new_page(browser, live_server, 360, 740, touch=True)
    page.goto(f"{live_server}/game/{game_id}?token={tokens[0]}")
    page.wait_for_selector("#ended-note")
    expect(page.locator(".sheets summary")).to_have_count(2)
    assert page.evaluate(UNDER_44) == []
    page.click("#replay")
    page.wait_for_selector("#replay-step")
    page.wait_for_selector("#replay-scores summary")
    # The four step buttons and "Play on from here" (and "Next marked move" once the review marks one).
    expect(page.locator("#replay-bar .controls button").nth(4)).to_be_visible()
    assert page.evaluate(UNDER_44) == []
    page.screenshot(path=str(ARTIFACTS / "replay-targets-360.png"))
    page.goto(live_server + "/leaderboards")
    page.wait_for_selector(".pool-tab")
    assert page.evaluate(UNDER_44) == []
    page.screenshot(path=str(ARTIFACTS / "leaderboards-targets-360.png"))
    assert not page.errors, page.errors
