"""A friend's page, where one follows or challenges them, is found from the lobby by their
account's name: Bela, logged in, wanted to challenge Cleo and found no way to her page but typing
its address (the leaderboards list rated players only, the "Following" card only those followed).
The "Following" card asks for a name and opens that player's page, on a phone too."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, LANGUAGES, log_in_new, new_page


def test_a_friend_s_page_is_opened_by_their_name(browser: Browser, live_server: str) -> None:
    cleo = new_page(browser, live_server)
    friend = log_in_new(cleo, live_server, "Cleo")
    bela = new_page(browser, live_server)
    log_in_new(bela, live_server, "Bela")
    bela.fill("#find-player", f"  {friend.lower()} ")
    bela.press("#find-player", "Enter")
    bela.wait_for_url(f"{live_server}/player/{friend.lower()}")
    expect(bela.locator("#challenge-title")).to_have_text(f"Challenge {friend}")
    assert not bela.errors and not cleo.errors


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_player_finder_fits_a_phone(browser: Browser, live_server: str, language: str) -> None:
    phone = new_page(browser, live_server, width=360, height=740, locale=language, touch=True)
    log_in_new(phone, live_server, "Ana")
    form = phone.locator("#find-player-form")
    expect(form).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    for control in ("#find-player", "#find-player-form button"):
        box = phone.locator(control).bounding_box()
        assert box is not None and box["x"] + box["width"] <= 360 and box["height"] >= 44, (control, box)
    form.screenshot(path=str(ARTIFACTS / f"find-player-{language}.png"))
    assert not phone.errors


def test_a_name_mistyped_is_asked_again_where_none_was_found(browser: Browser, live_server: str) -> None:
    """Desi typed the first letters of her friend's name: the page said no player has that name,
    with nothing but a link to the leaderboards, where he is not (no rated game yet). The page
    asks again, the name she typed in the field, on a phone."""
    kiril = new_page(browser, live_server)
    friend = log_in_new(kiril, live_server, "Kiril")
    desi = new_page(browser, live_server, width=390, height=844, touch=True)
    log_in_new(desi, live_server, "Desi")
    desi.fill("#find-player", friend[:3])
    desi.press("#find-player", "Enter")
    desi.wait_for_url(f"{live_server}/player/{friend[:3]}")
    expect(desi.get_by_role("alert")).to_have_text(f"No player is named {friend[:3]}")
    field = desi.locator("#find-player")
    expect(field).to_have_value(friend[:3])
    field.fill(friend)
    desi.locator("#find-player-form button").tap()
    desi.wait_for_url(f"{live_server}/player/{friend}")
    expect(desi.locator("#challenge-title")).to_have_text(f"Challenge {friend}")
    assert not kiril.errors
