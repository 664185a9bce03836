"""The review's accuracy figure and win chance graph (issue #63): a point per reviewed decision,
each player's marks and accuracy in the summary, and a point clicked (or reached by the arrows) takes the
replay to the position its decision was chosen in."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, OVERFLOW, LivePage, present, review_of_a_finished_game

#: The replay's step caption and its log's current line, read together.
STEP = """() => [document.querySelector('#replay-step').value,
  document.querySelector('#replay-label').textContent,
  document.querySelector('#log li.current')?.textContent ?? '']"""


def goes_to(page: LivePage, step: int) -> None:
    """Wait until the replay shows ``step`` with its decision judged, and check the caption and
    the log's current line name the same move."""
    page.wait_for_function(
        "(step) => document.querySelector('#replay-step').value === String(step)"
        " && document.querySelector('#replay-label')?.textContent.includes('Judged here')",
        arg=step,
    )
    _, label, current = page.evaluate(STEP)
    assert label.split("Judged here: ", 1)[1] in current, (label, current)
    point = page.locator(f'#review-graph .review-point[data-step="{step}"]')
    expect(point).to_have_attribute("aria-current", "step")


def test_the_graph_has_a_point_per_decision_and_a_click_goes_to_it(
    browser: Browser, live_server: str
) -> None:
    page = review_of_a_finished_game(browser, live_server)
    game_id = page.url.split("/game/")[1].split("/")[0]
    review = httpx.get(f"{page.base_url}/api/games/{game_id}/review", timeout=30).json()
    valued = [move for move in review["moves"] if "value" in move]
    graph = page.locator("#review-graph")
    points = graph.locator(".review-point")
    assert valued and points.count() == len(valued)
    assert [int(step) for step in points.evaluate_all("(ps) => ps.map((p) => p.dataset.step)")] == [
        move["index"] for move in valued
    ]
    # In a 2-player game both seats have a line (the AI's mirrors the human's), named in the legend.
    expect(graph.locator("polyline.review-line")).to_have_count(2)
    assert (graph.locator("svg[role=img]").get_attribute("aria-label") or "").startswith(
        "Win chance over the game: "
    )
    names = page.evaluate(
        "() => [...document.querySelectorAll('#review-graph .review-legend li')]"
        ".map((li) => li.textContent.trim())"
    )
    assert len(names) == 2 and all(names)
    # Each player's marks where the game's count was, led by the seat's piece (the AI seat has none).
    seat = review["seats"]["0"]
    marks = f"mistakes: {seat['mistake']} · inaccuracies: {seat['inaccuracy']}"
    lost = f"average loss: {seat['lost_each']:g} % a move"
    figure = f"accuracy: {round(review['accuracy']['0'])} %"
    lines = page.locator("#review-state .review-seat")
    expect(lines).to_have_count(1)
    expect(lines).to_have_text(f"{names[0]}: {marks} · {lost} · {figure}")
    expect(lines.locator("svg.badge .piece.seat-0")).to_have_count(1)

    # A marked decision's point, clicked where it is drawn (a turn's two decisions are a few pixels
    # apart: the click goes to the nearest point).
    marked = next(move for move in valued if move["mark"])
    point = graph.locator(f'.review-point[data-step="{marked["index"]}"]')
    label = point.get_attribute("aria-label") or ""
    assert re.fullmatch(rf"Step {marked['index']}: {names[0]} \d+ % \({marked['mark'].capitalize()}\)", label)
    box = present(point.bounding_box())
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    goes_to(page, marked["index"])
    graph.screenshot(path=str(ARTIFACTS / "review-graph.png"))

    # The arrows go from point to point (not one step of the replay), and the replay with them.
    point.focus()
    page.keyboard.press("ArrowRight")
    after = valued[valued.index(marked) + 1]["index"] if marked is not valued[-1] else marked["index"]
    goes_to(page, after)
    assert page.evaluate("() => document.activeElement.dataset.step") == str(after)

    # On a phone the graph fits the card, on a line of its own.
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate(OVERFLOW) == []
    assert present(graph.bounding_box())["width"] <= 390
    # Each mark's flag shown reads alone: two marked decisions a few steps apart had theirs run
    # together (laid out again as the graph narrows, before the next frame is drawn).
    page.wait_for_function(f"({FLAGS_TOUCHING})().length === 0", timeout=5000)
    assert page.locator("#review-graph .review-flag").count() >= 2
    assert not page.errors


#: The pairs of the graph's flags shown ("?", "?!") whose boxes overlap, by step.
FLAGS_TOUCHING = """() => {
  const flags = [...document.querySelectorAll('#review-graph .review-flag')]
    .filter((flag) => getComputedStyle(flag).visibility === 'visible')
    .map((flag) => [flag.closest('.review-point').dataset.step, flag.getBoundingClientRect()]);
  const touching = [];
  flags.forEach(([a, r], i) => flags.slice(i + 1).forEach(([b, s]) => {
    if (r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom) touching.push([a, b]);
  }));
  return touching;
}"""
