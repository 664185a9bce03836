"""A challenge to a player on vacation: the player's page said a game by the day waits for their
return, beside a form whose challenge is called off after its own wait (20 minutes, or a turn's
days), which the challenger was not told (the review of 2026-11-30). The form says how long the
challenge itself waits with the clock chosen, and whether that ends before the player is back;
the lobby's card of the challenge sent says it to its challenger."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, log_in_new, new_page
from tests.web.browser.test_inbox import post


def test_the_challenge_form_says_how_long_a_challenge_waits_for_a_player_away(
    browser: Browser, live_server: str
) -> None:
    cleo = new_page(browser, live_server)
    cleo_name = log_in_new(cleo, live_server, "Cleo")
    back = (datetime.now(UTC) + timedelta(days=2)).date()
    post(cleo, "/api/account/vacation", {"until": back.isoformat()})
    day = f"{back.strftime('%B')} {back.day}"
    for width, height, shot in ((1366, 900, "desktop"), (360, 740, "phone")):
        anna = new_page(browser, live_server, width, height, touch=shot == "phone")
        log_in_new(anna, live_server, "Anna")
        anna.goto(f"{live_server}/player/{cleo_name}")
        said = anna.locator("#challenge-away-wait")
        anna.select_option("#challenge-clock", "4")  # 1 day a move: the challenge waits a day
        expect(said).to_have_text(
            f"The challenge itself waits 1 day for an answer: unless {cleo_name} answers while away,"
            f" it is called off before {day}."
        )
        anna.select_option("#challenge-clock", "5")  # 3 days a move: past her return
        past = f"The challenge itself waits 3 days for an answer, past the return on {day}."
        expect(said).to_have_text(past)
        anna.select_option("#challenge-clock", "0")  # no clock: 20 minutes
        expect(said).to_contain_text("waits 20 minutes for an answer")
        said.scroll_into_view_if_needed()
        anna.screenshot(path=str(ARTIFACTS / f"challenge-away-{shot}.png"))
        assert not anna.errors
    # Sent all the same (no clock: it waits 20 minutes), the lobby's card says it to its challenger.
    made = post(anna, "/api/challenges", {"name": cleo_name, "game": "kingdomino"})
    anna.goto(live_server + "/")
    line = anna.locator(f"#challenge-list li[data-id='{made['id']}']")
    expect(line).to_contain_text(
        f"{cleo_name} is on vacation until {day}: this challenge ends before then unless they answer"
    )
    line.screenshot(path=str(ARTIFACTS / "challenge-away-card-phone.png"))
    post(anna, f"/api/games/{made['id']}/cancel", {"token": made["seats"][0]["token"]})
    assert not anna.errors
