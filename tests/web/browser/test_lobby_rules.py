"""The rules before a game: from the lobby, each mode described in a line, and a dialog closed at its
top or with Esc (its only Close button was at the bottom of a ~1,100 px wall of text)."""

from __future__ import annotations

from tests.web.browser.pages import new_page


def test_the_lobby_opens_the_chosen_game_s_rules_and_describes_each_mode(browser, live_server: str) -> None:
    page = new_page(browser, live_server)
    page.goto(live_server + "/")
    page.wait_for_selector("#create")
    page.select_option("#game", "origins")
    about = page.locator("#mode-about")
    assert about.inner_text().startswith("The simplest mode")
    page.select_option("#mode", "tribe")
    assert about.inner_text().startswith("Pay resources to recruit cavemen")
    page.click("#lobby-rules")
    dialog = page.locator("#help-dialog")
    assert dialog.is_visible()
    sections = dialog.locator("h3").all_inner_texts()
    assert "Tribe mode" in sections and "Totem mode" not in sections, sections
    # The close control is at the top, in view however far the rules are scrolled.
    page.evaluate("document.querySelector('#help-dialog').scrollTop = 100000")
    close = page.locator("#help-close-top")
    box, frame = close.bounding_box(), dialog.bounding_box()
    assert frame["y"] <= box["y"] <= frame["y"] + 80
    close.click()
    page.wait_for_selector("#help-dialog", state="hidden")
    page.select_option("#game", "duel")
    page.click("#lobby-rules")
    assert "Duel" in page.locator("#help-dialog h2").inner_text()
    page.keyboard.press("Escape")
    page.wait_for_selector("#help-dialog", state="hidden")
    assert not page.errors
