"""A public game being played, opened at its own address by a browser that holds none of its
seats (a coach given the address a student's page shows, whose token stays in the student's
browser), is watched live as at its watch link (``static/game.js``): it was read once and stood
still under "You are watching this game", the moves played since never shown."""

from __future__ import annotations

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import new_page
from tests.web.browser.test_reconnect import play_api_moves


def test_a_public_game_opened_at_its_own_address_is_watched_live(browser: Browser, live_server: str) -> None:
    seats = [
        {"kind": "human", "name": "Ana", "online": True},
        {"kind": "human", "name": "Bela", "online": True},
    ]
    body = {"game": "kingdomino", "players": 2, "seats": seats, "options": {}, "public": True}
    made = httpx.post(f"{live_server}/api/games", json=body, timeout=30).json()
    game_id, tokens = made["id"], [seat["token"] for seat in made["seats"]]
    play_api_moves(live_server, game_id, tokens, 2)
    page = new_page(browser, live_server, width=360, height=740, touch=True)
    page.goto(f"{live_server}/game/{game_id}")
    lines = page.locator("#log li")
    expect(lines.first).to_be_visible()
    before = lines.count()
    now = play_api_moves(live_server, game_id, tokens, 3)
    expect(lines).to_have_count(len(now["log"]))
    assert len(now["log"]) > before
    expect(page.locator("#error")).to_have_text("")
    for token in tokens:  # the game ended, not left running on the shared server
        httpx.post(f"{live_server}/api/games/{game_id}/resign", json={"token": token}, timeout=30)
    assert not page.errors, page.errors
