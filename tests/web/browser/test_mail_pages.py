"""An address added from the account card and a forgotten password chosen anew, in the browser,
the mails taken by a real SMTP server in the test process and their links opened in the page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, LivePage, log_in_new, log_out, new_page
from tests.web.conftest import served_in_a_thread
from tests.web.mail_server import PUBLIC_URL, Mailbox, link_in, mail_server
from tests.web.servers import free_port
from tests.web.test_mail import mail_app

pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")


def open_link(page: LivePage, box: Mailbox, to: str, count: int, base: str) -> None:
    """Open the link of the ``count``-th mail to ``to`` in ``page`` (on the test's server)."""
    page.goto(link_in(box.wait_for(to, count)[-1]).replace(PUBLIC_URL, base))
    page.wait_for_selector("#mail-link")
    assert "token" not in page.url  # gone from the address bar, its history and a shared screen


def test_a_player_verifies_an_address_then_chooses_a_new_password_by_mail(
    browser: Browser, database: str
) -> None:
    with (
        mail_server() as (box, settings),
        served_in_a_thread(mail_app(database, settings), free_port()) as base,
    ):
        page = new_page(browser, base)
        name = log_in_new(page, base, "Mira")
        address = f"{name.lower()}@example.org"
        page.click("#mail-part summary")
        page.wait_for_selector("#mail-state:has-text('No address yet.')")
        page.fill("#mail-address", address)
        page.fill("#mail-password", "a long enough password")
        page.click("#mail-send")
        page.wait_for_selector(f"#mail-state:has-text('A link was sent to {address}')")
        open_link(page, box, address, 1, base)
        page.click("#verify-form-button")
        page.wait_for_selector(f"#mail-link-done:has-text('{address} is now your account')")
        page.click("#mail-link-lobby")
        page.click("#mail-part summary")
        page.wait_for_selector(f"#mail-state:has-text('Your address: {address}.')")
        log_out(page)
        page.fill("#account-name", name)
        page.click("#forgot-part summary")
        page.wait_for_function("document.querySelector('#forgot-name')?.value.length > 0")
        expect(page.locator("#forgot-name")).to_have_value(name)  # the name typed above, offered
        page.click("#forgot-send")
        page.wait_for_selector("#forgot-done:has-text('If an account with a verified address matches')")
        page.screenshot(path=str(ARTIFACTS / "lobby-forgot-password.png"), full_page=True)
        open_link(page, box, address, 2, base)
        page.fill("#reset-password", "my brand new password")
        page.click("#reset-form-button")
        page.wait_for_selector("#mail-link-done:has-text('Your password is changed')")
        page.click("#mail-link-lobby")
        page.wait_for_selector("#logged-in")
        log_out(page)
        page.fill("#account-name", name)
        page.fill("#account-password", "my brand new password")
        page.click("#log-in")
        page.wait_for_selector("#logged-in")
        assert page.errors == []


def test_a_used_link_says_so(browser: Browser, database: str) -> None:
    with (
        mail_server() as (_, settings),
        served_in_a_thread(mail_app(database, settings), free_port()) as base,
    ):
        page = new_page(browser, base)
        page.goto(f"{base}/account/reset#token=not-a-token")
        page.fill("#reset-password", "my brand new password")
        page.click("#reset-form-button")
        page.wait_for_selector("#mail-link-error:has-text('This link is unknown, used already or expired')")
        page.goto(f"{base}/account/verify")
        page.wait_for_selector("#mail-link-error:has-text('This link lacks its token')")
        assert [e for e in page.errors if not re.search(r"status of 400 ", e)] == []
    assert Path(ARTIFACTS).is_dir()


def test_a_player_removes_their_address_with_their_password(browser: Browser, database: str) -> None:
    with (
        mail_server() as (box, settings),
        served_in_a_thread(mail_app(database, settings), free_port()) as base,
    ):
        page = new_page(browser, base)
        name = log_in_new(page, base, "Nora")
        address = f"{name.lower()}@example.org"
        page.click("#mail-part summary")
        page.wait_for_selector("#mail-state:has-text('No address yet.')")
        expect(page.locator("#mail-remove")).to_be_hidden()
        page.fill("#mail-address", address)
        page.fill("#mail-password", "a long enough password")
        page.click("#mail-send")
        open_link(page, box, address, 1, base)
        page.click("#verify-form-button")
        page.wait_for_selector("#mail-link-done")
        page.click("#mail-link-lobby")
        page.click("#mail-part summary")
        page.wait_for_selector(f"#mail-state:has-text('Your address: {address}.')")
        page.click("#mail-remove")  # no password typed: the box asks for it, nothing is sent
        expect(page.locator("#mail-remove")).to_be_visible()
        expect(page.locator("#mail-password")).to_have_value("")
        page.fill("#mail-password", "not the password")
        page.click("#mail-remove")
        page.wait_for_selector("#mail-error:has-text('password')")
        page.screenshot(path=str(ARTIFACTS / "mail-remove-refused.png"), full_page=True)
        page.fill("#mail-password", "a long enough password")
        page.click("#mail-remove")
        page.wait_for_selector("#mail-state:has-text('Your address was removed. No address yet.')")
        page.wait_for_selector("#mail-remove", state="hidden")
        page.screenshot(path=str(ARTIFACTS / "mail-removed.png"), full_page=True)
        page.set_viewport_size({"width": 360, "height": 740})
        page.locator("#mail-part").screenshot(path=str(ARTIFACTS / "mail-removed-phone.png"))
        assert "removed" in str(box.wait_for(address, 2)[-1]["Subject"])
        assert [e for e in page.errors if not re.search(r"status of 403 ", e)] == []
