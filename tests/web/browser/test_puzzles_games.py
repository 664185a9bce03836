"""The puzzles' page for Duel and Origins (``static/puzzle.js``, ``puzzle-sets.js``): the game
chosen on the page, the position drawn by that game's board, the answer clicked on it, and after
the answer the points with the best marked and no seat "to play" any more; on a laptop and on a
phone."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Route, expect
from tests.web.browser.pages import ARTIFACTS, OVERFLOW, LivePage, axe_violations, new_page, starting

from kingdomino.puzzles.catalogue import KINDS, Puzzle, shipped_kind

#: A Duel answer made with one of the buttons beside the dice or the map.
DUEL_BUTTON = re.compile(r"^(coat|domains|bonus|turn|power) ")


def puzzle_of(kinds: list[str], clickable: re.Pattern[str]) -> tuple[Puzzle, str]:
    """A puzzle of one of the sets ``kinds`` whose best answer ``clickable`` finds on its board."""
    for kind in kinds:
        for puzzle in sorted(shipped_kind(kind).values(), key=lambda p: p.id):
            best = [a.action for a in puzzle.answers if a.points == puzzle.best]
            if clickable.match(best[0]):
                return puzzle, best[0]
    raise AssertionError(f"no puzzle of {kinds} is answered by a click that way")


def answered(page: LivePage, puzzle: Puzzle, name: str) -> None:
    """After the answer: the verdict with its points, the best marked in the list, no seat to play;
    a shot of the laptop's page and of a phone's."""
    page.wait_for_selector("#puzzle-verdict")
    verdict = page.locator("#puzzle-verdict").inner_text()
    assert verdict == f"Right! Yours: {puzzle.best} points, best: {puzzle.best}."
    expect(page.locator("#puzzle-answers li.best.yours")).to_have_count(1)
    expect(page.locator(".turn-mark")).to_have_count(0)  # answered: nobody is "to play" in it
    assert page.evaluate(OVERFLOW) == []
    assert axe_violations(page) == []
    page.screenshot(path=str(ARTIFACTS / f"puzzle-{name}.png"), full_page=True)
    page.set_viewport_size({"width": 360, "height": 740})
    page.wait_for_function("document.documentElement.scrollWidth <= 360")
    page.screenshot(path=str(ARTIFACTS / f"puzzle-{name}-phone.png"), full_page=True)


def test_a_duel_puzzle_is_chosen_drawn_on_its_board_and_answered_there(page: LivePage) -> None:
    puzzle, best = puzzle_of(["duel"], DUEL_BUTTON)
    held: list[Route] = []  # the page's first ask, Kingdomino's puzzle, answered only after Duel's
    page.route(re.compile(r"/api/puzzles/next\?game=kingdomino"), lambda route: held.append(route))
    page.goto(f"{page.base_url}/puzzles")
    page.wait_for_selector("#puzzle-game")
    while not held:
        page.wait_for_timeout(50)
    page.select_option("#puzzle-game", "duel")
    page.wait_for_selector(".spellbook")  # Duel's board, its spellbook beside the maps
    with page.expect_request_finished(lambda request: "game=kingdomino" in request.url):
        held[0].continue_()
    page.evaluate("new Promise((done) => setTimeout(done, 200))")
    expect(page.locator("#puzzle-goal")).to_have_text(starting("Kingdomino Duel"), use_inner_text=True)
    assert page.locator(".spellbook").count() == 1  # the late answer to the first ask is dropped
    assert page.evaluate("location.search") == "" and "/puzzles/" in page.url
    page.goto(f"{page.base_url}/puzzles/{puzzle.id}")
    page.wait_for_selector(f'[data-action="{best}"]')
    expect(page.locator(".turn-mark")).to_have_count(1)
    page.screenshot(path=str(ARTIFACTS / "puzzle-duel-asked.png"), full_page=True)
    page.locator(f'[data-action="{best}"]').first.click()
    answered(page, puzzle, "duel")


def test_an_origins_puzzle_is_answered_on_its_board_on_a_phone(browser: Browser, live_server: str) -> None:
    page = new_page(browser, live_server, 360, 740, touch=True)
    origins = [kind for kind in KINDS if kind.startswith("origins")]
    puzzle, best = puzzle_of(origins, re.compile(r"^claim \d+$"))
    page.goto(f"{live_server}/puzzles/{puzzle.id}")
    claim = page.locator(f'button.domino.claimable[data-domino="{best.split()[1]}"]')
    claim.wait_for()
    assert page.locator("#puzzle-game").input_value() == puzzle.kind
    page.screenshot(path=str(ARTIFACTS / "puzzle-origins-asked-phone.png"), full_page=True)
    claim.click()
    page.wait_for_selector("#puzzle-verdict")
    expect(page.locator(".domino.hinted")).to_have_count(1)  # the best marked in the row
    page.set_viewport_size({"width": 1366, "height": 900})
    answered(page, puzzle, "origins")
    assert not page.errors, page.errors
