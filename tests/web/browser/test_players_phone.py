"""The players' pages, the leaderboards and the account's games on a phone and a laptop, in
languages whose game names are long words: a name wraps between its words, never inside one (a
phone showed "Kingd/omin/o", "Королівств/о")."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page
from tests.web.browser.pages import new_page
from tests.web.browser.test_players import PASSWORD, account, rated_game_played
from tests.web.conftest import create, free_port, live_app, served_in_a_thread

#: Where the screenshots go, to be looked at (outside the checkout).
SHOTS = Path("/tmp/phone-players")

#: Each word of the given elements' text, broken over two lines: a word's range has boxes at
#: more than one height.
BROKEN_WORDS = """(selector) => {
  const broken = [];
  for (const box of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.textContent.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const boxes = [...range.getClientRects()].filter((r) => r.width > 0);
        const tops = new Set(boxes.map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(word[0]);
      }
    }
  }
  return broken;
}"""

#: The texts that name games and pools on the pages looked at.
NAMED = "td, th, li, .pool-tab, h1, h2, h3"

SIZES = {"phone": (390, 844), "laptop": (1366, 768)}


def looked_at(page: Page, name: str) -> list[str]:
    """The words broken on the page, its screenshot taken."""
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    broken: list[str] = page.evaluate(BROKEN_WORDS, NAMED)
    return broken


@pytest.mark.parametrize("language", ["en", "hu", "uk"])
def test_game_names_wrap_between_words_on_a_phone_and_a_laptop(
    browser: Browser, database: str, language: str
) -> None:
    app = live_app(database)
    with served_in_a_thread(app, free_port()) as base:
        (rosa, rosa_client), (_, other) = account(base), account(base)
        rated_game_played(base, app, [rosa_client, other])
        with httpx.Client(base_url=base, timeout=30) as guest:
            playing = create(guest, seats=[{"kind": "human", "online": True}] * 2, seed=None)  # type: ignore[arg-type]
        token = playing["seats"][0]["token"]
        rosa_client.post("/api/account/games/claim", json={"games": [{"id": playing["id"], "token": token}]})
        deadline = time.monotonic() + 60
        while not rosa_client.get(f"/api/players/{rosa}").json()["ratings"]:
            assert time.monotonic() < deadline, "the rated game was not recorded"
            time.sleep(0.05)
        broken: dict[str, list[str]] = {}
        for size, (width, height) in SIZES.items():
            page = new_page(browser, base, width=width, height=height, locale=language, touch=size == "phone")
            page.goto(f"{base}/player/{rosa}")
            page.wait_for_selector("#player-games li")
            broken[f"player-{language}-{size}"] = looked_at(page, f"player-{language}-{size}")
            page.goto(f"{base}/leaderboards/kingdomino-2")
            page.wait_for_selector("#provisional-leaders")
            broken[f"leaderboard-{language}-{size}"] = looked_at(page, f"leaderboard-{language}-{size}")
            page.goto(base + "/")
            page.fill("#account-name", rosa)
            page.fill("#account-password", PASSWORD)
            page.click("#log-in")
            page.wait_for_selector("#account-games a.game-link")
            broken[f"account-{language}-{size}"] = looked_at(page, f"account-{language}-{size}")
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
            assert not page.errors, page.errors
        assert not any(broken.values()), broken
        rosa_client.close()
        other.close()
