"""The lobby's tournament card drawn from the latest of its answers (``static/tournament-card.js``):
the account card says "logged out" before it knows who is logged in, then says it; the card's
answer for "logged out", come last on a loaded machine, drew "log in to organise" over the
organiser's form a logged-in player was filling."""

from __future__ import annotations

from playwright.sync_api import Browser, Route, expect
from tests.web.browser.pages import log_in_new, new_page, wait_for_count


def test_a_late_answer_for_logged_out_leaves_the_organisers_form(browser: Browser, live_server: str) -> None:
    page = new_page(browser, live_server)
    log_in_new(page, live_server, "Kira")
    # The card's first look and its look for "logged out" are asked as the lobby is drawn, before
    # any answer; the look for Kira (and the account's seats awaiting, asked of the same list) once
    # the account card knows her. The look for "logged out" is answered last.
    held: list[Route] = []
    passing = {"on": False}

    def hold(route: Route) -> None:
        if passing["on"]:
            route.continue_()
        else:
            held.append(route)

    page.route("**/api/tournaments", hold)
    page.goto(live_server + "/")
    page.wait_for_selector("#logged-in")
    wait_for_count(page, held, 3)
    passing["on"] = True
    for route in [held[0], *held[2:]]:
        route.continue_()
    page.locator("#tournaments summary").click()
    expect(page.locator("#tournament-name")).to_be_visible()
    with page.expect_response("**/api/tournaments") as late:
        held[1].continue_()
    late.value.finished()
    # Its answer read and acted on by the page's next frames.
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    expect(page.locator("#organise")).not_to_contain_text("Log in")
    expect(page.locator("#tournament-name")).to_be_visible()
    assert not page.errors, page.errors
