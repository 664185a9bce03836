"""A player sets how fast the AI seats' moves are shown: each held on screen for its moment, so that
three AI moves in a row no longer flash by."""

from __future__ import annotations

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import new_page, play_by_clicking_board

#: Each newest log line the page shows, with when it was shown (ms).
WATCH_THE_LOG = """() => {
  window.shown = [];
  const note = () => {
    const first = document.querySelector('#log li');
    const text = first ? first.textContent : '';
    const last = window.shown[window.shown.length - 1];
    if (!last || last[1] !== text) window.shown.push([performance.now(), text]);
  };
  const watched = { childList: true, subtree: true, characterData: true };
  new MutationObserver(note).observe(document.querySelector('main'), watched);
}"""


def test_the_ai_moves_are_shown_at_the_pace_the_player_chose(browser: Browser, live_server: str) -> None:
    seats = [
        {"kind": "human", "name": "Anna"},
        {"kind": "ai", "level": "greedy"},
        {"kind": "ai", "level": "greedy"},
    ]
    body = {"game": "kingdomino", "players": 3, "seats": seats, "options": {}, "seed": 8}
    made = httpx.post(f"{live_server}/api/games", json=body, timeout=30).json()
    page = new_page(browser, live_server)
    page.goto(live_server + "/")
    page.evaluate("localStorage.setItem('kingdomino.ai-pace', 'slower')")
    page.goto(f"{live_server}/game/{made['id']}?token={made['seats'][0]['token']}")
    page.wait_for_selector("#your-turn")
    expect(page.locator("#ai-pace")).to_have_value("slower")
    page.evaluate(WATCH_THE_LOG)
    for _ in range(3):  # our moves, each followed by the AI seats' (the first round's claims and more)
        play_by_clicking_board(page, 1)
        page.wait_for_selector("#your-turn", timeout=60000)
    shown = page.evaluate("window.shown")
    # Two AI moves shown one after the other (no move of ours between): the gap between them.
    gaps, last_ai = [], None
    for at, text in shown:
        if "(AI, greedy)" in text and "is drawn" not in text:
            if last_ai is not None:
                gaps.append(at - last_ai)
            last_ai = at
        elif text.startswith("You"):
            last_ai = None
    assert gaps, shown
    assert min(gaps) >= 2900, shown  # each AI move held 3 s at least, however fast the server sent them
    page.select_option("#ai-pace", "server")
    assert page.evaluate("localStorage.getItem('kingdomino.ai-pace')") == "server"
    assert not page.errors
