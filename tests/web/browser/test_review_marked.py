"""The review's "Next marked move": the move judged and the better one, together, on the position
they were chosen in. The caption and the lit log line named the event before it while the verdict
spoke of the next move, the move played was never drawn, and a better placement was an empty outline."""

from __future__ import annotations

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, present, review_of_a_finished_game, to_next_marked_move


def test_a_marked_move_shows_the_move_played_beside_the_better_one(
    browser: Browser, live_server: str
) -> None:
    page = review_of_a_finished_game(browser, live_server)
    for _ in range(6):
        to_next_marked_move(page)
        note = page.locator("#review-note").text_content() or ""
        label = page.locator("#replay-label").text_content() or ""
        current = page.locator("#log li.current")
        judged = label.split("Judged here: ", 1)[1]
        assert note.startswith(judged), (label, note)  # the caption names the move the verdict judges
        assert current.count() == 1 and judged in (current.text_content() or "")
        expect(current.locator(".review-mark")).to_have_count(1)
        if "marked on the board" not in note:
            continue
        # Both moves on the board: the one played (orange) and the better one (blue).
        expect(page.locator("#board .played-mark, #board .domino.played")).to_have_count(1)
        assert page.locator("#board .hint-mark, #board .domino.hinted").count() >= 1
        if judged.startswith("You placed"):
            # The better placement is the domino drawn in its terrains, not an empty outline.
            assert page.locator("#board .hint-mark-domino g").count() >= 2
            page.locator("#board").screenshot(path=str(ARTIFACTS / "review-played-and-better.png"))
    assert not page.errors


def test_a_phones_step_bar_says_the_verdict_over_the_board(browser: Browser, live_server: str) -> None:
    """On a phone the review's words are a screen above the board: looking at the better move drawn
    there, a student saw the move played in the step bar kept in view, and not what was wrong with
    it. The bar says the verdict beside it, flagged as in the log; nothing at a step not marked."""
    page = review_of_a_finished_game(browser, live_server, width=390, height=844, touch=True)
    to_next_marked_move(page)
    flag = page.locator("#log li.current .review-mark").text_content() or ""
    verdict = page.locator("#replay-verdict")
    expect(verdict).to_have_text(f"{flag.split()[0]} {flag.split(maxsplit=1)[1]}")
    page.locator("#board .kingdom.mine").scroll_into_view_if_needed()
    box = present(verdict.bounding_box())
    assert box["y"] >= 0 and box["y"] + box["height"] <= 844, box
    page.screenshot(path=str(ARTIFACTS / "review-verdict-phone.png"))
    page.click("#replay-first")
    page.wait_for_function("document.querySelector('#replay-step')?.value === '0'")
    expect(verdict).to_have_text("")
    assert not page.errors, page.errors
