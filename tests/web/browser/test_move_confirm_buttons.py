"""Confirm moves (``static/move-confirm.js``) from what the page offers besides the board: a move
of the move list ("All moves") and a move of the hint wait for Confirm as a move chosen on the
board does, marked and said in the bar, and go once on Confirm; Undo while a move waits takes it
back with the position, without a word."""

from __future__ import annotations

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import (
    LOG_MARK,
    LivePage,
    api_game,
    at_first_placement,
    wait_for_count,
    wait_for_new_log,
)
from tests.web.browser.test_move_confirm import SHOTS, choose_on_board, game_page, moves_sent, turn_index


def waits_then_goes(page: LivePage, sent: list[str], action: str, words: str) -> None:
    """The move ``action`` (``words`` in the move list or the hint) waits, marked, said in the bar
    and not sent; Confirm sends it once."""
    expect(page.locator("#move-confirm")).to_be_visible()
    expect(page.locator("#move-chosen")).to_have_text(f"Your move: {words}. Play it?")
    expect(page.locator(".chosen, svg .chosen-mark").first).to_be_visible()
    expect(page.locator("#confirm-move")).to_be_focused()
    before = len(sent)
    assert action not in sent[before - 1 :] or before == 0, sent
    mark = page.evaluate(LOG_MARK)
    page.click("#confirm-move")
    wait_for_new_log(page, mark)
    wait_for_count(page, sent, before + 1)
    assert sent[before:] == [action], sent
    expect(page.locator("#move-confirm")).to_be_hidden()


def test_a_move_of_the_list_and_one_of_the_hint_wait_for_confirm(browser: Browser, live_server: str) -> None:
    game_id, token = api_game(live_server, "kingdomino", seed=3)
    page = game_page(browser, live_server, game_id, token, "always")
    sent = moves_sent(page)
    page.reload()
    page.wait_for_selector("#your-turn")
    index = turn_index(page)
    page.click(".moves summary")
    option = page.locator("#moves option").last
    action, words = str(option.get_attribute("value")), str(option.text_content())
    page.select_option("#moves", action)
    page.click("#play")
    assert sent == [], sent
    waits_then_goes(page, sent, action, words)
    page.wait_for_function(
        "(after) => document.querySelector('#your-turn')"
        " && parseInt(document.querySelector('#status').dataset.said, 10) > after",
        arg=index,
    )
    page.click("#hint")
    move = page.locator("#hint-result ol button").first
    move.wait_for(timeout=60000)
    words = str(move.text_content())
    action = str(
        page.evaluate(
            "(words) => [...document.querySelectorAll('#moves option')]"
            ".find((o) => o.textContent === words).value",
            words,
        )
    )
    move.click()
    assert len(sent) == 1, sent
    expect(page.locator("#hint-result")).to_have_count(0)
    page.screenshot(path=str(SHOTS / "hint-move-desktop-en.png"))
    waits_then_goes(page, sent, action, words)
    assert page.errors == []


def test_undo_while_a_move_waits_takes_it_back_with_the_position(browser: Browser, live_server: str) -> None:
    """A placement confirmed, the claim after it chosen: Undo takes both back (no piece revealed between)."""
    game_id, token = at_first_placement(live_server)
    page = game_page(browser, live_server, game_id, token, "always")
    sent = moves_sent(page)
    page.reload()
    first = choose_on_board(page)
    index = turn_index(page)
    page.click("#confirm-move")
    wait_for_new_log(page, first)
    choose_on_board(page, index)
    expect(page.locator("#move-confirm")).to_be_visible()
    page.click("#undo")
    # Back at the first move, nothing of the second sent nor said.
    page.wait_for_function(
        "(n) => document.querySelector('#your-turn') && document.querySelectorAll('#log li').length === n",
        arg=first[0],
    )
    expect(page.locator("#move-confirm")).to_be_hidden()
    expect(page.locator(".chosen, svg .chosen-mark")).to_have_count(0)
    assert len(sent) == 1, sent
    assert turn_index(page) == index
    assert page.errors == []
