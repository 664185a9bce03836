"""Takebacks between people on two pages: Mia asks to take back her move, Ben's page (a phone)
says so with Accept and Decline, Accept focused; he accepts and Mia's page says her move was
taken back, her turn again."""

from __future__ import annotations

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, axe_violations, new_page

#: The takeback's note, when shown.
NOTE = "document.querySelector('#takeback:not([hidden]) #takeback-said')?.textContent || ''"


def test_a_takeback_asked_on_one_page_is_answered_on_the_other(browser: Browser, live_server: str) -> None:
    seats = [{"kind": "human", "name": "Mia"}, {"kind": "human", "name": "Ben"}]
    made = httpx.post(
        f"{live_server}/api/games", json={"game": "duel", "players": 2, "seats": seats}, timeout=30
    ).json()
    game_id, tokens = made["id"], [seat["token"] for seat in made["seats"]]
    first = httpx.get(f"{live_server}/api/games/{game_id}", params={"token": tokens[0]}, timeout=30).json()
    mia, ben = tokens[first["current_player"]], tokens[1 - first["current_player"]]
    names = {
        mia: first["seats"][first["current_player"]]["name"],
        ben: first["seats"][1 - first["current_player"]]["name"],
    }
    view = httpx.get(f"{live_server}/api/games/{game_id}", params={"token": mia}, timeout=30).json()
    played = httpx.post(
        f"{live_server}/api/games/{game_id}/actions",
        json={"token": mia, "action": view["legal_actions"][0]},
        timeout=30,
    )
    assert played.status_code == 200
    asker = new_page(browser, live_server)
    asker.goto(f"{live_server}/game/{game_id}?token={mia}")
    answerer = new_page(browser, live_server, 360, 740, touch=True)
    answerer.goto(f"{live_server}/game/{game_id}?token={ben}")
    answerer.wait_for_selector("#your-turn")
    asker.wait_for_function(
        "document.querySelector('#undo .control-words')?.textContent === 'Ask to take back'"
    )
    asker.click("#undo")
    asker.wait_for_function(f"({NOTE}) === 'You asked to take back your last move: waiting for {names[ben]}'")
    asked = f"{names[mia]} asks to take back their last move"
    answerer.wait_for_function(f"({NOTE}) === {asked!r}")
    answerer.wait_for_function("document.activeElement?.id === 'takeback-accept'")
    expect(answerer.locator("#takeback-decline")).to_be_visible()
    box = answerer.locator("#takeback-accept").bounding_box()
    assert box is not None and box["height"] >= 44, "a finger wide on a phone"
    assert axe_violations(answerer) == [], "the note and its answers, to a screen reader"
    answerer.screenshot(path=str(ARTIFACTS / "takeback-asked-phone.png"), full_page=True)
    asker.screenshot(path=str(ARTIFACTS / "takeback-waiting.png"))
    answerer.click("#takeback-accept")
    asker.wait_for_function(f"({NOTE}) === 'Your last move was taken back: play it again'")
    asker.wait_for_selector("#your-turn")
    answerer.wait_for_function(f"({NOTE}) === {names[mia] + chr(39) + 's last move was taken back'!r}")
    expect(answerer.locator("#takeback-answers")).to_be_hidden()
    asker.screenshot(path=str(ARTIFACTS / "takeback-taken.png"))
    assert not asker.errors and not answerer.errors


def test_an_open_game_without_takebacks_says_so_in_the_lobby(browser: Browser, live_server: str) -> None:
    """Whoever joins an open game learns before joining that it allows no takebacks."""
    seats = [{"kind": "human", "name": "Mia"}, {"kind": "open"}]
    body = {"game": "duel", "players": 2, "seats": seats, "takebacks": False}
    made = httpx.post(f"{live_server}/api/games", json=body, timeout=30).json()
    try:
        page = new_page(browser, live_server)
        page.goto(live_server + "/")
        line = page.locator(f'li.open-game[data-id="{made["id"]}"]')
        line.wait_for()
        expect(line.locator(".no-takebacks")).to_have_text("No takebacks", use_inner_text=True)
        assert not page.errors
    finally:
        called_off = httpx.post(
            f"{live_server}/api/games/{made['id']}/cancel",
            json={"token": made["seats"][0]["token"]},
            timeout=30,
        )
        assert called_off.status_code == 200
