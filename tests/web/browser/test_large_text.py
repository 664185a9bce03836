"""Pages read with the browser's text enlarged (a setting many older players use): the rem-sized
text grows, the columns of the table stay where they are, and nothing is cut off at the edge.
"""

from __future__ import annotations

from playwright.sync_api import Browser
from tests.web.browser.pages import OVERFLOW, LivePage, log_in_new, new_page, present

#: The browser's text at 150 %: its default font size of 16 px made 24 px, as the setting does.
LARGE_TEXT = "html { font-size: 24px; }"


def large_text_tablet(browser: Browser, live_server: str, width: int = 1024, height: int = 768) -> LivePage:
    """A touch screen (a 1024 x 768 tablet unless said) whose pages are read with the text at 150 %."""
    page = new_page(browser, live_server, width, height, touch=True)
    page.add_init_script(
        "document.addEventListener('DOMContentLoaded', () => {"
        f" const s = document.createElement('style'); s.textContent = {LARGE_TEXT!r};"
        " document.head.append(s); });"
    )
    return page


def test_the_opponents_kingdom_stays_on_a_large_text_tablet(browser: Browser, live_server: str) -> None:
    """Ana's tablet, its text at 150 %: "Bruno (AI, medium)" kept on one line made his kingdom's
    card 75 px wider than its column, past the screen's right edge, his kingdom's last column and
    his name cut off (the page clips what scrolls sideways). The card keeps to its column."""
    page = large_text_tablet(browser, live_server)
    page.goto(live_server + "/")
    page.locator("#play-now").tap()
    page.wait_for_selector("#your-turn")
    board = present(page.locator("#board").bounding_box())
    for card in page.locator(".kingdom.card").all():
        box = present(card.bounding_box())
        assert box["x"] + box["width"] <= board["x"] + board["width"] + 1, (box, board)
    assert page.evaluate(OVERFLOW) == []
    assert not page.errors


def test_the_scorers_table_scrolls_in_its_card_on_a_large_text_phone(
    browser: Browser, live_server: str
) -> None:
    """The scorer on a 360 px phone, its text at 150 %: the score table's four columns ("Territory,
    Squares, Crowns, Points") made the whole page 474 px wide, scrolling sideways under the
    finger that lays squares. The table scrolls in its card; the page stays the screen's width."""
    page = large_text_tablet(browser, live_server, 360, 740)
    page.goto(live_server + "/score")
    page.wait_for_selector("#scorer-sheet table")
    assert page.evaluate(OVERFLOW) == []
    assert not page.errors


def test_the_lobby_fits_a_large_text_phone(browser: Browser, live_server: str) -> None:
    """The lobby on a 360 px phone, its text at 150 %: the quick game's "Clock" menu ran past the
    screen's right edge, and the AI seat's name ("its own name") and the invite link's field ("Paste
    an invite or spectator link") cut their placeholders. Each field keeps to the screen, its
    placeholder whole."""
    page = large_text_tablet(browser, live_server, 360, 740)
    page.goto(live_server + "/")
    page.wait_for_selector("#quick-game select")
    past_the_edge = page.evaluate(
        "() => [...document.querySelectorAll('#quick-game *, #invite')]"
        ".filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)"
        ".map((e) => e.outerHTML.slice(0, 80))"
    )
    assert past_the_edge == []
    assert page.evaluate(OVERFLOW) == []
    assert not page.errors


def test_the_tournament_form_fits_a_large_text_phone(browser: Browser, live_server: str) -> None:
    """The organiser's form on a 360 px phone, its text at 150 %: the start's date and time field,
    the browser's own, was wider than the screen, and the page scrolled sideways. It keeps to it."""
    page = large_text_tablet(browser, live_server, 360, 740)
    log_in_new(page, live_server, "Priya")
    page.goto(live_server + "/")
    page.locator("#tournaments summary").click()
    page.fill("#tournament-starts", "2026-12-24T18:30")
    assert page.evaluate(OVERFLOW) == []
    assert not page.errors


#: What of the page's main part reaches past the screen's right edge (a table that scrolls in its
#: card left out: it is there to scroll).
PAST_THE_EDGE = """() => [...document.querySelectorAll('main *')]
  .filter((e) => !e.closest('.table-scroll') && e.getBoundingClientRect().right > window.innerWidth + 1)
  .map((e) => e.outerHTML.slice(0, 80))"""


def test_a_player_s_page_and_the_preferences_fit_a_large_text_phone(
    browser: Browser, live_server: str
) -> None:
    """Boris's phone in Ukrainian, its text at 150 %: on Kira's page the challenge's clock menu,
    as wide as its longest clock ("3 дні на хід (за листуванням)"), ran 76 px past the screen's
    edge, and the preferences' part of the page's settings, a fieldset as wide as its widest menu,
    9 px: the page cut them off. Each keeps to the screen."""
    kira = log_in_new(new_page(browser, live_server), live_server, "Kira")
    page = large_text_tablet(browser, live_server, 390, 844)
    log_in_new(page, live_server, "Boris")
    for path, ready in (
        (f"/player/{kira}?lang=uk", "#challenge-clock"),
        ("/account/preferences?lang=uk", "#pref-language"),
    ):
        page.goto(live_server + path)
        page.wait_for_selector(f"html[lang='uk'] {ready}")
        assert page.evaluate(PAST_THE_EDGE) == [], path
        assert page.evaluate(OVERFLOW) == [], path
    assert not page.errors
