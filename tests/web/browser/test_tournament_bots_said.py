"""Whether a club tournament takes bots is said where it is found: Dana, a researcher looking for a
tournament her bot's account may join, read "Open to join · Kingdomino · Round robin · 30 s a move
· Casual" on its page and in the lobby, the same for one that takes bots and one that refuses
them (403 `tournament_bots` once her bot tried)."""

from __future__ import annotations

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import log_in_new, new_page
from tests.web.browser.test_tournament_rounds_said import posted

BOTS = "Bots may join"


def test_a_tournament_says_whether_bots_may_join(browser: Browser, live_server: str) -> None:
    kira = new_page(browser, live_server)
    log_in_new(kira, live_server, "Kira")
    made = {}
    for bots in (True, False):
        body: dict[str, object] = {
            "name": "Bots welcome" if bots else "People only",
            "game": "kingdomino",
            "format": "round_robin",
            "bots": bots,
            "time_control": {"kind": "move", "seconds": 30},
        }
        made[bots] = str(posted(kira, "/api/tournaments", body)["id"])
    try:
        kira.goto(f"{live_server}/tournament/{made[True]}")
        expect(kira.locator("#tournament-bots")).to_have_text(BOTS)
        kira.goto(f"{live_server}/tournament/{made[False]}")
        kira.locator("#tournament-about").wait_for()
        expect(kira.locator("#tournament-bots")).to_have_count(0)
        kira.goto(live_server + "/")
        welcome = kira.locator(f"#tournament-list li[data-id='{made[True]}']")
        expect(welcome).to_contain_text(f"Casual · Players: 1 of 20 · {BOTS}")
        people = kira.locator(f"#tournament-list li[data-id='{made[False]}']")
        expect(people).to_be_visible()
        assert BOTS not in people.inner_text()
        hungarian = new_page(browser, live_server, locale="hu")
        hungarian.goto(f"{live_server}/tournament/{made[True]}")
        expect(hungarian.locator("#tournament-bots")).to_have_text("Botok is jelentkezhetnek")
        assert not kira.errors and not hungarian.errors
    finally:
        for tournament_id in made.values():
            posted(kira, f"/api/tournaments/{tournament_id}/cancel")
