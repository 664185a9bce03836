"""An arena's game its opponent never came to: Boris, paired with Kira, read on his phone's lobby
"Friday arena · round 1: your game against Kira waits for your seat", a round no arena has (its
game's number there); he left the arena instead of sitting, and Kira's page, at the table, said
the game ended unplayed with "The tournament" and nothing more, where a game's end goes back to
the arena by itself. It reads "arena: your game against Kira waits for your seat", and the
expired game offers "Back to the arena", counts down and goes back. It said "You called the game
off before it began" to Kira, who had not: the server calls a tournament's game off."""

from __future__ import annotations

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, log_in_new, new_page
from tests.web.browser.test_tournament_rounds_said import posted


def test_an_expired_arena_game_goes_back_and_its_seat_says_arena(browser: Browser, live_server: str) -> None:
    kira = new_page(browser, live_server)
    boris = new_page(browser, live_server, 360, 740, touch=True, mobile=True)
    kira_name = log_in_new(kira, live_server, "Kira")
    log_in_new(boris, live_server, "Boris")
    body: dict[str, object] = {"name": "Friday arena", "game": "duel", "format": "arena", "minutes": 30}
    body.update(time_control={"kind": "move", "seconds": 30})
    arena = str(posted(kira, "/api/tournaments", body)["id"])
    try:
        posted(boris, f"/api/tournaments/{arena}/join")
        # Boris is on the arena's page (who is there is paired) but never sits: his page's join is refused.
        boris.route("**/api/games/*/join", lambda route: route.abort())
        boris.goto(f"{live_server}/tournament/{arena}")
        kira.goto(f"{live_server}/tournament/{arena}")
        kira.locator("#arena-standings tbody tr").nth(1).wait_for()
        kira.click("#tournament-start")
        kira.wait_for_url(f"{live_server}/game/*", timeout=20_000)
        game_id = kira.url.rsplit("/", 1)[1]
        # The refusal stays: the arena's page tries the seat again at each read until it leaves.
        boris.goto(live_server + "/")
        line = boris.locator(f"#your-move li.seat-awaiting[data-game='{game_id}']")
        expect(line).to_contain_text(
            f"Friday arena · arena: your game against {kira_name} waits for your seat"
        )
        expect(line).not_to_contain_text("round", use_inner_text=True)
        boris.locator("#your-move").screenshot(path=str(ARTIFACTS / "arena-seat-awaiting-phone.png"))
        posted(boris, f"/api/tournaments/{arena}/leave")
        expired = kira.locator("#expired")
        # The server called it off at Boris's withdrawal: not Kira, whose seat is the game's first.
        expect(expired).to_contain_text("This game was called off before it began.")
        expect(expired).not_to_contain_text("You called", use_inner_text=True)
        expect(expired.locator("#back-to-tournament")).to_have_text("Back to the arena")
        expect(expired.locator("#arena-stay")).to_be_visible()
        kira.screenshot(path=str(ARTIFACTS / "arena-expired-desktop.png"))
        kira.set_viewport_size({"width": 360, "height": 740})
        kira.screenshot(path=str(ARTIFACTS / "arena-expired-phone.png"))
        kira.wait_for_url(f"{live_server}/tournament/{arena}", timeout=20_000)
        assert not kira.errors
    finally:
        posted(kira, f"/api/tournaments/{arena}/leave")
