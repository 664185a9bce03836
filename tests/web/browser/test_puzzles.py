"""The puzzles' page (``static/puzzle.js``): a puzzle solved on its board as a game is played, the
answers' points and the best placement shown after it, the account's puzzle rating moved and on
its player's page; a guest's wrong answer on a phone, in Hungarian, with its streak."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, OVERFLOW, LivePage, axe_violations, log_in_new, new_page
from tests.web.browser.test_content_policy import LISTEN, violations

from kingdomino.puzzles.catalogue import Puzzle, shipped_kind


def anchor_of(action: str) -> str:
    """The square a placement's first half goes on ("place 2,1 E" -> "2,1")."""
    return action.split()[1]


def alone_at_its_square(puzzle: Puzzle, action: str) -> bool:
    """Whether ``action`` is the only legal placement from its square: one click (or a tap and
    "Place here") makes it, with no turning."""
    return sum(1 for a in puzzle.answers if anchor_of(a.action) == anchor_of(action)) == 1


def one_click_puzzle(wrong: bool = False) -> tuple[Puzzle, str]:
    """A puzzle and an answer made by one click: a best one, or (``wrong``) one below the best."""
    for puzzle in sorted(shipped_kind("kingdomino").values(), key=lambda p: p.id):
        for answer in puzzle.answers:
            if (answer.points < puzzle.best) == wrong and alone_at_its_square(puzzle, answer.action):
                return puzzle, answer.action
    raise AssertionError("no puzzle of the set is answered by one click")


def test_a_puzzle_solved_on_the_board_moves_the_account_s_puzzle_rating(page: LivePage) -> None:
    name = log_in_new(page, page.base_url, "Pia")
    page.wait_for_selector("#daily-goal:not(:empty)")  # the lobby's card says today's puzzle
    puzzle, best = one_click_puzzle()
    page.goto(f"{page.base_url}/puzzles/{puzzle.id}")
    page.wait_for_selector(".kingdom.mine svg g.legal.anchor")
    assert "Place this domino" in page.locator("#puzzle-goal").inner_text() or puzzle.goal == "last"
    page.locator(f'g[data-anchor="{anchor_of(best)}"]').click()
    page.wait_for_selector("#puzzle-verdict")
    verdict = page.locator("#puzzle-verdict").inner_text()
    assert verdict == f"Right! Yours: {puzzle.best} points, best: {puzzle.best}."
    expect(page.locator("#puzzle-standing")).to_contain_text("(+", use_inner_text=True)  # the rating moved up
    expect(page.locator(".kingdom.mine .hint-mark")).to_have_count(1)  # the best shown on the board
    expect(page.locator("#puzzle-answers li.best.yours")).to_have_count(1)
    expect(page.locator(".kingdom.mine g.legal.anchor")).to_have_count(0)  # answered: nothing to place
    # Where the kingdom said "to play", it says what the answer is worth.
    worth = page.locator(".kingdom.mine .puzzle-worth").inner_text().strip()
    assert worth == f"your answer: {puzzle.best} points at the end, best {puzzle.best}"
    # The marks are explained under the board: a new account's rating is provisional ("1,690?").
    legend = page.locator("#puzzle-legend").inner_text()
    assert "?: a provisional rating, still unsure" in legend
    assert ("★: in the lead on points now" in legend) == (page.locator("#board .leader").count() > 0)
    assert page.evaluate(OVERFLOW) == []
    assert axe_violations(page) == []
    page.screenshot(path=str(ARTIFACTS / "puzzle-solved-en.png"), full_page=True)
    page.locator("#next-puzzle").click()
    page.wait_for_function(
        f"!location.pathname.endsWith('{puzzle.id}') && !document.querySelector('#puzzle-verdict')"
    )
    page.wait_for_selector(".kingdom.mine svg g.legal.anchor")
    page.goto(f"{page.base_url}/player/{name}")
    page.wait_for_selector("#player-puzzles")
    expect(page.locator("#player-puzzles")).to_contain_text("1 of 1 solved", use_inner_text=True)


def test_a_guest_s_wrong_answer_on_a_phone_shows_the_best_and_ends_the_streak(
    browser: Browser, live_server: str
) -> None:
    page = new_page(browser, live_server, 360, 740, locale="hu", touch=True)
    puzzle, worse = one_click_puzzle(wrong=True)
    page.goto(f"{live_server}/puzzles/{puzzle.id}")
    page.wait_for_selector(".kingdom.mine svg g.legal.anchor")
    expect(page.locator("#puzzle-standing")).to_contain_text("Egymás után megoldva: 0", use_inner_text=True)
    page.locator(f'g[data-anchor="{anchor_of(worse)}"]').tap()
    page.locator("#confirm-place").tap()
    page.wait_for_selector("#puzzle-verdict")
    points = puzzle.points_of(worse)
    expect(page.locator("#puzzle-verdict")).to_have_text(
        f"Nem a legjobb. A tiéd: {points} pont, a legjobb: {puzzle.best}.", use_inner_text=True
    )
    expect(page.locator(".kingdom.mine .played-mark")).to_have_count(1)
    worth = page.locator(".kingdom.mine .puzzle-worth").inner_text().strip()
    assert worth == f"a válaszod: {points} pont a végén, a legjobb {puzzle.best}"
    expect(page.locator(".kingdom.mine .hint-mark")).to_have_count(1)
    assert page.evaluate(OVERFLOW) == []
    assert page.evaluate("localStorage.getItem('kingdomino.puzzles.seen')") == f'["{puzzle.id}"]'
    page.screenshot(path=str(ARTIFACTS / "puzzle-wrong-hu-phone.png"), full_page=True)
    assert not page.errors, page.errors


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_the_puzzles_page_fits_a_phone_in_the_longest_languages_under_the_policy(
    browser: Browser, live_server: str, language: str
) -> None:
    """Its goal, verdict and answers in the words of each language, with the Content-Security-Policy
    enforced (nothing of the page's own is refused)."""
    page = new_page(browser, live_server, 360, 740, locale=language, touch=True, enforce_csp=True)
    page.add_init_script(LISTEN)
    puzzle, best = one_click_puzzle()
    page.goto(f"{live_server}/puzzles/{puzzle.id}")
    page.wait_for_selector(".kingdom.mine svg g.legal.anchor")
    page.locator(f'g[data-anchor="{anchor_of(best)}"]').tap()
    page.locator("#confirm-place").tap()
    page.wait_for_selector("#puzzle-verdict")
    assert violations(page) == []
    assert page.evaluate(OVERFLOW) == [], language
    page.screenshot(path=str(ARTIFACTS / f"puzzle-phone-{language}.png"), full_page=True)
    assert not page.errors, page.errors


#: Each heading's level in the page's order, and its words, as a screen reader lists them.
HEADINGS = """() => [...document.querySelectorAll('main :is(h1, h2, h3, h4)')]
  .map((h) => [Number(h.tagName[1]), h.textContent.trim()])"""


def test_the_puzzle_s_headings_go_down_one_level_at_a_time(page: LivePage) -> None:
    """A screen reader's list of headings: the page's title, then the table, under which the
    board's rows and kingdoms are listed (they came right under the title, a level skipped)."""
    puzzle, _ = one_click_puzzle()
    page.goto(f"{page.base_url}/puzzles/{puzzle.id}")
    page.wait_for_selector(".kingdom.mine svg g.legal.anchor")
    headings: list[list[Any]] = page.evaluate(HEADINGS)
    assert headings[:2] == [[1, "Puzzles"], [2, "The table"]], headings
    levels = [level for level, _ in headings]
    assert all(b <= a + 1 for a, b in pairwise(levels)), headings
    assert page.locator("#board-card").get_attribute("aria-labelledby") == "board-title"
