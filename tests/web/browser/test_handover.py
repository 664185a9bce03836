"""A person's seat an AI took over (they left, or their clock ran out): their page says so, and so
do the others' pages, in words, rather than only the seat's name changing."""

from __future__ import annotations

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, accepted_dialogs, log_in_new, new_page, timed_game_of_two
from tests.web.browser.test_online import online_game_of_two
from tests.web.conftest import deadline_passed, live_app, served_in_a_thread
from tests.web.servers import free_port

#: The note of whose seat an AI took over, and why.
NOTE = "document.querySelector('#handover-note:not([hidden])')?.textContent || ''"


def test_a_player_who_left_is_told_so_and_the_others_are_told_who_left(
    browser: Browser, live_server: str
) -> None:
    """Boris presses "Leave the game": his page says he left and an AI plays his seat on, not only
    "You are watching this game"; Anna's (in Russian) says that Boris left, by his name."""
    host, guest, _ = online_game_of_two(browser, live_server, locale="ru")
    expect(host.locator("#handover-note")).to_be_hidden()
    guest.select_option("#leave-level", "easy")
    accepted_dialogs(guest)
    guest.click("#leave")
    # Leaving reloads the page as a spectator's: the note is awaited whole (a text read at once
    # could be the reloading page's, empty). Told once, in the second person: not "Boris left" besides.
    told = "You left the game: an AI plays your seat from here on (AI, easy)"
    guest.wait_for_function(f"({NOTE}).trim() === {told!r}")
    host.wait_for_function(f"({NOTE}).includes('Boris')")
    assert host.locator("#handover-note").inner_text().strip() == (
        "Игрок Boris вышел из игры: дальше за игрока Boris играет ИИ (ИИ, лёгкий)"
    )
    host.screenshot(path=str(ARTIFACTS / "handover-left-host.png"))
    guest.screenshot(path=str(ARTIFACTS / "handover-left-guest.png"))
    assert not host.errors and not guest.errors


def test_a_player_leaving_a_rated_game_is_told_it_ranks_them_last(browser: Browser, live_server: str) -> None:
    """Leaving a rated game ranks its player last, as a resignation does: the leave card, its
    confirmation and the note after it said only that an AI plays the seat on, which reads as
    harmless."""
    pages = [new_page(browser, live_server), new_page(browser, live_server, 390, 844, touch=True)]
    for page in pages:
        log_in_new(page, live_server, "Vida")
        page.select_option("#quick-game-choice", label="Kingdomino Duel · 2 players")
        page.check("#quick-rated")
    host, guest = pages
    host.click("#quick-game-button")
    host.wait_for_selector("#waiting-players")
    opened = host.url.rsplit("/", 1)[1]
    guest.locator(f"li[data-id='{opened}']").wait_for()
    guest.click("#quick-game-button")
    guest.wait_for_selector("#leave-card:not([hidden])")
    rated = "The game is rated: leaving it ranks you last."
    expect(guest.locator("#leave-card")).to_contain_text(rated, use_inner_text=True)
    asked = accepted_dialogs(guest)
    guest.click("#leave")
    # Leaving reloads the page as a spectator's: the note is awaited whole.
    guest.wait_for_function(f"({NOTE}).includes('The game is rated: it counts as last place for you.')")
    assert rated in asked[0]
    guest.screenshot(path=str(ARTIFACTS / "handover-left-rated-phone.png"), full_page=True)
    assert not host.errors and not guest.errors


def test_a_player_out_of_time_is_told_so_and_the_others_are_told_whose_time_ran_out(
    browser: Browser, database: str
) -> None:
    """Each move has its seconds: the player to act (on a phone) lets them run out. Their page says
    their time ran out and an AI plays their seat on; the other player's says whose time ran out.
    The time runs out when the test says (its deadline moved into the past once both pages show
    the game), not after a wait that a slow machine could outlast."""
    app = live_app(database)
    hub = app.state.hub
    with served_in_a_thread(app, free_port()) as base:
        game_id, tokens, first = timed_game_of_two(base, {"kind": "move", "seconds": 3600, "level": "greedy"})
        late = first["current_player"]
        pages = []
        for seat, size in ((late, (390, 844)), (1 - late, (1366, 900))):
            page = new_page(browser, base, *size, touch=size[0] < 500)
            page.goto(f"{base}/game/{game_id}?token={tokens[seat]}")
            page.wait_for_selector("#your-turn, #waiting")
            pages.append(page)
        late_page, other = pages
        deadline_passed(base, hub, game_id)
        late_page.wait_for_function(f"({NOTE}).includes('Your time ran out')", timeout=120000)
        told = late_page.locator("#handover-note").inner_text()
        assert "Your time ran out: an AI plays your seat from here on (AI, greedy)" in told, told
        other.wait_for_function(f"({NOTE}).includes('time ran out')", timeout=120000)
        name = first["seats"][late]["name"]
        told = other.locator("#handover-note").inner_text()
        assert f"{name}'s time ran out: an AI plays {name}'s seat from here on (AI, greedy)" in told, told
        other.screenshot(path=str(ARTIFACTS / "handover-timed-out-other.png"))
        late_page.screenshot(path=str(ARTIFACTS / "handover-timed-out-phone.png"))
        assert not late_page.errors and not other.errors
