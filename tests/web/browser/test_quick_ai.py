"""The lobby's quick game against the AI is the game and level the player last chose, said on its
button: it always started Kingdomino at medium, so a player who plays hard chose it in "New game"
each time. A guest's choice stays in the browser; an account's follows it to its other devices."""

from __future__ import annotations

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, LivePage, log_in_new, new_page, present

PASSWORD = "a long enough password"


def phone(browser: Browser, base: str) -> LivePage:
    page = new_page(browser, base, 390, 844, touch=True, mobile=True)
    page.goto(base + "/")
    page.wait_for_selector("#quick-level")
    return page


def test_a_guest_s_quick_game_is_the_level_and_game_last_chosen(browser: Browser, live_server: str) -> None:
    page = phone(browser, live_server)
    expect(page.locator("#play-now")).to_have_text("▶ Kingdomino against the AI · medium")
    page.select_option("#quick-level", "hard")
    expect(page.locator("#play-now")).to_have_text("▶ Kingdomino against the AI · hard")
    page.screenshot(path=str(ARTIFACTS / "quick-ai-phone.png"))
    page.reload()
    page.wait_for_selector("#quick-level")
    expect(page.locator("#quick-level")).to_have_value("hard")
    expect(page.locator("#play-now")).to_have_text("▶ Kingdomino against the AI · hard")
    with page.expect_request(lambda it: it.url.endswith("/api/games") and it.method == "POST") as made:
        page.click("#play-duel")
    asked = present(made.value.post_data_json)
    assert (asked["game"], asked["seats"][1]) == ("duel", {"kind": "ai", "level": "hard"}), asked
    page.wait_for_url("**/game/*")
    page.goto(live_server + "/")
    # Duel is the big button now, Kingdomino and Origins beside it.
    expect(page.locator("#play-now")).to_have_text("▶ Kingdomino Duel against the AI · hard")
    expect(page.locator("#play-kingdomino")).to_be_visible()
    assert page.locator("#play-duel").count() == 0
    assert not page.errors, page.errors


def test_an_account_s_quick_game_follows_it_to_another_device(browser: Browser, live_server: str) -> None:
    computer = new_page(browser, live_server)
    name = log_in_new(computer, live_server, "Hana")
    computer.wait_for_selector("#quick-level")
    computer.select_option("#quick-level", "easy")
    expect(computer.locator("#play-now")).to_have_text("▶ Kingdomino against the AI · easy")
    # Kept with the account (the page writes it a moment after the choice).
    kept = "async () => (await (await fetch('/api/account/preferences')).json()).quick_ai?.level === 'easy'"
    computer.wait_for_function(kept)
    telephone = phone(browser, live_server)
    expect(telephone.locator("#play-now")).to_have_text("▶ Kingdomino against the AI · medium")
    # Logged in on the lobby's card: the quick game is the account's at once, the page not reloaded.
    telephone.fill("#account-name", name)
    telephone.fill("#account-password", PASSWORD)
    telephone.click("#log-in")
    telephone.wait_for_selector("#logged-in")
    expect(telephone.locator("#play-now")).to_have_text("▶ Kingdomino against the AI · easy")
    expect(telephone.locator("#quick-level")).to_have_value("easy")
    assert not computer.errors and not telephone.errors, (computer.errors, telephone.errors)


def test_the_quick_game_is_chosen_on_the_preferences_page(browser: Browser, live_server: str) -> None:
    """An account chooses it on its preferences' page (in Hungarian here): kept with the account, the
    lobby's button on another device says it; a guest's page keeps it in the browser."""
    computer = new_page(browser, live_server, 1024, 768, locale="hu", touch=True)
    name = log_in_new(computer, live_server, "Ilona")
    computer.goto(live_server + "/account/preferences")
    # Nothing chosen yet: the lobby's Kingdomino at medium.
    expect(computer.locator("#pref-quick-game")).to_have_value("kingdomino")
    expect(computer.locator("#pref-quick-level")).to_have_value("medium")
    expect(computer.locator("#pref-quick legend")).to_have_text("Játék most")
    computer.select_option("#pref-quick-level", "easy")
    expect(computer.locator("#pref-saved")).not_to_be_empty()
    computer.select_option("#pref-quick-game", "origins")
    kept = "async () => (await (await fetch('/api/account/preferences')).json()).quick_ai?.game === 'origins'"
    computer.wait_for_function(kept)
    computer.screenshot(path=str(ARTIFACTS / "quick-ai-preferences-hu.png"), full_page=True)
    quick = computer.evaluate("async () => (await (await fetch('/api/account/preferences')).json()).quick_ai")
    assert quick == {"game": "origins", "level": "easy"}, quick
    telephone = phone(browser, live_server)
    telephone.fill("#account-name", name)
    telephone.fill("#account-password", PASSWORD)
    telephone.click("#log-in")
    expect(telephone.locator("#play-now")).to_have_text("▶ Kingdomino Origins against the AI · easy")
    guest = phone(browser, live_server)
    guest.goto(live_server + "/account/preferences")
    guest.select_option("#pref-quick-level", "hard")
    expect(guest.locator("#pref-saved")).to_have_text("Saved in this browser.")
    guest.goto(live_server + "/")
    expect(guest.locator("#play-now")).to_have_text("▶ Kingdomino against the AI · hard")
    guest.goto(live_server + "/account/preferences")
    expect(guest.locator("#pref-quick-level")).to_have_value("hard")
    assert not computer.errors and not telephone.errors and not guest.errors
