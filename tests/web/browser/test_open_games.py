"""Finding an opponent in the lobby (issue #64): a game opened for "anyone from the lobby" is listed
live on another player's lobby, joined with a click, and starts on both pages; a quick game pairs
two logged-in players into a rated game."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import (
    ARTIFACTS,
    LivePage,
    call_off,
    game_page_id,
    log_in_new,
    new_page,
    open_a_game_for_the_lobby,
    present,
)

#: What a started game's status line shows: the player's turn, or whom the game awaits.
STARTED = "#your-turn, #waiting, #choice-made"


def test_an_open_game_is_found_in_another_lobby_and_joined(browser: Browser, live_server: str) -> None:
    anna = new_page(browser, live_server)
    bela = new_page(browser, live_server)
    bela.goto(live_server + "/")
    bela.wait_for_selector("#open-games")
    open_a_game_for_the_lobby(anna, live_server, "Anna")
    opened = game_page_id(anna)
    anna.wait_for_selector("#waiting-players")
    expect(anna.locator("#waiting-players")).to_contain_text("1 of 2 seats taken", use_inner_text=True)
    # How long it waits, as the lobby says it: without it, "called off" came out of the blue.
    expect(anna.locator("#waiting-players")).to_contain_text("It waits 20 minutes more.", use_inner_text=True)
    # Bela's lobby hears of it without a reload.
    line = bela.locator(f"li[data-id='{opened}']")
    line.wait_for()
    expect(line).to_contain_text("Anna", use_inner_text=True)
    expect(line).to_contain_text("Casual", use_inner_text=True)
    bela.screenshot(path=str(ARTIFACTS / "lobby-open-games.png"), full_page=True)
    bela.fill("#guest-name", "Bela")
    line.locator("button.join").click()
    assert game_page_id(bela) == opened
    bela.wait_for_selector(STARTED)
    anna.wait_for_selector(STARTED)
    expect(anna.locator("#waiting-players")).to_have_count(0)
    expect(anna.locator("#scores, .scores, body").first).to_contain_text("Bela", use_inner_text=True)
    assert anna.errors == [] and bela.errors == []


def test_a_quick_game_pairs_two_accounts_into_a_rated_game(browser: Browser, live_server: str) -> None:
    cleo, dora = new_page(browser, live_server), new_page(browser, live_server)
    cleo_name, dora_name = log_in_new(cleo, live_server, "Rita"), log_in_new(dora, live_server, "Rita")
    for page in (cleo, dora):
        page.select_option("#quick-game-choice", label="Kingdomino Duel · 2 players")
        expect(page.locator("#quick-clock")).to_have_value("0")  # "No clock" for a casual game
        page.check("#quick-rated")
        # A rated game has a clock (the server refuses one without): one is chosen, "No clock" is
        # not offered.
        expect(page.locator("#quick-clock")).not_to_have_value("0")
        expect(page.locator("#quick-clock option[value='0']")).to_be_disabled()
    cleo.click("#quick-game-button")
    opened = game_page_id(cleo)
    cleo.wait_for_selector("#waiting-players")
    dora.locator(f"li[data-id='{opened}']").wait_for()
    expect(dora.locator(f"li[data-id='{opened}']")).to_contain_text("Rated", use_inner_text=True)
    dora.click("#quick-game-button")
    assert game_page_id(dora) == opened
    dora.wait_for_selector(STARTED)
    cleo.wait_for_selector(STARTED)
    body = cleo.inner_text("body")
    assert cleo_name in body and dora_name in body
    # Both know while they play that the game is rated (its hint and undo greyed for that).
    for page in (cleo, dora):
        expect(page.locator("#rated-game")).to_have_text(" · Rated", use_inner_text=True)
    assert cleo.errors == [] and dora.errors == []


def test_a_rated_game_from_the_new_game_form_has_a_clock(browser: Browser, live_server: str) -> None:
    """Ticking "rated" on the new game form chooses a clock and takes "No clock" away: a rated game
    without one is refused (a losing player could stall it forever)."""
    anna = new_page(browser, live_server)
    log_in_new(anna, live_server, "Rita")
    anna.select_option("#game", "duel")
    anna.select_option("#seat-1", "open")
    expect(anna.locator("#time-control")).to_have_value("0")
    anna.check("#rated")
    expect(anna.locator("#time-control")).not_to_have_value("0")
    expect(anna.locator("#time-control option[value='0']")).to_be_disabled()
    anna.uncheck("#rated")
    expect(anna.locator("#time-control option[value='0']")).to_be_enabled()
    assert anna.errors == []


def test_the_seats_still_open_are_named_in_the_lists_of_one_s_games(
    browser: Browser, live_server: str
) -> None:
    """A game waiting for players read "Rita, , · waiting for players" in the account's games and
    "Rita 0, 0, 0" in the lobby's: a seat nobody took yet has no name, and is said to be open."""
    page = new_page(browser, live_server)
    name = log_in_new(page, live_server, "Rita")
    page.select_option("#quick-game-choice", label="Kingdomino · 3 players")
    page.click("#quick-game-button")
    opened = game_page_id(page)
    page.wait_for_selector("#waiting-players")
    page.goto(live_server + "/")
    page.wait_for_selector("#account-games li")
    page.wait_for_selector("#my-games li")
    expect(page.locator("#account-games li").first).to_contain_text(
        f"{name}, Open seat, Open seat · waiting for players", use_inner_text=True
    )
    expect(page.locator("#my-games li").first).to_contain_text(
        f"{name} 0, Open seat 0, Open seat 0", use_inner_text=True
    )
    call_off(page, opened)
    assert page.errors == []


def test_a_wait_just_under_a_day_or_an_hour_is_said_in_the_larger_unit(page: LivePage) -> None:
    """A turn-based game opened a moment ago "waits 24 hours more" in the lobby, and one of an hour
    "60 minutes more": the wait rounded to its unit is said in the next when it reaches it."""
    page.goto(page.base_url + "/")
    page.wait_for_selector("#open-games")
    read = page.evaluate(
        """async () => {
          const { waitWords } = await import(staticBase + "open-games.js");
          return [1439.9, 59.7, 1380, 90, 2100, 0.2].map(waitWords);
        }"""
    )
    assert read == ["1 day", "1 hour", "23 hours", "2 hours", "1 day", "1 minute"]


def test_a_turn_based_game_is_opened_listed_and_timed_on_both_pages(
    browser: Browser, live_server: str
) -> None:
    anna, bela = new_page(browser, live_server), new_page(browser, live_server)
    bela.goto(live_server + "/")
    bela.wait_for_selector("#open-games")
    anna.goto(live_server + "/")
    anna.select_option("#game", "duel")
    anna.select_option("#seat-1", "open")
    anna.select_option("#time-control", label="1 day a move (turn-based)")
    expect(anna.locator("#time-control-rule")).to_be_visible()
    anna.click("#create")
    opened = game_page_id(anna)
    line = bela.locator(f"li[data-id='{opened}']")
    line.wait_for()
    expect(line).to_contain_text("1 day a move (turn-based)", use_inner_text=True)
    bela.fill("#guest-name", "Bela")
    line.locator("button.join").click()
    for page in (anna, bela):
        page.wait_for_selector(STARTED)
        page.wait_for_selector("#clocks .clock.running")
        # A day a move, less the moments since the turn began; both clocks in days, hours and minutes
        # (the running one read "23:59:59" beside "1 day 0 hr").
        shown = page.locator("#clocks .clock time").all_inner_texts()
        assert all(re.fullmatch(r"1 day|23 hr 5\d min", text) for text in shown), shown
        expect(page.locator("#clocks .time-control")).to_have_text(
            "1 day a move (turn-based)", use_inner_text=True
        )
    # A turn-based clock under an hour shows its seconds; a game's clock keeps hours as h:mm:ss.
    read = anna.evaluate(
        """async () => {
          const { clockText } = await import(staticBase + "game-clock.js");
          return [clockText(90061, true), clockText(18180, true), clockText(3598.2, true), clockText(3725)];
        }"""
    )
    assert read == ["1 day 1 hr", "5 hr 3 min", "59:59", "1:02:05"]
    assert anna.errors == [] and bela.errors == []


def test_a_host_who_left_their_name_is_player_1_in_the_others_lobby(
    browser: Browser, live_server: str
) -> None:
    """The lobby sends an unnamed seat as "You" (``UNNAMED_YOU``): the host's own lobby says so,
    another player's says "Player 1" (it read "Kingdomino · 2 players · Casual · You", the host)."""
    host, other = new_page(browser, live_server), new_page(browser, live_server)
    other.goto(live_server + "/")
    other.wait_for_selector("#open-games")
    host.goto(live_server + "/")
    host.select_option("#seat-1", "open")
    host.click("#create")
    opened = game_page_id(host)
    line = other.locator(f"li[data-id='{opened}']")
    line.wait_for()
    expect(line).to_contain_text(" · Player 1 · ", use_inner_text=True)
    expect(line).not_to_contain_text(" · You · ", use_inner_text=True)
    host.goto(live_server + "/")
    own = host.locator(f"li[data-id='{opened}']")
    own.wait_for()
    expect(own).to_contain_text(" · You · ", use_inner_text=True)
    own.locator("button.call-off").click()
    own.wait_for(state="detached")
    assert host.errors == [] and other.errors == []


def test_a_joiner_gives_back_their_seat_and_the_game_waits_on(browser: Browser, live_server: str) -> None:
    """A player who joined a game of three does not call it off (only its creator does): their
    button gives back their seat, they are back in the lobby, and the game waits on."""
    anna, bela = new_page(browser, live_server), new_page(browser, live_server)
    open_a_game_for_the_lobby(anna, live_server, "Anna", players=3)
    opened = game_page_id(anna)
    anna.wait_for_selector("#waiting-players")
    expect(anna.locator("#call-off")).to_have_text("Call off", use_inner_text=True)
    bela.goto(live_server + "/")
    bela.fill("#guest-name", "Bela")
    bela.locator(f"li[data-id='{opened}'] button.join").click()
    assert game_page_id(bela) == opened
    bela.wait_for_selector("#call-off")
    expect(bela.locator("#call-off")).to_have_text("Give back my seat", use_inner_text=True)
    bela.click("#call-off")
    bela.wait_for_url(live_server + "/")
    line = bela.locator(f"li[data-id='{opened}']")
    line.wait_for()
    expect(line).to_contain_text("1 of 3 seats taken", use_inner_text=True)
    expect(line.locator("button.join")).to_have_count(1)
    anna.wait_for_function("document.querySelector('#waiting-players')?.innerText.includes('1 of 3')")
    call_off(anna, opened)
    assert anna.errors == [] and bela.errors == []


def test_an_account_s_seat_is_marked_by_its_name_and_a_guest_s_of_that_name_is_not(
    browser: Browser, live_server: str
) -> None:
    """A guest may type any name: one who joined as an account's name looked like that account.
    The page marks an account's seat by its name (small, its words for the pointer and screen
    readers); the guest's seat has no mark."""
    host = new_page(browser, live_server)
    guest = new_page(browser, live_server, 390, 844, locale="ru", touch=True)
    name = log_in_new(host, live_server, "Magnus")
    host.select_option("#seat-1", "open")
    host.wait_for_selector("#open-options:not([hidden])")
    host.select_option("#ai-fill", "")
    host.click("#create")
    opened = game_page_id(host)
    guest.goto(live_server + "/")
    guest.fill("#guest-name", name)
    line = guest.locator(f"li[data-id='{opened}']")
    line.wait_for()
    expect(line.locator(".account-mark")).to_have_count(1)  # the lobby marks the account's game
    line.locator("button.join").click()
    assert game_page_id(guest) == opened
    for page in (host, guest):
        page.wait_for_selector(STARTED)
        page.locator("h3.seat-name.seat1").wait_for()
        for where in ("h3.seat-name", "#scores summary"):
            marks = [page.locator(f"{where}.seat{s} .account-mark").count() for s in range(2)]
            assert marks == [1, 0], where
    title = host.locator("h3.seat-name .account-mark").first.get_attribute("title")
    assert title is not None and title.startswith("A player's account")
    expect(guest.locator("h3.seat-name .account-mark").first).to_contain_text(
        "учётная запись", use_inner_text=True
    )
    host.screenshot(path=str(ARTIFACTS / "account-mark-laptop.png"))
    guest.screenshot(path=str(ARTIFACTS / "account-mark-phone.png"), full_page=True)
    assert host.errors == [] and guest.errors == []


def test_the_clock_is_offered_to_friends_playing_online_and_a_days_game_waits_its_days(
    browser: Browser, live_server: str
) -> None:
    """The clock was offered only with a seat open to the lobby, though the server times a game
    with an invited friend too; and a 3-day game from the lobby waited 20 minutes for players who
    come by the day."""
    anna, bela = new_page(browser, live_server), new_page(browser, live_server, 390, 844, touch=True)
    bela.goto(live_server + "/")
    bela.wait_for_selector("#open-games")
    anna.goto(live_server + "/")
    anna.select_option("#game", "duel")
    expect(anna.locator("#time-control")).to_be_hidden()  # against the AI: no clock
    anna.select_option("#seat-1", "local")
    expect(anna.locator("#time-control")).to_be_hidden()  # two players on one screen: no clock either
    anna.select_option("#seat-1", "online")
    expect(anna.locator("#time-control")).to_be_visible()
    expect(anna.locator("#open-options")).to_be_hidden()
    anna.select_option("#time-control", label="1 day a move (turn-based)")
    anna.screenshot(path=str(ARTIFACTS / "lobby-clock-invited.png"))
    with anna.expect_request("**/api/games") as created:
        anna.click("#create")
    sent = present(created.value.post_data_json)
    assert sent["time_control"] == {"kind": "days", "days": 1} and "wait_minutes" not in sent
    game_page_id(anna)
    anna.wait_for_selector("#clocks .clock")
    anna.goto(live_server + "/")
    anna.select_option("#game", "duel")
    anna.select_option("#seat-1", "open")
    anna.select_option("#time-control", label="3 days a move (turn-based)")
    expect(anna.locator("#wait option:checked")).to_have_text("3 days", use_inner_text=True)
    anna.click("#create")
    opened = game_page_id(anna)
    line = bela.locator(f"li[data-id='{opened}']")
    line.wait_for()
    assert re.search(r"waits (3 days|2 days|\d+ hours) more", line.inner_text()), line.inner_text()
    bela.screenshot(path=str(ARTIFACTS / "lobby-days-game-waits.png"), full_page=True)
    call_off(anna, opened)
    assert anna.errors == [] and bela.errors == []
