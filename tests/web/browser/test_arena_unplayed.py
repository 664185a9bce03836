"""Arena games nobody played, as their players read them (the review of 2026-11-30): Kira and
Boris sat at their game and neither moved, so AIs finished it for both. Kira's page said "You are
watching this game", its status line's link read "The tournament", and no countdown took her back
to the arena, which paired her again at once while she read it. The next game Boris never sat
at, and Kira read "Nobody joined in time: the game was called off after 1 minute.", the words
of any open game, where an arena's game is lost by forfeit and its absent player paused."""

from __future__ import annotations

import time

from playwright.sync_api import Browser, expect
from sqlalchemy import update
from tests.web.browser.pages import ARTIFACTS, log_in_new, new_page
from tests.web.browser.test_tournament_rounds_said import posted
from tests.web.conftest import free_port, live_app, served_in_a_thread

from kingdomino.web.tables import GameRow

#: The countdown of the game's end back to the arena (``arena-return.js``: 8 s), moved on at once:
#: under the page's pings (every 10 s), which a longer move would time out.
RETURN_MS = 8_000


def test_an_arena_game_nobody_played_leads_back_and_an_unseated_one_says_why(
    browser: Browser, database: str
) -> None:
    app = live_app(database)
    # Two who just met meet again after a second, not ten: the only two players of the arena.
    app.state.tournaments.arena.rematch_seconds = 1.0
    with served_in_a_thread(app, free_port()) as base:
        kira = new_page(browser, base)
        boris = new_page(browser, base, 360, 740, touch=True, mobile=True)
        for page in (kira, boris):  # their game's end counts down on it: moved on, not waited for
            page.clock.install()
        log_in_new(kira, base, "Kira")
        boris_name = log_in_new(boris, base, "Boris")
        body: dict[str, object] = {"name": "Friday arena", "game": "duel", "format": "arena", "minutes": 30}
        body.update(time_control={"kind": "move", "seconds": 5, "level": "easy"})
        arena = str(posted(kira, "/api/tournaments", body)["id"])
        posted(boris, f"/api/tournaments/{arena}/join")
        boris.goto(f"{base}/tournament/{arena}")
        kira.goto(f"{base}/tournament/{arena}")
        kira.locator("#arena-standings tbody tr").nth(1).wait_for()
        kira.click("#tournament-start")
        for page in (kira, boris):
            page.wait_for_url(f"{base}/game/*", timeout=20_000)
        first = kira.url.rsplit("/", 1)[1]
        # Neither moves: their 5 seconds run out, quick AIs finish the game for both.
        kira.locator("#winner").wait_for(timeout=120_000)
        expect(kira.locator("#tournament-link")).to_have_text("Back to the arena")
        expect(kira.locator("#back-to-tournament")).to_have_text("Back to the arena")
        expect(kira.locator("#arena-stay")).to_be_visible()
        expect(kira.locator("#watch-others")).to_have_count(0)
        kira.screenshot(path=str(ARTIFACTS / "arena-unplayed-desktop.png"))
        boris.locator("#arena-stay").wait_for()
        boris.screenshot(path=str(ARTIFACTS / "arena-unplayed-phone.png"), full_page=True)
        # Back in the arena by themselves, paired again; Boris's page cannot take his seat this time.
        boris.route("**/api/games/*/join", lambda route: route.abort())
        for page in (kira, boris):
            page.clock.run_for(RETURN_MS)
        kira.wait_for_url(lambda url: "/game/" in url and first not in url, timeout=40_000)
        second = kira.url.rsplit("/", 1)[1]
        kira.locator("#waiting-players").wait_for()
        with app.state.hub.store.engine.begin() as connection:
            connection.execute(update(GameRow).where(GameRow.id == second).values(open_until=time.time() - 1))
        expired = kira.locator("#expired")
        expect(expired).to_contain_text(
            f"{boris_name} did not take their seat in time: they lose this arena game by forfeit"
            " and are paused in the arena until they rejoin.",
            timeout=20_000,
        )
        kira.screenshot(path=str(ARTIFACTS / "arena-unseated-desktop.png"))
        kira.set_viewport_size({"width": 360, "height": 740})
        kira.screenshot(path=str(ARTIFACTS / "arena-unseated-phone.png"))
        assert not kira.errors
        posted(kira, f"/api/tournaments/{arena}/leave")
        posted(boris, f"/api/tournaments/{arena}/leave")
