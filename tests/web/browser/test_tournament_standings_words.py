"""A tournament's standings say the kingdom points' difference as a signed number, and mark a
bot's line "(bot)" as the players' lists do: on a 360 px phone Kira's Swiss read "Kingdom points ±
-16" under DanaBot's name (a sign after the ±, a hyphen for a minus) with nothing saying
DanaBot is a program. The server's answer is the real one, its standings and entrants given the
results of a finished round (a bot losing by 16 kingdom points) so that no game need be played."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Browser, Route, expect
from tests.web.browser.pages import ARTIFACTS, log_in_new, new_page
from tests.web.browser.test_tournament_rounds_said import posted

BOT = "DanaBot"


def played(kira: str, arena: bool) -> Any:
    """The answer's fields changed: Kira ahead of DanaBot, a bot, by 16 kingdom points."""

    def answer(route: Route) -> None:
        found = json.loads(route.fetch().text())
        found["entrants"] = [
            {"name": kira, "bot": False, "withdrew": None},
            {"name": BOT, "bot": True, "withdrew": None},
        ]
        lines = [(kira, 1, 16), (BOT, 0, -16)]
        found["standings"] = [
            {
                "rank": i + 1,
                "name": name,
                "points": points,
                "buchholz": 1 - points,
                "sonneborn_berger": 0,
                "kingdom_diff": diff,
                "played": 1,
                "withdrew": None,
            }
            for i, (name, points, diff) in enumerate(lines)
        ]
        if arena:
            found["arena"]["standings"] = [
                {
                    "rank": i + 1,
                    "name": name,
                    "points": 2 * points,
                    "sequence": [2 * points],
                    "fire": False,
                    "played": 1,
                    "playing": False,
                    "paused": False,
                    "withdrew": False,
                }
                for i, (name, points, _) in enumerate(lines)
            ]
        route.fulfill(body=json.dumps(found), content_type="application/json")

    return answer


def test_standings_say_a_signed_difference_and_mark_a_bot(browser: Browser, live_server: str) -> None:
    phone = new_page(browser, live_server, 360, 740, touch=True, mobile=True)
    kira = log_in_new(phone, live_server, "Kira")
    body: dict[str, object] = {"name": "Tuesday Swiss", "game": "kingdomino", "format": "swiss", "rounds": 2}
    body.update(bots=True, time_control={"kind": "move", "seconds": 30})
    made = str(posted(phone, "/api/tournaments", body)["id"])
    arena_body: dict[str, object] = {"name": "Evening arena", "game": "kingdomino", "format": "arena"}
    arena_body.update(bots=True, minutes=30, time_control={"kind": "move", "seconds": 30})
    arena = str(posted(phone, "/api/tournaments", arena_body)["id"])
    try:
        phone.route(f"{live_server}/api/tournaments/{made}", played(kira, False))
        phone.goto(f"{live_server}/tournament/{made}")
        bot_line = phone.locator("#standings tbody tr").nth(1)
        expect(bot_line).to_contain_text("Kingdom point difference: \u221216")
        expect(bot_line.locator(".bot-mark")).to_have_text(" (bot)")
        expect(phone.locator("#standings tbody tr").first).to_contain_text("Kingdom point difference: +16")
        assert phone.locator("#standings tbody tr").first.locator(".bot-mark").count() == 0
        expect(phone.locator("#entrants li").nth(1)).to_have_text(f"{BOT} (bot)")
        bot_line.scroll_into_view_if_needed()
        phone.screenshot(path=str(ARTIFACTS / "tournament-standings-phone.png"))
        desktop = new_page(browser, live_server)
        desktop.route(f"{live_server}/api/tournaments/{made}", played(kira, False))
        desktop.goto(f"{live_server}/tournament/{made}")
        cells = desktop.locator("#standings tbody tr").nth(1).locator("td")
        expect(cells.nth(5)).to_have_text("\u221216")
        expect(desktop.locator("#standings tbody tr").first.locator("td").nth(5)).to_have_text("+16")
        desktop.locator("#standings").screenshot(path=str(ARTIFACTS / "tournament-standings-desktop.png"))
        desktop.route(f"{live_server}/api/tournaments/{arena}", played(kira, True))
        desktop.goto(f"{live_server}/tournament/{arena}")
        expect(desktop.locator("#arena-standings tbody tr").nth(1).locator(".bot-mark")).to_have_text(
            " (bot)"
        )
        assert not phone.errors and not desktop.errors
    finally:
        for tournament_id in (made, arena):
            posted(phone, f"/api/tournaments/{tournament_id}/cancel")
