"""The table stays where it is while a player thinks: a refusal said or a hint shown floats over
it instead of pushing the board down (the hint's lines pushed the kingdom ~160 px, off the screen)."""

from __future__ import annotations

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, LivePage, api_game, at_first_placement, opened

BOARD_TOP = "document.querySelector('.kingdom.mine svg.big').getBoundingClientRect().top"


def board_top(page: LivePage) -> float:
    return float(page.evaluate(BOARD_TOP))


def test_a_refusal_or_a_hint_does_not_move_the_board(browser: Browser, live_server: str) -> None:
    game_id, token = at_first_placement(live_server)
    page = opened(browser, live_server, game_id, token)
    before = board_top(page)
    page.locator(".kingdom.mine svg rect.why").first.click(force=True)
    page.wait_for_function("document.querySelector('#error')?.textContent.length > 0")
    assert board_top(page) == before
    page.click("#hint")
    page.wait_for_selector("#hint-result", timeout=60000)
    assert board_top(page) == before
    page.screenshot(path=str(ARTIFACTS / "hint-over-the-board.png"))
    page.locator("#hint-result button").first.click()  # the hint's buttons stay clickable over the table
    page.wait_for_function("!document.querySelector('#hint-result')")
    assert not page.errors


def test_a_hint_over_the_dominoes_of_a_phone_closes_by_touch_or_keyboard(
    browser: Browser, live_server: str
) -> None:
    """On a phone the floating hint covers the dominoes it is about: a button closes it (a finger
    taps it, a keyboard presses it, or Escape), and its mark on the board goes with it."""
    game_id, token = at_first_placement(live_server)
    page = opened(browser, live_server, game_id, token, width=390, height=844, touch=True)
    for close in ("tap", "escape"):
        page.click("#hint")
        page.wait_for_selector("#hint-result", timeout=60000)
        button = page.locator("#hint-close")
        expect(button).to_have_attribute("aria-label", "Close the hint")
        box = button.bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, box  # a finger's size
        if close == "tap":
            page.screenshot(path=str(ARTIFACTS / "hint-close-phone.png"))
            button.tap()
        else:
            page.locator("#hint-result li button").first.focus()
            page.keyboard.press("Escape")
        page.wait_for_function("!document.querySelector('#hint-result')")
        expect(page.locator("svg .hint-mark, .hinted")).to_have_count(0)
        assert page.evaluate("document.activeElement && document.activeElement.id") == "hint"
    assert not page.errors


def test_four_kingdoms_are_all_on_a_laptop_s_first_screen(browser: Browser, live_server: str) -> None:
    """With 4 players at 1366 x 900 the third opponent's kingdom began below the fold while the
    middle column stood mostly empty."""
    for game, options in (("kingdomino", {}), ("origins", {"mode": "tribe"})):
        page = opened(browser, live_server, *api_game(live_server, game, 5, players=4, options=options))
        bottoms = page.evaluate(
            "[...document.querySelectorAll('.kingdom')].map((k) => k.getBoundingClientRect().bottom)"
        )
        assert len(bottoms) == 4 and max(bottoms) <= 900, (game, bottoms)
        page.screenshot(path=str(ARTIFACTS / f"four-kingdoms-{game}.png"))
        assert not page.errors
