"""A rating graph's games are reached by every hand (``rating-graph-points.js``): a tap on a phone
says a game's date, rating and place under the graph and a second tap opens its replay; a keyboard
chooses with the arrows and opens with Enter; a screen reader hears the game chosen as the graph's
value. Its points said their dates to a mouse's pointer alone (their titles)."""

from __future__ import annotations

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, LivePage, new_page, present

SHOTS = ARTIFACTS / "rating-graph"

#: Three games' history drawn in the page's main, as a player's page draws it.
DRAWN = """async () => {
  const { ratingGraph } = await import(staticBase + "rating-graph.js");
  const history = [
    { game_id: "aaa1", at: "2026-11-20T08:00:00Z", before: 1500, rating: 1280, deviation: 200, place: 2 },
    { game_id: "bbb2", at: "2026-11-25T08:00:00Z", before: 1280, rating: 1623, deviation: 190, place: 1 },
    { game_id: "ccc3", at: "2026-11-30T08:00:00Z", before: 1623, rating: 1611, deviation: 180, place: 3 },
  ];
  document.querySelector("main").replaceChildren(ratingGraph(history));
}"""


def drawn(page: LivePage, address: str) -> None:
    page.goto(address)
    page.wait_for_selector("#account h2")
    page.evaluate(DRAWN)


def test_a_keyboard_chooses_a_game_on_the_graph_and_opens_its_replay(page: LivePage) -> None:
    drawn(page, page.base_url + "/")
    graph = page.locator("svg.rating-graph")
    said = page.locator(".rating-point-said")
    # At first the last game is said, and it is the slider's value.
    expect(said).to_have_text(
        "1,611 (-12) after the game of Nov 30, 2026, place 3 · Replay", use_inner_text=True
    )
    expect(graph).to_have_attribute("aria-valuetext", "1,611 (-12) after the game of Nov 30, 2026, place 3")
    expect(graph).to_have_attribute("role", "slider")
    graph.focus()
    page.keyboard.press("ArrowLeft")
    expect(graph).to_have_attribute("aria-valuetext", "1,623 (+343) after the game of Nov 25, 2026, place 1")
    page.keyboard.press("Home")
    expect(said).to_contain_text("1,280 (-220) after the game of Nov 20, 2026, place 2", use_inner_text=True)
    expect(page.locator(".rating-point-replay")).to_have_attribute("href", "/game/aaa1/replay")
    page.keyboard.press("Enter")
    page.wait_for_url("**/game/aaa1/replay")
    page.errors.clear()  # the made-up game is not found: the page says so


def test_a_tap_says_a_game_s_point_and_a_second_tap_opens_its_replay(
    browser: Browser, live_server: str
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone = new_page(browser, live_server, width=390, height=844, touch=True, mobile=True, locale="hu")
    drawn(phone, f"{live_server}/?lang=hu")
    box = present(phone.locator(".rating-point").nth(2).bounding_box())
    middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    phone.touchscreen.tap(*middle)
    said = phone.locator(".rating-point-said")
    expect(said).to_contain_text("1623 (+343) a játszma után", use_inner_text=True)
    assert phone.url.endswith("/?lang=hu")  # the first tap only says it
    link = present(phone.locator(".rating-point-replay").bounding_box())
    assert link["height"] >= 44, link  # a finger's target
    phone.screenshot(path=str(SHOTS / "graph-phone-hu.png"), full_page=True)
    phone.touchscreen.tap(*middle)
    phone.wait_for_url("**/game/bbb2/replay")
    phone.errors.clear()
