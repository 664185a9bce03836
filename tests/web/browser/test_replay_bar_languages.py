"""The replay's step bar on a 390 x 844 phone in every language, at a marked move: it keeps to three
rows over the board (the step buttons and the slider; "Next marked move" beside "Play on from
here"; the verdict and the step's words). In Hungarian and Bulgarian the two buttons took a row
each, four rows, a quarter of the screen over the board; their words now wrap inside them, none
cut, each button a finger's size."""

from __future__ import annotations

from itertools import pairwise

import pytest
from playwright.sync_api import Browser
from tests.web.browser.pages import ARTIFACTS, LANGUAGES, review_of_a_finished_game

#: The tops of the bar's parts (the step buttons, the slider, the review's two buttons, the verdict
#: and the step's words) and each button's size and whether its words overflow it.
BAR = """() => {
  const bar = document.querySelector('.replay-bar');
  const parts = [...bar.querySelectorAll('.controls > button, .controls > input, #replay-verdict')]
    .concat([bar.querySelector('#replay-label')])
    .filter((part) => part.getBoundingClientRect().height > 0);
  const buttons = [...bar.querySelectorAll('.controls > button')].map((button) => {
    const box = button.getBoundingClientRect();
    return {id: button.id, width: box.width, height: box.height,
      cut: button.scrollWidth > button.clientWidth + 1 || button.scrollHeight > button.clientHeight + 1};
  });
  const tops = parts.map((part) => part.getBoundingClientRect().top);
  return {tops, buttons, right: bar.getBoundingClientRect().right};
}"""


def rows(tops: list[float]) -> int:
    """How many rows the parts' tops make (a part a few pixels lower, as the words beside the
    verdict, in the same row)."""
    ordered = sorted(tops)
    return 1 + sum(1 for above, below in pairwise(ordered) if below - above > 8)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_phone_replay_bar_keeps_to_three_rows_in_every_language(
    browser: Browser, live_server: str, language: str
) -> None:
    page = review_of_a_finished_game(
        browser, live_server, width=390, height=844, touch=True, mobile=True, locale=language
    )
    before = page.locator("#replay-step").input_value()
    page.click("#review-next")
    page.wait_for_function(f"document.querySelector('#replay-step').value !== '{before}'")
    page.wait_for_function("document.querySelector('#replay-verdict')?.textContent !== ''")
    found = page.evaluate(BAR)
    assert rows(found["tops"]) <= 3, (language, found)
    for button in found["buttons"]:
        assert button["width"] >= 44 and button["height"] >= 44, (language, button)
        assert not button["cut"], (language, button)
    assert found["right"] <= 390, (language, found)
    page.locator(".replay-bar").screenshot(path=str(ARTIFACTS / f"replay-bar-390-{language}.png"))
    assert not page.errors, page.errors
