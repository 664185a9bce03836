"""The mailed notices of games by the day in the browser (``static/mail-notices.js``): Vera, with no
verified address, finds the preferences page's two boxes off and is told how to get them; once her
address is verified she turns "Mail me when it is my move" on; a mail's link then turns it off in
one click on its own page. A server that sends no mail offers none. Screenshots, desktop and a 360
px phone, go to the artifacts' ``mail-notices`` folder."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, OVERFLOW, LivePage, log_in_new, new_page
from tests.web.conftest import served_in_a_thread
from tests.web.mail_server import PUBLIC_URL, Mailbox, link_in, mail_server, token_of
from tests.web.servers import free_port
from tests.web.test_mail import mail_app

from kingdomino.web.mail_notices import unsubscribe_token

pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
SHOTS = ARTIFACTS / "mail-notices"


def notices(page: LivePage, until: str, value: bool) -> dict[str, bool]:
    """The account's notices as the server keeps them, once ``until`` is ``value`` (30 s at most)."""
    deadline = time.monotonic() + 30
    while True:
        found: dict[str, bool] = page.request.get(page.base_url + "/api/account/mail/notices").json()
        if found[until] is value:
            return found
        assert time.monotonic() < deadline, (until, value, found)
        time.sleep(0.1)


def verify(page: LivePage, box: Mailbox, address: str) -> None:
    asked = page.request.post(
        page.base_url + "/api/account/mail",
        data={"address": address, "password": "a long enough password", "language": "en"},
    )
    assert asked.status == 202, asked.text()
    token = token_of(link_in(box.wait_for(address)[-1]))
    assert page.request.post(page.base_url + "/api/account/verify", data={"token": token}).status == 200


def test_vera_turns_the_mail_of_her_moves_on_then_off_by_its_link(browser: Browser, database: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    with mail_server() as (box, settings):
        app = mail_app(database, settings)
        with served_in_a_thread(app, free_port()) as base:
            page = new_page(browser, base)
            name = log_in_new(page, base, "Vera")
            page.goto(base + "/account/preferences")
            page.wait_for_selector(
                "#pref-mail:visible #mail-notices-about:has-text('Verify an e-mail address')"
            )
            expect(page.locator("#pref-mail-turns")).to_be_disabled()
            expect(page.locator("#pref-mail-time_short")).to_be_disabled()
            page.locator("#pref-mail").screenshot(path=str(SHOTS / "no-address.png"))
            verify(page, box, f"{name.lower()}@example.org")
            page.reload()
            page.wait_for_selector("#mail-notices-about:has-text('at most one mail an hour')")
            page.click("label:has(#pref-mail-turns)")
            page.wait_for_selector("#mail-notices-said:has-text('Saved')")
            assert notices(page, "turns", True) == {
                "available": True,
                "verified": True,
                "turns": True,
                "time_short": False,
            }
            expect(page.locator("#pref-mail-turns")).to_be_checked()
            expect(page.locator("#pref-mail-time_short")).not_to_be_checked()
            page.locator("#pref-mail").screenshot(path=str(SHOTS / "preferences.png"))
            page.set_viewport_size({"width": 360, "height": 740})
            page.locator("#pref-mail").scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / "preferences-phone.png"))
            assert page.evaluate(OVERFLOW) == []
            account_id = page.request.get(base + "/api/account").json()["account"]["id"]
            token = unsubscribe_token(app.state.hub.store, account_id, "turns")
            link = f"{PUBLIC_URL}/mail/unsubscribe?token={token}".replace(PUBLIC_URL, base)
            page.goto("about:blank")  # no request of the preferences' page without its session
            page.context.clear_cookies()  # the link needs no session
            page.goto(link)
            page.wait_for_selector("#said:has-text('Turn off')")
            page.screenshot(path=str(SHOTS / "unsubscribe-phone.png"))
            page.click("#unsubscribe")
            page.wait_for_selector("#said:has-text('is off')")
            page.screenshot(path=str(SHOTS / "unsubscribed-phone.png"))
            page.goto(base + "/")
            page.fill("#account-name", name)
            page.fill("#account-password", "a long enough password")
            page.click("#log-in")
            page.wait_for_selector("#logged-in")
            page.goto(base + "/account/preferences")
            page.wait_for_selector("#pref-mail:visible")
            expect(page.locator("#pref-mail-turns")).not_to_be_checked()
            page.goto(base + "/account/preferences?lang=ru")
            page.wait_for_selector("#pref-mail:has-text('Присылать мне письмо, когда мой ход')")
            page.locator("#pref-mail").scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / "preferences-phone-ru.png"))
            assert page.evaluate(OVERFLOW) == []
            assert page.errors == []


def test_a_server_without_mail_offers_no_notices(browser: Browser, live_server: str) -> None:
    page = new_page(browser, live_server)
    log_in_new(page, live_server, "Ida")
    page.goto(live_server + "/account/preferences")
    page.wait_for_selector("#pref-vacation")
    assert notices(page, "available", False)["available"] is False
    expect(page.locator("#pref-mail")).to_be_hidden()
