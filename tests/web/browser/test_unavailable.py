"""A request the server could not serve for a passing reason (503 ``unavailable`` with
``Retry-After``) is sent again by the page, which says so meanwhile (``server.js``)."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import new_page


def test_the_lobby_creates_its_game_after_the_server_was_unavailable_once(
    browser: Browser, live_server: str
) -> None:
    page = new_page(browser, live_server)
    refusals: list[str] = []

    def unavailable_once(route: Any) -> None:
        if refusals:
            route.continue_()
            return
        refusals.append(route.request.url)
        body = {
            "error": {
                "field": "server",
                "message": "the database cannot be reached or written; try again in 1 s",
                "code": "unavailable",
                "values": {"seconds": 1},
            }
        }
        route.fulfill(
            status=503, headers={"Retry-After": "1"}, content_type="application/json", body=json.dumps(body)
        )

    page.route("**/api/games", unavailable_once)
    page.goto(live_server + "/")
    page.click("#create")
    notice = page.locator("#server-notice")
    notice.wait_for(state="visible")
    expect(notice).to_have_text("The server cannot answer just now: trying again in 1 s…")
    page.wait_for_url("**/game/*")
    page.wait_for_selector("#your-turn, #winner")
    assert len(refusals) == 1
    expect(notice).to_have_text("")
    assert not page.errors or all("503" in error for error in page.errors), page.errors
