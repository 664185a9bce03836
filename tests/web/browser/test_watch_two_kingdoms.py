"""A game of two watched (``/game/ID/watch``): both kingdoms are drawn at the same size, read on
a projector (a laptop at 150 %, 1280 x 620 CSS pixels) and on a phone; the second was a small map
at the side, half the first's width."""

from __future__ import annotations

import httpx
from playwright.sync_api import Browser
from tests.web.browser.pages import ARTIFACTS, LivePage, new_page
from tests.web.browser.test_watch import move, public_game


def square_sizes(page: LivePage) -> list[float]:
    """The drawn side of a square of each kingdom's board on the page (its width over the squares
    its view shows, zoomed or not), in seat order."""
    sizes: list[float] = page.evaluate(
        """() => [0, 1].map((seat) => {
          const svg = document.querySelector(`.kingdom svg[data-seat='${seat}']`);
          return svg ? svg.getBoundingClientRect().width / (svg.viewBox.baseVal.width / 40) : 0;
        })"""
    )
    return sizes


def watched(
    browser: Browser, base: str, game_id: str, width: int, height: int, phone: bool = False
) -> LivePage:
    """A spectator's page at the watch link of ``game_id``, once both kingdoms are drawn."""
    page = new_page(browser, base, width=width, height=height, touch=phone, mobile=phone)
    page.goto(f"{base}/game/{game_id}/watch")
    page.wait_for_function("document.querySelectorAll('.kingdom svg[data-seat]').length === 2")
    return page


def test_both_kingdoms_of_a_watched_game_of_two_are_large_on_a_projector(
    browser: Browser, live_server: str
) -> None:
    game = public_game(live_server, ("Vera", "Timur"))
    move(live_server, game)
    page = watched(browser, live_server, game["id"], 1280, 620)
    first, second = square_sizes(page)
    page.screenshot(path=str(ARTIFACTS / "watch-two-kingdoms-1280.png"))
    assert second >= 0.9 * first and second >= 35, (first, second)
    # Side by side, the rows between them.
    lefts = page.evaluate(
        "() => ['.mine-col', '.centre-col', '.others-col']"
        ".map((s) => document.querySelector(s).getBoundingClientRect().left)"
    )
    assert lefts == sorted(lefts), lefts
    page.context.close()


def test_both_kingdoms_of_a_watched_game_of_two_take_a_phone_s_width(
    browser: Browser, live_server: str
) -> None:
    game = public_game(live_server, ("Vera", "Timur"))
    page = watched(browser, live_server, game["id"], 390, 844, phone=True)
    first, second = square_sizes(page)
    page.screenshot(path=str(ARTIFACTS / "watch-two-kingdoms-390.png"), full_page=True)
    assert second >= 0.9 * first and second >= 40, (first, second)
    page.context.close()


def test_both_maps_of_a_watched_duel_are_large(browser: Browser, live_server: str) -> None:
    seats = [{"kind": "human", "name": "Vera"}, {"kind": "human", "name": "Timur", "online": True}]
    body = {"game": "duel", "players": 2, "seats": seats, "public": True}
    made = httpx.post(f"{live_server}/api/games", json=body, timeout=30)
    assert made.status_code == 201, made.text
    page = watched(browser, live_server, made.json()["id"], 1280, 620)
    first, second = square_sizes(page)
    page.screenshot(path=str(ARTIFACTS / "watch-two-maps-duel-1280.png"))
    assert second >= 0.9 * first and second >= 35, (first, second)
    page.context.close()
