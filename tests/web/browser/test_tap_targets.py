"""On a phone every control is at least 24 x 24 CSS pixels (WCAG 2.2's target size, minimum):
the legal moves' summary was 19 px high, the score sheet's rows 22 px, the lobby's check boxes 18."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser
from tests.web.browser.pages import api_game, at_first_placement, new_page, opened

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
