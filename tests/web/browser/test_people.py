"""Following and blocking in the browser: Kira follows Boris from his page with the keyboard, finds
him in her lobby's "Following" card playing a game she may watch, and challenges him from it in
one click; then she blocks him and unblocks him from her account card (the API tests,
test_relations.py, refuse and keep apart). Screenshots of the page and the card, desktop and a
360 px phone, in English and Russian, go to the artifacts' ``people`` folder."""

from __future__ import annotations

import secrets
from urllib.parse import quote

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, LivePage, axe_violations, log_in_new, new_page, starting

SHOTS = ARTIFACTS / "people"
PASSWORD = "a long enough password"


#: Boris's opponent, a guest: a long name, as the Following card's line must hold beside its button.
OPPONENT = "Konstantin Konstantinov"


def boris_playing(live_server: str) -> tuple[str, str]:
    """A new account, Boris, playing a public game against a guest: his name and the game's id."""
    name = f"Boris{secrets.token_hex(3)}"
    with httpx.Client(base_url=live_server, timeout=30) as boris:
        assert boris.post("/api/accounts", json={"name": name, "password": PASSWORD}).status_code == 201
        seats = [{"kind": "human", "name": ""}, {"kind": "open"}]
        made = boris.post("/api/games", json={"game": "kingdomino", "players": 2, "seats": seats})
        assert made.status_code == 201, made.text
        game_id = str(made.json()["id"])
    joined = httpx.post(f"{live_server}/api/games/{game_id}/join", json={"name": OPPONENT}, timeout=30)
    assert joined.status_code == 200 and joined.json()["started"], joined.text
    return name, game_id


def logged_in_phone(browser: Browser, live_server: str, name: str, locale: str) -> LivePage:
    phone = new_page(browser, live_server, width=360, height=740, touch=True, locale=locale)
    phone.goto(live_server + "/")
    logged = phone.request.post(
        f"{live_server}/api/session",
        data={"name": name, "password": PASSWORD},
        headers={"Origin": live_server},
    )
    assert logged.ok, logged.text()
    return phone


def test_kira_follows_boris_watches_him_challenges_him_and_blocks_him(
    browser: Browser, live_server: str
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    boris, game_id = boris_playing(live_server)
    kira = new_page(browser, live_server)
    kira_name = log_in_new(kira, live_server, "Kira")
    kira.goto(f"{live_server}/player/{quote(boris)}")
    kira.wait_for_selector("#follow")
    expect(kira.locator("#followers")).to_have_text("0 followers", use_inner_text=True)
    kira.focus("#follow")
    kira.keyboard.press("Enter")
    kira.wait_for_selector("#follow[data-on='true']")
    expect(kira.locator("#people-said")).to_have_text(starting(f"You follow {boris}"), use_inner_text=True)
    expect(kira.locator("#followers")).to_have_text("1 follower", use_inner_text=True)
    assert kira.evaluate("document.activeElement.id") == "follow"  # the focus stays on the button
    expect(kira.locator("#follow")).to_have_text("Unfollow", use_inner_text=True)
    kira.screenshot(path=str(SHOTS / "player-en.png"), full_page=True)
    assert axe_violations(kira) == []

    kira.goto(live_server + "/")
    line = kira.locator(f"#following-list li[data-id='{boris}']")
    line.wait_for()
    watch = line.locator("a.watch-game")
    expect(watch).to_have_attribute("href", f"/game/{game_id}/watch")
    expect(watch).to_have_attribute("aria-label", f"Watch {boris}'s game: Kingdomino against {OPPONENT}")
    # two games of one kind told apart
    expect(watch).to_have_text(f"Kingdomino against {OPPONENT}", use_inner_text=True)
    expect(kira.locator("#following-none")).to_be_hidden()
    kira.locator("#following").screenshot(path=str(SHOTS / "following-en.png"))
    kira.click("#blocked-players summary")
    kira.wait_for_selector("#blocked-list li")
    assert axe_violations(kira) == []
    for locale in ("en", "ru"):
        phone = logged_in_phone(browser, live_server, kira_name, locale)
        phone.goto(live_server + "/")
        phone.locator(f"#following-list li[data-id='{boris}'] a.challenge-followed").wait_for()
        box = phone.locator("#following a.challenge-followed").bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44, box
        # The button keeps its words beside a long line of what Boris plays.
        fits = "(b) => b.scrollWidth <= b.clientWidth && b.getBoundingClientRect().right <= innerWidth"
        assert phone.locator("#following a.challenge-followed").evaluate(fits), box
        phone.locator("#following").screenshot(path=str(SHOTS / f"following-phone-{locale}.png"))
        phone.goto(f"{live_server}/player/{quote(boris)}")
        phone.wait_for_selector("#block")
        assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        phone.screenshot(path=str(SHOTS / f"player-phone-{locale}.png"), full_page=True)

    line.locator("a.challenge-followed").click()  # one click: his page, at its challenge form
    kira.wait_for_url(f"{live_server}/player/{quote(boris)}#challenge")
    kira.wait_for_function(
        "() => document.activeElement && document.activeElement.closest('#challenge-form')"
    )

    kira.click("#block")
    kira.wait_for_selector("#block[data-on='true']")
    expect(kira.locator("#people-said")).to_have_text(f"You blocked {boris}.", use_inner_text=True)
    expect(kira.locator("#follow")).to_be_disabled()
    expect(kira.locator("#followers")).to_have_text("0 followers", use_inner_text=True)
    kira.goto(live_server + "/")
    kira.wait_for_selector("#following-none:not([hidden])")
    expect(kira.locator("#following-list li")).to_have_count(0)  # blocking ended the following
    kira.click("#blocked-players summary")
    blocked = kira.locator("#blocked-list li", has_text=boris)
    blocked.wait_for()
    expect(blocked.locator("button.unblock")).to_have_attribute("aria-label", f"Unblock {boris}")
    blocked.locator("button.unblock").click()
    kira.wait_for_selector("#blocked-said:has-text('You unblocked')")
    expect(kira.locator("#blocked-list")).to_have_text("You block nobody.", use_inner_text=True)
    assert kira.errors == []
