"""An arena in the browser: Kira organises one from the lobby's form, Boris joins it from its page,
Kira starts it, and both pages go to their game by themselves; at its end (Boris resigns) the
game's page offers "Back to the arena" and goes back by itself, where the standings show the
result. A phone in Russian shows the page too. (The API tests, tests/web/test_arenas.py, play
arenas to their end.)"""

from __future__ import annotations

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import (
    ARTIFACTS,
    LivePage,
    accepted_dialogs,
    axe_violations,
    log_in_new,
    new_page,
    starting,
)

#: The countdown of the game's end back to the arena (``arena-return.js``: 8 s), moved on at once:
#: under the page's 10 s pings, which a longer move would time out.
RETURN_MS = 8_000


def shot(page: LivePage, name: str) -> None:
    page.screenshot(path=str(ARTIFACTS / f"arena-{name}.png"), full_page=True)


def posted(page: LivePage, path: str) -> None:
    answer = page.request.post(page.base_url + path, headers={"Origin": page.base_url})
    assert answer.ok, answer.text()


def test_the_paired_players_pages_go_to_their_game_and_back_to_the_arena(
    browser: Browser, live_server: str
) -> None:
    pages = {name: new_page(browser, live_server) for name in ("Kira", "Boris")}
    pages["Kira"].clock.install()  # the game's end counts down on it: moved on rather than waited for
    names = {name: log_in_new(page, live_server, name) for name, page in pages.items()}
    kira, boris = pages["Kira"], pages["Boris"]
    kira.goto(live_server + "/")
    kira.locator("#tournaments summary").click()
    kira.fill("#tournament-name", "Friday arena")
    kira.select_option("#tournament-format", "arena")
    expect(kira.locator("#tournament-minutes-label")).to_be_visible()
    kira.fill("#tournament-minutes", "30")
    kira.select_option("#tournament-game-choice", label="Kingdomino Duel")
    kira.select_option("#tournament-clock", value="2")
    shot(kira, "organise")
    kira.click("#organise-button")
    kira.wait_for_url(f"{live_server}/tournament/*")
    tournament_id = kira.url.rsplit("/", 1)[1]
    expect(kira.locator("#tournament-about")).to_contain_text("Arena", use_inner_text=True)
    boris.goto(f"{live_server}/tournament/{tournament_id}")
    # Not yet in it, Boris is told to join first, not that the page will pair him.
    boris.wait_for_selector("#arena-state")
    expect(boris.locator("#arena-state")).to_have_text(
        starting("Join to play, and keep this page open"), use_inner_text=True
    )
    boris.click("#tournament-join")
    boris.wait_for_selector("#tournament-leave")
    expect(boris.locator("#arena-state")).to_have_text(
        "Keep this page open: when the arena starts, you are paired from here."
    )
    kira.locator("#arena-standings tbody tr").nth(1).wait_for()
    shot(kira, "open")
    kira.click("#tournament-start")
    # Neither presses anything: each page goes to the game, its seat taken.
    for page in (kira, boris):
        page.wait_for_url(f"{live_server}/game/*", timeout=20_000)
    game_id = kira.url.rsplit("/", 1)[1]
    assert boris.url.endswith(f"/game/{game_id}")
    for page in (kira, boris):
        page.wait_for_selector("#your-turn, #waiting")
    accepted_dialogs(boris)
    boris.locator("#resign").click()
    for page in (kira, boris):
        page.locator("#winner").wait_for()
        back = page.locator("#back-to-tournament")
        back.wait_for()
        page.locator("#arena-stay").wait_for()
        expect(back).to_have_text("Back to the arena", use_inner_text=True)
    shot(kira, "game-end")
    boris.click("#arena-stay")
    expect(boris.locator("#arena-return")).to_contain_text("You are paused in the arena")
    boris.goto(f"{live_server}/tournament/{tournament_id}")
    boris.locator("#arena-rejoin").wait_for()
    shot(boris, "paused")
    kira.clock.run_for(RETURN_MS)
    kira.wait_for_url(f"{live_server}/tournament/{tournament_id}", timeout=20_000)
    kira.locator("#arena-standings .arena-sequence").first.wait_for()
    first = kira.locator("#arena-standings tbody tr").first
    expect(first).to_contain_text(names["Kira"], use_inner_text=True)
    expect(first.locator(".arena-sequence")).to_contain_text("2", use_inner_text=True)
    kira.locator("#arena-clock").wait_for()
    shot(kira, "running")
    assert axe_violations(kira) == []
    phone = new_page(browser, live_server, width=360, height=740, touch=True, locale="ru")
    phone.goto(f"{live_server}/tournament/{tournament_id}")
    phone.locator("#arena-standings").wait_for()
    shot(phone, "phone-ru")
    # Nothing left to pair on the shared server: both withdraw.
    for page in (kira, boris):
        posted(page, f"/api/tournaments/{tournament_id}/leave")


def test_a_seat_the_server_refuses_is_said_and_taken_at_the_next_read(
    browser: Browser, live_server: str
) -> None:
    """The page takes the paired player's seat itself: refused (too many tries from one address),
    it says why and tries again at its next read, instead of leaving the seat's minute to run out."""
    pages = {name: new_page(browser, live_server) for name in ("Kira", "Boris")}
    for name, page in pages.items():
        log_in_new(page, live_server, name)
    kira, boris = pages["Kira"], pages["Boris"]
    body = {
        "name": "Quick arena",
        "game": "duel",
        "format": "arena",
        "minutes": 20,
        "time_control": {"kind": "game", "minutes": 5, "increment": 3},
    }
    made = kira.request.post(live_server + "/api/tournaments", data=body, headers={"Origin": live_server})
    assert made.ok, made.text()
    tournament_id = made.json()["id"]
    posted(boris, f"/api/tournaments/{tournament_id}/join")
    refusal = {"error": {"field": "client", "message": "too many tries", "code": "too_many_tries"}}
    boris.route("**/api/games/*/join", lambda route: route.fulfill(status=429, json=refusal))
    for page in (kira, boris):
        page.goto(f"{live_server}/tournament/{tournament_id}")
        page.wait_for_selector("#arena-state")
    posted(kira, f"/api/tournaments/{tournament_id}/start")
    kira.wait_for_url(f"{live_server}/game/*", timeout=20_000)
    expect(boris.locator("#arena-seat-refused")).to_have_text("Too many tries: wait a minute and try again")
    boris.unroute("**/api/games/*/join")
    boris.wait_for_url(f"{live_server}/game/*", timeout=20_000)
    assert boris.url == kira.url
