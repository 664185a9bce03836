"""Online play from end to end in two browsers (issue #64's "done when"): two people make accounts,
are paired by a quick game, play a rated real-time game and a rated turn-based game of each of the
three games, and find their ratings moved and the game on their pages.

The moves are sent through the API with each browser's own seat token (clicking a whole game
through is the click-through tests' work); both pages follow the game live to its end.
"""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, LivePage, log_in_new, new_page

#: Left out of the fast loop (`./scripts/test --fast`).
pytestmark = pytest.mark.slow

GAMES = [
    "Kingdomino · 2 players",
    "Kingdomino Duel · 2 players",
    "Kingdomino Origins · Discovery · 2 players",
]
CLOCKS = ["5 min + 3 s a move", "1 day a move (turn-based)"]


def seat_token(page: LivePage, game_id: str) -> str:
    """The token this browser keeps for its seat of ``game_id``."""
    kept = page.evaluate("JSON.parse(localStorage.getItem('kingdomino.games'))")
    return str(next(game for game in kept if game["id"] == game_id)["tokens"][0])


def opened_game(page: LivePage) -> str:
    page.wait_for_url(re.compile(r"/game/[0-9a-f]+$"))
    return str(page.url.rsplit("/", 1)[1])


@pytest.mark.parametrize("clock", CLOCKS)
@pytest.mark.parametrize("game", GAMES)
def test_two_accounts_pair_play_a_rated_game_and_see_their_ratings(
    browser: Browser, live_server: str, game: str, clock: str
) -> None:
    pages = [new_page(browser, live_server), new_page(browser, live_server)]
    names = [log_in_new(page, live_server) for page in pages]
    for page in pages:
        page.select_option("#quick-game-choice", label=game)
        page.select_option("#quick-clock", label=clock)
        page.check("#quick-rated")
    pages[0].click("#quick-game-button")
    game_id = opened_game(pages[0])
    pages[0].wait_for_selector("#waiting-players")
    pages[1].locator(f"li[data-id='{game_id}']").wait_for()  # found in the lobby, live
    pages[1].click("#quick-game-button")
    assert opened_game(pages[1]) == game_id
    for page in pages:
        page.wait_for_selector("#clocks .clock.running")
    tokens = [seat_token(page, game_id) for page in pages]
    with httpx.Client(base_url=live_server, timeout=30) as http:
        seats = http.get(f"/api/games/{game_id}", params={"token": tokens[0]}).json()["your_seats"]
        by_seat = dict(zip([seats[0], 1 - seats[0]], tokens))
        while True:
            view = http.get(f"/api/games/{game_id}", params={"token": tokens[0]}).json()
            if view["status"] == "finished":
                break
            token = by_seat[view["current_player"]]
            mine = http.get(f"/api/games/{game_id}", params={"token": token}).json()
            if not mine["legal_actions"]:  # a Duel page plays a forced choice itself: it moved on
                continue
            moved = http.post(
                f"/api/games/{game_id}/actions",
                json={"token": token, "action": mine["legal_actions"][0], "index": mine["index"]},
            )
            assert moved.status_code == 200 or moved.json()["error"]["field"] == "index", moved.text
    for page in pages:
        page.wait_for_selector("#winner")
        # The ranking says how each rating moved, once the server has recorded the result.
        page.wait_for_function(
            "document.querySelectorAll('#ranking .rating-change')[1]?.textContent.includes('(')"
        )
        changes = page.locator("#ranking .rating-change").all_inner_texts()
        assert all(re.fullmatch(r"1,\d{3}\? \([+−-]\d+\)", text) for text in changes), changes
    pages[0].locator("#ranking").screenshot(path=ARTIFACTS / f"rated-end-{game_id}.png")
    for page, name in zip(pages, names):
        page.goto(f"{live_server}/player/{name}")
        page.wait_for_selector(f"#player-games li[data-game='{game_id}']")
        rating = page.locator("#player-ratings .player-pool").first
        expect(rating.locator("svg")).to_have_count(1)
        expect(rating).to_contain_text("Rated games: 1,", use_inner_text=True)
        assert "rated" in page.inner_text(f"#player-games li[data-game='{game_id}']").lower()
    assert all(page.errors == [] for page in pages), [page.errors for page in pages]
