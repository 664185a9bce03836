"""The table stays where it is while a player thinks: a refusal said or a hint shown floats over
it instead of pushing the board down (the hint's lines pushed the kingdom ~160 px, off the screen)."""

from __future__ import annotations

from typing import Any

from tests.web.browser.pages import ARTIFACTS
from tests.web.browser.test_clicks_answered import new_game, opened, play_until

BOARD_TOP = "document.querySelector('.kingdom.mine svg.big').getBoundingClientRect().top"


def board_top(page: Any) -> float:
    return float(page.evaluate(BOARD_TOP))


def test_a_refusal_or_a_hint_does_not_move_the_board(browser, live_server: str) -> None:
    game_id, token = new_game(live_server, "kingdomino", 3)
    play_until(
        live_server,
        game_id,
        token,
        lambda v: v["observation"]["phase"] == "place",
        lambda v: v["legal_actions"][0],
    )
    page = opened(browser, live_server, game_id, token)
    before = board_top(page)
    page.locator(".kingdom.mine svg rect.why").first.click(force=True)
    page.wait_for_function("document.querySelector('#error').textContent.length > 0")
    assert board_top(page) == before
    page.click("#hint")
    page.wait_for_selector("#hint-result", timeout=60000)
    assert board_top(page) == before
    page.screenshot(path=str(ARTIFACTS / "hint-over-the-board.png"))
    page.locator("#hint-result button").first.click()  # the hint's buttons stay clickable over the table
    page.wait_for_function("!document.querySelector('#hint-result')")
    assert not page.errors
