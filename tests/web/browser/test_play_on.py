"""A finished game's replay played on from the step shown (``replay.js`` playOn): a friend who
never sat in it opens its replay link, goes to a position, plays on from it against the AIs in
the seat to play there, and lands on the new game's page at that very position."""

from __future__ import annotations

from playwright.sync_api import Browser
from tests.web.browser.pages import ARTIFACTS, OVERFLOW, at_the_end_of, new_page, two_ai_seats_to_the_end


def test_a_replay_is_played_on_from_its_step_in_a_new_game(browser: Browser, live_server: str) -> None:
    page = at_the_end_of(browser, live_server, "two AI seats", two_ai_seats_to_the_end)
    game_id = page.url.rstrip("/").split("/")[-1]
    friend = new_page(browser, live_server, 390, 844, locale="ru", touch=True)
    friend.goto(f"{live_server}/game/{game_id}/replay")
    friend.wait_for_function("document.querySelector('#replay-label')?.textContent.includes('0')")
    friend.click("#replay-last")
    friend.wait_for_function("document.querySelector('#replay-play-on')?.disabled")
    step = 20
    friend.eval_on_selector(
        "#replay-step",
        f"(slider) => {{ slider.value = '{step}'; slider.dispatchEvent(new Event('input')); }}",
    )
    friend.wait_for_function("document.querySelector('#replay-play-on')?.disabled === false")
    button = friend.locator("#replay-play-on")
    assert button.inner_text() == "Играть отсюда" and button.get_attribute("title")
    assert not friend.evaluate(OVERFLOW)
    friend.screenshot(path=str(ARTIFACTS / "replay-play-on-phone-ru.png"))
    button.tap()
    friend.wait_for_url(lambda url: "/game/" in url and game_id not in url and "/replay" not in url)
    new_id = friend.url.rstrip("/").split("/")[-1].split("?")[0]
    kept = friend.evaluate("JSON.parse(localStorage.getItem('kingdomino.games') || '[]')")
    (entry,) = [game for game in kept if game["id"] == new_id]
    token = entry["tokens"][0]
    view = friend.request.get(f"{live_server}/api/games/{new_id}?token={token}").json()
    assert view["your_seats"] and view["index"] >= step, "a seat of the new game, played on from the step"
    played = friend.request.get(f"{live_server}/api/games/{game_id}/record").json()["actions"]
    mine = friend.request.get(f"{live_server}/api/games/{new_id}/actions?token={token}").json()["actions"]
    assert [text for _, _, text in mine[:step]] == played[:step]
    friend.wait_for_function(f"document.querySelectorAll('#log li').length >= {step}")
    friend.screenshot(path=str(ARTIFACTS / "replay-played-on-phone-ru.png"))
    assert not friend.errors, friend.errors
