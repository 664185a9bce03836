"""Origins' panels and rules, read where players misread them."""

from __future__ import annotations

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import LivePage, api_game, new_page, opened, present, starting


def origins_page(browser: Browser, base: str, mode: str, width: int = 1366, height: int = 900) -> LivePage:
    game_id, token = api_game(base, "origins", 4, options={"mode": mode})
    return opened(browser, base, game_id, token, width, height)


def test_the_fire_tokens_left_are_named_under_their_pictures(browser: Browser, live_server: str) -> None:
    """The supply was three small unlabelled icons with "×5 ×2 ×0"."""
    page = origins_page(browser, live_server, "totem")
    kinds = page.locator(".supply .marker-kind .small").all_inner_texts()
    assert kinds == ["1 × fire", "2 × fire", "3 × fire"]
    expect(page.locator(".supply .marker-count").first).to_have_text(starting("×"), use_inner_text=True)
    assert not page.errors


def test_each_mode_s_rules_speak_only_of_what_it_has(browser: Browser, live_server: str) -> None:
    """Discovery's rules said fire destroys a resource or a caveman: that mode has neither."""
    for mode, caveman in (("discovery", False), ("totem", False), ("tribe", True)):
        page = origins_page(browser, live_server, mode)
        page.click("#help")
        text = page.locator("#help-dialog").inner_text()
        assert ("caveman" in text) == caveman, mode
        assert ("Fire destroys" in text) == (mode != "discovery"), mode
        page.context.close()


def test_a_phone_shows_your_resources_beside_the_cave(browser: Browser, live_server: str) -> None:
    """On a phone the cave comes before the territory while a caveman may be recruited: the
    resources that pay its price are counted beside it."""
    page = origins_page(browser, live_server, "tribe", width=390, height=844)
    held = page.locator("#resources-held")
    expect(held).to_have_text(starting("Your resources:"), use_inner_text=True)
    assert present(held.bounding_box())["y"] < present(page.locator(".cave .cavemen").bounding_box())["y"]
    assert not page.errors


def test_a_shared_screen_names_whose_resources_it_counts(browser: Browser, live_server: str) -> None:
    """A tablet passed round the table plays both seats: "Your resources" said nobody's."""
    page = new_page(browser, live_server, 390, 844, locale="hu", touch=True)
    page.goto(live_server + "/")
    page.wait_for_selector("#create")
    page.select_option("#game", "origins")
    page.select_option("#mode", "tribe")
    page.fill("#name-0", "Gábor")
    page.select_option("#seat-1", "local")
    page.fill("#name-1", "Dóra")
    page.click("#create")
    page.wait_for_selector("#your-turn")
    acting = "Gábor" if page.locator("#status").inner_text().startswith("Gábor") else "Dóra"
    held = page.locator("#resources-held")
    expect(held).to_have_text(starting(f"A {acting} nyersanyagai:"), use_inner_text=True)
    page.screenshot(path="/tmp/shots/confirm/origins-shared-phone-hu.png")
    assert not page.errors
