"""Confirm moves (``static/move-confirm.js``): a move chosen on the board waits, marked where it
would go, until Confirm (or Enter); Cancel (or Escape) leaves the position as it was. The
preference says when: ``never`` (the default), ``turn_based`` (games by the day) or ``always``."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, WebSocket, expect
from tests.web.browser.pages import (
    BEFORE_A_CLICK,
    BOARD_TARGETS,
    LivePage,
    api_game,
    axe_violations,
    log_in_new,
    new_page,
    timed_game_of_two,
    wait_for_count,
    wait_for_new_log,
)

SHOTS = Path("/tmp/shots/confirm")
CONFIRM_KEY = "kingdomino.confirm-moves"


def moves_sent(page: LivePage) -> list[str]:
    """The moves the page's sockets send from now on, as they go."""
    sent: list[str] = []

    def on_frame(frame: str | bytes) -> None:
        message = json.loads(frame)
        if isinstance(message, dict) and message.get("type") == "action":
            sent.append(str(message["action"]))

    def on_socket(socket: WebSocket) -> None:
        socket.on("framesent", on_frame)

    page.on("websocket", on_socket)
    return sent


#: Whether the page shows a view awaiting our move newer than the view of index ``after`` (the
#: status line names the index of the view it awaits a move in: ``game-render.js`` drawStatus).
OUR_TURN_AFTER = """(after) => document.querySelector('#your-turn') !== null
  && parseInt(document.querySelector('#status').dataset.said, 10) > after"""


def turn_index(page: LivePage) -> int:
    """The index of the view the page awaits our move in."""
    return int(str(page.locator("#status").get_attribute("data-said")).split()[0])


def choose_on_board(page: LivePage, after: int = -1) -> list[Any]:
    """Once the page awaits our move in a view newer than the view of index ``after`` (a board the
    game has left offers no move), click the board's first move as ``play_by_clicking_board`` does
    (two dice where two are taken at once); where the log stood before."""
    page.wait_for_function(OUR_TURN_AFTER, arg=after)
    seen: dict[str, Any] = page.evaluate(BEFORE_A_CLICK, list(BOARD_TARGETS))
    selector = seen["target"]
    assert selector is not None, page.locator("#status").text_content()
    pick = page.locator(selector).first
    picks_two = selector == "button.die.takeable" and pick.get_attribute("aria-pressed") is not None
    pick.click(force=selector == "svg g.legal.choice")
    if picks_two:
        page.locator('button.die.takeable[aria-pressed="false"]').first.click()
    mark: list[Any] = seen["mark"]
    return mark


def game_page(
    browser: Browser,
    base: str,
    game_id: str,
    token: str,
    confirm: str,
    before_open: Callable[[LivePage], Any] | None = None,
    **size: Any,
) -> LivePage:
    """A page of its own at our seat of ``game_id``, this browser's "Confirm moves" set to
    ``confirm``; ``before_open`` is given the page before it opens the game (routes to set)."""
    page = new_page(browser, base, **size)
    if before_open:
        before_open(page)
    page.goto(base + "/")
    page.evaluate(f"localStorage.setItem('{CONFIRM_KEY}', '{confirm}')")
    page.goto(f"{base}/game/{game_id}?token={token}")
    page.wait_for_selector("#your-turn")
    return page


def test_a_claim_waits_for_confirm_and_cancel_or_escape_leave_the_position(
    browser: Browser, live_server: str
) -> None:
    game_id, token = api_game(live_server, "kingdomino", seed=3)
    page = game_page(browser, live_server, game_id, token, "always")
    sent = moves_sent(page)
    page.reload()
    page.wait_for_selector("#your-turn")
    expect(page.locator("#confirm-moves")).to_have_value("always")
    log_before = page.locator("#log").inner_text()
    domino = page.locator("button.domino.claimable").first
    number = domino.get_attribute("data-domino")
    domino.click()
    bar = page.locator("#move-confirm")
    expect(bar).to_be_visible()
    expect(page.locator("#move-chosen")).to_contain_text(f"Your move: Choose domino {number}")
    expect(page.locator(f'button.domino.chosen[data-domino="{number}"]')).to_have_count(1)
    expect(page.locator("#confirm-move")).to_be_focused()
    assert axe_violations(page) == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "claim-desktop-en.png"))
    page.click("#cancel-move")
    expect(bar).to_be_hidden()
    expect(page.locator("button.domino.chosen")).to_have_count(0)
    expect(page.locator(f'button.domino.claimable[data-domino="{number}"]')).to_be_focused()
    assert page.locator("#log").inner_text() == log_before
    domino.click()
    expect(bar).to_be_visible()
    page.keyboard.press("Escape")
    expect(bar).to_be_hidden()
    expect(page.locator("#your-turn")).to_be_visible()
    # Enter confirms wherever the focus is but on another control.
    domino.click()
    page.evaluate("document.activeElement.blur()")
    mark = page.evaluate(
        "() => { const items = document.querySelectorAll('#log li');"
        " return [items.length, items.length ? items[0].textContent : '']; }"
    )
    page.keyboard.press("Enter")
    wait_for_new_log(page, mark)
    wait_for_count(page, sent, 1)
    # Sent once, on Confirm alone: the moves before it (chosen, then cancelled) never went.
    assert sent == [f"claim {number}"], sent
    assert page.errors == []


@pytest.mark.parametrize("game", ["kingdomino", "duel", "origins"])
def test_every_move_of_every_game_waits_for_confirm(browser: Browser, live_server: str, game: str) -> None:
    """Claims, placements, dice, fire tokens and cavemen: each chosen on the board waits, then
    Confirm plays it."""
    options = {"mode": "tribe"} if game == "origins" else {}
    game_id, token = api_game(live_server, game, seed=5, options=options)
    page = game_page(browser, live_server, game_id, token, "always", width=390, height=844)
    sent = moves_sent(page)
    page.reload()
    index = -1
    for made in range(10):
        if page.locator("#winner").count():
            break
        mark = choose_on_board(page, index)
        index = turn_index(page)
        expect(page.locator("#move-confirm")).to_be_visible()
        # Marked where it would go: the piece or button ringed, or its square(s) on the kingdom.
        expect(page.locator(".chosen, svg .chosen-mark").first).to_be_visible()
        assert len(sent) == made, sent  # not sent yet
        if made == 1:
            page.screenshot(path=str(SHOTS / f"{game}-phone-en.png"))
        page.click("#confirm-move")
        wait_for_new_log(page, mark)
        wait_for_count(page, sent, made + 1)
    assert page.errors == []


def test_turn_based_confirms_in_a_game_by_the_day_and_not_in_a_live_one(
    browser: Browser, live_server: str
) -> None:
    game_id, tokens, first = timed_game_of_two(live_server, {"kind": "days", "days": 1})
    page = game_page(
        browser, live_server, game_id, tokens[first["current_player"]], "never", width=820, height=1180
    )
    page.select_option("#confirm-moves", "turn_based")
    assert page.evaluate(f"localStorage.getItem('{CONFIRM_KEY}')") == "turn_based"
    page.locator("button.domino.claimable").first.click()
    expect(page.locator("#move-confirm")).to_be_visible()
    page.screenshot(path=str(SHOTS / "days-tablet-en.png"))
    page.click("#cancel-move")
    live_id, token = api_game(live_server, "kingdomino", seed=4)
    page.goto(f"{live_server}/game/{live_id}?token={token}")
    page.wait_for_selector("#your-turn")
    expect(page.locator("#confirm-moves")).to_have_value("turn_based")
    mark = choose_on_board(page)
    wait_for_new_log(page, mark)  # played at once
    expect(page.locator("#move-confirm")).to_have_count(0)
    assert page.errors == []


def test_never_plays_at_once_and_an_account_keeps_the_choice(browser: Browser, live_server: str) -> None:
    page = new_page(browser, live_server, width=390, height=844, touch=True, locale="hu")
    page.goto(live_server + "/")
    log_in_new(page, live_server, "Vilma")
    page.goto(live_server + "/account/preferences")
    expect(page.locator("#pref-confirm")).to_have_value("never")
    page.select_option("#pref-confirm", "always")
    page.wait_for_selector("#pref-saved:not(:empty)")
    page.screenshot(path=str(SHOTS / "preferences-phone-hu.png"), full_page=True)
    kept = page.evaluate("fetch('/api/account/preferences').then((r) => r.json())")
    assert kept["confirm_moves"] == "always"
    assert page.evaluate(f"localStorage.getItem('{CONFIRM_KEY}')") == "always"
    game_id, token = api_game(live_server, "kingdomino", seed=6)
    page.goto(f"{live_server}/game/{game_id}?token={token}")
    page.wait_for_selector("#your-turn")
    page.locator("button.domino.claimable").first.click()
    expect(page.locator("#move-confirm")).to_be_visible()
    page.screenshot(path=str(SHOTS / "claim-phone-hu.png"))
    page.select_option("#confirm-moves", "never")
    page.click("#cancel-move")
    mark = choose_on_board(page)
    wait_for_new_log(page, mark)
    expect(page.locator("#move-confirm")).to_be_hidden()
    page.wait_for_function(
        "fetch('/api/account/preferences').then((r) => r.json()).then((p) => p.confirm_moves === 'never')"
    )
    assert page.errors == []
