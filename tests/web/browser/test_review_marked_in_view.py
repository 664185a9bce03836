"""The review's "Next marked move" on a laptop at 150 % (a club's projector, 1280 x 600 CSS pixels
below the browser's bars): the moves it marks on the board are brought into view with room around
them, below the step bar kept at the screen's top; the better move sat at the screen's bottom
edge, or under it."""

from __future__ import annotations

from playwright.sync_api import Browser
from tests.web.browser.pages import ARTIFACTS, review_of_a_finished_game, to_next_marked_move

#: The room kept between a marked move and the screen's edges, in CSS pixels.
ROOM = 24


def test_next_marked_move_brings_the_moves_marked_into_view(browser: Browser, live_server: str) -> None:
    page = review_of_a_finished_game(browser, live_server, width=1280, height=600)
    seen = 0
    for _ in range(6):
        to_next_marked_move(page)
        if "marked on the board" not in (page.locator("#review-note").text_content() or ""):
            continue
        boxes = page.evaluate(
            """() => [...document.querySelectorAll('#board .hint-mark, #board .played-mark')]
              .map((mark) => { const box = mark.getBoundingClientRect(); return [box.top, box.bottom]; })"""
        )
        if not boxes:
            continue  # a better domino to claim, marked in the rows
        seen += 1
        bar = page.evaluate("document.querySelector('.replay-bar').getBoundingClientRect().height")
        if seen == 1:
            page.screenshot(path=str(ARTIFACTS / "review-marked-1280x600.png"))
        for top, bottom in boxes:
            assert top >= bar + ROOM - 1 and bottom <= 600 - ROOM + 1, (bar, boxes)
    assert seen, "no placement was marked on the board"
    assert not page.errors, page.errors


#: Whether the review's "Next marked move" is in the screen and the element at its middle is it
#: (not the step bar over it, nor the page above the screen's top).
AT_HAND = """() => { const button = document.querySelector('#review-next');
  const box = button.getBoundingClientRect();
  if (box.top < 0 || box.bottom > innerHeight) return false;
  return button.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)); }"""


#: The tops of "Next marked move", "Play on from here", the verdict and the step's words, and the
#: step bar's height.
BAR_ROWS = """() => [...['#review-next', '#replay-play-on', '#replay-verdict', '#replay-label', '.replay-bar']
  .map((s) => document.querySelector(s).getBoundingClientRect())]
  .map((box, i) => i < 4 ? box.top : box.height)"""


def test_next_marked_move_stays_at_hand_on_a_phone(browser: Browser, live_server: str) -> None:
    """A coach going through the marked moves on a phone taps "Next marked move" again and again:
    the page scrolled to a marked move had left it above the screen (it stood in the review's
    summary, a screen above the board); it is in the step bar kept at the screen's top. The bar
    keeps to three rows and the words: "Play on from here" beside it, the verdict starting the
    step's words (they had a row of their own: the bar was a quarter of the screen)."""
    page = review_of_a_finished_game(browser, live_server, width=390, height=844, touch=True, mobile=True)
    for turn in range(4):
        to_next_marked_move(page)
        if turn == 1:
            page.screenshot(path=str(ARTIFACTS / "review-next-marked-390.png"))
        assert page.evaluate(AT_HAND), page.evaluate("scrollY")
        marked, play_on, verdict, words, bar = page.evaluate(BAR_ROWS)
        assert abs(marked - play_on) < 2 and abs(verdict - words) < 8, (marked, play_on, verdict, words, bar)
    assert not page.errors, page.errors


#: Whether the review's words are whole in the screen above the step bar (none of them above the
#: screen's top nor under the bar) and the moves it marks on the board are in the screen below it.
WORDS_AND_MOVES = """() => {
  const note = document.querySelector('#review-note');
  const words = note.getBoundingClientRect();
  const bar = document.querySelector('.replay-bar').getBoundingClientRect();
  const marks = [...document.querySelectorAll(
    '#board .hint-mark, #board .played-mark, #board .domino.hinted, #board .domino.played')]
    .map((mark) => mark.getBoundingClientRect());
  return note.textContent !== '' && words.top >= 0 && words.bottom <= bar.top + 1
    && marks.every((box) => box.top >= bar.bottom - 1 && box.bottom <= innerHeight + 1);
}"""


def test_a_jump_in_the_review_keeps_its_words_and_the_moves_in_view_on_a_phone(
    browser: Browser, live_server: str
) -> None:
    """A coach on a phone jumps through the review ("Next marked move", then points of the graph):
    the page scrolled to bring a marked move low on the board into view had put the review's
    first line, the move judged, above the screen's top. The words stay whole in view above the
    step bar and the moves marked below it."""
    page = review_of_a_finished_game(browser, live_server, width=390, height=844, touch=True, mobile=True)
    for turn in range(7):
        to_next_marked_move(page)
        page.wait_for_function(WORDS_AND_MOVES)
        if turn == 4:
            page.screenshot(path=str(ARTIFACTS / "review-jump-words-390.png"))
    points = page.locator(".review-graph .review-point.mistake")
    for index in (0, 3, 6):  # apart: a click goes to the point nearest to it
        page.evaluate("scrollTo(0, 0)")
        before = page.locator("#replay-step").input_value()
        box = points.nth(index).bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_function(f"document.querySelector('#replay-step').value !== '{before}'")
        page.wait_for_function(WORDS_AND_MOVES)
    page.screenshot(path=str(ARTIFACTS / "review-graph-jump-390.png"))
    assert not page.errors, page.errors


#: Whether the moves the review marks on the board are whole in the screen below the step bar, and
#: the bar's verdict in view; how far the review's words start above the screen's top (0: in view).
MOVES_BEFORE_WORDS = """() => {
  const bar = document.querySelector('.replay-bar').getBoundingClientRect();
  const marks = [...document.querySelectorAll(
    '#board .hint-mark, #board .played-mark, #board .domino.hinted, #board .domino.played')]
    .map((mark) => mark.getBoundingClientRect());
  const verdict = document.querySelector('#replay-verdict').getBoundingClientRect();
  const words = document.querySelector('#review-note').getBoundingClientRect();
  return [marks.length > 0 && marks.every((box) => box.top >= bar.bottom - 1 && box.bottom <= innerHeight + 1)
    && verdict.top >= 0 && verdict.bottom <= innerHeight, Math.max(0, -words.top)];
}"""


def test_on_a_small_phone_a_jump_shows_the_moves_marked_before_the_words(
    browser: Browser, live_server: str
) -> None:
    """On a 320 x 568 phone the review's words and the step bar take 385 px: a marked move low on
    the board and the words above the bar cannot both be in view. The words came first, and the
    moves they said marked stayed under the screen's foot; the moves come first now, the bar's
    verdict in view, the words a swipe up."""
    page = review_of_a_finished_game(browser, live_server, width=320, height=568, touch=True, mobile=True)
    above = []
    for turn in range(7):
        to_next_marked_move(page)
        if "marked on the board" not in (page.locator("#review-note").text_content() or ""):
            continue
        page.wait_for_function(f"({MOVES_BEFORE_WORDS})()[0]")
        above.append(page.evaluate(MOVES_BEFORE_WORDS)[1])
        if turn == 4:
            page.screenshot(path=str(ARTIFACTS / "review-jump-moves-320.png"))
    assert above and max(above) > 0, above  # some did not fit with the words: the case tested
    assert not page.errors, page.errors
