"""The draft aids at the table: what is still to come (Kingdomino, Origins) or the dice faces
(Duel), next round's order, a territory's points on a square's hover or focus; each turned off in
the player's browser, and none at all in a game created without them."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import (
    ARTIFACTS,
    OVERFLOW,
    LivePage,
    api_game,
    axe_violations,
    create_game,
    log_mark,
    new_page,
    opened,
    play_until,
    present,
    wait_for_new_log,
)

TIP = "document.querySelector('#region-tip')"
#: Keep in ``window.said`` every text the refusal line says from now on.
HEAR_REFUSALS = """() => {
  const line = document.querySelector('#error');
  window.said = [];
  new MutationObserver(() => window.said.push(line.textContent))
    .observe(line, { childList: true, characterData: true, subtree: true });
}"""


def placing_later(
    base: str, game: str, options: dict[str, Any] | None = None
) -> tuple[str, str, dict[str, Any]]:
    """A practice game at our placement once our kingdom holds a domino: its id, token and view."""
    game_id, token = api_game(base, game, 3, options=options)
    view = play_until(
        base,
        game_id,
        token,
        lambda v: (
            v["observation"]["phase"] == "place" and len(v["observation"]["kingdoms"][0]["squares"]) > 1
        ),
        lambda v: v["legal_actions"][0],
    )
    return game_id, token, view


def test_the_aids_of_a_kingdomino_placement(browser: Browser, live_server: str) -> None:
    """One page of a Kingdomino at a placement (``placing_later``) for four checks, each named in its
    assertions: two that point at it, then two that turn aids off in the browser:
    ``kingdomino_shows_what_is_still_to_come_and_a_territory_s_points``,
    ``a_placement_s_preview_says_how_it_changes_the_territories``,
    ``a_player_who_turned_the_placement_aid_off_sees_no_preview_words`` and
    ``a_player_turns_each_aid_off_in_their_browser``."""
    game_id, token, view = placing_later(live_server, "kingdomino")
    page = opened(browser, live_server, game_id, token)
    kingdomino_shows_what_is_still_to_come_and_a_territory_s_points(page, view)
    page.evaluate("document.activeElement.blur()")  # the tip of the focus and the pointer gone
    page.mouse.move(1, 1)
    page.wait_for_function(f"!{TIP} || {TIP}.hidden")
    a_placement_s_preview_says_how_it_changes_the_territories(page, view)
    page.evaluate("document.activeElement.blur()")  # the tip of the focus and the pointer gone
    page.mouse.move(1, 1)
    page.wait_for_function(f"!{TIP} || {TIP}.hidden")
    a_player_who_turned_the_placement_aid_off_sees_no_preview_words(page, view)
    page.reload()  # the choices' box folded again
    page.wait_for_selector("#your-turn")
    a_player_turns_each_aid_off_in_their_browser(page)
    assert not page.errors


def kingdomino_shows_what_is_still_to_come_and_a_territory_s_points(
    page: LivePage, view: dict[str, Any]
) -> None:
    """What is still to come, next round's order, and a territory's points on a square's hover or
    focus."""
    aids = view["aids"]
    panel = page.locator(".aids")
    expect(panel).to_contain_text(
        f"Dominoes not seen yet: {aids['unseen']}, of them still to come: {aids['to_come']}",
        use_inner_text=True,
    )
    expect(page.locator(".aid-terrains li")).to_have_count(6)
    expect(panel).to_contain_text("Next round's order:", use_inner_text=True)
    region = aids["regions"][0][0]
    row, col = region["cells"][0]
    square = page.locator(f".kingdom.mine svg g[data-square='{row},{col}']")
    box = present(square.bounding_box())
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function(f"{TIP} && !{TIP}.hidden")
    words = page.locator("#region-tip").inner_text()
    assert f"squares {region['squares']} × crowns {region['multiplier']} = {region['points']}" in words
    page.screenshot(path=str(ARTIFACTS / "aids-region-hover.png"))
    page.mouse.move(1, 1)
    page.wait_for_function(f"{TIP}.hidden")
    page.locator(".kingdom.mine .region-stop").first.focus()  # the keyboard: one stop a territory
    page.wait_for_function(f"!{TIP}.hidden")
    assert page.evaluate(OVERFLOW) == [], "a territory's points fit"
    assert axe_violations(page) == [], "a territory's points break no accessibility rule"


def test_a_tap_on_a_phone_says_a_territory_s_points_and_placing_goes_on(
    browser: Browser, live_server: str
) -> None:
    game_id, token, view = placing_later(live_server, "kingdomino")
    page = opened(browser, live_server, game_id, token, 390, 844, touch=True)
    region = view["aids"]["regions"][0][0]
    row, col = region["cells"][0]
    # Every text the refusal line says from now on (an answer to a "why" comes before the next state).
    page.evaluate(HEAR_REFUSALS)
    page.locator(f".kingdom.mine svg g[data-square='{row},{col}']").tap(force=True)
    page.wait_for_function(f"{TIP} && !{TIP}.hidden")
    expect(page.locator("#region-tip")).to_contain_text(f"= {region['points']}", use_inner_text=True)
    page.screenshot(path=str(ARTIFACTS / "aids-region-tap.png"))
    anchor = page.locator("svg g.legal.anchor").first
    anchor.tap()
    mark = log_mark(page)
    page.locator("#confirm-place").tap()
    wait_for_new_log(page, mark)
    assert [text for text in page.evaluate("window.said") if text] == []  # no "not there: taken" said
    assert not page.errors


def test_duel_shows_the_dice_faces(browser: Browser, live_server: str) -> None:
    page = opened(browser, live_server, *api_game(live_server, "duel", 3))
    expect(page.locator(".aids .aid-dice li")).to_have_count(4)
    assert present(page.locator(".aids .aid-dice li").first.get_attribute("title")).startswith("Die 1: ")
    assert not page.errors


def test_origins_tribe_shows_resources_and_the_cavemen_left(browser: Browser, live_server: str) -> None:
    game_id, token, view = placing_later(live_server, "origins", {"mode": "tribe"})
    page = opened(browser, live_server, game_id, token)
    expect(page.locator(".aids .aid-resources li")).to_have_count(4)
    assert page.locator(".aids .aid-cavemen li").count() == len(view["aids"]["cavemen"])
    assert "fires" in present(page.locator(".kingdom.mine .region-stop").first.get_attribute("aria-label"))
    page.screenshot(path=str(ARTIFACTS / "aids-origins-tribe.png"))
    assert not page.errors


def a_player_turns_each_aid_off_in_their_browser(page: LivePage) -> None:
    """What is still to come and a territory's points, turned off, stay off when the page opens again."""
    page.click(".aid-choices summary")
    page.uncheck("input[data-aid='unseen']")
    page.wait_for_function("!document.querySelector('.aid-terrains')")
    page.uncheck("input[data-aid='regions']")
    page.wait_for_function("!document.querySelector('.region-stop')")
    page.reload()
    page.wait_for_selector("#your-turn")
    expect(page.locator(".aids .aid-order"), "next round's order is left on").to_have_count(1)
    expect(page.locator(".aid-terrains, .region-stop"), "the aids turned off stay off").to_have_count(0)


def test_a_game_among_purists_has_no_aids(browser: Browser, live_server: str) -> None:
    page = new_page(browser, live_server)
    create_game(page, "kingdomino", aids=False)
    page.wait_for_selector(".kingdom.mine svg")
    expect(page.locator(".aids, .region-stop")).to_have_count(0)
    assert not page.errors


def shown_placement(view: dict[str, Any], verb: str = "place") -> tuple[str, str]:
    """A legal placement that grows a territory, as the page shows it from its first square (the
    first way of E, S, W, N legal there): its square ("r,c") and its text."""
    placements = view["aids"]["placements"]
    ways: dict[str, list[str]] = {}
    for action in view["legal_actions"]:
        if action.startswith(f"{verb} "):
            _verb, square, way = action.split()
            ways.setdefault(square, []).append(way)
    for square, legal in ways.items():
        action = f"{verb} {square} {next(w for w in 'ESWN' if w in legal)}"
        if any(joined for *_, joined, _halves in placements[action]):
            return square, action
    raise AssertionError("no placement grows a territory")


def change_words(change: list[Any], symbols: str = "crowns", region: str = "territory") -> str:
    """The figures the page says of a changed territory (the terrain's name aside)."""
    _kind, squares, n, points, _before, joined, _halves = change
    if not joined:
        return f"new {region}: squares {squares} × {symbols} {n} = {points}"
    return f"→ {points} (squares {squares} × {symbols} {n})"


def a_placement_s_preview_says_how_it_changes_the_territories(page: LivePage, view: dict[str, Any]) -> None:
    """A placement pointed at (or focused) says and outlines how it changes the territories."""
    square, action = shown_placement(view)
    changes = view["aids"]["placements"][action]
    regions = view["aids"]["regions"][0]
    page.hover(f"svg g.legal.anchor[data-anchor='{square}']")
    page.wait_for_function(f"{TIP} && !{TIP}.hidden")
    words = page.locator("#region-tip").inner_text()
    for change in changes:
        assert change_words(change) in words
    grown = next(change for change in changes if change[5])
    assert f"{grown[4]} → {grown[3]}" in words or " + " in words
    # Outlined as they will be: the squares of the territories joined and the halves placed.
    cells = sum(len(change[6]) + sum(regions[i]["squares"] for i in change[5]) for change in changes)
    expect(page.locator(".kingdom.mine .ghost .placement-outline .dashes rect")).to_have_count(cells)
    page.screenshot(path=str(ARTIFACTS / "aids-placement-hover.png"))
    assert page.evaluate(OVERFLOW) == []
    page.mouse.move(1, 1)  # off the board: the words go, the ghost stays
    page.wait_for_function(f"{TIP}.hidden")
    page.locator(f"svg g.legal.anchor[data-anchor='{square}']").focus()  # the keyboard's turn
    page.wait_for_function(f"!{TIP}.hidden")
    assert change_words(changes[0]) in page.locator("#region-tip").inner_text(), (
        "the focused placement's words"
    )
    assert axe_violations(page) == [], "a placement's preview breaks no accessibility rule"


def a_player_who_turned_the_placement_aid_off_sees_no_preview_words(
    page: LivePage, view: dict[str, Any]
) -> None:
    """With the placement aid off a placement pointed at shows its ghost, without outlines or words."""
    square, _action = shown_placement(view)
    page.click(".aid-choices summary")
    page.uncheck("input[data-aid='placements']")
    page.hover(f"svg g.legal.anchor[data-anchor='{square}']")
    page.wait_for_selector(".kingdom.mine .ghost .ghost-gain")
    expect(page.locator(".placement-outline"), "no outline with the placement aid off").to_have_count(0)
    assert page.evaluate(f"!{TIP} || {TIP}.hidden"), "no words with the placement aid off"


def test_a_duel_drawing_s_preview_says_the_domains_it_changes(browser: Browser, live_server: str) -> None:
    game_id, token = api_game(live_server, "duel", 5)

    def grows(view: dict[str, Any]) -> bool:
        changes = (view["aids"] or {}).get("placements") or {}
        return any(change[5] for line in changes.values() for change in line)

    view = play_until(
        live_server,
        game_id,
        token,
        grows,
        lambda v: next((a for a in v["legal_actions"] if a.startswith("draw ")), v["legal_actions"][0]),
    )
    square, action = shown_placement(view, "draw")
    page = opened(browser, live_server, game_id, token)
    page.hover(f"svg g.legal.anchor[data-anchor='{square}']")
    page.wait_for_function(f"{TIP} && !{TIP}.hidden")
    words = page.locator("#region-tip").inner_text()
    for change in view["aids"]["placements"][action]:
        assert change_words(change, "crosses", "domain") in words
    assert not page.errors
