"""The review graph's words read from across a room: its title, legend, axis and flags are at least
14 px on a laptop at 100 % and grow with the graph on a wider screen (a club's projector, read from
5 m), and with the screen: a 1920 px projector's graph beside the summary has 18 to 20 px words
(they were 14 px, the graph 500 px wide); on a phone they keep to its width."""

from __future__ import annotations

from playwright.sync_api import Browser
from tests.web.browser.pages import ARTIFACTS, LivePage, review_of_a_finished_game

#: The least size of the graph's words, in CSS pixels.
LEAST = 14

#: Each kind of the graph's words and the smallest font size among them.
SIZES = """() => Object.fromEntries(
  ['.review-graph-title', '.review-legend li', '.review-axis', '.review-flag'].map((kind) =>
    [kind, Math.min(...[...document.querySelectorAll(`#review-graph ${kind}`)]
    .map((e) => parseFloat(getComputedStyle(e).fontSize)))]))"""


def graph_sizes(
    browser: Browser, base: str, width: int, height: int, name: str, phone: bool = False
) -> tuple[float, dict[str, float]]:
    """The graph's width and its words' font sizes on a page of ``width`` x ``height``, its
    screenshot taken."""
    page: LivePage = review_of_a_finished_game(
        browser, base, width=width, height=height, touch=phone, mobile=phone
    )
    graph = page.locator("#review-graph")
    graph.scroll_into_view_if_needed()
    graph.screenshot(path=str(ARTIFACTS / f"review-graph-{name}.png"))
    sizes: dict[str, float] = page.evaluate(SIZES)
    wide: float = page.evaluate("document.querySelector('#review-graph').getBoundingClientRect().width")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert not page.errors, page.errors
    page.context.close()
    return wide, sizes


def test_the_graph_s_words_are_large_and_grow_with_it(browser: Browser, live_server: str) -> None:
    for width, height, name, phone in (
        (1920, 1080, "1920", False),
        (1366, 900, "1366", False),
        (1280, 600, "1280x600", False),
        (390, 844, "390", True),
    ):
        wide, sizes = graph_sizes(browser, live_server, width, height, name, phone)
        # 1.6 % of the graph's width, 14 px at least, 20.8 px at most.
        least = max(LEAST, min(20.8, 0.016 * wide))
        assert all(size >= least - 0.5 for size in sizes.values()), (name, wide, sizes)
        if name == "1920":  # a projector's 1920 px at 100 %: the graph beside the summary, 500-700 px
            assert all(18 <= size <= 20.8 for size in sizes.values()), (wide, sizes)
        if name == "1280x600":  # a laptop at 150 % on a projector: the graph the card's width
            assert wide > 1000 and all(size >= 18 for size in sizes.values()), (wide, sizes)
