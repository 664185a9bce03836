"""A player reviewing their own game walks their own marked moves with "Next marked move": it
walked every seat's, the opponent's mistakes between their own. The review here gets one marked
move said to be the other seat's (a human's opponent's: the AI's are not reviewed), which the walk
must pass by."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Route
from tests.web.browser.pages import ARTIFACTS, review_of_a_finished_game


def test_next_marked_move_walks_the_viewer_s_own_marks(browser: Browser, live_server: str) -> None:
    page = review_of_a_finished_game(browser, live_server)
    theirs: list[int] = []
    own: list[int] = []

    def one_mark_theirs(route: Route) -> None:
        answer = route.fetch()
        review: dict[str, Any] = answer.json()
        marked = [move for move in review.get("moves", []) if move.get("mark")]
        marked[0]["seat"] = 1
        theirs[:] = [marked[0]["index"]]
        own[:] = sorted(move["index"] for move in marked[1:])
        route.fulfill(response=answer, json=review)

    page.route("**/api/games/*/review", one_mark_theirs)
    page.reload()
    page.wait_for_selector("#replay, #replay-step")
    if page.locator("#replay-step").count() == 0:
        page.click("#replay")
    page.wait_for_function("document.querySelector('#review-next')?.disabled === false", timeout=120000)
    assert theirs and own, "the game's review marked fewer than two moves"
    walked = []
    for _ in own:
        before = page.locator("#replay-step").input_value()
        page.click("#review-next")
        page.wait_for_function(f"document.querySelector('#replay-step').value !== '{before}'")
        walked.append(int(page.locator("#replay-step").input_value()))
    assert walked == own, (walked, own, theirs)
    page.screenshot(path=str(ARTIFACTS / "review-own-marks.png"))
    assert not page.errors, page.errors
