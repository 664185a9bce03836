"""A club in a team battle not over is not closed, and its leader's page says so where "Close the
club" is: the button is disabled, the words beside it name the battle (desktop, a 390 px phone,
Hungarian). Screenshots go to the artifacts' ``team_battle`` folder."""

from __future__ import annotations

import secrets
from urllib.parse import quote

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, axe_violations, log_in_new, new_page
from tests.web.browser.test_team_battle import member

SHOTS = ARTIFACTS / "team_battle"


def test_a_leader_is_told_why_their_club_is_not_closed_during_a_battle(
    browser: Browser, live_server: str
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    kira = new_page(browser, live_server)
    log_in_new(kira, live_server, "Kira")
    owls, larks = f"Owls {secrets.token_hex(3)}", f"Larks {secrets.token_hex(3)}"
    made = kira.request.post(
        f"{live_server}/api/clubs", data={"name": owls, "admission": "open"}, headers={"Origin": live_server}
    )
    assert made.ok, made.text()
    member(live_server, f"Cleo{secrets.token_hex(3)}", creates=larks)
    body = {
        "name": "Thursday's battle",
        "game": "kingdomino",
        "format": "arena",
        "minutes": 20,
        "time_control": {"kind": "game", "minutes": 10, "increment": 5},
        "team_battle": {"clubs": [owls, larks]},
    }
    battle = kira.request.post(f"{live_server}/api/tournaments", data=body, headers={"Origin": live_server})
    assert battle.ok, battle.text()
    state = kira.context.storage_state()
    for locale, width, height, words in (
        (
            "en",
            1366,
            900,
            f"{owls} plays in the team battle Thursday's battle: close the club once it is over",
        ),
        ("en", 390, 844, "plays in the team battle Thursday's battle"),
        ("hu", 1366, 900, "csapatcsatában játszik"),
    ):
        page = (
            kira
            if width > 390 and locale == "en"
            else new_page(
                browser,
                live_server,
                width=width,
                height=height,
                locale=locale,
                storage_state=state,
                mobile=width == 390,
            )
        )
        page.goto(f"{live_server}/club/{quote(owls)}")
        expect(page.locator("#club-close")).to_be_disabled()
        expect(page.locator("#club-close-why")).to_contain_text(words)
        assert page.locator("#club-close").get_attribute("aria-describedby") == "club-close-why"
        if width == 390:
            assert page.evaluate("document.documentElement.scrollWidth") <= 390, "the page fits the phone"
        page.locator("#club-close").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"close-refused-{locale}-{width}.png"))
        assert axe_violations(page) == []
        assert not page.errors
