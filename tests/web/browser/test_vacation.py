"""Vacation in the browser: Kira goes away from her preferences' page ("Vacation", a day to come
back, the days left this year); Bela, whose game by the day awaits Kira's move, reads on its page
why her clock stands still ("… is on vacation until …"), in his inbox too, on a computer in
English and a 360 px phone in Ukrainian; Kira comes back from the same page."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, LivePage, axe_violations, log_in_new, new_page
from tests.web.browser.test_inbox import DAYS, post
from tests.web.browser.test_lobby_waits import play_until_turn_of

#: Ukrainian months in the genitive, as a date says them ("7 грудня").
UK_MONTHS = [
    "січня",
    "лютого",
    "березня",
    "квітня",
    "травня",
    "червня",
    "липня",
    "серпня",
    "вересня",
    "жовтня",
    "листопада",
    "грудня",
]


def logged_in_phone(browser: Browser, base: str, name: str) -> LivePage:
    phone = new_page(browser, base, 360, 740, locale="uk", touch=True, mobile=True)
    post(phone, "/api/session", {"name": name, "password": "a long enough password"})
    return phone


def test_a_player_away_is_said_on_the_game_page_and_comes_back(browser: Browser, live_server: str) -> None:
    kira_page = new_page(browser, live_server)
    kira = log_in_new(kira_page, live_server, "Kira")
    bela_page = new_page(browser, live_server)
    bela = log_in_new(bela_page, live_server, "Bela")
    made = post(bela_page, "/api/challenges", {"name": kira, "game": "kingdomino", "time_control": DAYS})
    seat = post(kira_page, f"/api/challenges/{made['id']}/accept")
    tokens = [made["seats"][0]["token"], seat["token"]]
    play_until_turn_of(live_server, made["id"], tokens, 1)
    # Kira goes away for a week from her preferences' page. Its clock is the test's one reading:
    # the page's day and the test's were two readings, a day apart across midnight.
    now = datetime.now(UTC)
    kira_page.clock.set_fixed_time(now)
    kira_page.goto(f"{live_server}/account/preferences")
    kira_page.wait_for_selector("#vacation-until")
    back = (now + timedelta(days=7)).date()
    assert kira_page.input_value("#vacation-until") == back.isoformat()
    assert "days of vacation left this year" in (kira_page.text_content("#vacation-left") or "")
    counted = kira_page.text_content("#vacation-counted") or ""
    assert counted.startswith("A vacation counts the hours it lasts")
    kira_page.screenshot(path=str(ARTIFACTS / "vacation-preferences-desktop-en.png"), full_page=True)
    kira_page.click("#vacation-start")
    kira_page.wait_for_selector("#vacation-away")
    day = f"{back.strftime('%B')} {back.day}"
    expect(kira_page.locator("#vacation-away")).to_have_text(f"You are on vacation until {day}.")
    expect(kira_page.locator("#vacation-said")).to_have_text(
        "Have a good vacation: 1 game by the day waits for you."
    )
    assert axe_violations(kira_page) == []
    kira_page.screenshot(path=str(ARTIFACTS / "vacation-away-desktop-en.png"), full_page=True)
    # Bela's game page says why Kira's clock stands still: her time left, no ▶, and the words.
    bela_page.goto(f"{live_server}/game/{made['id']}?token={tokens[0]}")
    bela_page.wait_for_selector(".vacation-note")
    expect(bela_page.locator(".vacation-note").first).to_have_text(
        f"{kira} is on vacation until {day}: their clock stands still."
    )
    expect(bela_page.locator(".clock.running")).to_have_count(0)
    # Her day a move, less what she used before leaving (a minute or more on a loaded machine).
    left = bela_page.text_content(".clock[data-seat='1'] time") or ""
    assert "1 day" in left or left.startswith("23 hr"), left
    bela_page.screenshot(path=str(ARTIFACTS / "vacation-game-desktop-en.png"))
    bela_page.click("#inbox-bell")
    told = bela_page.locator("#inbox-list li[data-kind=vacation] a")
    expect(told).to_have_text(
        f"unread: {kira} is on vacation until {day}: your games by the day with them wait."
    )
    expect(told).to_have_attribute("href", f"/player/{kira}")
    # On a phone in Ukrainian.
    phone = logged_in_phone(browser, live_server, bela)
    phone.goto(f"{live_server}/game/{made['id']}?token={tokens[0]}")
    phone.wait_for_selector(".vacation-note")
    said = f"{kira} у відпустці до {back.day} {UK_MONTHS[back.month - 1]}: годинник стоїть."
    expect(phone.locator(".vacation-note").first).to_have_text(said)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, width
    phone.screenshot(path=str(ARTIFACTS / "vacation-game-phone-uk.png"))
    kira_phone = logged_in_phone(browser, live_server, kira)
    kira_phone.goto(f"{live_server}/account/preferences")
    kira_phone.wait_for_selector("#vacation-away")
    kira_phone.locator("#pref-vacation").scroll_into_view_if_needed()
    kira_phone.screenshot(path=str(ARTIFACTS / "vacation-away-phone-uk.png"))
    # The lobby's account card says it too, with the way to end it.
    kira_phone.goto(f"{live_server}/")
    away = kira_phone.locator("#account-vacation a")
    away.wait_for()
    expect(away).to_have_text(f"Ви у відпустці до {back.day} {UK_MONTHS[back.month - 1]}.")
    expect(away).to_have_attribute("href", "/account/preferences#pref-vacation")
    away.scroll_into_view_if_needed()
    kira_phone.screenshot(path=str(ARTIFACTS / "vacation-lobby-phone-uk.png"))
    # Her own game page says it to her in the second person, not by her name.
    kira_phone.goto(f"{live_server}/game/{made['id']}?token={tokens[1]}")
    kira_phone.wait_for_selector(".vacation-note")
    mine = f"Ви у відпустці до {back.day} {UK_MONTHS[back.month - 1]}: ваш годинник стоїть."
    expect(kira_phone.locator(".vacation-note").first).to_have_text(mine)
    # Kira comes back: her clock runs again, and the game page no longer says she is away.
    kira_page.click("#vacation-end")
    kira_page.wait_for_selector("#vacation-until")
    expect(kira_page.locator("#vacation-said")).to_have_text("Welcome back: your clocks run again.")
    bela_page.wait_for_selector(".clock.running[data-seat='1']")
    expect(bela_page.locator(".vacation-note").first).to_have_count(0)
    view = httpx.get(f"{live_server}/api/games/{made['id']}", params={"token": tokens[0]}, timeout=30).json()
    assert "away" not in view["clock"] and view["clock"]["running"] == 1
    assert kira_page.errors == [] and bela_page.errors == [] and phone.errors == []
