"""Accessibility of the lobby's online play and of a game's table as others see it, in a real
browser: what a screen reader's user hears of the open games changing, which clock runs, where the
focus lands on taking a seat, and who is at the table as a spectator sees it (docs/browser.md)."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import (
    ARTIFACTS,
    LivePage,
    axe_violations,
    call_off,
    needs_axe,
    new_page,
    present,
    timed_game_of_two,
)

#: What the lobby's status line of the open games says.
OPEN_SAID = "document.querySelector('#open-games-said')?.textContent || ''"


def open_game(base: str, players: int, **more: Any) -> str:
    """Anna's Kingdomino of ``players`` made through the API, every other seat open to the lobby
    (no AI fills them): its id."""
    return str(made_open(base, players, **more)["id"])


def made_open(base: str, players: int, **more: Any) -> dict[str, Any]:
    """What creating :func:`open_game`'s game answered (its id, its seats' tokens)."""
    seats = [{"kind": "human", "name": "Anna"}] + [{"kind": "open"}] * (players - 1)
    body = {"game": "kingdomino", "players": players, "seats": seats, **more}
    made: dict[str, Any] = httpx.post(f"{base}/api/games", json=body, timeout=30).json()
    return made


def join(base: str, game_id: str, name: str) -> None:
    answer = httpx.post(f"{base}/api/games/{game_id}/join", json={"name": name}, timeout=30)
    assert answer.status_code == 200, answer.text


def test_the_open_games_list_is_not_read_whole_and_each_change_is_said(
    browser: Browser, live_server: str
) -> None:
    """The list of open games was a live region: each seat taken anywhere read the whole list out
    again. The list is now a plain list, and a status line under it says what changed alone: a
    game opened, a seat taken, a game filled."""
    page = new_page(browser, live_server)
    page.goto(live_server + "/")
    page.wait_for_selector("#no-open-games")
    assert page.get_attribute("#open-list", "aria-live") is None
    expect(page.locator("#open-games-said")).to_have_attribute("role", "status")
    assert page.evaluate(OPEN_SAID) == ""
    game_id = open_game(live_server, 3)
    page.locator(f"#open-list li[data-id='{game_id}']").wait_for()
    page.wait_for_function(f'({OPEN_SAID}) === "Anna\'s game of Kingdomino opened"')
    join(live_server, game_id, "Bela")
    page.wait_for_function(f'({OPEN_SAID}) === "Anna\'s game of Kingdomino: 2 of 3 seats taken"')
    join(live_server, game_id, "Cili")
    page.wait_for_function(f'({OPEN_SAID}) === "Anna\'s game of Kingdomino was filled and begins"')
    expect(page.locator(f"#open-list li[data-id='{game_id}']")).to_have_count(0)
    assert not page.errors


#: The clocks of each kind, as the API takes them.
CLOCKS = [
    {"kind": "game", "minutes": 5, "increment": 3},
    {"kind": "move", "seconds": 60},
    {"kind": "days", "days": 1},
]


@pytest.mark.parametrize("width,height,name", [(1366, 900, "laptop"), (390, 844, "phone")])
def test_which_clock_runs_is_said_and_shown_not_only_by_its_colour(
    browser: Browser, live_server: str, width: int, height: int, name: str
) -> None:
    """The running clock was told apart by its colour and weight alone. It now has a ▶ before the
    name, and words a screen reader reads after its time, on every kind of clock; the other
    clock has neither."""
    page = new_page(browser, live_server, width=width, height=height)
    for control in CLOCKS:
        game_id, tokens, first = timed_game_of_two(live_server, control)
        acting = first["current_player"]
        page.goto(f"{live_server}/game/{game_id}?token={tokens[1 - acting]}")
        running = page.locator("#clocks .clock.running")
        running.wait_for()
        said = present(running.text_content())
        assert re.fullmatch(r"▶\s(Anna|Bela) \S.* \(running\)", said), (control, said)
        expect(running.locator(".clock-runs")).to_have_attribute("aria-hidden", "true")
        still = present(page.locator("#clocks .clock:not(.running)").text_content())
        assert "▶" not in still and "running" not in still, still
        page.locator("#clocks").screenshot(path=str(ARTIFACTS / f"a11y-clock-{control['kind']}-{name}.png"))
    assert not page.errors


def combobox_names(page: LivePage) -> list[str]:
    """The accessible names of the page's menus (selects) as a screen reader is told them."""
    snapshot = page.locator("main").aria_snapshot()
    return re.findall(r'combobox "([^"]*)"', snapshot)


def test_each_lobby_menu_has_a_name_of_its_own(browser: Browser, live_server: str) -> None:
    """The quick game's menu and the new game's were both named "Game": a screen reader's user
    could not tell which game they chose. Every menu of the lobby has a name of its own, with a
    seat open (the new game's online choices shown) too."""
    page = new_page(browser, live_server)
    page.goto(live_server + "/")
    page.wait_for_selector("#create")
    page.select_option("#seat-1", "open")
    page.wait_for_selector("#open-options:not([hidden])")
    names = combobox_names(page)
    assert len(names) >= 6 and len(set(names)) == len(names), names
    assert not page.errors


#: Where the focus is on a page: its element's id.
FOCUSED = "document.activeElement ? document.activeElement.id : ''"


def test_a_player_taking_a_seat_lands_on_the_status_line(browser: Browser, live_server: str) -> None:
    """Joining an open game from the lobby, being paired by a quick game, or opening an invite
    link left the focus at the page's top: a screen reader's user heard nothing of what to do.
    The focus now goes to the game's status line, as the first thing to hear."""
    game_id = open_game(live_server, 2)
    bela = new_page(browser, live_server)
    bela.goto(live_server + "/")
    bela.fill("#guest-name", "Bela")
    bela.locator(f"#open-list li[data-id='{game_id}'] button.join").click()
    bela.wait_for_url(f"**/game/{game_id}")
    bela.wait_for_function(f"({FOCUSED}) === 'status'")
    assert present(bela.locator("#status").text_content()).strip()
    pairs = [new_page(browser, live_server, locale=locale) for locale in ("en", "hu")]
    for page, name in zip(pairs, ("Cili", "Dora")):
        page.goto(live_server + "/")
        page.fill("#guest-name", name)
        # The last game offered (Origins of 4): no other test's game to pair with.
        last = page.locator("#quick-game-choice option").count() - 1
        page.select_option("#quick-game-choice", index=last)
    pairs[0].click("#quick-game-button")
    pairs[0].wait_for_url("**/game/*")
    pairs[0].wait_for_function(f"({FOCUSED}) === 'status'")
    paired = pairs[0].url.rsplit("/", 1)[1]
    pairs[1].locator(f"#open-list li[data-id='{paired}']").wait_for()
    pairs[1].click("#quick-game-button")
    pairs[1].wait_for_url(f"**/game/{paired}")
    pairs[1].wait_for_function(f"({FOCUSED}) === 'status'")
    seats = [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bela", "online": True}]
    made = httpx.post(
        f"{live_server}/api/games", json={"game": "kingdomino", "players": 2, "seats": seats}, timeout=30
    )
    friend = new_page(browser, live_server)
    friend.goto(live_server + made.json()["seats"][1]["invite"])
    friend.wait_for_function(f"({FOCUSED}) === 'status'")
    friend.reload()  # opened again, the page is the player's own: the focus is left be
    friend.wait_for_selector("#status:not(:empty)")
    assert friend.evaluate(FOCUSED) != "status"
    call_off(pairs[0], paired)  # two seats of four still open
    for page in (bela, *pairs, friend):
        assert not page.errors


def test_a_spectator_sees_who_is_at_the_table(browser: Browser, live_server: str) -> None:
    """The marks by the players' names (● at the table, ○ away) were drawn for the players only.
    A spectator's page draws them for every human seat, as the players' pages open and close."""
    seats = [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bela"}]
    made = httpx.post(
        f"{live_server}/api/games", json={"game": "kingdomino", "players": 2, "seats": seats}, timeout=30
    ).json()
    anna = new_page(browser, live_server)
    anna.goto(f"{live_server}/game/{made['id']}?token={made['seats'][0]['token']}")
    anna.wait_for_selector("#presence-1.gone")
    watching = new_page(browser, live_server, locale="bg")
    watching.goto(live_server + made["spectator"])
    watching.wait_for_selector("#presence-0.here")
    expect(watching.locator("#presence-1.gone")).to_have_count(1)
    bela = new_page(browser, live_server)
    bela.goto(f"{live_server}/game/{made['id']}?token={made['seats'][1]['token']}")
    watching.wait_for_selector("#presence-1.here")
    watching.wait_for_function(f"({PRESENCE_SAID}) === 'Bela се присъедини към масата'")
    text = present(watching.locator("#presence").text_content())
    assert "Anna" in text and "Bela" in text, text
    expect(watching.locator("#away-card:not([hidden]), #elsewhere-note:not([hidden])")).to_have_count(0)
    watching.locator("#presence").screenshot(path=str(ARTIFACTS / "a11y-spectator-presence.png"))
    for page in (anna, watching, bela):
        assert not page.errors


#: What a screen reader hears of the others coming to the table and leaving it.
PRESENCE_SAID = "document.querySelector('#presence-said')?.textContent || ''"


@needs_axe
def test_axe_finds_no_serious_violation_in_the_lobbys_open_games_and_a_timed_game(
    browser: Browser, live_server: str
) -> None:
    """The lobby with open games listed (one of them this browser's own) and a timed game's page
    as its two players and a spectator see it."""
    page = new_page(browser, live_server)
    waiting = made_open(live_server, 3)
    page.goto(live_server + "/")
    page.fill("#name-0", "Anna")
    page.select_option("#seat-1", "open")
    page.click("#create")
    page.wait_for_url("**/game/*")
    page.goto(live_server + "/")
    page.wait_for_selector("#open-list li .call-off")
    page.wait_for_selector("#open-list li button.join")
    found = axe_violations(page)
    # Called off at once: a quick game of another test on this server would else join it.
    call_off = {"token": waiting["seats"][0]["token"]}
    httpx.post(
        f"{live_server}/api/games/{waiting['id']}/cancel", json=call_off, timeout=30
    ).raise_for_status()
    page.click("#open-list li .call-off")
    page.wait_for_selector("#open-list li .call-off", state="detached")
    assert found == [], "\n".join(["lobby", *found])
    game_id, tokens, _ = timed_game_of_two(live_server, {"kind": "game", "minutes": 5, "increment": 3})
    for token in tokens:
        page.goto(f"{live_server}/game/{game_id}?token={token}")
        page.wait_for_selector("#clocks .clock.running")
        found = axe_violations(page)
        assert found == [], "\n".join(["timed game", *found])
    assert not page.errors
