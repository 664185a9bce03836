"""A person declines a challenge as a bot does, saying why if they like: Boris picks a reason from
the menu beside his lobby's Decline (none unless he picks one), and Kira's lobby says it. In a
challenge of three, Boris, who accepted while Cleo has still to answer, may still decline from his
lobby: the challenge is off for all (the API's tests: test_challenges_many.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import LivePage, axe_violations, log_in_new, new_page

#: Where the screenshots of the decline's menu go (looked at by a person, not compared).
SHOTS = "/tmp/shots/chpolish"
#: The menu's name, as a screen reader says it.
REASON = "Why you decline (optional)"


def challenged_by(kira: LivePage, live_server: str, names: list[str]) -> str:
    """Kira challenges ``names`` to a game of Kingdomino: its id."""
    made = kira.request.post(
        f"{live_server}/api/challenges",
        data={"names": names, "game": "kingdomino", "players": len(names) + 1},
        headers={"Origin": live_server},
    )
    assert made.ok, made.text()
    game_id: str = made.json()["id"]
    return game_id


def lobby(page: LivePage, live_server: str) -> None:
    page.goto(live_server + "/")
    page.wait_for_selector("#logged-in")


@pytest.mark.parametrize(("width", "height", "shot"), [(1366, 900, "desktop"), (360, 740, "phone")])
def test_a_person_declines_with_a_reason_and_the_challenger_reads_it(
    browser: Browser, live_server: str, width: int, height: int, shot: str
) -> None:
    touch = shot == "phone"
    kira = new_page(browser, live_server, width=width, height=height, touch=touch)
    boris = new_page(browser, live_server, width=width, height=height, touch=touch)
    log_in_new(kira, live_server, "Kira")
    boris_name = log_in_new(boris, live_server, "Boris")
    lobby(kira, live_server)
    lobby(boris, live_server)
    game_id = challenged_by(kira, live_server, [boris_name])
    line = boris.locator(f"#challenge-list li[data-id='{game_id}']")
    menu = line.get_by_role("combobox", name=REASON)
    menu.wait_for()
    expect(menu).to_have_value("")  # no reason unless he picks one
    expect(menu.locator("option:checked")).to_have_text("No reason given", use_inner_text=True)
    menu.select_option("too_fast")
    # Worded for the one choosing; the challenger reads it worded for them.
    expect(menu.locator("option:checked")).to_have_text("The clock is too fast", use_inner_text=True)
    box = menu.bounding_box()
    assert box is not None and (not touch or box["height"] >= 44), box
    assert boris.evaluate("document.documentElement.scrollWidth") <= width
    assert not axe_violations(boris)
    boris.screenshot(path=f"{SHOTS}/decline-menu-{shot}.png", full_page=True)
    line.locator("button.decline").click()
    ended = kira.locator(f"#challenges-ended li[data-id='{game_id}']")
    ended.wait_for()
    expect(ended).to_have_text(
        f"{boris_name} declined your challenge. Too fast a clock: try a slower one.", use_inner_text=True
    )
    kira.screenshot(path=f"{SHOTS}/declined-lobby-{shot}.png", full_page=True)
    assert not kira.errors and not boris.errors


def test_a_player_who_accepted_declines_from_the_lobby(browser: Browser, live_server: str) -> None:
    kira, boris, cleo = (new_page(browser, live_server) for _ in range(3))
    log_in_new(kira, live_server, "Kira")
    boris_name = log_in_new(boris, live_server, "Boris")
    cleo_name = log_in_new(cleo, live_server, "Cleo")
    lobby(kira, live_server)
    lobby(boris, live_server)
    game_id = challenged_by(kira, live_server, [boris_name, cleo_name])
    boris.locator(f"#challenge-list li[data-id='{game_id}'] button.accept").click()
    boris.wait_for_url(f"{live_server}/game/{game_id}")
    lobby(boris, live_server)
    line = boris.locator(f"#challenge-list li[data-id='{game_id}']")
    line.locator("a.button").wait_for()  # his seat's page, Open
    expect(line.locator("button.accept")).to_have_count(0)
    boris.screenshot(path=f"{SHOTS}/accepted-line.png", full_page=True)
    line.locator("button.decline").click()
    ended = kira.locator(f"#challenges-ended li[data-id='{game_id}']")
    ended.wait_for()
    expect(ended).to_have_text(f"{boris_name} declined your challenge", use_inner_text=True)
    line.wait_for(state="detached")
    assert not kira.errors and not boris.errors
