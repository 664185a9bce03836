"""Friends online, each in their own browser: who is at the table now, marked by each other
player's name the moment a page opens or closes; one seat open in two windows (both play, both
say so); and a seat handed to an AI while its player was away, said so, even to a page of that
player's opened only afterwards."""

from __future__ import annotations

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, new_page, present
from tests.web.browser.test_online import invite_boris, online_game_of_two
from tests.web.conftest import live_app, served_in_a_thread
from tests.web.servers import free_port

#: The note of whose seat an AI took over, and why.
NOTE = "document.querySelector('#handover-note:not([hidden])')?.textContent || ''"


def test_each_player_sees_who_is_at_the_table_the_moment_a_page_opens_or_closes(
    browser: Browser, live_server: str
) -> None:
    """Anna sees Boris away until he opens his link (on a phone, in Hungarian), at the table then,
    and away again the moment he closes it; his page marks her at the table, on one line of his phone."""
    host, link = invite_boris(browser, live_server)
    host.wait_for_selector("#presence-1.gone")
    assert host.locator("#presence-1").inner_text().strip() == "○ Boris away"
    expect(host.locator("#presence-0")).to_have_count(0)  # her own seat: she knows she is here
    guest = new_page(browser, live_server, 390, 844, locale="hu", touch=True)
    guest.goto(link)
    host.wait_for_selector("#presence-1.here")
    assert host.locator("#presence-1").inner_text().strip() == "● Boris at the table"
    guest.wait_for_selector("#presence-0.here")
    assert guest.locator("#presence-0").inner_text().strip() == "● Anna az asztalnál"
    box = present(guest.locator("#presence").bounding_box())
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["height"] < 40, box
    guest.screenshot(path=str(ARTIFACTS / "presence-phone.png"))
    assert not guest.errors
    guest.close()
    host.wait_for_selector("#presence-1.gone")
    host.screenshot(path=str(ARTIFACTS / "presence-away.png"))
    assert not host.errors


def test_a_game_aborted_no_longer_says_who_is_at_the_table(browser: Browser, live_server: str) -> None:
    """Boris aborts before anyone moved: the game is over for both pages, which stop marking the
    other player at the table (as a finished game's end screen does)."""
    host, guest, _ = online_game_of_two(browser, live_server)
    for page in (host, guest):
        page.wait_for_selector("#presence:not([hidden])")
    guest.on("dialog", lambda dialog: dialog.accept())
    guest.click("#abort")
    for page in (host, guest):
        page.wait_for_selector("#aborted")
        page.wait_for_selector("#presence", state="hidden")
    guest.screenshot(path=str(ARTIFACTS / "presence-aborted.png"))
    assert not host.errors and not guest.errors


def test_a_seat_open_in_two_windows_plays_in_both_and_both_say_so(browser: Browser, live_server: str) -> None:
    """Boris opens his link on his laptop and on his phone: both pages play his seat and both say
    it is open in the other window; closing one, the other stops saying it. Anna is not told."""
    host, link = invite_boris(browser, live_server)
    laptop = new_page(browser, live_server)
    laptop.goto(link)
    laptop.wait_for_selector("#your-turn, #waiting")
    expect(laptop.locator("#elsewhere-note")).to_be_hidden()
    phone = new_page(browser, live_server, 390, 844, touch=True)
    phone.goto(link)
    for page in (laptop, phone):
        page.wait_for_selector("#elsewhere-note:not([hidden])")
        expect(page.locator("#elsewhere-note")).to_contain_text(
            "also open in another window", use_inner_text=True
        )
        assert "Boris (player 2)" in present(page.locator("#whoami").text_content())
    # Both play: the one whose turn it is shows it in both windows.
    assert laptop.locator("#your-turn").count() == phone.locator("#your-turn").count()
    phone.screenshot(path=str(ARTIFACTS / "presence-two-windows-phone.png"))
    expect(host.locator("#elsewhere-note")).to_be_hidden()
    phone.close()
    laptop.wait_for_selector("#elsewhere-note", state="hidden")
    assert not laptop.errors and not host.errors


def test_a_seat_handed_over_while_away_says_so_even_to_a_page_opened_after(
    browser: Browser, database: str
) -> None:
    """Bela is away when his turn comes; Anna lets an AI play for him. Her page says he was away
    (not that he left); his link, opened only afterwards on his phone, says his seat was handed
    to an AI because he was away, though that page never saw it his."""
    app = live_app(database, away_seconds=0)
    with served_in_a_thread(app, free_port()) as base:
        seats = [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bela"}]
        made = httpx.post(
            f"{base}/api/games", json={"game": "kingdomino", "players": 2, "seats": seats}, timeout=30
        ).json()
        tokens = [seat["token"] for seat in made["seats"]]
        away = httpx.get(f"{base}/api/games/{made['id']}", params={"token": tokens[0]}, timeout=30).json()[
            "current_player"
        ]
        stays = 1 - away
        other = new_page(browser, base)
        other.goto(f"{base}/game/{made['id']}?token={tokens[stays]}")
        other.wait_for_selector("#waiting")
        taken = httpx.post(
            f"{base}/api/games/{made['id']}/seats/{away + 1}/ai", json={"token": tokens[stays]}, timeout=30
        )
        assert taken.status_code == 200, taken.text
        name, by = seats[away]["name"], seats[stays]["name"]
        other.wait_for_function(f"({NOTE}).includes('was away')")
        told = other.locator("#handover-note").inner_text()
        assert f"{name} was away, so an AI plays {name}'s seat from here on (AI, medium)" in told, told
        assert "left" not in told, told
        late = new_page(browser, base, 390, 844, touch=True)
        late.goto(f"{base}/game/{made['id']}?token={tokens[away]}")
        late.wait_for_function(f"({NOTE}).includes('You were away')")
        told = late.locator("#handover-note").inner_text()
        assert (
            "You were away, so another player let an AI play your seat from here on (AI, medium)" in told
        ), told
        expect(late.locator("#whoami")).not_to_contain_text(by, use_inner_text=True)  # he watches now
        late.screenshot(path=str(ARTIFACTS / "presence-handed-over-away.png"))
        assert not late.errors and not other.errors
