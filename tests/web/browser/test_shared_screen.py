"""A family's tablet passed round the table (seats "Someone on this screen"): when the move passes
to another of its players, a card over the table says whose it is, the name big, and the table
waits behind it until that player taps "I am Dóra: play", so the one who just played cannot make
the next player's move by a stray tap; Undo takes a mis-tap back, and the card gives the tablet
back to whoever played it. A page opened again shows no card: whoever opened it holds it. The
tablet's lobby says the game awaits a move here, and whose: it was "playing", listed after the
games awaiting "you", while Dóra's move waited on this very screen."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, LivePage, new_page

#: Whether the middle of the first die one may take is hidden by the card (a tap there reaches
#: the card or its backdrop, not the die).
DIE_COVERED = """() => {
  const die = document.querySelector('button.die.takeable');
  const box = die.getBoundingClientRect();
  const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  return !die.contains(hit);
}"""


def duel_at_one_screen(page: LivePage, base: str) -> None:
    """Gábor and Dóra's Duel at one screen, made from the lobby; the page waits for the first move."""
    page.goto(base + "/")
    page.wait_for_selector("#create")
    page.select_option("#game", "duel")
    page.fill("#name-0", "Gábor")
    page.select_option("#seat-1", "local")
    page.fill("#name-1", "Dóra")
    page.click("#create")
    page.wait_for_url("**/game/*")
    page.wait_for_selector("#your-turn")


@pytest.mark.parametrize(
    ("width", "height", "locale", "ready", "turn"),
    [(768, 1024, "hu", "vagyok: játszom", "{} következik"), (1024, 768, "en", "I am", "{}'s turn")],
    ids=["portrait-hu", "landscape-en"],
)
def test_the_tablet_passes_with_the_next_player_s_name(
    browser: Browser, live_server: str, width: int, height: int, locale: str, ready: str, turn: str
) -> None:
    page = new_page(browser, live_server, width, height, locale=locale, touch=True)
    duel_at_one_screen(page, live_server)
    first = page.locator("#status").inner_text()
    mover, other = ("Gábor", "Dóra") if first.startswith("Gábor") else ("Dóra", "Gábor")
    expect(page.locator("#pass-screen[open]")).to_have_count(0)  # whoever opened the page holds it
    page.locator("button.die.takeable").first.tap()  # the first move of a Duel: one die
    card = page.locator("#pass-screen[open]")
    expect(card.locator("#pass-name")).to_have_text(other)
    expect(card.locator("#pass-ready")).to_contain_text(ready)
    expect(card.locator("#pass-ready")).to_be_focused()
    page.screenshot(path=str(ARTIFACTS / f"shared-screen-{locale}-{width}x{height}.png"))
    assert page.evaluate(DIE_COVERED), "the table is tapped through the card"
    card.locator("#pass-ready").tap()
    expect(page.locator("#pass-screen[open]")).to_have_count(0)
    expect(page.locator("#status")).to_contain_text(other)
    # The tablet's lobby, everyone's: the game awaits a move here, and says whose.
    game = page.url
    page.goto(live_server + "/")
    expect(page.locator("#continue-game .awaits-you")).to_have_text("● " + turn.format(other))
    # Neither of the two is the other's opponent "elsewhere": the line names nobody after it.
    expect(page.locator("#continue-game li")).to_have_text(re.compile(re.escape(turn.format(other)) + "$"))
    expect(page.locator("#my-games .awaits-you")).to_contain_text(turn.format(other))
    page.screenshot(path=str(ARTIFACTS / f"shared-screen-lobby-{locale}-{width}x{height}.png"))
    page.goto(game)
    page.wait_for_selector("#your-turn")
    # A mis-tap among friends: Undo takes the last move back, and the tablet goes back to its player.
    expect(page.locator("#undo")).not_to_have_attribute("aria-disabled", "true")
    page.locator("#undo").tap()
    expect(card.locator("#pass-name")).to_have_text(mover)
    card.locator("#pass-ready").tap()
    expect(page.locator("#status")).to_contain_text(mover)
    expect(page.locator("button.die.takeable").first).to_be_visible()
    # The tablet's browser closed and opened again: the game as it stood, no card.
    page.reload()
    page.wait_for_selector("#your-turn")
    expect(page.locator("#status")).to_contain_text(mover)
    expect(page.locator("#pass-screen[open]")).to_have_count(0)
    assert not page.errors, page.errors
