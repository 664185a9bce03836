"""The lobby's "Your move" card lists the club tournament games waiting for the player's seat with
the games awaiting a move, and the tab's title counts them: Kira organises a tournament, Boris
and Cleo join, it starts, and the lobby of a player paired in the first round says "Your move in 1
game" with the game waiting for their seat and "Take your seat", which takes the seat and opens the
game itself (the tournaments card lists it too; the game's page links to the tournament)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import LivePage, axe_violations, log_in_new, new_page

#: Where the screenshots of the card go (looked at by a person, not compared).
SHOTS = "/tmp/shots/leftovers"
#: One day a move: the game waits for its players' seats long past the test.
DAYS = {"kind": "days", "days": 1}


def posted(
    page: LivePage, live_server: str, path: str, body: dict[str, object] | None = None
) -> dict[str, object]:
    """``page``'s account posts ``body`` to ``path``: the answer."""
    answer = page.request.post(live_server + path, data=body or {}, headers={"Origin": live_server})
    assert answer.ok, answer.text()
    found: dict[str, object] = answer.json()
    return found


@pytest.mark.parametrize(("width", "height", "shot"), [(1366, 900, "desktop"), (360, 740, "phone")])
def test_a_tournament_game_awaiting_your_seat_is_your_move(
    browser: Browser, live_server: str, width: int, height: int, shot: str
) -> None:
    touch = shot == "phone"
    pages = [new_page(browser, live_server, width=width, height=height, touch=touch) for _ in range(3)]
    names = {
        log_in_new(page, live_server, name): page
        for name, page in zip(("Kira", "Boris", "Cleo"), pages, strict=True)
    }
    kira = pages[0]
    body: dict[str, object] = {
        "name": "Club night",
        "game": "kingdomino",
        "format": "round_robin",
        "time_control": DAYS,
    }
    tournament_id = str(posted(kira, live_server, "/api/tournaments", body)["id"])
    for page in pages[1:]:
        posted(page, live_server, f"/api/tournaments/{tournament_id}/join")
    posted(kira, live_server, f"/api/tournaments/{tournament_id}/start")
    found = kira.request.get(f"{live_server}/api/tournaments/{tournament_id}").json()
    game = next(g for g in found["rounds_played"][0]["games"] if g["second"] is not None)
    boris, other = names[game["second"]], game["first"]
    boris.goto(live_server + "/")
    card = boris.locator("#your-move")
    card.locator("li.seat-awaiting").wait_for()
    expect(card.locator("h2")).to_have_text("Your move in 1 game", use_inner_text=True)
    line = card.locator("li.seat-awaiting")
    assert line.inner_text().startswith(
        f"Club night · round 1: your game against {other} waits for your seat"
    )
    boris.wait_for_function("document.title === '(1) Kingdomino family'")
    take = line.get_by_role("button", name="Take your seat")
    box = take.bounding_box()
    assert box is not None and (not touch or box["height"] >= 44), box
    assert boris.evaluate("document.documentElement.scrollWidth") <= width
    assert not axe_violations(boris)
    boris.screenshot(path=f"{SHOTS}/your-move-seat-{shot}.png", full_page=True)
    take.click()
    boris.wait_for_url(f"{live_server}/game/{game['game_id']}")
    expect(boris.locator("#tournament-link")).to_have_attribute("href", f"/tournament/{tournament_id}")
    boris.screenshot(path=f"{SHOTS}/your-move-seat-taken-{shot}.png", full_page=True)
    held = "(id) => JSON.parse(localStorage.getItem('kingdomino.games')).find((g) => g.id === id).tokens"
    assert len(boris.evaluate(held, game["game_id"])) == 1, "the seat taken, its token kept"
    assert not any(page.errors for page in pages)
