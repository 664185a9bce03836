"""Reporting a player in the browser (``static/report.js``): Greta reports Ida from a line Ida
wrote in a game's chat (the dialog cites it) and from Ida's page, with the keyboard, and is
thanked; the same report again is refused in words. A silenced account's chat says so in place
of its input. Screenshots of the dialog, desktop and a
360 px phone, in English and Russian, go to the artifacts' ``report`` folder (the API tests,
``tests/web/test_reports.py``, check what is stored and refused)."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, LivePage, axe_violations, log_in_new, new_page
from tests.web.browser.test_watch import public_game

from kingdomino.web import account_admin, silences
from kingdomino.web.page_link import SOCKET_IDLE_SECONDS
from kingdomino.web.store import Store

SHOTS = ARTIFACTS / "report"


def said_in_the_chat(page: LivePage, watch: str, words: str) -> None:
    page.goto(watch)
    page.wait_for_selector("#chat-input")
    page.fill("#chat-input", words)
    page.press("#chat-input", "Enter")
    page.wait_for_selector(f"#chat-lines .chat-line:has-text('{words}')")


def test_greta_reports_ida_from_her_chat_line_and_from_her_page(browser: Browser, live_server: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    game = public_game(live_server, ("Vera", "Walt"))
    watch = f"{live_server}/game/{game['id']}/watch"
    greta, ida = new_page(browser, live_server), new_page(browser, live_server)
    ida_name = log_in_new(ida, live_server, "Ida")
    log_in_new(greta, live_server, "Greta")
    greta.goto(watch)
    said_in_the_chat(ida, watch, "you all play like fools")
    greta.wait_for_selector("#chat-lines .chat-line:has-text('like fools')")
    expect(greta.locator("#chat-lines button.chat-report")).to_be_hidden()  # offered with "mute", on the name
    greta.click(f"#chat-lines button.chat-name:has-text('{ida_name}')")
    greta.click("#chat-lines button.chat-report")
    greta.wait_for_selector("#report-dialog[open]")
    expect(greta.locator("#report-title")).to_have_text(f"Report {ida_name}", use_inner_text=True)
    expect(greta.locator("#report-cited")).to_have_text("you all play like fools", use_inner_text=True)
    # A line's report is about the chat first.
    expect(greta.locator("input[value='abusive_chat']").first).to_be_checked()
    greta.fill("#report-text", "She insults every table.")
    greta.screenshot(path=str(SHOTS / "dialog-line-en.png"))
    assert axe_violations(greta) == []
    greta.focus("#report-send")
    greta.keyboard.press("Enter")
    greta.wait_for_selector("#report-thanks")
    assert greta.evaluate("document.activeElement.id") == "report-close"
    greta.keyboard.press("Enter")
    greta.wait_for_selector("#report-dialog", state="detached")

    greta.goto(f"{live_server}/player/{quote(ida_name)}")
    greta.click("#report")
    greta.wait_for_selector("#report-dialog[open]")
    expect(greta.locator("#report-cited")).to_have_count(0)
    expect(greta.locator("input[name='report-reason']:checked")).to_have_count(0)  # the reason is chosen
    greta.check("input[value='abusive_chat']")
    greta.click("#report-send")
    expect(greta.locator("#report-error")).to_have_text(
        f"You reported {ida_name} for this already: your report is being looked at"
    )
    greta.check("input[value='offensive_name']")
    greta.click("#report-send")
    greta.wait_for_selector("#report-thanks")
    # The refused report's answer is the one failed request the browser logs.
    assert [error for error in greta.errors if "409 (Conflict)" not in error] == [] and not ida.errors


def test_the_report_dialog_fits_a_phone_and_a_desktop_in_english_and_russian(
    browser: Browser, live_server: str
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    ida = new_page(browser, live_server)
    ida_name = log_in_new(ida, live_server, "Ida")
    for locale in ("en", "ru"):
        for width, height, kind in ((1366, 900, "desktop"), (360, 740, "phone")):
            phone = kind == "phone"
            page = new_page(browser, live_server, width=width, height=height, locale=locale, touch=phone)
            log_in_new(page, live_server, "Greta")
            page.goto(f"{live_server}/player/{quote(ida_name)}")
            page.click("#report")
            page.wait_for_selector("#report-dialog[open]")
            box = page.locator("#report-dialog").bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box
            overflowing = page.evaluate(
                "[...document.querySelectorAll('#report-dialog *')]"
                ".filter((e) => e.scrollWidth > e.clientWidth + 1"
                " && getComputedStyle(e).overflow !== 'visible')"
                ".length"
            )
            assert overflowing == 0
            page.screenshot(path=str(SHOTS / f"dialog-{kind}-{locale}.png"))
            assert not page.errors


@pytest.mark.socket_idle_seconds(SOCKET_IDLE_SECONDS)  # a server of its own, over ``database``
def test_a_silenced_account_s_chat_says_until_when_in_place_of_its_input(
    browser: Browser, live_server: str, database: str
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    game = public_game(live_server, ("Vera", "Walt"))
    hugo = new_page(browser, live_server, width=360, height=740, touch=True, locale="ru")
    name = log_in_new(hugo, live_server, "Hugo")
    store = Store(database)
    try:
        silences.silence(store, account_admin.account_id(store, name), 2)
    finally:
        store.close()
    hugo.goto(f"{live_server}/game/{game['id']}/watch")
    hugo.wait_for_selector("#chat:not([hidden])")
    hugo.click("#chat-toggle")
    note = hugo.locator("#chat-note")
    expect(note).to_contain_text("Оператор сервера запретил вашей учётной записи писать в чатах до ")
    assert "T" not in note.inner_text().rsplit(" до ", 1)[1]  # the moment worded, not the server's ISO
    expect(hugo.locator("#chat-form")).to_be_hidden()
    hugo.screenshot(path=str(SHOTS / "silenced-phone-ru.png"), full_page=True)
    assert not hugo.errors
