"""Kira's club night in the browser: from Boris's page she challenges him, Cleo and Dora to a game
of four; each sees the challenge in their lobby with the others named, counted in the tab's title
among what awaits their answer; her own lobby lists her waiting challenge once, in the challenges
card, with who accepted and who is still awaited; one decline calls it off, and every lobby says
who declined and why, worded for its reader (what to try next is the challenger's). The API tests
(test_challenges_many.py) play a challenge of four to its start."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, LivePage, log_in_new, new_page

#: The lobby's title with nothing awaiting the player's answer.
TITLE = "Kingdomino family"


def challenge_from_the_page(kira: LivePage, live_server: str, boris: str, others: list[str]) -> str:
    """Kira challenges ``boris`` and ``others`` to a game of Kingdomino from his page: its id."""
    kira.goto(f"{live_server}/player/{quote(boris)}")
    kira.wait_for_selector("#challenge-form")
    expect(kira.locator("#challenge-others input")).to_have_count(0)  # a game of two names nobody else
    kira.select_option("#challenge-game-choice", label=f"Kingdomino · {len(others) + 2} players")
    for seat, name in enumerate(others, start=3):
        kira.fill(f"#challenge-name-{seat}", name)
    kira.select_option("#challenge-clock", label="1 day a move (turn-based)")
    kira.click("#challenge-button")
    kira.wait_for_url(f"{live_server}/game/*")
    return kira.url.rsplit("/", 1)[1]


def test_a_challenge_of_four_is_told_to_each_and_one_decline_ends_it(
    browser: Browser, live_server: str
) -> None:
    kira, boris, dora = (new_page(browser, live_server) for _ in range(3))
    cleo = new_page(browser, live_server, width=360, height=740, touch=True)
    kira_name = log_in_new(kira, live_server, "Kira")
    boris_name = log_in_new(boris, live_server, "Boris")
    cleo_name = log_in_new(cleo, live_server, "Cleo")
    dora_name = log_in_new(dora, live_server, "Dora")
    # The phone's form: the two further names under the game's choices.
    phone = logged_in_as(browser, live_server, kira_name, width=360, height=740, touch=True)
    phone.goto(f"{live_server}/player/{quote(boris_name)}")
    phone.select_option("#challenge-game-choice", label="Kingdomino · 4 players")
    phone.wait_for_selector("#challenge-name-4")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.screenshot(path=str(ARTIFACTS / "challenge-of-four-form-phone.png"), full_page=True)
    game_id = challenge_from_the_page(kira, live_server, boris_name, [cleo_name, dora_name])
    waiting = kira.locator("#waiting-players")
    waiting.wait_for()
    awaited = f"{boris_name}, {cleo_name}, and {dora_name}"
    expect(waiting).to_contain_text(f"Still to accept the challenge: {awaited}.", use_inner_text=True)
    line = cleo.locator(f"#challenge-list li[data-id='{game_id}']")
    line.wait_for()
    expect(line.locator("strong")).to_have_text(f"{kira_name} challenges you", use_inner_text=True)
    expect(line).to_contain_text(f"with {boris_name} and {dora_name}", use_inner_text=True)
    boris.locator(f"#challenge-list li[data-id='{game_id}'] button.accept").click()
    boris.wait_for_url(f"{live_server}/game/{game_id}")
    boris.wait_for_selector("#waiting-players")
    awaited = f"{cleo_name} and {dora_name}"
    expect(boris.locator("#waiting-players")).to_contain_text(
        f"Still to accept the challenge: {awaited}.", use_inner_text=True
    )
    cleo.wait_for_function(
        "(name) => document.querySelector('#challenge-list li')?.textContent.includes(name)",
        arg=f"still to answer: {dora_name}",
    )
    # Each named once: "with" those who answered, then those still to answer.
    expect(line).to_contain_text(f"with {boris_name} · still to answer: {dora_name} · ", use_inner_text=True)
    cleo.screenshot(path=str(ARTIFACTS / "challenge-of-four-lobby-phone.png"), full_page=True)
    # Kira's own lobby, on her phone and a desktop: who accepted, then who is still awaited.
    desk = logged_in_as(browser, live_server, kira_name)
    for page in (phone, desk):
        page.goto(live_server + "/")
        mine = page.locator(f"#challenge-list li[data-id='{game_id}']")
        mine.wait_for()
        accepted = f"Your challenge · {boris_name} accepted · still to answer: {cleo_name} and {dora_name} · "
        assert mine.inner_text().startswith(accepted), mine.inner_text()
    phone.screenshot(path=str(ARTIFACTS / "challenge-of-four-challenger-phone.png"), full_page=True)
    desk.locator("#challenges").screenshot(path=str(ARTIFACTS / "challenge-of-four-challenger.png"))
    dora_line = dora.locator(f"#challenge-list li[data-id='{game_id}']")
    dora_line.locator("select.decline-reason").select_option("later")
    dora_line.locator("button.decline").click()
    # The reason worded for its reader: what to try next is the challenger's to do.
    why = {kira: "Busy with other games: try again later.", boris: "Busy with other games."}
    for page in (kira, boris):
        page.wait_for_selector("#expired[data-ended='declined']")
        expect(page.locator("#expired")).to_have_text(
            f"{dora_name} declined the challenge: the game was called off. {why[page]}", use_inner_text=True
        )
    cleo.wait_for_selector(f"#challenges-ended li[data-id='{game_id}']")
    assert cleo.inner_text(f"#challenges-ended li[data-id='{game_id}']") == (
        f"{dora_name} declined {kira_name}'s challenge: the game is off. {why[boris]}"
    )
    phone.wait_for_selector(f"#challenges-ended li[data-id='{game_id}']")
    assert phone.inner_text(f"#challenges-ended li[data-id='{game_id}']") == (
        f"{dora_name} declined your challenge. {why[kira]}"
    )
    cleo.screenshot(path=str(ARTIFACTS / "challenge-of-four-declined-phone.png"), full_page=True)
    expect(cleo.locator("#challenge-list li")).to_have_count(0)
    kira.goto(live_server + "/")
    kira.wait_for_selector("#logged-in")
    for page in (kira, boris, cleo, dora, phone, desk):
        assert not page.errors, page.errors


def logged_in_as(browser: Browser, live_server: str, name: str, **shown: Any) -> LivePage:
    """A page of its own logged in as the account ``name`` (made already), as ``shown`` says."""
    page = new_page(browser, live_server, **shown)
    logged = page.request.post(
        f"{live_server}/api/session",
        data={"name": name, "password": "a long enough password"},
        headers={"Origin": live_server},
    )
    assert logged.ok, logged.text()
    return page


def test_a_challenge_to_you_counts_in_the_title(browser: Browser, live_server: str) -> None:
    """Boris's lobby tab, behind others, says a challenge awaits his answer as it says a game awaits
    his move: "(1) Kingdomino family"; answered, the count is gone."""
    kira, boris = new_page(browser, live_server), new_page(browser, live_server)
    log_in_new(kira, live_server, "Kira")
    boris_name = log_in_new(boris, live_server, "Boris")
    boris.wait_for_function(f"document.title === {TITLE!r}")
    made = kira.request.post(
        f"{live_server}/api/challenges",
        data={"name": boris_name, "game": "kingdomino", "players": 2},
        headers={"Origin": live_server},
    )
    assert made.ok, made.text()
    game_id = made.json()["id"]
    boris.wait_for_function(f"document.title === '(1) ' + {TITLE!r}")
    boris.locator(f"#challenge-list li[data-id='{game_id}'] button.decline").click()
    boris.wait_for_function(f"document.title === {TITLE!r}")
    assert not boris.errors and not kira.errors


def test_a_waiting_challenge_is_listed_once_in_its_challenger_s_lobby(
    browser: Browser, live_server: str
) -> None:
    """Kira's lobby lists her challenge waiting for Boris in the challenges card, with its answers
    and her Call off, and not again among her games (this browser's nor her account's): it is not
    a game yet. Once it is one, it is listed with her games."""
    kira, boris = new_page(browser, live_server), new_page(browser, live_server)
    log_in_new(kira, live_server, "Kira")
    boris_name = log_in_new(boris, live_server, "Boris")
    game_id = challenge_from_the_page(kira, live_server, boris_name, [])
    kira.goto(live_server + "/")
    kira.locator(f"#challenge-list li[data-id='{game_id}'] .call-off").wait_for()
    # Both games lists drawn (each says it has no game, or lists some) before they are looked at.
    kira.wait_for_selector("#my-games > ul, #my-games > p:not(:has-text('Loading'))")
    kira.wait_for_selector("#account-games > *")
    listed = f"a[href^='/game/{game_id}']"
    assert kira.locator(f"#my-games {listed}").count() == 0, kira.inner_text("#my-games")
    assert kira.locator(f"#account-games {listed}").count() == 0, kira.inner_text("#account-games")
    where = "(links) => links.map((link) => link.closest('section, div[id]')?.id)"
    assert kira.locator(listed).count() == 1, kira.locator(listed).evaluate_all(where)
    # Nor is it offered to her account as a guest's game of this browser: it is her account's already.
    expect(kira.locator("#claim-games")).to_have_count(0)
    kira.screenshot(path=str(ARTIFACTS / "challenge-listed-once.png"), full_page=True)
    boris.locator(f"#challenge-list li[data-id='{game_id}'] button.accept").click()
    boris.wait_for_url(f"{live_server}/game/{game_id}")
    kira.reload()
    kira.locator(f"#my-games {listed}").wait_for()
    kira.locator(f"#account-games {listed}").wait_for()
    assert not kira.errors and not boris.errors
