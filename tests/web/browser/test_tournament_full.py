"""A tournament's page offers to join only while one may: a full tournament offered Fedor "Join",
then refused it ("This tournament is full: 3 players"), and a running one told a guest to log in
"to organise or join a tournament", which nobody could join any more."""

from __future__ import annotations

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import LivePage, log_in_new, new_page

#: A day a move: the games wait for their seats long past the test.
DAYS = {"kind": "days", "days": 1}


def posted(page: LivePage, path: str, body: dict[str, object] | None = None) -> dict[str, object]:
    """``page``'s account posts ``body`` to ``path`` as its page would: the answer."""
    answer = page.request.post(page.base_url + path, data=body or {}, headers={"Origin": page.base_url})
    assert answer.ok, answer.text()
    found: dict[str, object] = answer.json()
    return found


def test_a_full_tournament_says_so_and_a_running_one_asks_no_guest_to_log_in(
    browser: Browser, live_server: str
) -> None:
    kira, dora, emil, fedor = (new_page(browser, live_server) for _ in range(4))
    for page, name in ((kira, "Kira"), (dora, "Dora"), (emil, "Emil"), (fedor, "Fedor")):
        log_in_new(page, live_server, name)
    body: dict[str, object] = {"name": "Small one", "game": "kingdomino", "format": "swiss", "rounds": 2}
    body.update(max_players=3, time_control=DAYS)
    tournament_id = str(posted(kira, "/api/tournaments", body)["id"])
    for page in (dora, emil):
        posted(page, f"/api/tournaments/{tournament_id}/join")
    page_of = f"{live_server}/tournament/{tournament_id}"
    fedor.goto(page_of)
    expect(fedor.locator("#tournament-full")).to_have_text("This tournament is full: 3 players")
    expect(fedor.locator("#tournament-join")).to_have_count(0)
    guest = new_page(browser, live_server)
    guest.goto(page_of)
    expect(guest.locator("#entrants li")).to_have_count(3)
    expect(guest.locator("#tournament-log-in")).to_have_count(0)
    posted(kira, f"/api/tournaments/{tournament_id}/start")
    guest.goto(page_of)
    expect(guest.locator(".tournament-round")).to_have_count(1)
    expect(guest.locator("#tournament-log-in")).to_have_count(0)
    assert not any(page.errors for page in (kira, dora, emil, fedor, guest))
