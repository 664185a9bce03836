"""A spectator of a club tournament's game leads back to the tournament: Kira pressed "Watch" on
her tournament's page and found, on the game she watched, no way back to the tournament's page but
the browser's Back (its players' pages link it while the game waits and once it ends). Once the
game is over, its end screen offered the spectator a "New game" of their own: it leads back to
the tournament and to the other games to watch."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import LivePage, log_in_new, new_page

#: Where the screenshots go (looked at by a person, not compared).
SHOTS = "/tmp/shots/leftovers"
#: A day a move: the game goes on long past the test.
DAYS = {"kind": "days", "days": 1}


def posted(page: LivePage, path: str, body: dict[str, object] | None = None) -> dict[str, Any]:
    """``page``'s account posts ``body`` to ``path`` as its page would: the answer."""
    answer = page.request.post(page.base_url + path, data=body or {}, headers={"Origin": page.base_url})
    assert answer.ok, answer.text()
    found: dict[str, Any] = answer.json()
    return found


def test_a_spectator_of_a_tournament_game_is_led_back_to_it(browser: Browser, live_server: str) -> None:
    pages = {name: new_page(browser, live_server) for name in ("Kira", "Dora", "Emil")}
    names = {log_in_new(page, live_server, name): page for name, page in pages.items()}
    kira = pages["Kira"]
    body: dict[str, object] = {"name": "Tuesday club", "game": "kingdomino", "format": "swiss", "rounds": 1}
    body.update(time_control=DAYS)
    tournament_id = str(posted(kira, "/api/tournaments", body)["id"])
    for name in ("Dora", "Emil"):
        posted(pages[name], f"/api/tournaments/{tournament_id}/join")
    posted(kira, f"/api/tournaments/{tournament_id}/start")
    found = kira.request.get(f"{live_server}/api/tournaments/{tournament_id}").json()
    game = next(g for g in found["rounds_played"][0]["games"] if g["second"] is not None)
    tokens = [
        posted(names[name], f"/api/games/{game['game_id']}/join")["token"]
        for name in (game["first"], game["second"])
    ]
    watcher = next(page for name, page in names.items() if name not in (game["first"], game["second"]))
    watcher.goto(f"{live_server}/tournament/{tournament_id}")
    watcher.locator(f"a.watch[href='/game/{game['game_id']}/watch']").click()
    watcher.wait_for_url(f"{live_server}/game/{game['game_id']}/watch")
    back = watcher.locator("#whoami #watched-tournament")
    expect(back).to_have_text("The tournament")
    expect(back).to_have_attribute("href", f"/tournament/{tournament_id}")
    posted(kira, f"/api/games/{game['game_id']}/resign", {"token": tokens[0]})
    end = watcher.locator("#ranking .controls")
    expect(end.locator("#back-to-tournament")).to_have_attribute("href", f"/tournament/{tournament_id}")
    expect(end.get_by_role("link", name="New game")).to_have_count(0)
    for width, height, shot in ((1366, 900, "desktop"), (360, 740, "phone")):
        watcher.set_viewport_size({"width": width, "height": height})
        watcher.screenshot(path=f"{SHOTS}/watched-end-{shot}.png", full_page=True)
    end.get_by_role("link", name="Watch other games").click()
    watcher.wait_for_url(f"{live_server}/#live-games")
    expect(watcher.locator("#live-games")).to_be_in_viewport()
    assert not any(page.errors for page in pages.values())
