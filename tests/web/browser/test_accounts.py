"""An account from the lobby (issue #64): created, kept over a reload by its cookie, logged out and
in again, its refusals said in words."""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, LivePage, log_in_new, log_out, new_page, starting


def assert_refused(page: LivePage, press: Callable[[], None], words: str) -> None:
    """``press`` a button of the account card, and the card's refusal line says ``words``."""
    press()
    page.wait_for_function("document.querySelector('#account-error')?.textContent.length > 0")
    expect(page.locator("#account-error")).to_have_text(words)


def test_an_account_is_made_kept_left_and_found_again_from_the_lobby(
    browser: Browser, live_server: str
) -> None:
    page = new_page(browser, live_server)
    # Who is logged in is answered after the form is drawn: what is typed meanwhile stays.
    held: list[Any] = []
    page.route("**/api/account", lambda route: held.append(route))
    page.goto(live_server + "/")
    page.wait_for_selector("#account-form")
    name = f"Hanna{secrets.token_hex(3)}"
    page.fill("#account-name", name)
    while not held:
        page.wait_for_timeout(20)
    held[0].continue_()
    page.wait_for_selector("#account[aria-busy=false]")
    page.unroute("**/api/account")
    expect(page.locator("#account-name")).to_have_value(name)
    page.fill("#account-password", "short")
    assert_refused(page, lambda: page.click("#create-account"), "A password has 8 to 256 characters")
    page.fill("#account-password", "a long enough password")
    page.click("#create-account")
    page.wait_for_selector("#logged-in")
    expect(page.locator("#logged-in")).to_have_text(starting(f"Logged in as {name}"), use_inner_text=True)
    page.screenshot(path=str(ARTIFACTS / "lobby-account.png"), full_page=True)
    # The session is the cookie's, which the page's scripts cannot read.
    assert "kd_session" not in page.evaluate("document.cookie")
    page.reload()
    page.wait_for_selector("#logged-in")
    log_out(page)
    page.wait_for_selector("#account-form")
    page.fill("#account-name", name.lower())
    page.fill("#account-password", "not the password")
    assert_refused(
        page, lambda: page.press("#account-password", "Enter"), "No account has this name and password"
    )
    page.fill("#account-password", "a long enough password")
    page.click("#log-in")
    page.wait_for_selector("#logged-in")
    # The browser notes each refused request itself (the 400 and the 401 said above); nothing else.
    assert [e for e in page.errors if not re.search(r"status of 40[01] ", e)] == []
    page.errors.clear()


def test_a_changed_password_is_said_apart_from_the_refusals(browser: Browser, live_server: str) -> None:
    """The words "The password is changed" were in the refusals' red line (``role=alert``): it is a
    status line of its own, and a refusal before it is gone."""
    page = new_page(browser, live_server)
    log_in_new(page, live_server, "Petra")
    page.click("#account details summary")
    page.fill("#old-password", "not the password")
    page.fill("#new-password", "a new long password")
    assert_refused(page, lambda: page.click("#save-password"), "The current password is not this account's")
    page.fill("#old-password", "a long enough password")
    page.click("#save-password")
    page.wait_for_selector("#account-done:has-text('The password is changed')")
    expect(page.locator("#account-error")).to_have_text("")
    expect(page.locator("#account-done")).to_have_attribute("role", "status")
    assert [e for e in page.errors if not re.search(r"status of 403 ", e)] == []


def test_the_guest_s_name_is_asked_of_guests_only(browser: Browser, live_server: str) -> None:
    """The open games' "Your name as a guest" stood there for a player logged in, who plays under
    the account's name: it goes while someone is logged in, and comes back when they log out. A
    guest had no way to the leaderboards (the account card's link, once logged in): the open
    games' card leads there meanwhile."""
    page = new_page(browser, live_server)
    page.goto(live_server + "/")
    page.wait_for_selector("#account[aria-busy=false]")
    expect(page.locator("#guest-name")).to_be_visible()
    expect(page.locator("#guest-leaderboards")).to_have_attribute("href", "/leaderboards")
    log_in_new(page, live_server, "Gusti")
    page.wait_for_selector("#guest-name", state="hidden")
    expect(page.locator("#guest-leaderboards")).to_be_hidden()
    expect(page.locator("#leaderboards-link")).to_be_visible()
    log_out(page)
    page.wait_for_selector("#guest-name", state="visible")
    page.click("#guest-leaderboards")
    page.wait_for_selector("#leaderboard")
    assert page.errors == []


def test_an_account_is_closed_from_its_card_its_data_downloaded_first(
    browser: Browser, live_server: str
) -> None:
    """The card says what closing does, asks the password, and a closed account logs in no more."""
    page = new_page(browser, live_server)
    name = log_in_new(page, live_server, "Vera")
    with page.expect_download() as download:
        page.click("#export-account")
    data = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert data["account"]["name"] == name and data["games"] == []
    assert re.fullmatch(rf"kingdomino-{name}-\d{{4}}-\d\d-\d\d\.json", download.value.suggested_filename)
    page.click("#close-account-part summary")
    said = page.locator("#close-account-form .close-account-what").inner_text()
    assert "Your name stays taken" in said and "leave the leaderboards" in said
    page.fill("#close-password", "not the password")
    page.click("#close-account")
    page.wait_for_selector('#close-account-error:has-text("The password is not this account\'s")')
    expect(page.locator("#logged-in")).to_be_visible()
    page.fill("#close-password", "a long enough password")
    page.click("#close-account")
    page.wait_for_selector("#account-form")
    expect(page.locator("#account-done")).to_have_text("Your account is closed.", use_inner_text=True)
    # said once, not "Logged out" too
    expect(page.locator("#account-heard")).to_have_text("", use_inner_text=True)
    page.fill("#account-name", name)
    page.fill("#account-password", "a long enough password")
    assert_refused(page, lambda: page.click("#log-in"), "This account is closed")
    assert [e for e in page.errors if not re.search(r"status of 403 ", e)] == []
    page.errors.clear()


def test_the_account_card_s_links_are_a_finger_s_target_on_a_phone(
    browser: Browser, live_server: str
) -> None:
    """On a phone in Hungarian the account card's links (one's page, the leaderboards, "Download my
    data") are 44 px high, as its buttons are, and the card is no wider than the screen."""
    phone = new_page(browser, live_server, 360, 740, locale="hu", touch=True)
    log_in_new(phone, live_server, "Sam")
    for link in ("#my-page", "#leaderboards-link", "#export-account"):
        box = phone.locator(link).bounding_box()
        assert box is not None and box["height"] >= 44, (link, box)
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    phone.locator("#account").screenshot(path=str(ARTIFACTS / "account-card-phone-hu.png"))
    assert phone.errors == []
