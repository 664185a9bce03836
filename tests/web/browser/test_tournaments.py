"""A club tournament in the browser: Kira organises one from the lobby's "Club tournaments" card,
Boris and Cleo join it from its page, Kira starts it, and the two paired players take their seats
from the tournament's page and land in their game (the API tests, tests/web/test_tournaments.py,
play tournaments to their end). A phone shows the standings without the tie-break columns. The
game's page, waiting and finished, leads back to the tournament."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, LivePage, axe_violations, log_in_new, new_page
from tests.web.browser.test_touch_targets import fingers_wide


def shot(page: LivePage, name: str) -> None:
    page.screenshot(path=str(ARTIFACTS / f"tournament-{name}.png"), full_page=True)


def posted(page: LivePage, path: str) -> None:
    """``page``'s account posts to ``path`` as its page would (its cookie, the site's Origin)."""
    answer = page.request.post(page.base_url + path, headers={"Origin": page.base_url})
    assert answer.ok, answer.text()


def test_kira_organises_boris_and_cleo_join_and_the_paired_take_their_seats(
    browser: Browser, live_server: str
) -> None:
    pages = {name: new_page(browser, live_server) for name in ("Kira", "Boris", "Cleo")}
    names = {log_in_new(page, live_server, name): page for name, page in pages.items()}
    kira = pages["Kira"]
    kira.goto(live_server + "/")
    kira.locator("#tournaments summary").click()
    kira.fill("#tournament-name", "Thursday club")
    kira.select_option("#tournament-format", "round_robin")
    kira.select_option("#tournament-game-choice", label="Kingdomino Duel")
    kira.select_option("#tournament-clock", label="1 day a move (turn-based)")
    shot(kira, "organise")
    kira.click("#organise-button")
    kira.wait_for_url(f"{live_server}/tournament/*")
    tournament_id = kira.url.rsplit("/", 1)[1]
    expect(kira.locator("#tournament-about")).to_contain_text("Kingdomino Duel", use_inner_text=True)
    for name in ("Boris", "Cleo"):
        page = pages[name]
        page.goto(f"{live_server}/")
        page.locator(f"#tournament-list li[data-id='{tournament_id}'] a").click()
        page.wait_for_url(f"{live_server}/tournament/{tournament_id}")
        page.click("#tournament-join")
        page.wait_for_selector("#tournament-leave")
    kira.reload()
    kira.locator("#entrants li").nth(2).wait_for()
    expect(kira.locator("#entrants li")).to_have_count(3)
    kira.click("#tournament-start")
    kira.wait_for_selector(".tournament-round")
    found: dict[str, Any] = httpx.get(f"{live_server}/api/tournaments/{tournament_id}", timeout=30).json()
    games = found["rounds_played"][0]["games"]
    game = next(g for g in games if g["second"] is not None)
    bye = next(g for g in games if g["second"] is None)
    expect(kira.locator(".tournament-round li.bye")).to_have_text(
        f"{bye['first']}: free round (1 point)", use_inner_text=True
    )
    shot(kira, "running")
    assert axe_violations(kira) == []
    first, second = names[game["first"]], names[game["second"]]
    second.goto(live_server + "/")
    awaited = second.locator(f"#tournament-awaiting li[data-game='{game['game_id']}']")
    expect(awaited).to_contain_text(
        f"your game against {game['first']} waits for your seat", use_inner_text=True
    )
    second.locator("#tournaments").screenshot(path=str(ARTIFACTS / "tournament-lobby-card.png"))
    for player in (first, second):
        player.goto(f"{live_server}/tournament/{tournament_id}")
        take = player.locator(f"li[data-game='{game['game_id']}'] button.take-seat")
        take.wait_for()
        shot(player, "take-seat")
        take.click()
        player.wait_for_url(f"{live_server}/game/{game['game_id']}")
        if player is first:  # the other has not sat yet: no call-off, the way back to the tournament
            player.locator("#tournament-link").wait_for()
            expect(player.locator("#waiting-players")).to_contain_text(
                f"Waiting for {game['second']} to take their seat", use_inner_text=True
            )
            expect(player.locator("#call-off")).to_have_count(0)
    for player in (first, second):
        player.wait_for_selector("#your-turn, #waiting")
    first.goto(f"{live_server}/tournament/{tournament_id}")
    first.locator(f"li[data-game='{game['game_id']}'] button.play").click()
    first.wait_for_url(f"{live_server}/game/{game['game_id']}")
    first.wait_for_selector("#your-turn, #waiting")
    phone = new_page(browser, live_server, width=360, height=740, touch=True)
    phone.goto(f"{live_server}/tournament/{tournament_id}")
    phone.wait_for_selector("#standings")
    expect(phone.locator("#standings th.minor").first, "the tie-breaks said under the name").to_be_hidden()
    shot(phone, "phone")
    fingers_wide(phone, "tournament-running")  # its Watch buttons and links a finger wide too
    kira_name = next(name for name, page in names.items() if page is kira)
    logged = phone.request.post(
        f"{live_server}/api/session",
        data={"name": kira_name, "password": "a long enough password"},
        headers={"Origin": live_server},
    )
    assert logged.ok, logged.text()
    phone.goto(live_server + "/")
    phone.locator(f"#tournament-list li[data-id='{tournament_id}']").wait_for()
    phone.locator("#tournaments summary").click()
    phone.wait_for_selector("#organise-form")
    phone.locator("#tournaments").screenshot(path=str(ARTIFACTS / "tournament-phone-lobby.png"))
    # Nothing left running on the shared server: two withdraw, and the tournament is over.
    for name in ("Kira", "Boris"):
        posted(pages[name], f"/api/tournaments/{tournament_id}/leave")
    assert (
        httpx.get(f"{live_server}/api/tournaments/{tournament_id}", timeout=30).json()["status"] == "finished"
    )
    # The game ended with a withdrawal: its page, finished, still leads back to the tournament.
    first.locator("#winner").wait_for()
    link = first.locator("#tournament-link")
    expect(link).to_have_attribute("href", f"/tournament/{tournament_id}")
    shot(first, "game-finished")
    phone.goto(f"{live_server}/game/{game['game_id']}")
    phone.locator("#winner").wait_for()
    phone.locator("#tournament-link").wait_for()
    shot(phone, "game-finished-phone")
