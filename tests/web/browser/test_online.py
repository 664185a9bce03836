"""Friends at other computers: invite links, guests told their seats, and seats left to an AI."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import (
    ARTIFACTS,
    CHROMIUM,
    LivePage,
    ending,
    finish_through_the_api,
    new_page,
    play_by_clicking_board,
    present,
    starting,
)
from tests.web.conftest import (
    close_browser_contexts,
)


def invite_boris(browser: Browser, live_server: str, locale: str = "en") -> tuple[LivePage, str]:
    """Anna's page of a game with an online seat for Boris, and his link (not opened yet)."""
    host = new_page(browser, live_server, locale=locale)
    host.goto(live_server + "/")
    host.fill("#name-0", "Anna")
    host.select_option("#seat-1", "online")
    host.fill("#name-1", "Boris")
    host.click("#create")
    host.wait_for_selector("#your-turn, #waiting")
    return host, host.locator(".invites input").first.input_value()


def online_game_of_two(
    browser: Browser, live_server: str, locale: str = "en"
) -> tuple[LivePage, LivePage, str]:
    """Anna creates a game with an online seat for Boris, who opens his invite link: their two
    pages (each in a browser of its own) and his link."""
    host, link = invite_boris(browser, live_server, locale)
    guest = new_page(browser, live_server)
    guest.goto(link)
    guest.wait_for_selector("#your-turn, #waiting")
    return host, guest, link


def test_an_invited_guest_is_told_their_seat(browser: Browser, live_server: str) -> None:
    host, guest, link = online_game_of_two(browser, live_server)
    assert "Boris (player 2)" in present(guest.locator("#whoami").text_content())
    # The host's links to send are at the top, above the board, open until she folds them.
    invites = host.locator("#invites")
    assert invites.get_attribute("open") is not None
    assert present(invites.bounding_box())["y"] < present(host.locator("#board-card").bounding_box())["y"]
    expect(invites.locator("input").first).to_have_value(link)
    expect(guest.locator("#invites")).to_have_count(0)  # a guest has no one to invite
    host.locator("#invites summary").click()
    # The fold is saved on the card's `toggle` event, which comes after the click: reloading sooner
    # would lose it.
    saved = "JSON.parse(localStorage.getItem('kingdomino.games') || '[]')"
    host.wait_for_function(f"{saved}.some((game) => game.invitesFolded)")
    host.reload()
    host.wait_for_selector("#your-turn, #waiting")
    assert host.locator("#invites").get_attribute("open") is None
    # A page in view says whose move is awaited itself: its tab's title has no mark (a hidden page's
    # has while a move of its player's is awaited: test_lobby_waits.py).
    awaited = set()
    for _ in range(4):  # the first round's claims, two kings each
        before = host.locator("#log li").count()
        for page in (host, guest):
            title, mine = page.evaluate("[document.title, !!document.querySelector('#your-turn')]")
            assert title.startswith("Kingdomino"), title
            if mine:
                awaited.add(page)
                acting = page
        acting.locator("button.domino.claimable").first.click()
        for page in (host, guest):  # both pages have heard of the move before the next look
            page.wait_for_function(f"document.querySelectorAll('#log li').length > {before}")
    assert awaited == {host, guest}
    assert not host.errors and not guest.errors


def test_a_friend_sent_the_host_s_address_is_told_to_ask_for_the_invite_link(
    browser: Browser, live_server: str
) -> None:
    """Anna sends Boris the address her browser shows (no seat's token in it): his page said only
    that his browser had no link to the game. It says to ask her for a link, and why."""
    host, _, _ = online_game_of_two(browser, live_server)
    friend = new_page(browser, live_server, width=390, height=844, locale="hu", touch=True)
    friend.goto(host.url)
    friend.wait_for_selector("#unavailable")
    help_words = friend.locator("#unavailable-help").inner_text()
    assert help_words.startswith("Kérd el a játék létrehozójától a linkjét"), help_words
    # The page asked the server whether the game is over (its replay would be public): 403, which
    # the browser notes itself.
    assert [e for e in friend.errors if "status of 403" not in e] == [], friend.errors


def test_a_friend_pastes_the_message_with_the_link_into_join_a_game(
    browser: Browser, live_server: str
) -> None:
    """Boris pastes Anna's whole message ("Join my game: http://….") into the lobby's "Join a
    game": it opened "There is no page at /Join%20my%20game:…"; a text with no link, a 404 or
    a script error. The link in the message is opened; a text without one is told what to paste."""
    host = new_page(browser, live_server)
    host.goto(live_server + "/")
    host.select_option("#seat-1", "online")
    host.fill("#name-1", "Boris")
    host.click("#create")
    host.wait_for_selector("#your-turn, #waiting")
    link = host.locator("#invites input").first.input_value()
    friend = new_page(browser, live_server, width=390, height=844, touch=True)
    friend.goto(live_server + "/")
    for text in ("hello", "http://[oops", link.split("token=")[1]):
        friend.fill("#invite", text)
        friend.locator("#invite").press("Enter")
        friend.wait_for_selector("#invite-error:not(:empty)")
        expect(friend.locator("#invite-error")).to_have_text(
            starting("This holds no link to a game"), use_inner_text=True
        )
        assert friend.url == live_server + "/"
    friend.fill("#invite", f"Join my game: {link}.")
    expect(friend.locator("#invite-error")).to_have_text("", use_inner_text=True)
    friend.locator("#invite").press("Enter")
    whoami = "document.querySelector('#whoami')?.textContent || ''"
    friend.wait_for_function(f"({whoami}).includes('Boris (player 2)')")  # drawn at the next frame
    assert not friend.errors and not host.errors


def test_invite_links_of_a_page_on_this_computer_say_how_friends_elsewhere_join(
    browser: Browser, live_server: str
) -> None:
    """The invite links are made from the page's own address: opened at 127.0.0.1 (the server's
    default) they open on that computer alone, and the card says so and how friends on other
    computers join (--host 0.0.0.0, the address it prints); opened at a name the network knows,
    it says nothing (a 127.0.0.1 link is one no friend can open)."""
    port = live_server.rsplit(":", 1)[1]
    # "lan.test" stands for this machine's network address: this browser resolves it to the server.
    resolving = browser.browser_type.launch(
        executable_path=CHROMIUM, args=["--no-sandbox", "--host-resolver-rules=MAP lan.test 127.0.0.1"]
    )
    try:
        for base, local in ((live_server, True), (f"http://lan.test:{port}", False)):
            host = new_page(resolving, base)
            host.goto(base + "/")
            host.select_option("#seat-1", "online")
            host.click("#create")
            host.wait_for_selector("#your-turn, #waiting")
            link = host.locator("#invites input").first.input_value()
            assert link.startswith(base + "/game/"), link
            note = host.locator("#invite-local")
            if local:
                expect(note).to_be_visible()
                expect(note).to_contain_text("127.0.0.1", use_inner_text=True)
                expect(note).to_contain_text("--host 0.0.0.0", use_inner_text=True)
            else:
                expect(note).to_have_count(0)
            assert not host.errors, host.errors
    finally:
        close_browser_contexts()  # its pages, before their browser closes
        resolving.close()


def test_an_unnamed_seat_is_named_in_the_page_s_language(browser: Browser, live_server: str) -> None:
    """A seat left unnamed is "Player 2" on the server: a Russian page says "Игрок 2", and its
    invite says for whom once ("For Player 2 (player 2)" before)."""
    host = new_page(browser, live_server, locale="ru")
    host.goto(live_server + "/")
    host.select_option("#seat-1", "online")
    host.click("#create")
    host.wait_for_selector("#your-turn, #waiting")
    expect(host.locator("#invites label").first).to_have_text(
        "Ссылка для игрока 2, чтобы играть; отправьте только ему:", use_inner_text=True
    )
    assert (
        "Игрок 2" in host.locator("#scores").inner_text()
        and "Player" not in host.locator("main").inner_text()
    )
    assert not host.errors


def test_the_unnamed_you_speaks_the_page_s_language_and_is_you_only_to_its_player(
    browser: Browser, live_server: str
) -> None:
    """Anna leaves her name blank on a Hungarian page: the game called her seat "Te" for good, in
    English too. Her seat is now "You" in the language of whichever page shows it, and "Player 1"
    on her guest's page (it said "Te" there, the name of someone else)."""
    host = new_page(browser, live_server, locale="hu")
    host.goto(live_server + "/")
    host.select_option("#seat-1", "online")
    host.click("#create")
    host.wait_for_selector("#your-turn, #waiting")
    expect(host.locator("#scores")).to_contain_text("Te", use_inner_text=True)
    link = host.locator(".invites input").first.input_value()
    with host.expect_navigation():
        host.select_option("#language", "en")
    host.wait_for_function("document.documentElement.lang === 'en' && !!document.querySelector('#scores')")
    host.wait_for_selector("#scores")
    expect(host.locator("#whoami")).to_have_text(ending("You are player 1"), use_inner_text=True)
    expect(host.locator("#scores")).to_contain_text("You", use_inner_text=True)
    expect(host.locator("#scores")).not_to_contain_text("Te", use_inner_text=True)
    guest = new_page(browser, live_server)
    guest.goto(link)
    guest.wait_for_selector("#your-turn, #waiting")
    scores = guest.locator("#scores").inner_text()
    assert "Player 1" in scores and "You" not in scores and "Te" not in scores, scores
    assert not host.errors and not guest.errors


def test_a_guest_who_must_go_leaves_the_seat_to_an_ai_and_the_host_plays_on(
    browser: Browser, live_server: str
) -> None:
    """An online game of two: Boris must go. "Leave the game" (confirmed) hands his seat to an AI
    of the level he chose: his page now watches, Anna's shows "Boris (AI, easy)", and the game
    plays on to its end."""
    host, guest, _ = online_game_of_two(browser, live_server)
    expect(guest.locator("#leave-card")).to_be_visible()
    expect(guest.locator("#leave-level")).to_have_value("medium")
    guest.select_option("#leave-level", "easy")
    guest.on("dialog", lambda dialog: dialog.accept())
    guest.click("#leave")
    # (the page is drawn anew as the seat changes hands: #whoami may be missing for a moment)
    guest.wait_for_function("(document.querySelector('#whoami')?.textContent || '').includes('watching')")
    expect(guest.locator("#leave-card")).to_be_hidden()
    host.wait_for_function("document.querySelector('#scores')?.textContent.includes('Boris (AI, easy)')")
    # The last human: the game needs her to leave it; she may only resign it.
    expect(host.locator("#leave-row")).to_be_hidden()
    expect(host.locator("#resign")).to_be_visible()
    play_by_clicking_board(host, 2)  # the AI moves for Boris in between
    finish_through_the_api(host)
    guest.wait_for_selector("#ranking")
    assert not host.errors and not guest.errors


@pytest.mark.away_seconds(2)
def test_a_guest_gone_for_good_is_played_by_an_ai_once_the_host_asks(
    browser: Browser, live_server: str
) -> None:
    """Boris closes his page and never comes back. Once he has been awaited that long with no page
    open, Anna is offered to let an AI play for him; she does, and plays the game to its end.
    His link, opened again, shows the game going on."""
    host, guest, link = online_game_of_two(browser, live_server, locale="ru")
    guest.context.close()
    while host.locator("#your-turn").count():  # Anna plays until Boris is awaited
        play_by_clicking_board(host, 1)
        host.wait_for_selector("#your-turn, #waiting")
    host.wait_for_selector("#away-card:not([hidden])", timeout=10000)
    expect(host.locator("#away-note")).to_have_text(
        starting("Игрока Boris нет на месте"), use_inner_text=True
    )
    host.screenshot(path=str(ARTIFACTS / "away-offered.png"))
    expect(host.locator("#away-level")).to_have_value("medium")  # the level left as it is offered
    host.on("dialog", lambda dialog: dialog.accept())
    host.click("#take-over")
    host.wait_for_function("document.querySelector('#scores')?.textContent.includes('Boris (ИИ, средний)')")
    expect(host.locator("#away-card")).to_be_hidden()
    play_by_clicking_board(host, 2)  # the AI moves for Boris in between
    finish_through_the_api(host)
    back = new_page(browser, live_server)
    back.goto(link)
    back.wait_for_selector("#ranking")
    # Over by now: looked back at, no longer watched.
    assert "looking back" in present(back.locator("#whoami").text_content())
    assert not host.errors and not back.errors
