"""While an AI thinks, a bar beside "… is thinking" shows how far its search is."""

from __future__ import annotations

import time

import httpx
from playwright.sync_api import Browser
from tests.web.browser.pages import new_page, our_move
from tests.web.conftest import wait_for

#: The progress values the status line's bar shows, as they change (kept in ``window.seen``).
WATCH_THE_BAR = """() => {
  window.seen = [];
  const note = () => {
    const bar = document.querySelector('#status #thinking [role=progressbar]');
    if (bar) window.seen.push([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-label')]);
  };
  new MutationObserver(note).observe(document.querySelector('#status'),
    { childList: true, subtree: true, attributes: true });
}"""


def test_a_bar_shows_how_far_the_ai_has_thought(browser: Browser, live_server: str) -> None:
    """Against ``hard`` (searches of a second or so, followed twice a second), our moves until the
    bar has been seen midway through a search."""
    seats = [{"kind": "human", "name": "Anna"}, {"kind": "ai", "level": "hard"}]
    body = {"game": "kingdomino", "players": 2, "seats": seats, "options": {}, "seed": 5}
    made = httpx.post(f"{live_server}/api/games", json=body, timeout=30).json()
    game_id, token = made["id"], made["seats"][0]["token"]
    page = new_page(browser, live_server, 390, 844)
    page.goto(f"{live_server}/game/{game_id}?token={token}")
    page.wait_for_selector("#status")
    page.evaluate(WATCH_THE_BAR)
    deadline = time.monotonic() + 120
    with httpx.Client(base_url=live_server, timeout=30) as http:
        while not any(0 < int(value) < 100 for value, _ in page.evaluate("window.seen")):
            assert time.monotonic() < deadline, page.evaluate("window.seen")
            view = wait_for(http, game_id, token, lambda v: v["current_player"] in v["your_seats"], 120)
            assert view["status"] != "finished"
            answer = http.post(
                f"/api/games/{game_id}/actions", json={"token": token, "action": our_move(view, False)}
            )
            assert answer.status_code == 200, answer.text
    seen = page.evaluate("window.seen")
    assert all(label == "How far the AI has thought about its move" for _, label in seen)
    assert not page.errors
