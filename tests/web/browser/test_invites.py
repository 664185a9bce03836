"""The host's invite links: which link is which, and out of the way once the invited came."""

from __future__ import annotations

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import CHROMIUM, new_page, present
from tests.web.browser.test_online import online_game_of_two
from tests.web.conftest import close_browser_contexts


def test_the_links_say_who_plays_and_who_watches_and_fold_once_the_guest_plays(
    browser: Browser, live_server: str
) -> None:
    """The "Invite links" card stayed open mid-game and pushed the host's kingdom down to y~500 (where
    the board shrank to its 5x5 window), and the player's and the spectator's links differed only
    in their token. Once the guest came, the card no longer says the game waits for them."""
    host, guest, _ = online_game_of_two(browser, live_server)
    labels = host.locator("#invites label").all_inner_texts()
    assert labels == [
        "For Boris (player 2) to play, to send to them alone:",
        "For spectators, who watch but cannot play:",
    ]
    invites = host.locator("#invites")
    assert present(invites.bounding_box())["y"] < present(host.locator("#board-card").bounding_box())["y"]
    for _ in range(4):  # the first round's claims, two kings each: Boris plays
        before = host.locator("#log li").count()
        acting = host if host.locator("#your-turn").count() else guest
        acting.locator("button.domino.claimable").first.click()
        host.wait_for_function(f"document.querySelectorAll('#log li').length > {before}")
        guest.wait_for_function(f"document.querySelectorAll('#log li').length > {before}")
    host.wait_for_function("document.querySelector('#invites') && !document.querySelector('#invites').open")
    assert present(invites.bounding_box())["y"] > present(host.locator("#board-card").bounding_box())["y"]
    # Boris came: the game waits for no one (it said so to the end, the game over)
    expect(invites.locator("summary")).to_have_text("Invite links", use_inner_text=True)
    host.reload()
    host.wait_for_selector("#your-turn, #waiting")
    expect(host.locator("#invites summary")).to_have_text("Invite links", use_inner_text=True)
    assert not host.errors and not guest.errors


def test_copy_works_on_a_page_at_a_network_address(browser: Browser, live_server: str) -> None:
    """Friends on other computers play at the network address the server prints (http://192.168.1.20:8000):
    no secure context, so no `navigator.clipboard`, and "Copy" did nothing and said nothing, on a
    laptop and on a phone. It copies the selected link there too, and says so."""
    port = live_server.rsplit(":", 1)[1]
    base = f"http://lan.test:{port}"  # this machine's network address, resolved to the server
    resolving = browser.browser_type.launch(
        executable_path=CHROMIUM, args=["--no-sandbox", "--host-resolver-rules=MAP lan.test 127.0.0.1"]
    )
    try:
        for touch in (False, True):
            host = new_page(resolving, base, *((390, 844) if touch else (1366, 900)), touch=touch)
            host.goto(base + "/")
            host.select_option("#seat-1", "online")
            host.click("#create")
            host.wait_for_selector("#your-turn, #waiting")
            assert not host.evaluate("window.isSecureContext")
            host.evaluate(
                """() => document.addEventListener('copy', () => {
                  const field = document.activeElement;
                  window.copiedText = field.value.substring(field.selectionStart, field.selectionEnd);
                })"""
            )
            copy = host.locator("#invites button.copy").first
            copy.tap() if touch else copy.click()
            host.wait_for_function("document.querySelector('#invites button.copy')?.textContent === 'Copied'")
            link = host.locator("#invites input").first.input_value()
            assert host.evaluate("window.copiedText") == link
            assert not host.errors, host.errors
    finally:
        close_browser_contexts()  # its pages, before their browser closes
        resolving.close()
