"""An account's preferences in the browser (``static/preferences.js``, ``preferences-sync.js``): Kira,
who chose the slower AI pace as a guest, keeps it on creating her account; on her computer she says
with the keyboard that nobody may challenge her (Boris's challenge form then says so) and starts her
games with the chat off, and switches to Russian; her phone, logged in, then speaks Russian, has her
pace and her choices, and starts her game with the chat off; the language she picks there holds on
the computer. The API tests (tests/web/test_preferences.py) check the refusals. Screenshots, desktop
and a 360 px phone, in English and Russian, go to the artifacts' ``preferences`` folder."""

from __future__ import annotations

import time
from typing import Any
from urllib.parse import quote

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import (
    ARTIFACTS,
    LANGUAGES,
    OVERFLOW,
    LivePage,
    axe_violations,
    log_in_new,
    new_page,
    present,
    until_the_api_is_quiet,
)

SHOTS = ARTIFACTS / "preferences"
PASSWORD = "a long enough password"


def preferences_of(page: LivePage, until: str, value: Any) -> dict[str, Any]:
    """The account's preferences as the server keeps them, once ``until`` reads ``value`` (30 s at most)."""
    deadline = time.monotonic() + 30
    while True:
        found: dict[str, Any] = page.request.get(page.base_url + "/api/account/preferences").json()
        if found[until] == value:
            return found
        assert time.monotonic() < deadline, (until, value, found)
        time.sleep(0.1)


def saved(page: LivePage) -> None:
    """Wait for the page to say a change was saved, then clear what it said."""
    page.wait_for_selector("#pref-saved:not(:empty)")
    page.evaluate("document.getElementById('pref-saved').textContent = ''")


def test_kira_s_choices_on_her_computer_hold_on_her_phone(browser: Browser, live_server: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    computer = new_page(browser, live_server)
    computer.goto(live_server + "/")
    computer.evaluate("localStorage.setItem('kingdomino.ai-pace', 'slower')")  # a guest's choice
    kira = log_in_new(computer, live_server, "Kira")
    preferences_of(computer, "ai_pace", "slower")  # the new account took this browser's settings

    computer.locator("#account").screenshot(path=str(SHOTS / "account-card-en.png"))
    computer.click("#preferences-link")
    computer.wait_for_selector("#preferences h1")
    assert computer.url == live_server + "/account/preferences"
    expect(computer.locator("#pref-pace")).to_have_value("slower")
    assert axe_violations(computer) == []
    computer.screenshot(path=str(SHOTS / "desktop-en.png"), full_page=True)
    computer.focus("#pref-challengers-everyone")
    computer.keyboard.press("ArrowDown")
    saved(computer)
    computer.keyboard.press("ArrowDown")
    saved(computer)
    assert computer.evaluate("document.activeElement.id") == "pref-challengers-nobody"
    computer.focus("#pref-chat-off")
    computer.keyboard.press("Space")
    saved(computer)
    assert preferences_of(computer, "challenges", "nobody")["chat_off"] is True
    boris = new_page(browser, live_server)
    log_in_new(boris, live_server, "Boris")
    boris.goto(f"{live_server}/player/{quote(kira)}")
    boris.wait_for_selector("#challenge-form")
    boris.click("#challenge-button")
    boris.wait_for_selector("#challenge-error:not(:empty)")
    # said, not a block's words
    expect(boris.locator("#challenge-error")).to_have_text(f"{kira} takes no challenges", use_inner_text=True)
    computer.select_option("#pref-language", "ru")
    computer.wait_for_selector("#preferences h1:has-text('Настройки')")
    computer.screenshot(path=str(SHOTS / "desktop-ru.png"), full_page=True)

    phone = new_page(browser, live_server, width=360, height=740, touch=True)
    phone.goto(live_server + "/")
    logged = phone.request.post(
        f"{live_server}/api/session",
        data={"name": kira, "password": PASSWORD},
        headers={"Origin": live_server},
    )
    assert logged.ok, logged.text()
    phone.goto(live_server + "/")
    # The browser's English page is shown again in the account's Russian, with its settings.
    phone.wait_for_selector("html[lang='ru'] #logged-in")
    assert phone.evaluate("localStorage.getItem('kingdomino.ai-pace')") == "slower"
    phone.click("#preferences-link")
    phone.wait_for_selector("#preferences h1:has-text('Настройки')")
    assert (
        phone.locator("#pref-challengers-nobody").is_checked()
        and phone.locator("#pref-chat-off").is_checked()
    )
    assert phone.evaluate("document.documentElement.scrollWidth <= innerWidth")
    # Every part the page shows (a server without mail hides the mailed notices' part).
    for target in phone.locator("#preferences label.block:visible, #preferences select:visible").all():
        box = present(target.bounding_box())
        assert box["height"] >= 44, (target.inner_text(), box)
    assert axe_violations(phone) == []
    phone.screenshot(path=str(SHOTS / "phone-ru.png"), full_page=True)
    phone.select_option("#pref-language", "en")
    phone.wait_for_selector("#preferences h1:has-text('Preferences')")
    phone.screenshot(path=str(SHOTS / "phone-en.png"), full_page=True)
    for language in LANGUAGES:  # a link's language, each of them fitting a phone
        phone.goto(f"{live_server}/account/preferences?lang={language}")
        phone.wait_for_selector(f"html[lang='{language}'] #preferences h1")
        assert phone.evaluate(OVERFLOW) == [], language
        assert phone.evaluate("document.documentElement.scrollWidth <= innerWidth"), language

    seats = [{"kind": "human"}, {"kind": "human", "name": "Bea"}]
    made = phone.request.post(
        f"{live_server}/api/games",
        data={"game": "kingdomino", "players": 2, "seats": seats},
        headers={"Origin": live_server},
    )
    assert made.ok, made.text()
    game = made.json()
    phone.goto(f"{live_server}/game/{game['id']}?token={game['seats'][0]['token']}")
    phone.wait_for_selector("#chat:not([hidden])")
    expect(phone.locator("#chat-off")).to_be_checked()
    expect(phone.locator("#chat-body")).to_be_hidden()

    computer.goto(live_server + "/account/preferences")  # the phone's English holds here too
    computer.wait_for_selector("html[lang='en'] #preferences h1:has-text('Preferences')")
    assert computer.errors == [] and phone.errors == []


def test_a_guest_keeps_the_page_s_settings_in_the_browser(browser: Browser, live_server: str) -> None:
    """A guest's page offers the page's settings alone, says where they are kept, and keeps them there."""
    guest = new_page(browser, live_server, width=360, height=740, touch=True, locale="ru")
    guest.goto(live_server + "/account/preferences")
    guest.wait_for_selector("#pref-guest")
    expect(guest.locator("#pref-challenges, #pref-chat")).to_have_count(0)
    guest.select_option("#pref-pace", "slow")
    guest.wait_for_selector("#pref-saved:has-text('Сохранено в этом браузере.')")
    guest.uncheck("#pref-aid-regions")
    assert guest.evaluate("localStorage.getItem('kingdomino.ai-pace')") == "slow"
    assert guest.evaluate("JSON.parse(localStorage.getItem('kingdomino.aids')).regions") is False
    assert axe_violations(guest) == []
    guest.screenshot(path=str(SHOTS / "guest-phone-ru.png"), full_page=True)
    assert guest.errors == []


def test_a_link_s_language_holds_in_the_lobby_of_an_account_that_chose_another(
    browser: Browser, live_server: str
) -> None:
    """Kira chose Hungarian; a link to the lobby in English ("/?lang=en") shows it in English, once:
    the account card's "no one" said before it knew her was taken for a logout, and its word that
    she is logged in for a login, which showed the page again in Hungarian, which the link made
    English again, without end."""
    page = new_page(browser, live_server)
    log_in_new(page, live_server, "Kira")
    chosen = page.request.put(
        f"{live_server}/api/account/preferences", data={"language": "hu"}, headers={"Origin": live_server}
    )
    assert chosen.ok, chosen.text()
    shown: list[str] = []
    page.on("framenavigated", lambda frame: shown.append(frame.url) if frame == page.main_frame else None)
    page.goto(f"{live_server}/?lang=en")
    page.wait_for_selector("html[lang='en'] #logged-in")
    until_the_api_is_quiet(page)  # the account's preferences read, and whatever their reading did
    assert shown == [f"{live_server}/?lang=en"], shown
    assert page.locator("#account h2").inner_text() == "Your account"
    page.goto(f"{live_server}/")  # without the link, the account's language
    page.wait_for_selector("html[lang='hu'] #logged-in")
    assert page.errors == []
