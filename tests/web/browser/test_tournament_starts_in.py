"""A tournament's and an arena's page say how soon they start beside the moment, in the page's
language and its plural forms, and count down while the page stays open: the page said "Starts
at 1 Dec 2026, 19:30" and left the sum to the player. The words are no live region, so a screen
reader is not told each minute."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, LivePage, log_in_new, new_page

#: language, format, seconds from now to the start, the words then, seconds the clock jumps on,
#: the words after.
COUNTED = {
    "en": ("swiss", 12 * 60 + 30, "(in 13 minutes)", 60, "(in 12 minutes)"),
    "bg": ("arena", 150, "(след 3 минути)", 120, "(след 1 минута)"),
    "ru": ("swiss", 21 * 60 + 30, "(через 22 минуты)", 60, "(через 21 минуту)"),
    "uk": ("arena", 5 * 3600, "(через 5 годин)", 3 * 3600 + 60, "(через 2 години)"),
    "hu": ("swiss", 3 * 86400 + 600, "(3 nap múlva)", 3 * 86400 + 600, "(bármelyik pillanatban)"),
}

#: The start's words, and whether they stand in a region a screen reader is told the changes of.
STARTS = """() => {
  const said = document.querySelector('#tournament-starts-in');
  return [said?.textContent, Boolean(said?.closest('[aria-live], [role=status], [role=alert], [role=log]'))];
}"""


def made(page: LivePage, form: str, starts: int) -> str:
    """A tournament of ``form`` starting at ``starts``, organised by ``page``'s account: its id."""
    body = {"name": "Friday", "game": "duel", "format": form, "starts_at": starts}
    if form == "arena":
        body.update(minutes=20, time_control={"kind": "game", "minutes": 5})
    else:
        body.update(rounds=3, time_control={"kind": "days", "days": 1})
    base = page.base_url
    answer = page.request.post(base + "/api/tournaments", data=body, headers={"Origin": base})
    assert answer.ok, answer.text()
    return str(answer.json()["id"])


@pytest.mark.parametrize("language", sorted(COUNTED))
def test_the_start_is_counted_down_in_the_page_s_language(
    browser: Browser, live_server: str, language: str
) -> None:
    form, ahead, before, runs, after = COUNTED[language]
    page = new_page(browser, live_server, 390, 844, locale=language, touch=True, mobile=True)
    log_in_new(page, live_server, "Mira")
    now = int(time.time())
    tournament_id = made(page, form, now + ahead)
    try:
        # The page's clock at the moment the start was counted from, its timers fired as the test jumps it on.
        page.clock.install(time=now)
        page.goto(f"{live_server}/tournament/{tournament_id}")
        page.wait_for_selector("#tournament-starts-in")
        words, told = page.evaluate(STARTS)
        assert words.endswith(before), words
        assert not told, "each minute's change is told to a screen reader"
        page.screenshot(path=str(ARTIFACTS / f"starts-in-{language}.png"))
        page.clock.fast_forward(runs * 1000)
        expect(page.locator("#tournament-starts-in")).to_have_text(f"{words.removesuffix(before)}{after}")
        assert not page.errors, page.errors
    finally:
        cancelled = page.request.post(
            f"{live_server}/api/tournaments/{tournament_id}/cancel", headers={"Origin": live_server}
        )
        assert cancelled.ok, cancelled.text()
