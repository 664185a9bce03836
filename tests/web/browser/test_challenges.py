"""A challenge in the browser: Kira challenges Boris from his player's page, Boris sees it at once
in the lobby he has open, accepts, and both are in the game (the API tests, test_challenges.py,
decline, call off and refuse). Kira says anyone may watch it, and the turn-based game's page
offers neither the "Must go?" of a real-time game nor an away mark: absence is its rule."""

from __future__ import annotations

from urllib.parse import quote

import httpx
from playwright.sync_api import Browser, Route, expect
from tests.web.browser.pages import ARTIFACTS, LivePage, ending, log_in_new, new_page, present, starting
from tests.web.browser.test_watch import listed_line


def test_kira_challenges_boris_from_his_page_and_both_land_in_the_game(
    browser: Browser, live_server: str
) -> None:
    kira, boris = new_page(browser, live_server), new_page(browser, live_server)
    kira_name = log_in_new(kira, live_server, "Kira")
    boris_name = log_in_new(boris, live_server, "Boris")
    kira.goto(f"{live_server}/player/{quote(boris_name)}")
    kira.wait_for_selector("#challenge-form")
    expect(kira.locator("#challenge-title")).to_have_text(f"Challenge {boris_name}", use_inner_text=True)
    # The form names the others to name only in a game of three or four.
    about = kira.locator("#challenge-about")
    kira.select_option("#challenge-game-choice", label="Kingdomino · 3 players")
    expect(about).to_contain_text("anyone else you name", use_inner_text=True)
    kira.select_option("#challenge-game-choice", label="Kingdomino Duel · 2 players")
    expect(about).to_have_text(starting(f"{boris_name} sees your challenge at once"), use_inner_text=True)
    expect(about).not_to_contain_text("anyone else", use_inner_text=True)
    kira.select_option("#challenge-clock", label="1 day a move (turn-based)")
    # Private unless she says so, as the server has it.
    expect(kira.locator("#challenge-public")).not_to_be_checked()
    kira.check("#challenge-public")
    kira.click("#challenge-button")
    kira.wait_for_url(f"{live_server}/game/*")
    game_id = kira.url.rsplit("/", 1)[1]
    waiting = kira.locator("#waiting-players")
    waiting.wait_for()
    expect(waiting).to_contain_text(
        f"Waiting for {boris_name} to accept your challenge.", use_inner_text=True
    )
    # Boris's lobby, open since before the challenge, shows it with its answers.
    line = boris.locator(f"#challenge-list li[data-id='{game_id}']")
    line.wait_for()
    expect(line.locator("strong")).to_have_text(ending("challenges you"), use_inner_text=True)
    # Awaiting his answer, it comes before what he may do any time (the "Play now" card).
    cards = boris.eval_on_selector_all("main > section", "cards => cards.map((c) => c.id || c.className)")
    assert cards.index("challenges") < cards.index("card quick"), cards
    expect(boris.locator(f"#open-list li[data-id='{game_id}']")).to_have_count(0)
    line.locator("button.accept").click()
    boris.wait_for_url(f"{live_server}/game/{game_id}")
    for page in (kira, boris):
        page.wait_for_selector("#your-turn, #waiting")
    listed = httpx.get(f"{live_server}/api/live-games", params={"player": boris_name}, timeout=30).json()
    assert [game["id"] for game in listed["games"]] == [game_id]  # she said anyone may watch
    # A turn-based game: whoever is at the table is marked, nobody is marked away, and nobody is
    # asked to leave (their clock hands a seat over); resigning is still there.
    kira.wait_for_selector("#presence-1.here")
    expect(kira.locator("#leave-row")).to_be_hidden()
    expect(kira.locator("#resign")).to_be_visible()
    boris.close()
    kira.wait_for_function("() => document.querySelector('#presence-said')?.textContent.includes('left')")
    expect(kira.locator("#presence-1")).to_have_count(0)
    expect(kira.locator("#presence")).to_be_hidden()
    kira.screenshot(path=str(ARTIFACTS / "challenge-turn-based-game.png"), full_page=True)
    # The lobby's "Watch a game" lists it to a stranger, not to Kira, even on a device of hers
    # that holds no seat of it: her lobby lists it above, with the way to play it.
    sam = new_page(browser, live_server)
    sam.goto(live_server + "/")
    listed_line(sam, game_id)
    phone = new_page(browser, live_server, width=360, height=740, touch=True)
    phone.goto(live_server + "/")
    logged = phone.request.post(
        f"{live_server}/api/session",
        data={"name": kira_name, "password": "a long enough password"},
        headers={"Origin": live_server},
    )
    assert logged.ok, logged.text()

    def hers_alone(route: Route) -> None:
        """The server's list as if her game were the only one played (the shared server's other
        tests' games left out): the card then says there is none but hers."""
        answer = route.fetch(url=f"{live_server}/api/live-games?player={quote(kira_name)}")
        route.fulfill(response=answer)

    phone.route("**/api/live-games?*", hers_alone)
    phone.goto(live_server + "/")
    phone.wait_for_selector("#logged-in")
    # The list is looked at again once the page knows who is logged in, which may come after it.
    none = phone.locator("#no-live-games")
    none.wait_for()
    expect(none).to_have_text(
        "No game open to watchers is being played just now but yours.", use_inner_text=True
    )
    expect(phone.locator("#live-list li"), "Kira's own game is offered to her to watch").to_have_count(0)
    # Its address (a push tapped on this phone) opens it at her seat, not as a stranger's view.
    phone.goto(f"{live_server}/game/{game_id}")
    seated(phone, game_id)
    # Off the game's page first: its own requests in the gap between the cookies' clearing and
    # the login would be refused (401) and counted as the page's errors.
    phone.evaluate("localStorage.clear()")
    phone.goto("about:blank")
    phone.context.clear_cookies()
    logged = phone.request.post(
        f"{live_server}/api/session",
        data={"name": kira_name, "password": "a long enough password"},
        headers={"Origin": live_server},
    )
    assert logged.ok, logged.text()
    # Its watch link (shared with her, say) watches, and offers her seat.
    phone.goto(f"{live_server}/game/{game_id}/watch")
    own = phone.locator("#your-game a")
    own.wait_for()
    own.click()
    phone.wait_for_selector("#your-turn, #waiting")
    assert "watching" not in present(phone.text_content("#whoami")), phone.text_content("#whoami")
    made = phone.request.post(
        f"{live_server}/api/challenges",
        data={"name": boris_name, "game": "kingdomino", "players": 2},
        headers={"Origin": live_server},
    )
    assert made.ok, made.text()
    private_id = made.json()["id"]
    with httpx.Client(base_url=live_server, headers={"Origin": live_server}, timeout=30) as boris_http:
        password = {"name": boris_name, "password": "a long enough password"}
        assert boris_http.post("/api/session", json=password).status_code == 200
        assert boris_http.post(f"/api/challenges/{private_id}/accept").status_code == 200
    # A private game of hers, which this phone holds no seat of either, opens at her seat by its
    # address (its page said "This game cannot be opened here: ask the one who created the game
    # for a link", beside a link to her seat).
    phone.goto(f"{live_server}/game/{private_id}")
    seated(phone, private_id)
    refused = [error for error in phone.errors if "403" in error]  # the game asked without a seat: no_token
    assert len(refused) == 1, phone.errors
    phone.errors.remove(refused[0])
    assert not kira.errors and not boris.errors and not sam.errors and not phone.errors


def seated(page: LivePage, game_id: str) -> None:
    """Wait until ``page`` shows game ``game_id`` at its player's seat, its token now kept here."""
    page.wait_for_function(
        "(id) => JSON.stringify(localStorage).includes(id) && document.querySelector('#your-turn, #waiting')",
        arg=game_id,
    )
    assert "watching" not in present(page.text_content("#whoami")), page.text_content("#whoami")
    expect(page.locator("#unavailable")).to_have_count(0)
