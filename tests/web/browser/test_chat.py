"""A game's chat panel (``static/chat.js``): two friends online write to each other (Enter sends,
a quick phrase in each reader's language), a new message is said to a screen reader, a sender is
muted and heard again, "Chat off" is kept by the browser; on a phone the panel is folded under the
board and counts what came."""

from __future__ import annotations

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import (
    ARTIFACTS,
    LANGUAGES,
    axe_violations,
    focused_matches,
    log_in_new,
    messages_received,
    new_page,
    present,
    wait_for_count,
)
from tests.web.browser.test_online import invite_boris, online_game_of_two
from tests.web.browser.test_watch import public_game


def test_two_friends_chat_beside_the_board_mute_and_turn_the_chat_off(
    browser: Browser, live_server: str
) -> None:
    """Anna's panel stands beside the board; her words reach Boris, read out to his screen reader,
    and his quick phrase reaches her in her words; Boris mutes her (his focus kept on her name as
    her next line comes) and hears her again; his "Chat off" hides the panel and says nothing,
    after a reload too."""
    anna, boris, link = online_game_of_two(browser, live_server)
    anna.wait_for_selector("#chat:not([hidden])")
    panel, board = (
        present(anna.locator("#chat").bounding_box()),
        present(anna.locator("#board-card").bounding_box()),
    )
    assert panel["x"] >= board["x"] + board["width"] and panel["y"] < board["y"] + board["height"], (
        panel,
        board,
    )
    anna.fill("#chat-input", "Hi Boris\u202e, good luck")
    anna.press("#chat-input", "Enter")
    boris.wait_for_selector("#chat-lines .chat-line:has-text('Hi Boris, good luck')")
    expect(boris.locator("#chat-said")).to_have_text("Anna: Hi Boris, good luck")
    expect(anna.locator("#chat-input")).to_have_value("")
    boris.click("#chat-phrases summary")
    boris.click("#chat-phrases button[data-phrase='good_game']")
    anna.wait_for_selector("#chat-lines .chat-line:has-text('Boris: Good game!')")
    assert axe_violations(anna) == []
    anna.screenshot(path=str(ARTIFACTS / "chat-desktop.png"))
    boris.click("#chat-lines button.chat-name:has-text('Anna')")
    anna.fill("#chat-input", "One more")
    anna.press("#chat-input", "Enter")
    boris.wait_for_selector("#chat-lines .chat-line:has-text('One more')")
    # The line drawn anew keeps the focus on her name, and the offer to mute her open.
    assert focused_matches(boris, "#chat-lines button.chat-name[aria-expanded='true']")
    boris.click("#chat-lines button.chat-mute:has-text('Mute Anna')")
    boris.wait_for_selector("#chat-lines .chat-line:has-text('Hi Boris')", state="detached")
    boris.click("#chat-muted button:has-text('Unmute Anna')")
    boris.wait_for_selector("#chat-lines .chat-line:has-text('Hi Boris')")
    boris.check("#chat-off")
    expect(boris.locator("#chat-body")).to_be_hidden()
    expect(boris.locator("#chat-toggle")).to_be_hidden()
    heard = messages_received(boris, lambda message: message.get("type") == "chat")
    boris.goto(link.split("?")[0])
    boris.wait_for_selector("#chat:not([hidden])")
    expect(boris.locator("#chat-off")).to_be_checked()
    expect(boris.locator("#chat-body")).to_be_hidden()
    anna.fill("#chat-input", "Still there?")
    anna.press("#chat-input", "Enter")
    wait_for_count(boris, heard, 1)
    expect(boris.locator("#chat-said")).to_have_text("")
    expect(boris.locator("#chat-unread")).to_have_text("")
    assert not anna.errors and not boris.errors


#: Keeps when each text the chat's polite line is given came (ms).
SAID_AT = """() => {
  window.saidAt = [];
  const said = document.querySelector('#chat-said');
  new MutationObserver(() => { window.saidAt.push(Date.now()); }).observe(
    said, { childList: true, subtree: true, characterData: true });
}"""


def test_on_a_phone_the_chat_is_folded_under_the_board_and_counts_what_came(
    browser: Browser, live_server: str
) -> None:
    """Boris, on a phone in Russian: the panel is under the board and folded; Anna's message is
    counted on its button (44 px high, as its controls), and opening it shows the message. Folded,
    the panel told his screen reader nothing: its count is now said politely, at most once every
    few seconds (her second line, sent at once, is said seconds after the first)."""
    anna, link = invite_boris(browser, live_server)
    phone = new_page(browser, live_server, 360, 740, locale="ru", touch=True)
    phone.goto(link)
    phone.wait_for_selector("#chat:not([hidden])")
    expect(phone.locator("#chat-body")).to_be_hidden()
    board, panel = (
        present(phone.locator("#board-card").bounding_box()),
        present(phone.locator("#chat").bounding_box()),
    )
    assert panel["y"] >= board["y"] + board["height"] and panel["x"] + panel["width"] <= 360, (board, panel)
    anna.wait_for_selector("#chat:not([hidden])")
    phone.evaluate(SAID_AT)
    anna.fill("#chat-input", "Привет")
    anna.click("#chat-send")
    phone.wait_for_selector("#chat-unread:has-text('1 новое сообщение')")
    expect(phone.locator("#chat-said")).to_have_text("1 новое сообщение в чате")
    expect(phone.locator("#chat-said")).to_have_attribute("aria-live", "polite")
    anna.fill("#chat-input", "Как дела?")
    anna.click("#chat-send")
    expect(phone.locator("#chat-said")).to_have_text("2 новых сообщения в чате", timeout=30_000)
    first, second = phone.evaluate("window.saidAt")
    assert second - first >= 4000, "said at most once every few seconds"
    phone.click("#chat-toggle")
    phone.wait_for_selector("#chat-lines .chat-line:has-text('Привет')")
    expect(phone.locator("#chat-unread")).to_have_text("")
    for control in ("#chat-toggle", "#chat-send", "#chat-phrases summary"):
        box = present(phone.locator(control).bounding_box())
        assert box["height"] >= 44, (control, box)
    phone.locator("#chat").scroll_into_view_if_needed()
    phone.screenshot(path=str(ARTIFACTS / "chat-phone-ru.png"))
    assert not phone.errors and not anna.errors


def test_an_account_you_block_is_not_heard_in_the_chat(browser: Browser, live_server: str) -> None:
    """Greta blocked Hugo: watching the same game as Hugo and Ida, she reads Ida's words and not
    his, which Ida reads (the server never sends them to her: ``tests/web/test_blocks_kept.py``)."""
    game = public_game(live_server, ("Vera", "Walt"))
    greta, hugo, ida = (new_page(browser, live_server) for _ in range(3))
    hugo_name = log_in_new(hugo, live_server, "Hugo")
    log_in_new(ida, live_server, "Ida")
    log_in_new(greta, live_server, "Greta")
    blocked = greta.request.put(
        f"{live_server}/api/account/blocked/{hugo_name}", headers={"Origin": live_server}
    )
    assert blocked.ok, blocked.text()
    watch = f"{live_server}/game/{game['id']}/watch"
    greta.goto(watch)
    for page in (hugo, ida):
        page.goto(watch)
    for page, words in ((hugo, "Hugo was here"), (ida, "Ida was here")):
        page.wait_for_selector("#chat-input")
        page.fill("#chat-input", words)
        page.press("#chat-input", "Enter")
        page.wait_for_selector(f"#chat-lines .chat-line:has-text('{words}')")
    ida.wait_for_selector("#chat-lines .chat-line:has-text('Hugo was here')")
    greta.wait_for_selector("#chat-lines .chat-line:has-text('Ida was here')")
    expect(greta.locator("#chat-lines .chat-line:has-text('Hugo was here')")).to_have_count(0)
    assert (
        greta.locator("#chat-muted button").count() == 0
    )  # nothing to unmute: the block is the account card's
    assert not greta.errors and not hugo.errors and not ida.errors


def test_the_keyboard_mutes_and_hears_again_and_ones_own_lines_are_not_offered(
    browser: Browser, live_server: str
) -> None:
    """Lena watches a game on a second page of her account: her own line, written on the first,
    offers no "mute" of herself; Hugo's she mutes with the keyboard, the focus then on "Unmute
    Hugo" (its line gone, not lost to the page's top), and hearing him again puts it on his name."""
    game = public_game(live_server, ("Vera", "Walt"))
    lena, hugo = new_page(browser, live_server), new_page(browser, live_server)
    lena_name = log_in_new(lena, live_server, "Lena")
    hugo_name = log_in_new(hugo, live_server, "Hugo")
    watch = f"{live_server}/game/{game['id']}/watch"
    for page, words in ((lena, "Lena was here"), (hugo, "Hugo was here")):
        page.goto(watch)
        page.wait_for_selector("#chat-input")
        page.fill("#chat-input", words)
        page.press("#chat-input", "Enter")
        page.wait_for_selector(f"#chat-lines .chat-line:has-text('{words}')")
    again = new_page(browser, live_server, storage_state=lena.context.storage_state())
    again.goto(watch)
    again.wait_for_selector("#chat-lines .chat-line:has-text('Hugo was here') button.chat-name")
    # Her account is known once the page asked who is logged in: her line is then drawn as hers.
    again.wait_for_selector(f"#chat-lines .chat-line.mine:has-text('{lena_name}')")
    expect(again.locator(f"#chat-lines button.chat-name:has-text('{lena_name}')")).to_have_count(0)
    again.focus(f"#chat-lines button.chat-name:has-text('{hugo_name}')")
    again.keyboard.press("Enter")
    again.keyboard.press("Tab")
    again.keyboard.press("Enter")
    again.wait_for_selector("#chat-lines .chat-line:has-text('Hugo was here')", state="detached")
    focused = "() => document.activeElement && document.activeElement.textContent"
    assert focused_matches(again, "#chat-muted button.chat-unmute"), again.evaluate(focused)
    assert again.evaluate(focused) == f"Unmute {hugo_name}"
    again.keyboard.press("Enter")
    again.wait_for_selector("#chat-lines .chat-line:has-text('Hugo was here')")
    assert focused_matches(again, "#chat-lines button.chat-name"), again.evaluate(focused)
    assert hugo_name in again.evaluate(focused)
    assert not lena.errors and not hugo.errors and not again.errors


def test_a_message_in_the_room_not_shown_is_counted_on_its_tab_and_said(
    browser: Browser, live_server: str
) -> None:
    """Vera's game is over: her panel shows the players' room, the spectators' beside it. Lena,
    who watched, writes in the spectators' room: it came unseen and unsaid; now its tab says
    "Spectators · 1 new" and her screen reader hears "Spectators: 1 new message" (politely).
    Opening the tab shows the line, the count gone."""
    game = public_game(live_server, ("Vera", "Walt"))
    vera, lena = new_page(browser, live_server), new_page(browser, live_server)
    log_in_new(lena, live_server, "Lena")
    vera.goto(f"{live_server}/game/{game['id']}?token={game['tokens'][0]}")
    vera.wait_for_selector("#chat:not([hidden])")
    lena.goto(f"{live_server}/game/{game['id']}/watch")
    lena.wait_for_selector("#chat-input")
    resigned = httpx.post(
        f"{live_server}/api/games/{game['id']}/resign", json={"token": game["tokens"][1]}, timeout=30
    )
    assert resigned.status_code == 200, resigned.text
    vera.locator("#winner").wait_for()
    lena.fill("#chat-input", "Well played, Vera")
    lena.press("#chat-input", "Enter")
    # The spectators' room comes to her page with its first line, which is news too.
    spectators = vera.locator("#chat-room-spectators")
    expect(spectators).to_have_text("Spectators · 1 new")
    expect(vera.locator("#chat-room-players")).to_have_attribute("aria-pressed", "true")
    expect(vera.locator("#chat-said")).to_have_text("Spectators: 1 new message")
    expect(vera.locator("#chat-said")).to_have_attribute("aria-live", "polite")
    vera.screenshot(path=str(ARTIFACTS / "chat-room-unread.png"))
    spectators.click()
    vera.wait_for_selector("#chat-lines .chat-line:has-text('Well played, Vera')")
    expect(spectators).to_have_text("Spectators")
    assert not vera.errors and not lena.errors


#: The width of the chat line's placeholder and the room the line gives it (px).
PLACEHOLDER_FITS = """() => {
  const input = document.querySelector('#chat-input');
  const style = getComputedStyle(input);
  const context = document.createElement('canvas').getContext('2d');
  context.font = style.font;
  const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return [context.measureText(input.placeholder).width, room];
}"""


def test_the_chat_line_s_placeholder_fits_a_phone_in_every_language(
    browser: Browser, live_server: str
) -> None:
    """At 360 px the Russian placeholder lost its final "…" (cut by the line's edge): in each
    language it is whole on a phone."""
    anna, link = invite_boris(browser, live_server)
    cut: list[tuple[str, str | None, float, float]] = []
    for language in LANGUAGES:
        phone = new_page(browser, live_server, 360, 740, locale=language, touch=True)
        phone.goto(link)
        phone.wait_for_selector("#chat:not([hidden])")
        phone.click("#chat-toggle")
        line = phone.locator("#chat-input")
        line.wait_for()
        width, room = phone.evaluate(PLACEHOLDER_FITS)
        if width > room:
            cut.append((language, line.get_attribute("placeholder"), width, room))
        if language in ("en", "ru"):
            phone.locator("#chat").screenshot(path=str(ARTIFACTS / f"chat-placeholder-{language}.png"))
        assert not phone.errors
        phone.close()
    assert cut == []
    assert not anna.errors
