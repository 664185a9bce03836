"""Playing in a real browser: every game and mode played to the end by clicking the board only
(the move list is never used), the placing ghost, hints and undo, the guided game, the keyboard,
and how moves land on the table.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import (
    ARTIFACTS,
    GAMES,
    OVERFLOW,
    LivePage,
    create_game,
    ending,
    finish_through_the_api,
    focused_matches,
    log_mark,
    messages_received,
    new_page,
    play_by_clicking_board,
    present,
    starting,
    wait_for_count,
    wait_for_new_log,
)
from tests.web.conftest import (
    close_browser_contexts,
    free_port,
    live_app,
    served_in_a_thread,
)

from kingdomino.core.records import GameRecord, replay
from kingdomino.games.registry import make_game
from kingdomino.web.hint_slots import MAX_HINTS


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "options", "mode"), GAMES, ids=lambda v: str(v))
def test_played_to_the_end_by_clicking_the_board(
    page: LivePage, game: str, players: int, options: dict[str, bool], mode: str | None
) -> None:
    create_game(page, game, players, options=options, mode=mode)
    name = f"{game}-{mode or players}"
    # The setup's random draw of who claims first names the game's own piece (the rulebooks' word).
    piece = {"kingdomino": "king", "origins": "tribe chief"}.get(game)
    if piece is not None:
        said = rf"(Your {piece}|The {piece} of .*) is drawn"
        page.wait_for_function(
            "(said) => document.querySelector('#log')?.innerText.split('\\n')"
            ".some((line) => new RegExp(said).test(line))",
            arg=said,
        )
        # Ours reads in the second person ("Your king is drawn"), never "You's king"; theirs names
        # them without a possessive after a bracket ("The king of Bruno (AI, greedy)").
        lines = page.locator("#log").inner_text().splitlines()
        drawn = [line for line in lines if re.search(said, line)]
        owner = rf"(Your {piece}|The {piece} of \w+ \(AI, greedy\)) is drawn"
        assert drawn and all(re.fullmatch(owner, line) for line in drawn), drawn
    page.screenshot(path=str(ARTIFACTS / f"{name}-start.png"), full_page=True)
    if options.get("fire_kingdom"):  # 10 points each for the hut in the centre: nobody leads yet
        expect(page.locator("#scores summary").first).to_have_text(ending("10 points"), use_inner_text=True)
        expect(page.locator(".leader")).to_have_count(0)
    if game == "duel":  # each line of the spellbook ends with its power's picture (DESIGN.md)
        pictures = page.locator(".spellbook svg.power-pic")
        powers = {pictures.nth(i).get_attribute("data-power") for i in range(pictures.count())}
        assert pictures.count() == 6 and len(powers) == 6
        assert all(pictures.nth(i).locator("*").count() >= 1 for i in range(6))
    play_by_clicking_board(page, check_every=7)
    page.wait_for_selector("#winner")
    page.screenshot(path=str(ARTIFACTS / f"{name}-final.png"), full_page=True)
    # The end screen: a ranking of every seat, each kingdom's breakdown, replay and rematch.
    expect(page.locator("#ranking tbody tr")).to_have_count(players)
    expect(page.locator("#scores table")).to_have_count(players)
    expect(page.locator("#rematch")).to_have_count(1)
    assert page.locator(".rows").count() == 0 or "Current line" not in page.locator("#board").inner_text()
    assert page.evaluate(OVERFLOW) == []
    # One glance tells the score: the leader's star by its kingdom too, as in the score sheets.
    for seat in range(players):
        in_sheet = page.locator(f'#scores details[data-seat="{seat}"] summary .leader').count()
        expect(page.locator(f'#board .kingdom[data-seat="{seat}"] h3 .leader')).to_have_count(in_sheet)
    # At the end the star marks the winners after the tie-breaks (place 1), not every seat tied on points.
    places = [row.inner_text().split()[0] for row in page.locator("#ranking tbody tr").all()]
    assert page.locator("#scores summary .leader").count() == places.count("1") >= 1
    expect(page.locator("#scores summary .leader").first).to_have_attribute("aria-label", "the winner")
    check_regions_light_up(page)
    if game == "origins":  # what is left to take is gone; the totems, which score, stay
        expect(page.locator(".cave, .supply")).to_have_count(0)
        assert page.locator(".totems").count() == (1 if mode == "totem" else 0)
    if game != "duel":  # each finished kingdom alone fills its board, the opponents' too
        for shown in page.evaluate(SHOWN_KINGDOMS):
            assert shown["side"] == max(shown["rows"], shown["cols"]), shown
    if options.get("dynasty"):  # the three games of the match, each in its column, summing to the points
        headers = page.locator("#ranking thead th").all_inner_texts()
        assert headers[2:5] == ["Game 1", "Game 2", "Game 3"] and headers[5] == "Points"
        for row in page.locator("#ranking tbody tr").all():
            cells = [int(cell) for cell in row.locator("td").all_inner_texts()[2:6]]
            assert sum(cells[:3]) == cells[3] and min(cells[:3]) >= 0
    if options.get("middle_kingdom"):
        expect(page.locator("#scores")).to_contain_text("Middle Kingdom", use_inner_text=True)
    if game == "kingdomino":
        page.click("#replay")
        page.click("#replay-next")
        page.wait_for_function("document.querySelector('#replay-label')?.textContent.includes('step 1 of')")
        page.click("#replay-next")
        page.wait_for_function("document.querySelector('#replay-label')?.textContent.includes('step 2 of')")
        page.wait_for_function("document.querySelectorAll('#log li').length === 2")
        expect(page.locator("#log li.current")).to_have_count(1)


#: Each board's view in squares, and the rows and columns its kingdom spans.
SHOWN_KINGDOMS = """() => [...document.querySelectorAll('#board .kingdom > svg')].map((board) => {
  const squares = [...board.querySelectorAll('g[data-square]')]
    .map((g) => g.getAttribute('data-square').split(',').map(Number));
  const spans = (i) => new Set(squares.map((square) => square[i])).size;
  return { side: board.viewBox.baseVal.width / 40, rows: spans(0), cols: spans(1) };
})"""


def check_regions_light_up(page: LivePage) -> None:
    """Each kingdom's regions, one by one (DESIGN.md, after the game): pointing at a region's row of
    the score sheet lights its squares, and only those, on the sheet's small map and on the board;
    a caveman's line (Tribe) lights the caveman's square."""
    for seat in range(page.locator("#scores details[data-seat]").count()):
        sheet = page.locator(f'#scores details[data-seat="{seat}"]')
        assert sheet.locator(".sheet-map svg g[data-square]").count() >= 2
        rows = sheet.locator("tr.region-row")
        for index in range(rows.count()):
            row = rows.nth(index)
            cells = row.locator("td")
            squares = int(cells.nth(1).inner_text()) if cells.count() == 4 else 1
            row.hover()
            lit = page.locator(f'svg.lit-region[data-seat="{seat}"]')
            assert lit.count() >= 2, "the sheet's map and the board's kingdom"
            for image in range(lit.count()):
                assert lit.nth(image).locator("g.lit").count() == squares, row.inner_text()
        page.mouse.move(1, 1)
        expect(page.locator("svg.lit-region")).to_have_count(0)
    first = page.locator("#scores tr.region-row").first
    first.focus()  # the keyboard's way (a tap on a phone focuses the row too)
    expect(page.locator("svg.lit-region").nth(1)).to_be_attached()  # two or more
    page.evaluate("document.activeElement.blur()")
    expect(page.locator("svg.lit-region")).to_have_count(0)


#: Records every element that lands (class ``landed``) from now on, with its animation's name.
WATCH_LANDINGS = """() => {
  window.landings = [];
  new MutationObserver((changes) => { for (const change of changes) for (const node of change.addedNodes) {
    if (!(node instanceof Element)) continue;
    const found = [...(node.matches('.landed') ? [node] : []), ...node.querySelectorAll('.landed')];
    for (const el of found) window.landings.push({ square: el.getAttribute('data-square'),
      piece: el.classList.contains('piece'), animation: getComputedStyle(el).animationName });
  } }).observe(document.body, { childList: true, subtree: true });
}"""


@pytest.mark.parametrize("game", ["kingdomino", "duel"])
@pytest.mark.parametrize("reduced", [False, True], ids=["motion", "reduced-motion"])
def test_what_was_just_played_lands_with_a_short_motion(page: LivePage, game: str, reduced: bool) -> None:
    if reduced:
        page.emulate_media(reduced_motion="reduce")
    create_game(page, game)
    page.evaluate(WATCH_LANDINGS)
    play_by_clicking_board(page, 3)
    page.wait_for_selector("#your-turn")
    landed = page.evaluate("window.landings")
    # Our moves and the AI's land (a king on a domino, a domino's or a drawing's squares), each with
    # the motion, or none when the system asks for reduced motion; the castle was always there.
    assert any(item["square"] for item in landed), landed
    assert {item["animation"] for item in landed} == {"none" if reduced else "land"}
    assert all(item["square"] != "0,0" for item in landed)
    # A page opened in the middle of a game draws what is there without motion.
    page.reload()
    page.wait_for_selector("#your-turn")
    expect(page.locator(".landed")).to_have_count(0)


def test_an_opponents_kingdom_grows_under_the_pointer(page: LivePage) -> None:
    create_game(page, "kingdomino", 4)
    card = page.locator(".others-col .kingdom").first
    before = present(card.bounding_box())
    card.hover()
    page.wait_for_function(
        "w => document.querySelector('.others-col .kingdom')?.getBoundingClientRect().width > 1.5 * w",
        arg=before["width"],
    )
    page.screenshot(path=str(ARTIFACTS / "kingdomino-4-opponent-enlarged.png"), full_page=True)
    page.mouse.move(5, 5)
    page.wait_for_function(
        "w => Math.abs(document.querySelector('.others-col .kingdom')?.getBoundingClientRect().width - w)"
        " < 1",
        arg=before["width"],
    )


def test_a_dynasty_shows_the_game_just_played_when_the_next_begins(page: LivePage) -> None:
    """When a game of a Dynasty ends, the table goes back to empty kingdoms: the top says how the
    game ended, the scores show its kingdoms, and each kingdom's points are this game's, the
    match's total beside them (the totals sat over empty kingdoms)."""
    create_game(page, "kingdomino", 2, {"dynasty": True})
    while "game 2 of 3" not in present(page.locator("#round-info").text_content()):
        play_by_clicking_board(page, 1)
        page.wait_for_selector("#your-turn, #winner")
    note = page.locator("#match-note")
    assert note.is_visible() and present(note.text_content()).startswith("Game 1 of 3 is over: You ")
    past = page.locator("#past-games details[data-game='1']")
    assert past.get_attribute("open") is not None and past.locator("figure > svg").count() == 2
    first_game = [int(n) for n in re.findall(r"\d+", present(past.locator("summary").text_content()))[2:]]
    mine = page.locator(".kingdom.mine .points").text_content()
    assert mine == f"0 points · {first_game[0]} in all", (mine, first_game)
    page.screenshot(path=str(ARTIFACTS / "dynasty-game-2.png"), full_page=True)


@pytest.mark.parametrize("game", ["kingdomino", "duel"])
def test_the_board_stays_under_the_pointer_when_placing_begins(page: LivePage, game: str) -> None:
    """On a wide screen your kingdom keeps its place between a choice and the placing after it
    (the placing toolbar pushed it 46 px down under the pointer)."""
    create_game(page, game, 2)
    board = page.locator(".kingdom.mine > svg")
    tops = set()
    for turn in range(12):
        page.wait_for_selector("#your-turn")
        tops.add(round(present(board.bounding_box())["y"]))
        if turn and page.locator(".kingdom.mine .toolbar").count():
            break  # placing, after choices
        play_by_clicking_board(page, 1)
    else:
        raise AssertionError("no placing within 12 moves")
    assert len(tops) == 1, tops


def test_a_recruit_paid_for_is_said_paid_while_placed(page: LivePage) -> None:
    """Tribe: once the caveman is paid for, the cave says so ("paid"), not "0 resources still to pay"."""
    create_game(page, "origins", 2, mode="tribe")
    said = {}
    for _ in range(80):
        page.wait_for_selector("#your-turn, #winner")
        if page.locator("#winner").count():
            break
        status = present(page.locator("#status").text_content())
        for step in ("Pay for your caveman", "Put your caveman"):
            if step in status:
                said[step] = present(page.locator("p.paying").text_content())
        if len(said) == 2:
            break
        play_by_clicking_board(page, 1)
    assert "still to pay" in said["Pay for your caveman"], said
    assert said["Put your caveman"].endswith(": paid"), said


def test_placing_shows_a_ghost_rotates_and_explains_refusals(page: LivePage) -> None:
    create_game(page, "kingdomino", 2)
    # Claim until a domino is to be placed.
    while not page.locator("svg g.legal.anchor").count():
        play_by_clicking_board(page, 1)
    anchor = page.locator("svg g.legal.anchor").first
    anchor.hover()
    ghost = page.locator("svg g.ghost")
    assert ghost.locator("use").count() >= 2, "the ghost draws both halves"
    # The ghost says what the placement adds; so does the line under the toolbar.
    gain = present(ghost.locator("g.ghost-gain text").text_content())
    assert re.fullmatch(r"\+\d+", gain), gain
    assert re.search(rf" · \{gain} points?$", present(page.locator("#ghost-info").text_content()))
    anchor.focus()
    page.keyboard.press("r")
    page.click("#rotate")
    expect(page.locator("#ghost-info")).not_to_have_text("")
    # A square where the domino may not go answers with the engine's reason.
    page.locator("svg rect.why").last.click(force=True)
    page.wait_for_function("document.querySelector('#error')?.textContent.length > 0")
    refused = present(page.locator("#error").text_content())
    assert refused.startswith("Not there: ") and "'" not in refused and "place" not in refused, refused
    # Keyboard: Enter on a focused square places the domino, which adds what its ghost said.
    count = page.locator("#log li").count()
    page.locator("svg g.legal.anchor").first.focus()
    # A legal square chosen since: the reason given for another square is taken back.
    page.wait_for_function("document.querySelector('#error').textContent === ''")
    added = int(present(ghost.locator("g.ghost-gain text").text_content()).split(" ")[0])
    points = int(present(page.locator(".kingdom.mine .points").text_content()).split(" ")[0])
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelectorAll('#log li').length !== {count}")
    assert int(present(page.locator(".kingdom.mine .points").text_content()).split(" ")[0]) == points + added


def test_hint_with_a_win_chance_and_undo(page: LivePage) -> None:
    create_game(page, "kingdomino", 2)
    page.click("#hint")
    page.wait_for_selector("#hint-result")
    # Each move's chance with the games played out after it: the best is the most played out, and
    # one below it may show a higher chance from fewer games.
    said = page.locator("#hint-result li span").all_inner_texts()
    told = r"about \d+ % to win \(from (\d+) games? played out\)"
    counts = [int(present(re.fullmatch(told, text))[1]) for text in said]
    assert counts and counts[0] == max(counts), said
    for _ in range(40):
        play_by_clicking_board(page, 1)
        page.wait_for_selector("#your-turn, #winner")
        if page.locator("#undo[aria-disabled=false]").count():
            break
    # The newest line's number goes back (the log shows the last 25 lines, so its length may not).
    newest = page.locator("#log li").first.get_attribute("value")
    page.click("#undo")
    page.wait_for_function(f"document.querySelector('#log li')?.value < {newest}")


def test_a_hint_refused_as_busy_is_asked_again_until_it_comes(browser: Browser, database: str) -> None:
    """The server computes two hints at a time and one per network: two players behind one router
    who ask at the same moment were told to wait, and "Looking for a good move" stayed on the
    second page for good. The page now asks again a moment later, a few times, and says the
    server is busy only when no try got through."""
    app = live_app(database)
    hub = app.state.hub
    with served_in_a_thread(app, free_port()) as base:
        page = new_page(browser, base)
        refusals = messages_received(page, lambda message: message.get("code") == "hints_busy")
        create_game(page, "kingdomino", 2)
        hub.hint_slots.running = MAX_HINTS  # every slot taken by other players' hints
        page.click("#hint")
        wait_for_count(page, refusals, 2)  # the first ask and its first try again, both refused
        expect(page.locator("#hint-box")).to_have_text("Looking for a good move…", use_inner_text=True)
        expect(page.locator("#error")).to_have_text("", use_inner_text=True)
        hub.hint_slots.running = 0  # the other hints are computed: the next try gets a slot
        page.wait_for_selector("#hint-result")
        expect(page.locator("#hint-result")).to_contain_text("% to win", use_inner_text=True)

        hub.hint_slots.running = MAX_HINTS  # busy for good
        page.click("#hint")
        page.wait_for_function("document.querySelector('#error')?.textContent.length > 0", timeout=15_000)
        expect(page.locator("#error")).to_contain_text("busy with other hints", use_inner_text=True)
        expect(page.locator("#hint-box")).to_have_text("", use_inner_text=True)  # no longer "looking"
        hub.hint_slots.running = 0
        close_browser_contexts()
    assert not page.errors, page.errors


def test_an_all_ai_game_is_watched_with_a_thinking_sign(page: LivePage) -> None:
    page.goto(page.base_url + "/")
    page.select_option("#seat-0", "ai:greedy")
    page.select_option("#seat-1", "ai:greedy")
    page.click("#create")
    page.wait_for_selector("#winner, #thinking")
    # Watched while it is played, looked back at once over (greedy seats may be done already).
    over, said = page.evaluate(
        "() => [!!document.querySelector('#winner'), document.querySelector('#whoami').textContent]"
    )
    assert ("looking back" if over else "watching") in said, said
    page.wait_for_selector("#winner", timeout=60000)
    expect(page.locator("#ranking tbody tr")).to_have_count(2)


#: What the keyboard player acts on: a domino to claim, a square to place on, discard.
KEY_TARGETS = "button.domino.claimable, svg g.legal.anchor, .actions button, .choice-row button"


@pytest.mark.slow
def test_a_whole_game_is_played_with_the_keyboard_only(page: LivePage) -> None:
    """Kingdomino against ``easy`` (the test server's seeds are fixed): Tab to the piece, arrow keys
    between the squares, R to turn the domino, Enter to play; the mouse is never used."""
    page.goto(page.base_url + "/")
    page.wait_for_selector("#create")
    page.select_option("#seat-1", "ai:easy")  # setting the form up is not part of the game
    page.focus("#create")
    page.keyboard.press("Enter")
    page.wait_for_url("**/game/*")
    turns = rotations = arrows = 0
    while True:
        page.wait_for_selector("#your-turn, #winner")
        if page.locator("#winner").count():
            break
        mark = log_mark(page)
        if turns:  # after a move made with the keys, the focus waits on the next move (not on the page)
            focus_on = "(targets) => document.activeElement && document.activeElement.matches(targets)"
            page.wait_for_function(focus_on, arg=KEY_TARGETS)
        for _ in range(400):
            if focused_matches(page, KEY_TARGETS):
                break
            page.keyboard.press("Tab")
        else:
            raise AssertionError(f"Tab never reached a move: {page.locator('#status').text_content()}")
        if focused_matches(page, "svg g.legal.anchor"):
            anchor = page.evaluate("document.activeElement.dataset.anchor")
            for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
                page.keyboard.press(key)
                if page.evaluate("document.activeElement.dataset.anchor") != anchor:
                    arrows += 1
                    break
            ghost = page.locator("#ghost-info").text_content()
            named = page.evaluate("document.activeElement.getAttribute('aria-label')")
            page.keyboard.press("r")
            after = page.locator("#ghost-info").text_content() or ""
            # A domino that fits one way only says so ("Only this way fits here: ...") and stays.
            one_way = after.startswith(("Only this way", "Both halves are alike", "Your domino fits only"))
            turned = after != ghost and not one_way
            rotations += turned
            # The focused square's name says the placement the ghost now shows.
            assert turned == (page.evaluate("document.activeElement.getAttribute('aria-label')") != named)
        page.keyboard.press("Enter")
        wait_for_new_log(page, mark)
        turns += 1
    expect(page.locator("#ranking tbody tr")).to_have_count(2)
    assert turns >= 20 and rotations and arrows, (turns, rotations, arrows)
    # The game over, the focus is on the ranking (it stayed on the board, under it: Tab went on to
    # the scores, past "Replay the game").
    page.wait_for_function("document.activeElement && document.activeElement.id === 'ranking-title'")
    page.keyboard.press("Tab")
    assert focused_matches(page, "#replay")


#: Measures, in the page, every symbol of the picture sprite: a symbol with a background square
#: needs a mark (fill or stroke) of contrast >= 3:1 against it (WCAG's non-text contrast); a symbol
#: drawn over squares (crown, fire, cross, resource...) needs one against every terrain square.
SYMBOL_CONTRAST = """() => {
  const rgb = (c) => {
    if (!c || !c.startsWith("#")) return null;
    const h = c.length === 4 ? [...c.slice(1)].map((x) => x + x).join("") : c.slice(1, 7);
    return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255);
  };
  const lum = (c) => {
    const [r, g, b] = c.map((v) => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const paint = (e, k) => e.getAttribute(k) || (e.closest("[" + k + "]") || e).getAttribute(k);
  const marks = (els) => els.flatMap((e) => [paint(e, "fill"), paint(e, "stroke")]).map(rgb).filter(Boolean);
  const symbols = [...document.querySelectorAll("#sprite symbol")];
  const backed = (s) => {
    const r = s.querySelector(":scope > rect");
    return r && r.getAttribute("width") === "40" ? r : null;
  };
  const tiles = symbols.filter((s) => s.id.startsWith("t-")).map((s) => rgb(backed(s).getAttribute("fill")));
  const poor = [];
  for (const s of symbols) {
    const back = backed(s);
    const shapes = [...s.querySelectorAll("*")].filter((e) => e !== back && e.tagName !== "g");
    const colours = marks(shapes);
    const grounds = back ? [rgb(back.getAttribute("fill"))] : tiles;
    for (const ground of grounds) {
      const best = Math.max(0, ...colours.map((c) => ratio(c, ground)));
      if (best < 3) poor.push(`${s.id}: ${best.toFixed(2)}`);
    }
  }
  return { count: symbols.length, poor };
}"""


def test_every_symbol_stands_out_from_its_ground(page: LivePage) -> None:
    create_game(page, "duel", 2)
    measured = page.evaluate(SYMBOL_CONTRAST)
    assert measured["count"] >= 25
    assert measured["poor"] == [], measured["poor"]


def test_the_status_line_says_how_far_the_fire_marker_reaches(page: LivePage) -> None:
    page.goto(page.base_url + "/")
    page.wait_for_selector("#create")
    said = page.evaluate(
        """async () => {
          const { todo } = await import(staticBase + 'words.js');
          const legal = ['fire 0,1', 'fire 1,1', 'no-fire'];
          return [todo(legal, { fire_range: 1 }), todo(legal, { fire_range: 3 }), todo(['fire-to-box'], {})];
        }"""
    )
    assert said == [
        "Put your fire token within 1 square of the volcano",
        "Put your fire token within 3 squares of the volcano",
        "Put your fire token near the volcano",
    ]


def test_the_guided_game_explains_each_step_and_what_placing_scores(page: LivePage) -> None:
    page.goto(page.base_url + "/")
    page.click("#guided")
    page.wait_for_url("**/game/*")
    page.wait_for_selector("#guide-tip")
    assert "Choose a domino for your next turn" in present(page.locator("#guide-tip").text_content())
    while not page.locator("svg g.legal.anchor").count():
        play_by_clicking_board(page, 1)
        page.wait_for_selector("#your-turn")
    tip = present(page.locator("#guide-tip").text_content())
    assert tip.startswith("Place your domino")
    # The tip's best gain is the engine's: the largest of the view's score_gains for placements.
    best = page.evaluate(
        """async () => {
          const id = location.pathname.split('/').pop();
          const saved = JSON.parse(localStorage.getItem('kingdomino.games')).find((g) => g.id === id);
          const view = await (await fetch(`/api/games/${id}?token=${saved.tokens[0]}`)).json();
          const placing = Object.entries(view.score_gains).filter(([a]) => a.startsWith('place '));
          return Math.max(...placing.map(([, gain]) => gain));
        }"""
    )
    expected = f"The best square adds {best} point" if best > 0 else "No square adds points now"
    assert expected in tip, tip
    # A player who has read enough hides the tips, for this game and across a reload; one tap shows them.
    page.click("#guide-hide")
    expect(page.locator("#guide-tip")).to_have_count(0)
    page.reload()
    page.wait_for_selector("#guide-show")
    expect(page.locator("#guide-tip")).to_have_count(0)
    page.click("#guide-show")
    expect(page.locator("#guide-tip")).to_have_text(starting("Place your domino"))
    # The guided game closes with a word on what comes next (it ended with no tip).
    finish_through_the_api(page)
    expect(page.locator("#guide-tip")).to_have_text(starting("The game is over: the ranking"))


def test_a_finished_game_is_played_again_on_the_same_deal(page: LivePage) -> None:
    """At the end of a game against AI seats, "Same deal again" starts a practice game with the
    finished game's seed: its dice roll as they rolled (the server keys each draw by its name)."""
    create_game(page, "duel", 2)
    first = finish_through_the_api(page)
    # A game over has no move to list, hint or take back.
    expect(page.locator("details.moves")).to_be_hidden()
    expect(page.locator("#hint, #undo")).to_have_count(2)
    expect(page.locator("#hint")).to_be_hidden()
    expect(page.locator("#undo")).to_be_hidden()
    # The game's record, saved as a file, is one the command line replays to the same scores.
    saved = page.locator("#save-record")
    expect(saved).to_have_attribute("download", f"kingdomino-{first}.json")
    with page.expect_download() as download:
        saved.click()
    record = GameRecord.from_json(json.loads(Path(download.value.path()).read_text(encoding="utf-8")))
    outcome = replay(record, make_game("duel", 2))
    assert outcome.ok and outcome.state.scores() == [
        int(present(page.locator(f'#ranking tr[data-seat="{seat}"] td').nth(2).text_content()))
        for seat in (0, 1)
    ]
    assert present(page.locator("#same-deal").get_attribute("title")).startswith(
        "A new game with the same draws"
    )
    # A browser that opened the spectator link before its seat's holds that token first: it is
    # refused a new deal, so the seat's token is tried next.
    page.evaluate(
        """(id) => {
          const games = JSON.parse(localStorage.getItem('kingdomino.games'));
          const entry = games.find((g) => g.id === id);
          entry.tokens.unshift(new URL(entry.spectator, location.href).searchParams.get('token'));
          localStorage.setItem('kingdomino.games', JSON.stringify(games));
        }""",
        first,
    )
    page.reload()
    page.wait_for_selector("#same-deal")
    page.click("#same-deal")
    page.wait_for_url(lambda url: first not in url)
    page.wait_for_selector("#your-turn, #winner")
    expect(page.locator("#practice")).to_have_count(1)
    rolls = page.evaluate(
        """async (first) => {
          const id = location.pathname.split('/').pop();
          const saved = JSON.parse(localStorage.getItem('kingdomino.games')).find((g) => g.id === id);
          const view = await (await fetch(`/api/games/${id}?token=${saved.tokens[0]}`)).json();
          const record = await (await fetch(`/api/games/${first}/record`)).json();
          const now = view.log.filter((e) => e.seat === -1).map((e) => e.text);
          return [now, record.actions.filter((a) => a.startsWith('roll')).slice(0, now.length)];
        }""",
        first,
    )
    assert rolls[0] and rolls[0] == rolls[1]


def test_a_score_sheet_opened_stays_open_from_move_to_move_and_step_to_step(page: LivePage) -> None:
    """A score sheet opened to follow a kingdom's points closed again at the next move, and at every
    step of the replay: the sheets are drawn anew each time. The ones opened stay open."""
    create_game(page, "kingdomino", 2)
    sheet = page.locator("#scores details[data-seat='0']")
    sheet.locator("summary").click()
    play_by_clicking_board(page, 2)
    page.wait_for_selector("#your-turn")
    assert sheet.get_attribute("open") is not None, "the move closed the sheet"
    finish_through_the_api(page)
    page.click("#replay")
    page.wait_for_selector("#replay-label")
    mine = page.locator("#replay-scores details[data-seat='0']")
    mine.locator("summary").click()
    for step in range(1, 6):
        page.click("#replay-next")
        page.wait_for_function(
            f"document.querySelector('#replay-label')?.textContent.includes('step {step} of')"
        )
        assert mine.get_attribute("open") is not None, f"step {step} closed the sheet"
    assert page.locator("#replay-scores details[data-seat='1']").get_attribute("open") is None
    assert not page.errors


def test_a_lost_connection_is_said_and_the_table_waits_for_it(page: LivePage) -> None:
    """While a dropped socket reconnects, the page says so and the board waits dimmed (a move made
    meanwhile would go nowhere), and both end when the game's state comes again."""
    sockets: list[Any] = []
    cut = {"on": False}

    def route(socket: Any) -> None:  # between the page and the server, as a network would be
        if cut["on"]:
            socket.close(code=1001)
            return
        socket.connect_to_server()
        sockets.append(socket)

    page.route_web_socket(re.compile(r".*/ws/games/.*"), route)
    create_game(page, "kingdomino", 2)
    cut["on"] = True
    sockets[-1].close(code=1001)
    page.wait_for_function("document.body.classList.contains('offline')")
    expect(page.locator("#error")).to_have_text("Connection lost: reconnecting…", use_inner_text=True)
    assert page.locator("#board").evaluate("(b) => getComputedStyle(b).pointerEvents") == "none"
    page.click("#hint")  # a request while away is not sent, and says why
    expect(page.locator("#error")).to_have_text("Connection lost: reconnecting…", use_inner_text=True)
    cut["on"] = False
    page.wait_for_function("!document.body.classList.contains('offline')")
    expect(page.locator("#error")).to_have_text("", use_inner_text=True)
    expect(page.locator("#your-turn, #thinking")).to_have_count(1)


def test_a_double_click_plays_once_and_says_nothing(page: LivePage) -> None:
    """The second click of a double click reaches the server on a view the game has left: it is
    refused by its index, and the page keeps quiet (it said "the game moved on: 5 actions, not 4")."""
    refusals = messages_received(page, lambda message: message.get("field") == "index")
    create_game(page, "kingdomino", 2)
    before = page.locator("#log li").count()
    page.locator("button.domino.claimable").first.evaluate("(domino) => { domino.click(); domino.click(); }")
    page.wait_for_function(f"document.querySelectorAll('#log li').length > {before}")
    wait_for_count(page, refusals, 1)  # the second click, refused by its index
    page.wait_for_timeout(500)  # and the page has had time to say something of it
    expect(page.locator("#error")).to_have_text("", use_inner_text=True)
    assert not page.errors


def test_the_end_screen_places_seats_tied_on_points_by_the_tie_break(page: LivePage) -> None:
    """Below the winner too, two seats with the same points are placed by the game's tie-break, as
    the engine (and the ratings) place them: an Origins Tribe's 52 and 52 were both shown 2nd,
    though the largest region (4 squares against 3) puts one 2nd and the other 3rd. The page shows
    the view's ``places`` (the engine's ``State.places()``, tested in tests/classic/test_ranking.py),
    with the tie-break of each seat that shares its points."""
    page.goto(page.base_url + "/")
    page.wait_for_selector("#create")
    shown = page.evaluate(
        """async () => {
          const { endScreen } = await import(staticBase + 'ending.js');
          const sheet = (tiebreaks) => ({ tiebreaks, bonuses: [], regions: [], total: 0 });
          const names = ['Ada', 'Bruno', 'Clara', 'Dmitri'];
          const view = { id: 'x', game: 'origins', options: {}, rated: false, winners: [2],
            scores: [16, 52, 96, 52], places: [4, 2, 1, 3],
            seats: names.map((name, seat) => ({ seat, name, kind: 'ai', level: 'easy' })),
            score_sheets: [sheet([5, 1]), sheet([4, 12]), sheet([7, 7]), sheet([3, 12])],
            log: [{ index: 120, seat: 3 }] };
          const screen = endScreen(view, { replay: () => {}, rematch: null, sameDeal: null });
          return [...screen.querySelectorAll('tbody tr')].map((row) =>
            [...row.querySelectorAll('td')].map((cell) => cell.textContent.trim()));
        }"""
    )
    ranked = [(row[0], row[1]) for row in shown]
    assert ranked == [("1", "Clara"), ("2", "Bruno"), ("3", "Dmitri"), ("4", "Ada")], ranked
    tiebreaks = [row[-1] for row in shown]
    assert tiebreaks[1].startswith("largest region: 4"), tiebreaks
    assert tiebreaks[2].startswith("largest region: 3"), tiebreaks
    assert tiebreaks[0] == tiebreaks[3] == "", tiebreaks  # no one shares their points
