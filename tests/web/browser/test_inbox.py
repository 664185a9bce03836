"""The inbox's bell in the page's header: a player who comes back sees what happened while away
(a challenge, their move in a turn-based game), counted in the bell's name, listed in words with a
link to each page, the unread ones marked; Escape closes the list, "Mark all as read" clears the
count; on the lobby and a game's page alike, on a phone too, and in Russian."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, LivePage, axe_violations, focused_matches, log_in_new, new_page
from tests.web.browser.test_lobby_waits import play_until_turn_of

#: A day a move: a turn-based game, whose turns the inbox keeps.
DAYS = {"kind": "days", "days": 1}


def post(page: LivePage, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    """A request of ``page``'s logged-in account, as its page sends it."""
    answer = page.request.post(page.base_url + path, data=body or {}, headers={"Origin": page.base_url})
    assert answer.ok, answer.text()
    found: dict[str, Any] = answer.json()
    return found


def bell_name(page: LivePage) -> str | None:
    return page.get_attribute("#inbox-bell", "aria-label")


def test_the_bell_tells_a_challenge_and_a_turn_and_clears(browser: Browser, live_server: str) -> None:
    """Bela challenges Kira to a game by the day; Kira accepts, Bela moves: Kira's bell counts her
    turn, its list says it with a link to her seat and the challenge read, and is cleared."""
    kira_page = new_page(browser, live_server)
    kira = log_in_new(kira_page, live_server, "Kira")
    bela_page = new_page(browser, live_server)
    bela = log_in_new(bela_page, live_server, "Bela")
    made = post(bela_page, "/api/challenges", {"name": kira, "game": "kingdomino", "time_control": DAYS})
    kira_page.goto(live_server + "/")
    kira_page.wait_for_function(
        "document.querySelector('#inbox-bell')?.getAttribute('aria-label')?.includes('1')"
    )
    assert bell_name(kira_page) == "Notifications: 1 unread"
    expect(kira_page.locator(".inbox-count").first).to_have_text("1")
    kira_page.click("#inbox-bell")
    entry = kira_page.locator("#inbox-list li.unread a")
    expect(entry).to_have_text(f"unread: {bela} challenged you to Kingdomino for 2")
    expect(entry).to_have_attribute("href", "/")
    kira_page.keyboard.press("Escape")
    expect(kira_page.locator("#inbox-panel")).to_be_hidden()
    assert focused_matches(kira_page, "#inbox-bell"), "Escape gives the focus back to the bell"
    seat = post(kira_page, f"/api/challenges/{made['id']}/accept")
    tokens = [made["seats"][0]["token"], seat["token"]]
    view = httpx.get(f"{live_server}/api/games/{made['id']}", params={"token": tokens[0]}, timeout=30).json()
    if view["current_player"] == 1:  # Kira, who accepted last, moves first: her turn is not news
        play_until_turn_of(live_server, made["id"], tokens, 0)
    play_until_turn_of(live_server, made["id"], tokens, 1)
    kira_page.click("#inbox-bell")
    kira_page.wait_for_selector("#inbox-list li[data-kind=your_turn].unread")
    turn = kira_page.locator("#inbox-list li[data-kind=your_turn] a")
    expect(turn).to_have_text(f"unread: Your move against {bela} in Kingdomino")
    expect(turn).to_have_attribute("href", f"/game/{made['id']}?token={seat['token']}")
    expect(kira_page.locator("#inbox-list li[data-kind=challenged]:not(.unread)")).to_have_count(1)
    assert bell_name(kira_page) == "Notifications: 1 unread"
    assert axe_violations(kira_page) == []
    kira_page.screenshot(path=str(ARTIFACTS / "inbox-lobby-desktop-en.png"))
    phone = new_page(browser, live_server, 360, 740, locale="ru", touch=True, mobile=True)
    post(phone, "/api/session", {"name": kira, "password": "a long enough password"})
    phone.goto(f"{live_server}/game/{made['id']}?token={seat['token']}")
    phone.wait_for_selector("#inbox-bell .inbox-count:not(:empty)")
    assert bell_name(phone) == "Уведомления: непрочитанных 1"
    phone.click("#inbox-bell")
    expect(phone.locator("#inbox-list li[data-kind=your_turn] a")).to_have_text(
        f"непрочитанное: Ваш ход против {bela}: Kingdomino"
    )
    box = phone.locator("#inbox-panel").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    for target in ("#inbox-bell", "#inbox-read-all", "#inbox-list li a"):
        size = phone.locator(target).first.bounding_box()
        assert size is not None and size["height"] >= 44, (target, size)
    phone.screenshot(path=str(ARTIFACTS / "inbox-game-phone-ru.png"))
    phone.click("#inbox-read-all")
    phone.wait_for_selector("#inbox-bell .inbox-count:empty", state="attached")
    assert bell_name(phone) == "Уведомления"
    expect(phone.locator("#inbox-list li.unread")).to_have_count(0)
    kira_page.reload()
    kira_page.wait_for_selector("#inbox:not([hidden])")
    assert bell_name(kira_page) == "Notifications", "read on one device, read on every one"
    # Every page has the bell, not the lobby and a game's alone (TV's unknown channel stays put).
    for path in ("/tv/chess", "/account/preferences", f"/player/{kira}/games", "/puzzles", "/leaderboards"):
        kira_page.goto(live_server + path)
        kira_page.wait_for_selector("#inbox:not([hidden])")
    guest = new_page(browser, live_server)
    guest.goto(live_server + "/")
    guest.wait_for_selector("#account-form")
    assert guest.is_hidden("#inbox"), "a guest has no bell"
    for page in (kira_page, phone, bela_page, guest):
        assert page.errors == [], page.url
