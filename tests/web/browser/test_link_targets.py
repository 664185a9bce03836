"""On a 390 x 844 touch phone every visible link and control of the lobby, a game's page, a
tournament's, an arena's, a simul's, a club's and an account's pages is at least 24 x 24 CSS pixels
(WCAG 2.2's 2.5.8, target size minimum): a plain link's box was its words' height, 16 to 21 px
(the lobby's "Leaderboards", "Puzzles", "Today's puzzle" and "Score a kingdom", the tournaments
listed, a standings table's names, "Back to the lobby"). The padding that makes them 24 px moves
no line: the lobby is as long as it was."""

from __future__ import annotations

import itertools
import secrets
import time
from typing import Any

from playwright.sync_api import Browser
from tests.web.browser.pages import ARTIFACTS, LivePage, api_game, log_in_new, new_page

#: Each visible link or control smaller than 24 px either way (a check box measured by its label,
#: which is its target), with what it is.
UNDER_24 = """() => {
  const small = [];
  for (const control of document.querySelectorAll(
      'a[href], button, input:not([type=hidden]), select, summary, [role=button]')) {
    const c = (control.matches('[type=checkbox], [type=radio]') && control.closest('label')) || control;
    if (c.closest('svg, .visually-hidden, [hidden]') || getComputedStyle(c).visibility === 'hidden') continue;
    const box = c.getBoundingClientRect();
    if (!box.width || !box.height || (box.width >= 24 && box.height >= 24)) continue;
    const words = (c.textContent || c.getAttribute('aria-label') || '').trim().slice(0, 30);
    const what = c.tagName.toLowerCase() + (c.id ? '#' + c.id : '');
    small.push(`${what} "${words}" ${Math.round(box.width)}x${Math.round(box.height)}`);
  }
  return small;
}"""


#: The main part's height, and its height with the links' padding taken off.
HEIGHTS = """() => {
  const main = document.querySelector('main');
  const before = main.getBoundingClientRect().height;
  for (const link of main.querySelectorAll('a')) link.style.setProperty('padding-block', '0px', 'important');
  return [before, main.getBoundingClientRect().height];
}"""


def posted(page: LivePage, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    """``page``'s account posts ``body`` to ``path`` as its page would: the answer."""
    answer = page.request.post(page.base_url + path, data=body or {}, headers={"Origin": page.base_url})
    assert answer.ok, answer.text()
    found: dict[str, Any] = answer.json()
    return found


def targets_a_finger_wide(page: LivePage, path: str, ready: str, screen: str) -> None:
    """``path`` opened on ``page``, once ``ready`` is shown: no link or control under 24 px."""
    page.goto(page.base_url + path)
    page.wait_for_selector(ready)
    page.screenshot(path=str(ARTIFACTS / f"link-targets-{screen}.png"), full_page=True)
    assert page.evaluate(UNDER_24) == [], screen


def test_every_link_and_control_is_at_least_24_px_on_a_phone(browser: Browser, live_server: str) -> None:
    page = new_page(browser, live_server, 390, 844, touch=True, mobile=True)
    page.goto(live_server + "/")
    page.wait_for_selector("#guest-leaderboards")
    assert page.evaluate(UNDER_24) == [], "the lobby of a guest"
    grown, unpadded = page.evaluate(HEIGHTS)
    assert grown == unpadded, "the links' padding made the lobby longer"
    name = log_in_new(page, live_server, "Tapa")
    club = f"Thumbs{secrets.token_hex(2)}"
    posted(page, "/api/clubs", {"name": club, "admission": "open"})
    starts = int(time.time()) // 60 * 60 + 7200
    swiss = {"name": "Thursday", "game": "kingdomino", "format": "swiss", "rounds": 3, "starts_at": starts}
    swiss_id = posted(page, "/api/tournaments", {**swiss, "time_control": {"kind": "days", "days": 1}})["id"]
    five = {"kind": "game", "minutes": 5}
    arena = {"name": "Arena", "game": "duel", "format": "arena", "minutes": 20, "time_control": five}
    arena_id = posted(page, "/api/tournaments", arena)["id"]
    simul = {"game": "kingdomino", "time_control": {"kind": "game", "minutes": 30}, "first": "alternate"}
    simul_id = posted(page, "/api/simuls", simul)["id"]
    game_id, token = api_game(live_server, "kingdomino", 3)
    try:
        pages = (
            ("/", "#to-scorer", "lobby"),
            (f"/game/{game_id}?token={token}", "#your-turn", "game"),
            (f"/tournament/{swiss_id}", "#tournament-start", "tournament"),
            (f"/tournament/{arena_id}", "#arena-state", "arena"),
            (f"/simul/{simul_id}", "#simul-all", "simul"),
            (f"/club/{club}", "#club-members", "club"),
            ("/account/preferences", "#pref-challenges", "preferences"),
            (f"/player/{name}", "#player-games", "player"),
        )
        for path, ready, screen in pages:
            targets_a_finger_wide(page, path, ready, screen)
        assert not page.errors, page.errors
    finally:
        posted(page, f"/api/tournaments/{swiss_id}/cancel")
        posted(page, f"/api/tournaments/{arena_id}/cancel")
        posted(page, f"/api/simuls/{simul_id}/cancel")


def narrow_account(page: LivePage) -> str:
    """An account of a two-letter name of narrow letters (``ii``, ``ij``...: 8 to 12 px of words)
    made and logged in on ``page``: its name. Names taken, or reading as one taken, are passed by."""
    for first, second in itertools.product("ijlrtf", repeat=2):
        name = first + second
        body = {"name": name, "password": "a long enough password"}
        origin = {"Origin": page.base_url}
        made = page.request.post(page.base_url + "/api/accounts", data=body, headers=origin)
        if made.ok:
            return name
    raise AssertionError("every narrow name is taken")


def test_a_short_names_link_is_24_px_wide_on_a_phone(browser: Browser, live_server: str) -> None:
    page = new_page(browser, live_server, 390, 844, touch=True, mobile=True)
    page.goto(live_server + "/")
    name = narrow_account(page)
    club = f"Short{secrets.token_hex(2)}"
    posted(page, "/api/clubs", {"name": club, "admission": "open"})
    page.goto(f"{live_server}/club/{club}")
    link = page.locator(f'#club-members a[href="/player/{name}"]')
    link.wait_for()
    page.screenshot(path=str(ARTIFACTS / "link-targets-short-name.png"), full_page=True)
    box = link.bounding_box()
    assert box is not None
    width, height = box["width"], box["height"]
    assert width >= 24 and height >= 24, (name, width, height)
    assert page.evaluate(UNDER_24) == [], "a club of a short name"
    grown, unpadded = page.evaluate(HEIGHTS)
    assert grown == unpadded, "the links' padding made the club's page longer"
    assert not page.errors, page.errors
