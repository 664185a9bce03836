"""A link to a replay's move (``replay-link.js``): a coach stops on a marked move, sends the link
to her club, and whoever opens it, without an account, sees the replay at that very move; the
page's address follows the step, so that a reload and the browser's Back from a game played on
from there come back to the same move."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import (
    ARTIFACTS,
    OVERFLOW,
    new_page,
    review_of_a_finished_game,
    to_next_marked_move,
)

#: The replay's caption at step N, in English.
AT_STEP = "document.querySelector('#replay-label')?.textContent.includes('step {step} of')"


def test_a_replays_move_has_a_link_that_opens_the_replay_there(browser: Browser, live_server: str) -> None:
    """The replay's address and the share card's step link follow the step (the keys' too); its
    copy button copies the step shown, and the arrows step on from its field; the link opens the
    replay at that step on a phone that never saw the game, with the review's better move drawn;
    the first step has no link of its own."""
    coach = review_of_a_finished_game(browser, live_server, width=1280, height=720, locale="uk")
    coach.context.grant_permissions(["clipboard-read", "clipboard-write"])
    game_id = coach.url.split("/game/")[1].split("/")[0]
    expect(coach.locator("#replay-step-link")).to_be_hidden()
    coach.click("#review-next")
    coach.wait_for_function("document.querySelector('#replay-label')?.textContent.includes('Оцінений тут')")
    step = int(coach.locator("#replay-step").input_value())
    address = f"{live_server}/game/{game_id}/replay?step={step}"
    coach.keyboard.press("ArrowRight")
    coach.wait_for_url(f"**/replay?step={step + 1}")
    coach.keyboard.press("ArrowLeft")
    coach.wait_for_url(address)
    expect(coach.locator("#replay-step-link input")).to_have_value(address)
    expect(coach.locator("#replay-step-link label")).to_contain_text(f"крок {step} з")
    coach.click("#replay-step-link button.copy")
    expect(coach.locator("#replay-step-link button.copy")).to_have_text("Скопійовано")
    assert coach.evaluate("navigator.clipboard.readText()") == address
    coach.locator("#replay-step-link").scroll_into_view_if_needed()
    coach.screenshot(path=str(ARTIFACTS / "replay-step-link-uk.png"))
    # The copy leaves the focus in the link's field: the arrows still step on.
    coach.keyboard.press("ArrowRight")
    coach.wait_for_url(f"**/replay?step={step + 1}")
    expect(coach.locator("#replay-step-link button.copy")).to_have_text("Копіювати")
    assert not coach.errors, coach.errors

    parent = new_page(browser, live_server, 390, 844, touch=True)
    parent.goto(address)
    parent.wait_for_function(AT_STEP.format(step=step))
    assert parent.locator("#replay-step").input_value() == str(step)
    parent.wait_for_function("document.querySelector('#review-note')?.textContent.includes('Better:')")
    expect(parent.locator("#board .hint-mark, #board .hinted").first).to_be_attached()
    assert not parent.evaluate(OVERFLOW)
    parent.screenshot(path=str(ARTIFACTS / "replay-step-link-opened-phone.png"))
    parent.reload()
    parent.wait_for_function(AT_STEP.format(step=step))
    assert not parent.errors, parent.errors


def test_back_from_a_game_played_on_comes_back_to_the_move(browser: Browser, live_server: str) -> None:
    """ "Play on from here" opens a new game; the browser's Back opened the replay at its first step,
    the move tried lost: it comes back to that move. Leaving the replay for the end screen takes its
    step link away."""
    page = review_of_a_finished_game(browser, live_server)
    game_id = page.url.split("/game/")[1].split("/")[0]
    to_next_marked_move(page)
    step = page.locator("#replay-step").input_value()
    page.click("#replay-play-on")
    page.wait_for_url(lambda url: "/game/" in url and game_id not in url)
    page.go_back()
    page.wait_for_function(f"document.querySelector('#replay-step')?.value === '{step}'")
    page.wait_for_function(AT_STEP.format(step=step))
    assert page.url.endswith(f"/game/{game_id}/replay?step={step}")
    page.click("#replay-back")
    page.wait_for_selector("#ranking")
    assert page.url.endswith(f"/game/{game_id}")
    expect(page.locator("#replay-step-link")).to_have_count(0)
    assert not page.errors, page.errors


def test_a_refused_address_change_still_draws_the_step(browser: Browser, live_server: str) -> None:
    """Safari refuses more than 100 address changes in 30 s (an arrow key held down) by throwing:
    the step is drawn all the same, its link following it, the address left behind."""
    page = review_of_a_finished_game(browser, live_server)
    refuse = "() => { history.replaceState = () => { throw new DOMException('Too many'); }; }"
    page.evaluate(refuse)
    page.keyboard.press("End")
    last = page.evaluate("document.querySelector('#replay-step').max")
    page.wait_for_function(AT_STEP.format(step=last))
    expect(page.locator("#replay-step-link input")).to_have_value(re.compile(f"replay\\?step={last}$"))
    assert page.url.endswith("/replay") and not page.errors, page.errors
