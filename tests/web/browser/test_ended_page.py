"""The page of a game that ended before its last move (``web/endings.py``), as each of its players
reads it: the player who resigned or called the game off is told "You ...", the others their name;
an aborted game's page asks nobody to act and shows no aids for moves that will never come."""

from __future__ import annotations

import httpx
from playwright.sync_api import Browser
from tests.web.browser.pages import ARTIFACTS, LivePage, new_page


def ended_by_boris(base: str, how: str) -> tuple[str, list[str]]:
    """A 2-player Kingdomino of Anna and Boris made through the API, which Boris ended at once
    (``how``: "resign" or "abort"): its id and the seats' tokens."""
    seats = [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Boris"}]
    made = httpx.post(f"{base}/api/games", json={"game": "kingdomino", "players": 2, "seats": seats}).json()
    tokens = [seat["token"] for seat in made["seats"]]
    answer = httpx.post(f"{base}/api/games/{made['id']}/{how}", json={"token": tokens[1]})
    assert answer.status_code == 200, answer.text
    return str(made["id"]), tokens


def seat_page(
    browser: Browser,
    base: str,
    game_id: str,
    token: str,
    locale: str = "en",
    width: int = 1280,
    height: int = 800,
) -> LivePage:
    """The game's page opened with ``token`` in a context of its own, once it shows how it ended."""
    page = new_page(browser, base, width, height, locale=locale, touch=width < 500)
    page.goto(f"{base}/game/{game_id}?token={token}")
    page.wait_for_selector("#ended-note, #aborted")
    return page


def test_the_resigner_is_told_you_resigned(browser: Browser, live_server: str) -> None:
    """Boris resigns: his end screen says "You resigned" (in his language too), Anna's "Boris
    resigned"."""
    game_id, tokens = ended_by_boris(live_server, "resign")
    anna = seat_page(browser, live_server, game_id, tokens[0])
    boris = seat_page(browser, live_server, game_id, tokens[1])
    assert anna.inner_text("#ended-note") == "Boris resigned"
    assert boris.inner_text("#ended-note") == "You resigned"
    boris_uk = seat_page(browser, live_server, game_id, tokens[1], "uk", 390, 844)
    assert boris_uk.inner_text("#ended-note") == "Ви здалися"
    boris_uk.screenshot(path=str(ARTIFACTS / "resigned-you-uk-phone.png"))
    assert not anna.errors and not boris.errors and not boris_uk.errors
