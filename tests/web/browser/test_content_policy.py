"""The app's pages run under their Content-Security-Policy without one violation, and no other
site can frame them (``web/security_headers.py``).

The policy allows only the app's own scripts and styles: a style attribute written by a script
(``setAttribute("style", ...)``) is refused by the browser, so the pages set styles through the
element's ``style`` object or the style sheet. Every page fixture also fails a test on any console
error, which is where a violation is reported; this test listens for the violations themselves.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser
from tests.web.browser.moderation_evening import an_evening
from tests.web.browser.pages import LivePage, create_game, finish_through_the_api, log_in_new, new_page

from kingdomino.web.page_link import SOCKET_IDLE_SECONDS

#: Collects the page's Content-Security-Policy violations as they happen.
LISTEN = """window.__violations = [];
document.addEventListener('securitypolicyviolation',
  (e) => window.__violations.push(`${e.violatedDirective}: ${e.blockedURI} ${e.sample}`));"""


def violations(page: LivePage) -> list[str]:
    return list(page.evaluate("window.__violations"))


@pytest.mark.parametrize(("game", "mode"), [("kingdomino", None), ("duel", None), ("origins", "tribe")])
def test_every_screen_breaks_no_rule_of_the_policy(
    browser: Browser, live_server: str, game: str, mode: str | None
) -> None:
    """The lobby, a game of each kind, its end, replay and review, and the scorer, with the policy
    enforced (the other browser tests' pages ignore it, for the tests' own scripts)."""
    page = new_page(browser, live_server, enforce_csp=True)
    page.add_init_script(LISTEN)
    create_game(page, game, mode=mode)
    page.wait_for_selector("#sprite", state="attached")
    assert page.evaluate("getComputedStyle(document.querySelector('#sprite')).position") == "absolute"
    assert violations(page) == []
    finish_through_the_api(page)
    page.click("#replay")
    page.wait_for_selector("#replay-step")
    assert violations(page) == []
    page.goto(live_server + "/score")
    page.wait_for_selector("svg.scorer-grid")
    assert page.evaluate("document.querySelector('svg.scorer-grid').style.minWidth").endswith("px")
    assert violations(page) == []
    assert not page.errors, page.errors


@pytest.mark.socket_idle_seconds(SOCKET_IDLE_SECONDS)  # a server of its own, over ``database``
def test_the_moderators_pages_break_no_rule_of_the_policy(
    browser: Browser, live_server: str, database: str
) -> None:
    """The queue, a cheating report with its fair-play evidence and a renamed report, a rename put
    back from it, with the policy enforced."""
    page = new_page(browser, live_server, enforce_csp=True)
    page.add_init_script(LISTEN)
    evening = an_evening(database, log_in_new(page, live_server, "Mona"))
    page.goto(f"{live_server}/moderation")
    page.wait_for_selector("#moderation-queue .moderation-item-done")
    assert violations(page) == []
    page.goto(f"{live_server}/moderation/{evening.cheating}")
    page.wait_for_selector("#fairplay-games .fairplay-game")
    assert violations(page) == []
    page.goto(f"{live_server}/moderation/{evening.renamed}")
    page.click("#moderation-rename-back-send")
    page.wait_for_selector("#moderation-done li:nth-child(3)")
    assert violations(page) == []
    assert not page.errors, page.errors


def test_another_site_cannot_frame_the_lobby(browser: Browser, live_server: str) -> None:
    page = new_page(browser, live_server, enforce_csp=True)
    page.set_content(f'<iframe id="frame" src="{live_server}/"></iframe>')

    def refused() -> list[str]:
        return [error for error in page.errors if "frame-ancestors" in error or "X-Frame-Options" in error]

    for _ in range(200):  # the browser reports the refusal once the frame's answer has come
        if refused():
            break
        page.wait_for_timeout(50)
    assert refused(), page.errors
    assert page.frame_locator("#frame").locator("#create").count() == 0
