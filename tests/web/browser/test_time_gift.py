"""Giving time in the browser (docs/server/clocks.md): on a 5 + 3 game, the page of the player
waiting has a "+15 s" button by the opponent's name; pressed, both pages show the acting player's
clock 15 s higher, and the acting player's page (a phone, in Hungarian) says who gave how much."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser
from tests.web.browser.pages import axe_violations, new_page, page_word, timed_game_of_two
from tests.web.browser.test_game_clock_time import RUNNING

SHOTS = Path("/tmp/shots/clocktime")


def test_a_gift_shows_on_both_pages_with_its_words(browser: Browser, live_server: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    game_id, tokens, first = timed_game_of_two(live_server, {"kind": "game", "minutes": 5, "increment": 3})
    acting = first["current_player"]
    giver = new_page(browser, live_server)
    given = new_page(browser, live_server, width=390, height=844, locale="hu", touch=True, mobile=True)
    giver.goto(f"{live_server}/game/{game_id}?token={tokens[1 - acting]}")
    given.goto(f"{live_server}/game/{game_id}?token={tokens[acting]}")
    name = first["seats"][acting]["name"]
    button = giver.locator(f"#clock-gifts .clock-give[data-seat='{acting}']")
    button.wait_for()
    assert button.inner_text() == f"{name} +15 s"
    given.locator(f"#clock-gifts .clock-give[data-seat='{1 - acting}']").wait_for()
    assert given.locator("#clock-gifts .clock-give").count() == 1, "a button by the opponent's alone"
    for page in (giver, given):
        page.wait_for_function(f"({RUNNING})() > 240")
    giver.screenshot(path=str(SHOTS / "desktop-before.png"))
    before = giver.evaluate(RUNNING)
    button.click()
    for page in (giver, given):
        page.wait_for_function(f"({RUNNING})() > 300")  # 5 minutes once were the most
        assert page.evaluate(RUNNING) - before >= 12, "15 s more, less the seconds since"
    giver_name = first["seats"][1 - acting]["name"]
    words = page_word("hu", "clock.gift_you").replace("{name}", giver_name).replace("{time}", "15 másodperc")
    given.wait_for_function(f"document.querySelector('#clock-gifts .clock-gift')?.textContent === {words!r}")
    giver.wait_for_function(
        "document.querySelector('#clock-gifts .clock-gift')?.textContent"
        f" === {f'{giver_name} gave {name} 15 seconds'!r}"
    )
    box = given.locator("#clock-gifts").bounding_box()
    assert box is not None and box["width"] <= 390
    assert axe_violations(giver) == [] and axe_violations(given) == []
    giver.screenshot(path=str(SHOTS / "desktop-given.png"))
    given.screenshot(path=str(SHOTS / "phone-hu-given.png"))
    assert not giver.errors and not given.errors
