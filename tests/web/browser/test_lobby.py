"""The lobby: the options each game offers, names and AI seats, the levels' ratings, your games,
and pages that cannot be opened.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Route, expect
from tests.web.browser.pages import (
    LivePage,
    at_the_end_of,
    create_game,
    new_page,
    present,
    starting,
    three_ai_seats_to_the_end,
    wait_for_count,
)
from tests.web.browser.test_online import online_game_of_two

from kingdomino.agents.levels import SEAT_LEVELS
from kingdomino.arena.ladder import load_ratings


def test_the_lobby_offers_a_rule_only_where_it_holds(page: LivePage) -> None:
    """The Mighty Duel is for 2 players (with 3 the server refused it in English); the last
    recruitment is Tribe's and the totem tie-break Totem's (in Discovery they did nothing)."""
    page.goto(page.base_url + "/")
    page.select_option("#players", "2")
    page.check("#opt-mighty_duel")
    page.select_option("#players", "3")
    expect(page.locator("#opt-mighty_duel")).to_be_hidden()
    expect(page.locator("#opt-mighty_duel")).not_to_be_checked()
    page.select_option("#players", "2")
    expect(page.locator("#opt-mighty_duel")).to_be_visible()
    page.select_option("#game", "origins")
    expect(page.locator("#opt-final_recruit")).to_be_hidden()
    expect(page.locator("#opt-totem_tie")).to_be_hidden()
    page.select_option("#mode", "tribe")
    expect(page.locator("#opt-final_recruit")).to_be_visible()
    expect(page.locator("#opt-totem_tie")).to_be_hidden()
    page.select_option("#mode", "totem")
    expect(page.locator("#opt-final_recruit")).to_be_hidden()
    expect(page.locator("#opt-totem_tie")).to_be_visible()
    expect(page.locator("#opt-fire_kingdom")).to_be_visible()


def test_the_lobby_offers_duels_optional_rule_and_the_game_says_it_is_on(page: LivePage) -> None:
    """Seed 000's reading of a pass (the spellbook still fills) is offered for Duel only, and the
    game page's title names it."""
    page.goto(page.base_url + "/")
    expect(page.locator("#opt-pass_fills_spellbook")).to_have_count(0)
    create_game(page, "duel", options={"pass_fills_spellbook": True})
    expect(page.locator("#title")).to_contain_text("Spellbook on a pass", use_inner_text=True)


def test_lobby_keeps_names_and_ai_seats_get_distinct_names(page: LivePage) -> None:
    page.goto(page.base_url + "/")
    page.select_option("#players", "4")
    page.fill("#name-0", "Anna")
    page.select_option("#seat-1", "ai:greedy")
    page.select_option("#players", "3")
    page.select_option("#players", "4")
    expect(page.locator("#name-0")).to_have_value("Anna")
    for seat in (2, 3):
        page.select_option(f"#seat-{seat}", "ai:greedy")
    page.click("#create")
    page.wait_for_selector("#your-turn, #winner")
    names = page.locator("#scores summary").all_text_contents()
    assert "Anna" in names[0]
    ai = [n.split(":")[0] for n in names[1:]]
    assert len(set(ai)) == 3 and all("AI, greedy" in n for n in ai)


def test_the_lobby_shows_each_levels_rating(page: LivePage) -> None:
    page.goto(page.base_url + "/")
    page.select_option("#players", "4")
    elo = round(load_ratings()["kingdomino/4p"]["hard"][0])
    # The 2-player ratings label the seats until the 4-player ones arrive: wait for those.
    page.wait_for_function(
        "elo => document.querySelector('#seat-1 option[value=\"ai:hard\"]')?.textContent.includes(elo)",
        arg=f"Elo {elo}",
    )
    label = page.locator('#seat-1 option[value="ai:hard"]').text_content()
    assert label is not None and f"Elo {elo}" in label


def test_a_name_typed_while_the_ratings_load_keeps_its_focus(page: LivePage) -> None:
    """The ratings come after the seats are drawn: the seats are relabelled in place, not drawn
    again, so a name being typed keeps its focus (and its field stays attached)."""
    held: list[Any] = []
    page.route("**/api/ratings", lambda route: held.append(route))
    page.goto(page.base_url + "/")
    page.select_option("#players", "3")
    wait_for_count(page, held, 2)  # the ratings asked for at the start and for 3 players, held
    page.click("#name-1")
    page.keyboard.type("An")
    assert held, "the lobby asked for no ratings"
    for route in held:
        route.continue_()
    page.wait_for_function(
        "document.querySelector('#seat-1 option[value=\"ai:hard\"]')?.textContent.includes('Elo')"
    )
    page.keyboard.type("na")
    expect(page.locator("#name-1")).to_have_value("Anna")
    assert page.evaluate("document.activeElement.id") == "name-1"
    expect(page.locator(".seat-row")).to_have_count(3)


@pytest.mark.parametrize(
    ("button", "title"),
    [
        ("#play-now", "Kingdomino"),
        ("#play-duel", "Kingdomino Duel"),
        ("#play-origins", "Kingdomino Origins · Discovery"),
    ],
)
def test_play_now_starts_each_game_against_the_medium_ai(
    browser: Browser, live_server: str, button: str, title: str
) -> None:
    """One tap from the lobby to a game of each kind, you against the medium AI (phone and desktop)."""
    for width, height in ((1366, 900), (390, 844)):
        page = new_page(browser, live_server, width, height)
        page.goto(live_server + "/")
        page.click(button)
        page.wait_for_url("**/game/*")
        page.wait_for_selector("#your-turn, #thinking, #waiting")
        expect(page.locator("#title")).to_have_text(title, use_inner_text=True)
        sheets = [sheet.strip() for sheet in page.locator("#scores summary").all_inner_texts()]
        assert len(sheets) == 2 and sheets[0].startswith("You") and "(AI, medium)" in sheets[1], sheets
        assert not page.errors
        page.context.close()


def test_your_games_list_the_ones_awaiting_you_first(page: LivePage) -> None:
    """The lobby's list marks each game that awaits a move of yours and puts it first, before newer ones."""
    create_game(page, "kingdomino", 2)
    page.wait_for_selector("#your-turn")
    awaiting = page.url.rsplit("/", 1)[-1]
    page.goto(page.base_url + "/")
    page.select_option("#seat-0", "ai:random")
    page.select_option("#seat-1", "ai:random")
    page.click("#create")  # a newer game, all AI: watched, never awaiting anyone here
    page.wait_for_url("**/game/*")
    page.goto(page.base_url + "/")
    page.wait_for_selector("#my-games li")
    items = page.locator("#my-games li")
    expect(items).to_have_count(2)
    assert items.first.locator("a").get_attribute("href") == f"/game/{awaiting}"
    assert items.first.locator(".awaits-you").inner_text().strip() == "● Your turn ·"
    assert items.nth(1).locator(".awaits-you").count() == 0
    # Each game is told by its title and the day and time it began.
    assert items.first.locator("a").inner_text() == "Kingdomino"
    assert present(items.first.locator("time").get_attribute("datetime"))[:4].isdigit()
    assert ":" in items.first.locator("time").inner_text()


def test_your_games_say_a_game_was_aborted_and_await_nobody_in_it(browser: Browser, live_server: str) -> None:
    """An aborted game read "lobby.status.aborted" in "Your games", and the one whose move it was
    when it was aborted was still told "Your turn" there: it says it counts for nobody, and awaits
    no one."""
    host, guest, _ = online_game_of_two(browser, live_server)
    guest.on("dialog", lambda dialog: dialog.accept())
    guest.click("#abort")
    for page in (host, guest):
        page.wait_for_selector("#aborted")
        page.goto(page.base_url + "/")
        page.wait_for_selector("#my-games li")
        line = page.locator("#my-games li").first
        assert " · called off: counts for nobody · " in line.inner_text(), line.inner_text()
        expect(line.locator(".awaits-you")).to_have_count(0)
        assert line.get_attribute("class") != "awaits"
    assert not host.errors and not guest.errors


def test_your_games_say_who_won_a_finished_game(browser: Browser, live_server: str) -> None:
    """A finished game in "Your games" read "over · Ada (AI, random) 13, Bruno (AI, random) 13": who
    won was not said, and a tie on points was not told apart. A star follows the winners' points."""
    page = at_the_end_of(browser, live_server, "three AI seats", three_ai_seats_to_the_end)
    winners = [
        page.locator("#ranking tbody tr").nth(i).get_attribute("data-seat")
        for i in range(3)
        if page.locator("#ranking tbody tr").nth(i).locator("td").first.text_content() == "1"
    ]
    names = [
        present(page.locator(f"#ranking tr[data-seat='{seat}'] td").nth(1).text_content()).strip()
        for seat in winners
    ]
    page.goto(page.base_url + "/")
    page.wait_for_selector("#my-games li")
    item = page.locator("#my-games li").first
    assert item.locator(".leader").count() == len(winners)
    expect(item.locator(".leader").first).to_have_attribute("aria-label", "the winner")
    text = item.inner_text()
    for name in names:
        assert re.search(re.escape(name) + r" \d+ ★", text), text
    assert not page.errors


def test_an_unknown_page_says_so_above_the_lobby(page: LivePage) -> None:
    response = page.goto(page.base_url + "/rules")
    assert response is not None and response.status == 404
    page.wait_for_selector("#create")
    assert [e for e in page.errors if "status of 404" not in e] == []  # the browser notes the 404 itself
    page.errors.clear()
    expect(page.locator("#no-page")).to_have_text(
        "There is no page at /rules: here is the lobby.", use_inner_text=True
    )
    page.goto(page.base_url + "/")
    page.wait_for_selector("#create")
    expect(page.locator("#no-page")).to_have_count(0)


def test_a_game_that_cannot_be_opened_says_why_with_the_way_back(page: LivePage) -> None:
    """No link to the game in this browser, or a link the server refuses: a card says why and leads
    back to the lobby (it was an empty table under "Connecting…")."""
    page.goto(page.base_url + "/game/00001111aaaa2222")
    page.wait_for_selector("#unavailable")
    expect(page.locator("#unavailable")).to_contain_text(
        "There is no such game on this server", use_inner_text=True
    )
    playing = page.request.post(
        page.base_url + "/api/games",
        data={"game": "duel", "players": 2, "seats": [{"kind": "human"}, {"kind": "ai", "level": "random"}]},
    ).json()["id"]
    page.goto(f"{page.base_url}/game/{playing}")
    page.wait_for_selector("#unavailable")
    expect(page.locator("#unavailable")).to_contain_text("no seat or spectator link", use_inner_text=True)
    # The page asked the server for the game, which a finished one's plain address opens.
    assert all("404" in error or "403" in error for error in page.errors), page.errors
    page.errors.clear()
    page.goto(page.base_url + "/game/00001111aaaa2222?token=abc")
    page.wait_for_selector("#unavailable")
    expect(page.locator("#unavailable")).to_contain_text(
        "There is no such game on this server", use_inner_text=True
    )
    expect(page.locator("#board, #scores")).to_have_count(0)
    page.click("#to-lobby")
    page.wait_for_selector("#create")


def _menu_values(page: LivePage, selector: str) -> list[str]:
    """The values of a menu's options, in order (the menu may be on a card not shown)."""
    script = "options => options.map(option => option.value)"
    values: list[str] = page.eval_on_selector_all(f"{selector} option", script)
    return values


def test_the_page_offers_the_servers_ai_levels(page: LivePage) -> None:
    """The lobby's seats and a game's "hand the seat to an AI" offer the levels of the server's
    one table (``SEAT_LEVELS``, served by ``/api/meta``), in its order: no list of the page's own."""
    page.goto(page.base_url + "/")
    page.wait_for_selector("#seat-1 option[value='ai:hard']", state="attached")
    kinds = _menu_values(page, "#seat-1")
    assert [kind for kind in kinds if kind.startswith("ai:")] == [f"ai:{level}" for level in SEAT_LEVELS]
    expect(page.locator("#seat-1")).to_have_value("ai:medium")
    create_game(page, "kingdomino", 2)
    for menu in ("#away-level", "#leave-level"):
        assert _menu_values(page, menu) == list(SEAT_LEVELS)
        expect(page.locator(menu)).to_have_value("medium")


def test_a_level_the_page_has_no_words_for_is_offered_by_its_name(page: LivePage) -> None:
    """An AI the server offers that the page's texts do not name (an operator's agent, ``kingdomino
    serve --seat-agent grandmaster=...``) is offered all the same, as an AI by its name (not by
    the missing key ``seat.ai:<level>``)."""
    levels = [*SEAT_LEVELS, "grandmaster"]

    def answer(route: Route) -> None:
        route.fulfill(json={"games": ["kingdomino", "duel", "origins"], "levels": levels})

    page.route("**/api/meta", answer)
    page.goto(page.base_url + "/")
    label = page.locator('#seat-1 option[value="ai:grandmaster"]').text_content()
    assert label is not None and label.startswith("AI, grandmaster") and "seat.ai" not in label
    expect(page.locator('#seat-1 option[value="ai:hard"]')).to_have_text(starting("AI, hard"))
