"""Origins' panels and rules, read where players misread them."""

from __future__ import annotations

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import LivePage, api_game, opened, present, starting


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
