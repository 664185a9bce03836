"""A bot is challenged from its page, as a person is, and its decline's reason is shown: Kira
challenges Robo (a bot's account) from Robo's page, which says how a bot answers; Robo declines
(busy with its other games, ``later``), and Kira's game page and lobby both say so, with the
reason, in her language (the API's tests: test_bot_challenges.py)."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import quote

import httpx
import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import LivePage, log_in_new, new_page, starting

#: Where the screenshots of the pages a decline shows go (looked at by a person, not compared).
SHOTS = "/tmp/shots/botdoor"


@contextmanager
def a_bot(live_server: str) -> Iterator[tuple[str, httpx.Client]]:
    """A new bot's account, and a client logged in to it."""
    name = f"Robo{secrets.token_hex(3)}"
    with httpx.Client(base_url=live_server, headers={"Origin": live_server}, timeout=30) as http:
        login = {"name": name, "password": "a bot's long password", "bot": True}
        made = http.post("/api/accounts", json=login)
        assert made.status_code == 201, made.text
        yield name, http


def challenge_from_its_page(page: LivePage, live_server: str, robo: str) -> str:
    """``page``'s player challenges ``robo`` from its page: the challenge's id."""
    page.goto(f"{live_server}/player/{quote(robo)}")
    page.wait_for_selector("#challenge-form")
    page.click("#challenge-button")
    page.wait_for_url(f"{live_server}/game/*")
    page.wait_for_selector("#waiting-players")
    return page.url.rsplit("/", 1)[1]


@pytest.mark.parametrize(("width", "height", "shot"), [(1366, 900, "desktop"), (360, 740, "phone")])
def test_a_bot_challenged_from_its_page_declines_and_says_why(
    browser: Browser, live_server: str, width: int, height: int, shot: str
) -> None:
    touch = shot == "phone"
    kira = new_page(browser, live_server, width=width, height=height, touch=touch)
    log_in_new(kira, live_server, "Kira")
    state = kira.context.storage_state()  # her other tab, the lobby
    lobby = new_page(browser, live_server, width=width, height=height, touch=touch, storage_state=state)
    with a_bot(live_server) as (robo, bot):
        kira.goto(f"{live_server}/player/{quote(robo)}")
        about = kira.locator("#challenge p.small")
        about.wait_for()
        expect(about).to_have_text(
            starting(f"{robo} is a bot: while it runs, it answers at once"), use_inner_text=True
        )
        kira.screenshot(path=f"{SHOTS}/bot-page-{shot}.png", full_page=True)
        lobby.goto(live_server + "/")
        lobby.wait_for_selector("#logged-in")
        game_id = challenge_from_its_page(kira, live_server, robo)
        lobby.locator(f"#challenge-list li[data-id='{game_id}']").wait_for()
        declined = bot.post(f"/api/challenges/{game_id}/decline", json={"reason": "later"})
        assert declined.status_code == 200, declined.text
    said = kira.locator("#expired")
    said.wait_for()
    expect(said).to_have_text(
        f"{robo} declined the challenge: the game was called off. Busy with other games: try again later.",
        use_inner_text=True,
    )
    kira.screenshot(path=f"{SHOTS}/declined-game-{shot}.png", full_page=True)
    ended = lobby.locator(f"#challenges-ended li[data-id='{game_id}']")
    ended.wait_for()
    expect(ended).to_have_text(
        f"{robo} declined your challenge. Busy with other games: try again later.", use_inner_text=True
    )
    lobby.screenshot(path=f"{SHOTS}/declined-lobby-{shot}.png", full_page=True)
    assert not kira.errors and not lobby.errors
