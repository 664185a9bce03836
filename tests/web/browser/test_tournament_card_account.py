"""The lobby's "Club tournaments" card follows the account card: a club's organiser who makes
her account (or logs in) in the lobby is offered the organiser's form at once, where the card
went on saying "Log in in the lobby to organise or join a tournament" until the page was opened
again; logged out, the card says to log in again."""

from __future__ import annotations

import secrets

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, log_out, new_page


def test_the_organisers_form_comes_with_the_account_made_in_the_lobby(
    browser: Browser, live_server: str
) -> None:
    kira = new_page(browser, live_server)
    kira.goto(live_server + "/")
    kira.locator("#organise summary").click()
    log_in_words = kira.locator("#organise p", has_text="Log in in the lobby to organise")
    expect(log_in_words).to_be_visible()
    kira.fill("#account-name", f"Kira{secrets.token_hex(3)}")
    kira.fill("#account-password", "a long enough password")
    kira.click("#create-account")
    kira.wait_for_selector("#logged-in")
    expect(kira.locator("#organise-form")).to_be_visible()
    expect(log_in_words).to_have_count(0)
    kira.locator("#tournaments").screenshot(path=str(ARTIFACTS / "tournament-card-logged-in.png"))
    log_out(kira)
    expect(log_in_words).to_be_visible()
    expect(kira.locator("#organise-form")).to_have_count(0)
    assert not kira.errors
