"""What the table says in words, checked where players misread it."""

from __future__ import annotations

from tests.web.browser.pages import new_page


def test_a_shared_screen_names_every_player_who_plays_on_it(browser, live_server: str) -> None:
    """Two humans on one screen read "You play Anna, Ben on this screen" as if only Anna were
    theirs: the line now names them all, joined as the language joins a list, with their badges."""
    for language, expected in (
        ("en", "Shared screen: Anna and Ben play here in turn"),
        ("hu", "Közös képernyő: itt felváltva játszik Anna és Ben"),
    ):
        page = new_page(browser, live_server, locale=language)
        page.goto(live_server + "/")
        page.wait_for_selector("#create")
        page.fill("#name-0", "Anna")
        page.select_option("#seat-1", "local")
        page.fill("#name-1", "Ben")
        page.click("#create")
        page.wait_for_selector("#your-turn")
        whoami = page.locator("#whoami")
        assert whoami.text_content().strip() == expected
        assert whoami.locator("svg.badge").count() == 2
        assert not page.errors
