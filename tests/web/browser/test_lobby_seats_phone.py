"""The lobby's seat menus on a phone, in every language: each choice ("Someone online (invite
link)", "AI, medium · Elo 874") reads in full in its menu, none cut at the menu's edge (a
Ukrainian phone read "ШІ, середній · Ело в драб"); what the AI's Elo means is said once, under
the seats."""

from __future__ import annotations

from playwright.sync_api import Browser
from tests.web.browser.pages import ARTIFACTS, LANGUAGES, new_page

#: Room a select's arrow takes at its right, beyond its padding (Chromium draws about 16 px).
ARROW = 24

#: Each seat menu's choices whose text is wider than the room the menu shows it in.
CUT_CHOICES = """(arrow) => {
  const pen = document.createElement('canvas').getContext('2d');
  const cut = [];
  for (const menu of document.querySelectorAll('.seat-row select')) {
    const style = getComputedStyle(menu);
    pen.font = style.font;
    const room = menu.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
    for (const choice of menu.options) {
      const width = pen.measureText(choice.textContent).width;
      if (width > room) cut.push(`${choice.textContent} (${Math.round(width)} > ${Math.round(room)})`);
    }
  }
  return [...new Set(cut)];
}"""


def test_the_seat_menus_read_in_full_on_a_phone_in_every_language(browser: Browser, live_server: str) -> None:
    for width, height in ((390, 844), (360, 740)):
        for language in LANGUAGES:
            page = new_page(browser, live_server, width, height, locale=language, touch=True)
            page.goto(live_server + "/")
            page.select_option("#players", "4")
            page.wait_for_selector("#elo-about:not([hidden])")
            page.wait_for_function(
                "[...document.querySelectorAll('#seat-3 option')].some((o) => /\\d/.test(o.textContent))"
            )
            assert page.evaluate(CUT_CHOICES, ARROW) == [], (width, language)
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), (
                width,
                language,
            )
            if width == 390:
                page.locator("#seats").screenshot(path=str(ARTIFACTS / f"lobby-seats-{language}-phone.png"))
            assert not page.errors, page.errors
            page.context.close()
