"""Kingdomino TV (``static/tv.js``): /tv goes to the best game being played at its watch link,
marked as TV; once that game is over the page goes back to TV for the next one by itself, unless
its spectator chose to stay; an unknown channel is said."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, new_page
from tests.web.browser.test_watch import public_game

#: Generous: the next game comes 10 s (tv.js NEXT_SECONDS) after the end is seen.
NEXT_DEADLINE_MS = 40_000


def resign(base: str, game_id: str, token: str) -> None:
    answer = httpx.post(f"{base}/api/games/{game_id}/resign", json={"token": token}, timeout=30)
    assert answer.status_code == 200, answer.text


def test_tv_shows_a_game_then_the_next_once_it_is_over(browser: Browser, live_server: str) -> None:
    public_game(live_server)  # at least one game being played, whatever other tests play
    sam = new_page(browser, live_server, width=1280, height=900)
    sam.goto(live_server + "/")
    sam.click("#tv-link")
    sam.wait_for_url(re.compile(r"/game/\w+/watch\?tv=$"))
    expect(sam.locator("#tv-strip")).to_contain_text("the best-rated game being played now")
    sam.screenshot(path=str(ARTIFACTS / "tv-1280.png"))
    # A game of its own on the Duel channel, followed to its end and on to the channel's next.
    game = public_game(live_server)
    sam.goto(f"{live_server}/game/{game['id']}/watch?tv=duel")
    expect(sam.locator("#tv-strip")).to_be_visible()
    resign(live_server, game["id"], game["tokens"][0])
    expect(sam.locator("#tv-words")).to_contain_text(re.compile(r"This game is over: the next one in \d+ s"))
    sam.wait_for_url(
        lambda url: game["id"] not in url and bool(re.search(r"/tv/duel$|/game/\w+/watch\?tv=duel$", url)),
        timeout=NEXT_DEADLINE_MS,
    )


def test_a_spectator_who_stays_keeps_the_game_and_a_wrong_channel_is_said(
    browser: Browser, live_server: str
) -> None:
    game = public_game(live_server)
    sam = new_page(browser, live_server, width=360, height=740)
    sam.goto(f"{live_server}/game/{game['id']}/watch?tv=")
    sam.click("#tv-stay")
    expect(sam.locator("#tv-strip")).to_have_count(0)
    assert sam.url.endswith(f"/game/{game['id']}/watch")
    resign(live_server, game["id"], game["tokens"][1])
    expect(sam.locator("#status")).to_contain_text(re.compile(r"\S"))
    sam.wait_for_timeout(12_000)  # longer than TV's wait: a page that stayed is not moved
    assert sam.url.endswith(f"/game/{game['id']}/watch")
    sam.goto(live_server + "/tv/chess")
    expect(sam.locator("#tv-none")).to_have_text("TV has no such channel: choose one above.")
    expect(sam.locator(".tv-channels a")).to_have_count(4)
    sam.screenshot(path=str(ARTIFACTS / "tv-no-channel-360.png"))
