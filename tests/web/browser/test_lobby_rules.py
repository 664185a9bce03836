"""The rules before a game: from the lobby, each mode described in a line, and a dialog closed at its
top or with Esc (its only Close button was at the bottom of a ~1,100 px wall of text)."""

from __future__ import annotations

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import new_page, present, starting


def test_the_lobby_opens_the_chosen_game_s_rules_and_describes_each_mode(
    browser: Browser, live_server: str
) -> None:
    page = new_page(browser, live_server)
    page.goto(live_server + "/")
    page.wait_for_selector("#create")
    page.select_option("#game", "origins")
    about = page.locator("#mode-about")
    expect(about).to_have_text(starting("The simplest mode"), use_inner_text=True)
    page.select_option("#mode", "tribe")
    expect(about).to_have_text(starting("Pay resources to recruit cavemen"), use_inner_text=True)
    page.click("#lobby-rules")
    dialog = page.locator("#help-dialog")
    expect(dialog).to_be_visible()
    sections = dialog.locator("h3").all_inner_texts()
    assert "Tribe mode" in sections and "Totem mode" not in sections, sections
    # The close control is at the top, in view however far the rules are scrolled.
    page.evaluate("document.querySelector('#help-dialog').scrollTop = 100000")
    close = page.locator("#help-close-top")
    box, frame = present(close.bounding_box()), present(dialog.bounding_box())
    assert frame["y"] <= box["y"] <= frame["y"] + 80
    close.click()
    page.wait_for_selector("#help-dialog", state="hidden")
    page.select_option("#game", "duel")
    page.click("#lobby-rules")
    expect(page.locator("#help-dialog h2")).to_contain_text("Duel", use_inner_text=True)
    page.keyboard.press("Escape")
    page.wait_for_selector("#help-dialog", state="hidden")
    assert not page.errors


#: Each game's (and mode's) rules pictures: their count and some of their words for screen readers.
PICTURES = [
    (
        "kingdomino",
        None,
        4,
        ["domino 1 (wheat field | wheat field)", "domino 48 (wheat field | mine, 3 × crown)"],
    ),
    ("duel", None, 2, ["The four dice, each with its six faces"]),
    ("origins", "discovery", 3, ["domino 48 (quarry | volcano, 3 × crater)", "Fire tokens of 1, 2, 3 fires"]),
    ("origins", "tribe", 8, ["domino 48 (quarry, flint | volcano, 3 × crater)", "Hunter", "Shaman"]),
]


def test_the_rules_show_real_components_beside_their_words(browser: Browser, live_server: str) -> None:
    """Dominoes, dice, the spellbook, fire tokens and cavemen drawn with the boards' pictures, named
    for screen readers, and a small kingdom scored territory by territory; on a phone too."""
    page = new_page(browser, live_server, 390, 844)
    page.goto(live_server + "/")
    page.wait_for_selector("#create")
    for game, mode, count, labels in PICTURES:
        page.select_option("#game", game)
        if mode:
            page.select_option("#mode", mode)
        page.click("#lobby-rules")
        pictures = page.locator("#help-dialog .help-pics [role=img]")
        named = pictures.evaluate_all("images => images.map((image) => image.getAttribute('aria-label'))")
        assert len(named) == count and all(named), named
        assert all(label in named for label in labels), named
        if game == "kingdomino":
            kingdom = page.locator("#help-dialog .help-pic-kingdom").last
            expect(kingdom).to_contain_text("This kingdom scores 10 points", use_inner_text=True)
            expect(kingdom).to_contain_text("wheat field: 5 × 1 = 5", use_inner_text=True)
        widest = pictures.evaluate_all(
            "images => Math.max(...images.map((image) => image.getBoundingClientRect().right))"
        )
        assert widest <= 390, widest  # nothing cut off on the phone
        page.keyboard.press("Escape")
        page.wait_for_selector("#help-dialog", state="hidden")
    assert not page.errors
