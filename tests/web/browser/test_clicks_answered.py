"""Every click that cannot be played answers in words: a domino taken already, a domino while your
own waits to be placed, a die taken already, and a turn of a domino that fits only one way (a
double above the castle).

Each game is set up through the API (the clicks before are not what these tests are about) and
opened at the position where the click is made.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import LivePage, api_game, opened, play_until

View = dict[str, Any]


def first(view: View) -> str:
    return str(view["legal_actions"][0])


def said_after_click(page: LivePage, selector: str) -> str:
    page.locator(selector).click()
    page.wait_for_function("document.querySelector('#error')?.textContent.length > 0")
    text = str(page.locator("#error").text_content())
    page.evaluate("document.querySelector('#error').textContent = ''")
    return text


def test_a_domino_taken_or_not_yet_to_choose_says_why(browser: Browser, live_server: str) -> None:
    game_id, token = api_game(live_server, "kingdomino", 3)
    # A pick of the first line with a domino taken already (ours or the AI's).
    view = play_until(
        live_server,
        game_id,
        token,
        lambda v: any(e["king"] is not None for e in v["observation"]["next_row"]),
        first,
    )
    taken = [entry["domino"] for entry in view["observation"]["next_row"] if entry["king"] is not None]
    assert taken and view["observation"]["phase"] == "claim"
    page = opened(browser, live_server, game_id, token)
    for domino in taken:
        said = said_after_click(page, f'.domino[data-domino="{domino}"]')
        assert said == f"Not this one: domino {domino} is already taken; choose a free one of the next line"
    view = play_until(live_server, game_id, token, lambda v: v["observation"]["phase"] == "place", first)
    page.goto(f"{live_server}/game/{game_id}?token={token}")
    page.wait_for_selector("#your-turn")
    placing = view["observation"]["row"][view["observation"]["acting_slot"]]["domino"]
    later = view["observation"]["next_row"][0]["domino"]
    said = said_after_click(page, f'.domino[data-domino="{later}"]')
    assert said == f"Not this one: place your domino {placing} first, then choose the next one"
    assert not page.errors


def test_a_die_taken_or_taken_alone_says_why(browser: Browser, live_server: str) -> None:
    game_id, token = api_game(live_server, "duel", 2)
    view = play_until(live_server, game_id, token, lambda v: v["observation"]["phase"] == "draft_b", first)
    taken = view["observation"]["taken_by_a"]
    free = [die["die"] for die in view["observation"]["dice"] if die["die"] not in taken]
    page = opened(browser, live_server, game_id, token)
    said = said_after_click(page, f'.die[data-die="{taken[0]}"]')
    assert said == f"Not this one: die {taken[0]} is taken already"
    # A free die is not refused: player B takes two at once, and the first clicked is picked.
    page.locator(f'.die[data-die="{free[0]}"]').click()
    page.wait_for_selector(f'.die[data-die="{free[0]}"][aria-pressed="true"]')
    expect(page.locator("#error")).to_have_text("")
    assert not page.errors


def double_to_place(view: View) -> bool:
    observation = view["observation"]
    if observation["phase"] != "place":
        return False
    halves = observation["row"][observation["acting_slot"]]["halves"]
    return bool(halves[0] == halves[1])


def claim_a_double(view: View) -> str:
    """A claim of a double if one is free, else the first legal move."""
    for entry in view["observation"]["next_row"]:
        halves = entry["halves"]
        if (
            entry["king"] is None
            and halves[0] == halves[1]
            and f"claim {entry['domino']}" in view["legal_actions"]
        ):
            return f"claim {entry['domino']}"
    return first(view)


def test_turning_a_domino_that_fits_one_way_says_so(browser: Browser, live_server: str) -> None:
    """A double lies facing E or S only (turned half round it lays the same squares): above the
    castle only E fits, and a turn there said nothing and did nothing."""
    for seed in range(1, 60):
        game_id, token = api_game(live_server, "kingdomino", seed)
        first_place = play_until(
            live_server, game_id, token, lambda v: v["observation"]["phase"] == "place", claim_a_double
        )
        if double_to_place(first_place) and "place -1,0 E" in first_place["legal_actions"]:
            break
    else:
        raise AssertionError("no seed of 1..59 gives a double to place first")
    assert "place -1,0 S" not in first_place["legal_actions"]
    page = opened(browser, live_server, game_id, token)
    page.locator('g.legal.anchor[data-anchor="-1,0"]').hover()
    page.click("#rotate")
    page.wait_for_function("document.querySelector('#ghost-info')?.textContent.includes('alike')")
    expect(page.locator("#ghost-info")).to_have_text(
        "Both halves are alike, and only this way fits here: turning it changes nothing"
    )
    assert not page.errors
