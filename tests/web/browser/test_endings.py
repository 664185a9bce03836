"""Resigning from the game's page (``web/endings.py``): a game of two ends at once, both pages show
the end screen saying who resigned, and the dialog asked first."""

from __future__ import annotations

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, accepted_dialogs
from tests.web.browser.test_online import online_game_of_two


def test_resigning_a_game_of_two_ends_it_for_both_pages(browser: Browser, live_server: str) -> None:
    """Boris presses "Resign" (by the keyboard), confirms "Resign this game? It is not rated: ..."
    (a game among friends without ratings), and both pages show the final ranking at once: Anna
    first, Boris last, marked "resigned" in the ranking, "Boris resigned" (to Boris himself: "You
    resigned")."""
    host, guest, _ = online_game_of_two(browser, live_server)
    asked = accepted_dialogs(guest)
    guest.wait_for_selector("#resign:not([hidden])")
    expect(guest.locator("#abort")).to_be_visible()  # nobody has moved yet: aborting is offered too
    guest.locator("#resign").focus()
    guest.keyboard.press("Enter")
    for page in (host, guest):
        page.wait_for_selector("#ended-note")
        assert page.inner_text("#ended-note") == ("Boris resigned" if page is host else "You resigned")
        first = page.locator("#ranking tbody tr").first
        assert first.get_attribute("data-seat") == "0" and first.locator("td").first.inner_text() == "1"
        last = page.locator("#ranking tbody tr[data-seat='1'] .resigned")
        expect(last, "the resigner's row says why it is last").to_have_text(
            " · resigned", use_inner_text=True
        )
        expect(page.locator("#ranking .resigned")).to_have_count(1)
        expect(page.locator("#resign")).to_be_hidden()
        expect(page.locator("#moves")).to_be_hidden()
    assert asked == ["Resign this game? It is not rated: your rating stays as it is."]
    expect(host.locator("#winner")).to_have_text("Game over: you win!", use_inner_text=True)
    guest.screenshot(path=str(ARTIFACTS / "resigned-guest.png"), full_page=True)
    assert not host.errors and not guest.errors
