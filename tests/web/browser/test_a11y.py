"""Accessibility in a real browser: a player using the keys only, a screen reader's user, and a
low-vision player at 200 % zoom (docs/browser.md).

Each test plays as such a player does, with the helpers of pages.py.
"""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import (
    ARTIFACTS,
    AXE,
    BOARD_TARGETS,
    GAMES,
    LivePage,
    at_the_end_of,
    axe_violations,
    create_game,
    duel_played_against_greedy,
    focused_matches,
    log_mark,
    needs_axe,
    new_page,
    wait_for_new_log,
)

#: Where a keyboard's focus goes on to after a move, the first found first: the board's pieces (a
#: square of a choice too), then the yes/no buttons ("Put no fire token", "Recruit nobody").
NEXT_MOVES = BOARD_TARGETS

#: The live regions of the page (what a screen reader reads out by itself when it changes).
LIVE_REGIONS = """() => [...document.querySelectorAll(
  '[aria-live]:not([aria-live="off"]), [role=status], [role=alert], [role=log], [role=timer]')]
  .map((e) => ({ id: e.id || e.tagName.toLowerCase(),
                 holds: ['#board', '#log', '#scores', 'form', '.rows', 'svg[role=group]']
                   .filter((s) => e.matches(s) || e.querySelector(s)) }))"""


def expected_focus(page: LivePage) -> str | None:
    """The selector of ``NEXT_MOVES`` the focus should be on now (None: nothing to play)."""
    return next((s for s in NEXT_MOVES if page.locator(f"#board {s}").count()), None)


def focused_box(page: LivePage) -> list[float]:
    """The top and bottom of the focused element, in the window's pixels."""
    box = page.evaluate(
        "(() => { const r = document.activeElement.getBoundingClientRect(); return [r.top, r.bottom]; })()"
    )
    return [float(box[0]), float(box[1])]


def press_and_wait(page: LivePage, key: str = "Enter") -> None:
    """Press ``key`` and wait for the move it makes to reach the log."""
    mark = log_mark(page)
    page.keyboard.press(key)
    wait_for_new_log(page, mark)


def keys_until_placing(page: LivePage) -> None:
    """From a new Kingdomino game, claim with Enter (the focus put on the first domino) until a
    square to place on has the focus."""
    page.focus("button.domino.claimable")
    for _ in range(6):
        press_and_wait(page)
        page.wait_for_selector("#your-turn")
        page.wait_for_function(
            "(s) => document.activeElement && document.activeElement.matches(s)", arg=", ".join(NEXT_MOVES)
        )
        if focused_matches(page, "svg g.legal.anchor"):
            return
    raise AssertionError("no placing came")


def test_a_screen_reader_hears_the_table_as_it_should(page: LivePage) -> None:
    """One Kingdomino and one Duel for the checks of their first positions, each named in its
    assertions: ``no_live_region_holds_the_table`` (and the lobby's),
    ``the_boards_headings_sit_under_a_heading_of_their_own`` (both games),
    ``dominoes_that_cannot_be_taken_are_named`` and then ``dice_taken_are_named`` (a die taken)."""
    page.goto(page.base_url + "/")
    page.wait_for_selector("#create")
    assert [r for r in page.evaluate(LIVE_REGIONS) if r["holds"]] == [], "no live region holds the lobby"
    create_game(page, "kingdomino", 2)
    no_live_region_holds_the_table(page)
    the_boards_headings_sit_under_a_heading_of_their_own(page)
    dominoes_that_cannot_be_taken_are_named(page)
    create_game(page, "duel", 2)
    the_boards_headings_sit_under_a_heading_of_their_own(page)
    dice_taken_are_named(page)
    assert not page.errors


def no_live_region_holds_the_table(page: LivePage) -> None:
    """The page's <main> was a live region: at each move a screen reader read out the whole table
    again, the lines, every kingdom's squares, the score sheets and the log (eight announcements for
    one move measured in the page). Only short lines are live: the status, the others' moves, the
    hint, the errors."""
    regions = page.evaluate(LIVE_REGIONS)
    assert [r for r in regions if r["holds"]] == [], f"no live region holds the table: {regions}"
    assert {"status", "heard"} <= {r["id"] for r in regions}, (
        f"the status and the others' moves are live: {regions}"
    )


def the_boards_headings_sit_under_a_heading_of_their_own(page: LivePage) -> None:
    """The lines and kingdoms are h3 headings that came right after the page's h1 (a screen reader's
    list of headings had no level 2 for the table): the board has an h2, for screen readers only.
    Without axe-core (``npm ci``) only the h2 is checked."""
    if AXE.exists():
        page.add_script_tag(path=str(AXE))
        found = page.evaluate(
            "async () => (await axe.run(document, {runOnly: ['heading-order']})).violations"
            ".flatMap((v) => v.nodes.map((n) => n.html))"
        )
        assert found == [], f"the headings go in order: {found}"
    h2 = page.get_by_role("heading", level=2, name="The table").count()
    assert h2 == 1, "the board's headings sit under an h2 of their own"


def dominoes_that_cannot_be_taken_are_named(page: LivePage) -> None:
    """A domino of the lines that cannot be chosen (taken, or the current line's) is a named
    picture, read with its words: on an element of no role, which screen readers skip, the domino
    is read as its number alone ("25")."""
    page.wait_for_selector("#your-turn")
    named = page.get_by_role("img", name=re.compile(r"^domino \d+: .+ — Bruno"))
    named.first.wait_for(timeout=10_000)  # the AI's choice may still be on its way
    assert named.count() >= 1, "a domino taken is named for screen readers"


def dice_taken_are_named(page: LivePage) -> None:
    """A Duel die taken is a named picture, read with its words, not as its holder's name only."""
    page.click("button.die.takeable")
    dice = page.get_by_role("img", name=re.compile(r"^Die \d+: .+ — (You|Bruno)"))
    dice.first.wait_for(timeout=10_000)  # the table is redrawn when the server answers the click
    assert dice.count() >= 1, "a die taken is named for screen readers"


def test_the_hint_is_read_out_and_the_status_line_is_not_read_again(page: LivePage) -> None:
    """Hint said nothing to a screen reader (its box was not live), while each drawing wrote the
    status line anew, so it read "Choose your next domino" out again for a hint shown."""
    create_game(page, "kingdomino", 2)
    page.evaluate(
        """() => { window.statusChanges = 0;
        new MutationObserver(() => { window.statusChanges += 1; }).observe(
          document.querySelector('#status'), { childList: true, subtree: true, characterData: true }); }"""
    )
    page.focus("#hint")
    page.keyboard.press("Enter")
    page.wait_for_selector("#hint-result")
    live = page.evaluate(
        "() => { const box = document.querySelector('#hint-result').closest('[aria-live], [role=status]');"
        " return box ? box.id : null; }"
    )
    assert live == "hint-box"
    assert "% to win" in (page.locator("#hint-box").text_content() or "")
    assert page.evaluate("window.statusChanges") == 0
    assert focused_matches(page, "#hint")


def test_a_keyboards_focus_goes_to_the_boards_pieces_before_the_yes_no_buttons(page: LivePage) -> None:
    """Origins Tribe with the keys: after a move the focus goes to the board's pieces first, not to
    the first yes/no button, where the cave's "Recruit nobody" and "Put no fire token" would take an
    Enter meant for the board; and a square to choose (a payment, a caveman's square, a fire token)
    gets the focus itself, not the board a Tab away."""
    create_game(page, "origins", 2, mode="tribe")
    for _ in range(20):  # Tab to the first move; the focus goes on from there by itself
        page.keyboard.press("Tab")
        if focused_matches(page, ", ".join(NEXT_MOVES)):
            break
    seen: set[str] = set()
    for _ in range(80):
        page.wait_for_selector("#your-turn, #winner")
        if page.locator("#winner").count() or {".caveman-card.claimable", "svg g.legal.choice"} <= seen:
            break
        expected = expected_focus(page)
        assert expected, page.locator("#status").text_content()
        page.wait_for_function(
            "(s) => document.activeElement && document.activeElement.matches(s)", arg=", ".join(NEXT_MOVES)
        )
        assert focused_matches(page, expected), (
            page.locator("#status").text_content(),
            expected,
            page.evaluate("document.activeElement.outerHTML.slice(0, 120)"),
        )
        seen.add(expected)
        press_and_wait(page)
    assert {".caveman-card.claimable", "svg g.legal.choice"} <= seen, seen
    assert not page.errors


def test_at_200_percent_zoom_the_keyboards_focus_stays_in_view_and_comes_back_after_undo(
    browser: Browser, live_server: str
) -> None:
    """A 1366 x 768 laptop at 200 % zoom (683 x 384 CSS pixels): the square to place on that took
    the focus after a domino was chosen stood under the window's edge (the page did not scroll to
    it). And Undo, greyed once used, dropped the focus to the page: the move taken back was many
    Tabs away. The focus is in view, and back on the move after Undo."""
    page = new_page(browser, live_server, 683, 384)
    create_game(page, "kingdomino", 2)
    keys_until_placing(page)
    box = page.evaluate(
        "(() => { const r = document.activeElement.getBoundingClientRect(); return [r.top, r.bottom]; })()"
    )
    assert box[0] >= 0 and box[1] <= 384, f"the focused square is out of the window: {box}"
    press_and_wait(page)  # placed
    page.wait_for_selector("#undo[aria-disabled=false]")
    page.focus("#undo")
    page.keyboard.press("Enter")
    page.wait_for_selector("#undo[aria-disabled=true]")
    page.wait_for_function(
        "(s) => document.activeElement && document.activeElement.matches(s)",
        arg=", ".join(NEXT_MOVES),
        timeout=5000,
    )
    box = page.evaluate(
        "(() => { const r = document.activeElement.getBoundingClientRect(); return [r.top, r.bottom]; })()"
    )
    assert box[0] >= 0 and box[1] <= 384, f"the focused move is out of the window: {box}"
    assert not page.errors


def test_a_turn_of_the_domino_is_read_out(page: LivePage) -> None:
    """R turned the domino under the focused square and renamed the square, which a screen reader
    does not read again: R seemed to do nothing. A live line says the placement the turn shows."""
    create_game(page, "kingdomino", 2)
    keys_until_placing(page)
    for _ in range(4):
        named = page.evaluate("document.activeElement.getAttribute('aria-label')")
        page.keyboard.press("r")
        now = page.evaluate("document.activeElement.getAttribute('aria-label')")
        if now != named:
            break
    else:
        raise AssertionError("R never turned the domino on the focused square")
    live = page.locator("#turned")
    expect(live).to_have_attribute("role", "status")
    expect(live).to_have_text(now)
    assert not page.errors


def test_the_lobbys_name_fields_say_whose_name_they_are(page: LivePage) -> None:
    """Each name field of the lobby is read with its seat ("Player 2 name"), not as "name" alone."""
    page.goto(page.base_url + "/")
    page.wait_for_selector("#create")
    page.select_option("#players", "3")
    for n in (1, 2, 3):
        expect(page.get_by_role("textbox", name=f"Player {n} name", exact=True)).to_have_count(1)


#: Plays the first legal move of the page's game through the HTTP API (the page's focus stays where
#: it is, as while the other seats play).
PLAY_ELSEWHERE = """async () => {
  const id = location.pathname.split('/')[2];
  const token = JSON.parse(localStorage.getItem('kingdomino.games')).find((g) => g.id === id).tokens[0];
  const view = await (await fetch(`/api/games/${id}?token=${token}`)).json();
  await fetch(`/api/games/${id}/actions`, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, action: view.legal_actions[0], index: view.index }) });
}"""


def test_a_score_sheet_keeps_the_keyboards_focus_while_the_ai_plays(page: LivePage) -> None:
    """A score sheet's summary focused to read it keeps the focus at the next move of any seat,
    though the sheets are drawn anew at each move (the focus does not fall to the page)."""
    create_game(page, "kingdomino", 4)
    summary = "#scores details[data-seat='2'] summary"
    page.focus(summary)
    page.keyboard.press("Enter")  # opened
    for _ in range(3):
        page.wait_for_selector("#your-turn")
        mark = log_mark(page)
        page.evaluate(PLAY_ELSEWHERE)
        wait_for_new_log(page, mark)
        assert focused_matches(page, summary), page.evaluate("document.activeElement.outerHTML.slice(0, 80)")
    assert page.locator("#scores details[data-seat='2']").get_attribute("open") is not None
    assert not page.errors


#: The focused element's centre, and the centres of the other choices of its layer (window pixels).
FOCUS_AND_CHOICES = """() => {
  const centre = (e) => {
    const r = e.getBoundingClientRect();
    return [r.x + r.width / 2, r.y + r.height / 2];
  };
  const focused = document.activeElement;
  const layer = focused.closest('g.choices');
  const others = layer ? [...layer.querySelectorAll('g.legal.choice')].filter((e) => e !== focused) : [];
  return { at: centre(focused), others: others.map(centre) };
}"""

#: Each arrow key's way on the screen, (x, y).
ARROW_WAYS = {"ArrowRight": (1, 0), "ArrowLeft": (-1, 0), "ArrowDown": (0, 1), "ArrowUp": (0, -1)}


def ahead(at: list[float], other: list[float], way: tuple[int, int]) -> float:
    """How far ``other`` lies from ``at`` along ``way`` (pixels; 0 or less: not that way)."""
    return (other[0] - at[0]) * way[0] + (other[1] - at[1]) * way[1]


def test_the_arrow_keys_go_between_the_squares_of_a_choice(page: LivePage) -> None:
    """Origins with the keys: the arrow keys went between the squares a domino could be placed on,
    but not between the squares of a single-square choice (a caveman's square, a payment, a fire
    token; Duel's split die and crosses): a keyboard player went through each with Tab. They go to
    the nearest choice that way, and stay where none lies that way."""
    create_game(page, "origins", 2, mode="tribe")
    page.focus(", ".join(f"#board {s}" for s in NEXT_MOVES))
    for _ in range(80):
        page.wait_for_selector("#your-turn")
        page.wait_for_function(
            "(s) => document.activeElement && document.activeElement.matches(s)", arg=", ".join(NEXT_MOVES)
        )
        found = page.evaluate(FOCUS_AND_CHOICES)
        if focused_matches(page, "svg g.legal.choice") and len(found["others"]) >= 2:
            break
        press_and_wait(page)
    else:
        raise AssertionError("no choice of three squares or more came")
    moved = 0
    for key, way in [*ARROW_WAYS.items(), *ARROW_WAYS.items()]:
        before = page.evaluate(FOCUS_AND_CHOICES)
        page.keyboard.press(key)
        after = page.evaluate(FOCUS_AND_CHOICES)
        assert focused_matches(page, "svg g.legal.choice"), page.evaluate("document.activeElement.outerHTML")
        if any(ahead(before["at"], other, way) > 5 for other in before["others"]):
            assert ahead(before["at"], after["at"], way) > 5, (key, before, after)
            moved += 1
        else:
            assert after["at"] == before["at"], (key, before, after)
    assert moved >= 2
    page.screenshot(path=str(ARTIFACTS / "a11y-arrows-choice.png"))
    assert not page.errors


#: The focused square of a placing, its ghost and the focus ring over the ghost: the ring's place
#: and whether it is drawn after (over) the ghost and shown.
FOCUS_RING = """() => {
  const square = document.activeElement, layer = square.closest('g.placing');
  const ghost = layer.querySelector('g.ghost'), ring = layer.querySelector('g.focus-ring');
  if (!ring) return null;
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return [r.x, r.y, r.width, r.height].map(Math.round);
  };
  return { square: box(square.querySelector('rect.spot')), ring: box(ring),
           over: Boolean(ghost.compareDocumentPosition(ring) & Node.DOCUMENT_POSITION_FOLLOWING),
           shown: getComputedStyle(ring).visibility === 'visible', ghosted: ghost.childElementCount > 0 };
}"""


def test_the_focused_square_is_ringed_over_the_domino_shown_on_it(page: LivePage) -> None:
    """The ghost of the domino drawn on the focused square covered the square's focus mark: a
    keyboard player could not see which square had the focus. A ring is drawn over the ghost."""
    create_game(page, "kingdomino", 2)
    keys_until_placing(page)
    ring = page.evaluate(FOCUS_RING)
    assert ring is not None, "no focus ring over the ghost"
    assert ring["over"] and ring["shown"] and ring["ghosted"], ring
    # The ring goes round the square (the spot's box, 1 px of the ring's half width out each way).
    assert all(abs(a - b) <= 6 for a, b in zip(ring["ring"], ring["square"], strict=True)), ring
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    moved = page.evaluate(FOCUS_RING)
    assert moved["shown"] and all(
        abs(a - b) <= 6 for a, b in zip(moved["ring"], moved["square"], strict=True)
    )
    page.locator("#board svg:has(g.placing)").screenshot(path=str(ARTIFACTS / "a11y-focus-over-ghost.png"))
    page.focus("#hint")  # the focus gone elsewhere, the ring goes too
    assert (
        page.evaluate("getComputedStyle(document.querySelector('#board g.focus-ring')).visibility")
        == "hidden"
    )
    assert not page.errors


def test_the_first_tab_of_a_new_game_skips_to_the_table(page: LivePage) -> None:
    """After a game was created (a new page), the first Tab reached the site's name, then the
    language, the title and the invites before the table. It reaches "Skip to the table", shown
    once focused; Enter goes to the table and the next Tab to the first piece to play."""
    create_game(page, "kingdomino", 2)
    page.wait_for_selector("button.domino.claimable")
    hidden = page.locator("a.skip-link").bounding_box()
    assert hidden is not None and hidden["y"] + hidden["height"] <= 0, "seen before it is focused"
    page.keyboard.press("Tab")
    assert focused_matches(page, "a.skip-link"), page.evaluate(
        "document.activeElement.outerHTML.slice(0, 120)"
    )
    expect(page.locator("a.skip-link")).to_have_text("Skip to the table")
    box = page.locator("a.skip-link").bounding_box()
    assert box is not None and box["y"] >= 0 and box["height"] > 10, box
    page.screenshot(path=str(ARTIFACTS / "a11y-skip-link.png"))
    page.keyboard.press("Enter")
    assert focused_matches(page, "#board-card")
    assert "#" not in page.url
    page.keyboard.press("Tab")
    assert focused_matches(page, "button.domino.claimable")
    page.goto(page.base_url + "/")  # the lobby's first Tab skips to its content
    page.wait_for_selector("#create")
    page.keyboard.press("Tab")
    expect(page.locator("a.skip-link")).to_have_text("Skip to the content")
    page.keyboard.press("Enter")
    assert focused_matches(page, "main")
    assert not page.errors


@needs_axe
def test_axe_finds_no_serious_violation(page: LivePage) -> None:
    page.goto(page.base_url + "/")
    page.wait_for_selector("#create")
    assert axe_violations(page) == []
    for game, players, options, mode in GAMES:  # Origins Totem and Discovery included
        create_game(page, game, players, options=options, mode=mode)
        found = axe_violations(page)
        assert found == [], "\n".join([f"{game} {mode}", *found])
    page.goto(page.base_url + "/score")  # the scorer, with a Tribe brush showing every row
    page.wait_for_selector("#palette")
    page.select_option("#scorer-game", "origins")
    page.select_option("#score-mode", "tribe")
    page.click('button[data-brush="G"]')
    page.click('g.cell[data-square="0,1"]')
    assert axe_violations(page) == []


@needs_axe
def test_axe_finds_no_serious_violation_on_the_end_screen_and_the_review(
    browser: Browser, live_server: str
) -> None:
    page = at_the_end_of(browser, live_server, "duel", duel_played_against_greedy)
    found = axe_violations(page)
    assert found == [], "\n".join(["end screen", *found])
    page.click("#replay")
    page.wait_for_function("document.querySelector('#review-state .review-seat')", timeout=120000)
    page.click("#review-next")
    page.click("#replay-next")
    found = axe_violations(page)
    assert found == [], "\n".join(["replay", *found])
    assert not page.errors
