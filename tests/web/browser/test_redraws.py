"""What a redrawing costs the page: what stays in the page when it did not change, what is
measured once, and the modules preloaded.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from tests.web.browser.pages import (
    LivePage,
    create_game,
    finish_through_the_api,
    play_by_clicking_board,
    static_base,
)

#: Counts the plural rules made (``Intl.PluralRules``), which are slow to make.
COUNT_PLURAL_RULES = """(() => {
  const Native = Intl.PluralRules;
  window.pluralRulesMade = 0;
  Intl.PluralRules = new Proxy(Native, {
    construct(target, args) { window.pluralRulesMade += 1; return new target(...args); },
  });
})();"""


def test_a_redrawing_makes_the_plural_rules_once(page: LivePage) -> None:
    """The language's plural rules are made once per language, not for every count in words ("2
    crowns", "1 up of the castle" on each square's name): a thousand times per redrawing of a
    4-player table would take two thirds of its time (on a slowed phone 550 ms of 800)."""
    page.add_init_script(COUNT_PLURAL_RULES)
    create_game(page, "kingdomino", 4)
    play_by_clicking_board(page, 4)
    page.wait_for_selector("#your-turn")
    assert page.evaluate("window.pluralRulesMade") <= 2
    assert not page.errors


def test_folded_score_sheets_draw_their_small_kingdom_when_opened(page: LivePage) -> None:
    """The score sheets are drawn anew at every move, folded, and each drew its small kingdom:
    a third of a redrawing for drawings nobody saw. A folded sheet draws it when opened, and one
    kept open from move to move has it at once."""
    create_game(page, "kingdomino", 4)
    sheets = page.locator("#scores details[data-seat]")
    expect(sheets).to_have_count(4)
    expect(page.locator("#scores .sheet-map svg")).to_have_count(0)
    sheet = page.locator("#scores details[data-seat='2']")
    sheet.locator("summary").click()
    expect(sheet.locator(".sheet-map svg g[data-square]"), "the castle, on the sheet's map").to_have_count(1)
    play_by_clicking_board(page, 2)
    page.wait_for_selector("#your-turn")
    assert sheet.get_attribute("open") is not None
    assert sheet.locator(".sheet-map svg g[data-square]").count() >= 1
    expect(page.locator("#scores .sheet-map svg"), "only the open sheet's").to_have_count(1)
    assert not page.errors


#: For each state the page drew: each seat's score sheet before and after (the same element or
#: not, whether what it shows changed, its summary), and whether every log line kept from before is
#: the same element.
TRACK_SHEETS = """(() => {
  window.sheetsAfter = [];
  const sheets = () => Object.fromEntries([...document.querySelectorAll("#scores details[data-seat]")]
    .map((d) => [d.dataset.seat, d]));
  const lines = () => new Map([...document.querySelectorAll("#log li")].map((li) => [li.value, li]));
  let last = null;
  onEachDrawing(() => ({ sheets: sheets(), lines: lines() }), (message, before) => {
    const obs = message.observation;
    const shown = (seat) => JSON.stringify([message.score_sheets[seat], obs.kingdoms[seat],
      message.scores, message.status]);
    const after = sheets(), linesAfter = lines();
    window.sheetsAfter.push({ index: message.index,
      seats: Object.keys(after).map((seat) => ({ seat: Number(seat),
        same: before.sheets[seat] === after[seat], open: after[seat].open,
        changed: !last || last[seat] !== shown(seat),
        summary: after[seat].querySelector("summary").textContent, score: message.scores[seat] })),
      logKept: [...before.lines].filter(([value, li]) => linesAfter.has(value))
        .every(([value, li]) => linesAfter.get(value) === li),
      logShared: [...before.lines.keys()].filter((value) => linesAfter.has(value)).length });
    last = Object.keys(after).map(shown);
  });
})();"""


def test_a_score_sheet_that_did_not_change_stays_in_the_page(page: LivePage) -> None:
    """The score sheets and the log were made anew at every state, the open sheets with their
    small kingdoms: on a slowed phone the finished table's redrawing took 370 ms. A sheet whose
    seat's sheet, kingdom and the scores are the same is now the very same element, left where it
    was, open or folded; one that changed shows its new points; a log line stays too."""
    page.add_init_script(ON_EACH_DRAWING + TRACK_SHEETS)
    create_game(page, "kingdomino", 4)
    for seat in (1, 3):
        page.locator(f"#scores details[data-seat='{seat}'] summary").click()
    page.evaluate("window.sheetsAfter = []")
    play_by_clicking_board(page, 6)
    page.wait_for_selector("#your-turn")
    states = page.evaluate("window.sheetsAfter")
    assert len(states) >= 6, states  # a drawing at each of our turns at least
    seats = [seat for state in states for seat in state["seats"]]
    for seat in seats:
        if not seat["changed"]:
            assert seat["same"], seats
        assert str(seat["score"]) in seat["summary"], seat
        assert seat["open"] == (seat["seat"] in (1, 3)), seat
    assert sum(seat["same"] for seat in seats) >= len(seats) / 3, seats
    assert any(seat["changed"] and not seat["same"] for seat in seats), "a sheet is drawn anew"
    assert all(state["logKept"] for state in states), states
    assert sum(state["logShared"] for state in states) > 0, states
    expect(page.locator("#scores .sheet-map svg"), "the open sheets' small kingdoms").to_have_count(2)
    assert not page.errors


#: An init script's start: `onEachMessage(around)` makes every WebSocket message the page is sent
#: go through `around(message, deliver)`, which calls `deliver()` to hand it to the page.
ON_EACH_MESSAGE = """const onEachMessage = (around) => {
  const native = Object.getOwnPropertyDescriptor(WebSocket.prototype, "onmessage");
  Object.defineProperty(WebSocket.prototype, "onmessage", {
    configurable: true,
    get() { return native.get.call(this); },
    set(handler) {
      native.set.call(this, (event) => around(JSON.parse(event.data), () => handler.call(this, event)));
    },
  });
};
"""

#: `onEachDrawing(snapshot, record)` besides: the page draws a state at the next frame, the newest
#: of those that came before it (game-pace.js); after each such drawing `record(message, before)` is
#: called with the state drawn and what `snapshot()` read when the first of them came, before the
#: page took it in. (A callback of the next frame asked for after the page's own runs after it.)
ON_EACH_DRAWING = (
    ON_EACH_MESSAGE
    + """const onEachDrawing = (snapshot, record) => {
  let newest = null, before = null;
  onEachMessage((message, deliver) => {
    if (message.type !== "state") return deliver();
    const first = newest === null;
    if (first) before = snapshot();
    newest = message;
    deliver();
    if (first) requestAnimationFrame(() => { const drawn = newest; newest = null; record(drawn, before); });
  });
};
"""
)


#: Counts the state and thinking messages the page is sent, and each drawing of the board.
COUNT_REDRAWINGS = (
    ON_EACH_MESSAGE
    + """(() => {
  window.heardOf = { state: 0, thinking: 0, boards: 0 };
  onEachMessage((message, deliver) => {
    if (message.type in window.heardOf) window.heardOf[message.type] += 1;
    deliver();
  });
  new MutationObserver((records) => {
    for (const r of records) if (r.target.id === "board" && r.addedNodes.length) window.heardOf.boards += 1;
  }).observe(document, { childList: true, subtree: true });
})();"""
)


def test_an_ai_thinking_changes_the_status_line_and_not_the_table(page: LivePage) -> None:
    """Each "… is thinking" news changes the status line, not the table, which is drawn once per
    state: the news comes twice per AI move, and drawing the table for each would draw a watched
    game of AI seats three times per move (a slowed phone falls behind). One seat searches (about
    0.3 s a move), so that the page hears the game being played: two greedy seats alone could end
    it before the page's socket opened."""
    page.add_init_script(COUNT_REDRAWINGS)
    page.goto(page.base_url + "/")
    page.select_option("#seat-0", "ai:medium")
    page.select_option("#seat-1", "ai:greedy")
    page.click("#create")
    page.wait_for_selector("#winner", timeout=60000)
    heard = page.evaluate("window.heardOf")
    assert heard["thinking"] > 10, heard
    assert heard["boards"] <= heard["state"], heard
    assert not page.errors


#: Notes each measuring (R) and zooming (W) of a board that may zoom, in order.
NOTE_BOARD_FITTING = """(() => {
  window.fitting = [];
  const fits = (node) => node instanceof SVGElement && node.hasAttribute("data-window");
  const measure = Element.prototype.getBoundingClientRect;
  Element.prototype.getBoundingClientRect = function () {
    if (fits(this)) window.fitting.push("R");
    return measure.call(this);
  };
  const set = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (name, value) {
    if (name === "viewBox" && fits(this) && this.isConnected) window.fitting.push("W");
    return set.call(this, name, value);
  };
})();"""


def test_the_boards_are_measured_together_before_any_is_zoomed(page: LivePage) -> None:
    """At the end every kingdom is fitted to its board: all are measured first, then zoomed, so
    the page is laid out once, not again for each board (four times on a 4-player table)."""
    page.add_init_script(NOTE_BOARD_FITTING)
    create_game(page, "kingdomino", 2)
    finish_through_the_api(page)
    # Unfitted again, so each board's view is set again (a board already fitted is left as it is).
    page.evaluate("document.querySelectorAll('svg[data-window]').forEach(b => b.removeAttribute('viewBox'))")
    page.evaluate("window.fitting = []; window.dispatchEvent(new Event('resize'))")
    fitting = "".join(page.evaluate("window.fitting"))
    assert fitting.count("W") == 2, fitting
    assert "WR" not in fitting, fitting
    assert not page.errors


#: For each state the page drew: each seat's board before and after, and whether it is the same
#: element; and the elements the drawing made in the table.
TRACK_BOARDS = (
    ON_EACH_DRAWING
    + """(() => {
  window.boardsAfter = [];
  let made = 0;
  new MutationObserver((records) => {
    for (const r of records) for (const node of r.addedNodes) {
      if (node instanceof Element && node.closest("#board")) made += 1 + node.querySelectorAll("*").length;
    }
  }).observe(document, { childList: true, subtree: true });
  const boards = () => Object.fromEntries([...document.querySelectorAll("#board .kingdom[data-seat] > svg")]
    .map((svg) => [svg.closest(".kingdom").dataset.seat, svg]));
  const boardsOf = (o) => o.kingdoms || o.maps;
  let last = null;
  onEachDrawing(() => { made = 0; return boards(); }, (message, before) => {
    const obs = message.observation;
    const after = boards();
    const was = last && JSON.parse(last);
    const shown = document.querySelectorAll("#board *").length;
    window.boardsAfter.push({ index: message.index, made, shown, status: message.status,
      acting: message.legal_actions.length ? message.current_player : null,
      seats: Object.keys(after).map((seat) => ({ seat: Number(seat), same: before[seat] === after[seat],
        changed: !was || JSON.stringify(was[seat]) !== JSON.stringify(boardsOf(obs)[seat]) })) });
    last = JSON.stringify(boardsOf(obs));
  });
})();"""
)


@pytest.mark.parametrize("game, players", [("kingdomino", 4), ("duel", 2)])
def test_a_board_whose_kingdom_did_not_change_stays_in_the_page(
    page: LivePage, game: str, players: int
) -> None:
    """Each state redrew the whole table: every seat's board was made anew, and the browser
    styled and laid out each of its squares again (on a slowed phone most of a redrawing's 150
    to 250 ms). A board whose kingdom did not change is now the very same element, left where it
    was, the acting player's too (its placing layer is drawn anew over it); the one just played
    on is drawn anew."""
    page.add_init_script(TRACK_BOARDS)
    create_game(page, game, players)
    play_by_clicking_board(page, 4)
    page.wait_for_selector("#your-turn")
    every = [s for s in page.evaluate("window.boardsAfter") if s["status"] != "finished"]
    states = every[1:]
    assert len(states) >= 4, states  # a drawing at each of our turns at least
    for state in states:
        for seat in state["seats"]:
            if not seat["changed"]:
                assert seat["same"], state
    kept = [seat["same"] for state in states for seat in state["seats"]]
    assert sum(kept) >= len(kept) / 3, states
    # What a drawing makes: before, the whole table (every element of it, each state); at four
    # players, most of the table is the boards (a Duel's two small maps are a sixth of its table).
    made = sorted(state["made"] / state["shown"] for state in states)
    assert players < 4 or made[len(made) // 2] < 0.6, [(state["made"], state["shown"]) for state in states]
    assert not page.errors


#: The modules a page loaded, and those its HTML preloads (paths under ``static_base``).
MODULES_OF_THE_PAGE = """() => {
  const path = (url) => new URL(url).pathname;
  return {
    loaded: performance.getEntriesByType("resource").map((e) => path(e.name)).filter((p) => /[.]js$/.test(p)),
    preloaded: [...document.querySelectorAll("link[rel=modulepreload]")].map((link) => path(link.href)),
  };
}"""


def test_every_module_a_page_loads_is_preloaded(page: LivePage) -> None:
    """The modules came in a chain four deep (app.js, the language, game.js, the boards,
    placement.js: on a slow 4G line a game's board came 0.8 s after its bytes alone would have).
    Each page's HTML names them all now, to be fetched at once: the lobby, a game and the scorer,
    each without the others' own modules."""
    create_game(page, "kingdomino", 2)
    pages = {"game": page.url, "lobby": page.base_url + "/", "scorer": page.base_url + "/score"}
    for name, url in pages.items():
        page.goto(url)
        page.wait_for_selector("#your-turn, #create, #scorer, main h1")
        page.wait_for_load_state("networkidle")
        modules = page.evaluate(MODULES_OF_THE_PAGE)
        assert modules["loaded"] and set(modules["loaded"]) <= set(modules["preloaded"]), (name, modules)
        assert (f"{static_base(page)}game.js" in modules["preloaded"]) == (name == "game"), (name, modules)
    assert not page.errors


#: Views handed to game-pace.js's `pacedViews` as the socket would: several in one task, one per
#: frame, and in a hidden page; which ones it drew, and when.
PACED_VIEWS = """async () => {
  const { pacedViews } = await import(staticBase + "game-pace.js");
  const view = (n) => ({ n, log: [], seats: [] });
  const nextFrame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  const drawn = [];
  const paced = pacedViews((shown) => drawn.push(shown.n));
  paced.add(view(1)); paced.add(view(2)); paced.add(view(3));
  const inTheirTask = drawn.length;
  await nextFrame();
  paced.add(view(4));
  await nextFrame();
  paced.add(view(5));
  let hidden = true;
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event("visibilitychange"));
  const onHiding = [...drawn];
  paced.add(view(6));
  const whileHidden = [...drawn];
  hidden = false;
  return { inTheirTask, onHiding, whileHidden };
}"""


def test_views_come_faster_than_frames_only_the_newest_is_drawn(page: LivePage) -> None:
    """A page drew every state the server sent, each at once: a burst of them (AI seats moving
    without delay, a game caught up) drew states the screen never showed, and a slowed phone fell
    so far behind that the server cut it off (``bench_client.py --only watch``). Of the views due
    before a frame only the newest is drawn, at that frame; a hidden page, which gets no frames,
    draws each at once (its title says whose turn it is), and one hidden with a view waiting
    draws it then."""
    page.goto(page.base_url + "/")
    page.wait_for_selector("#create")
    seen = page.evaluate(PACED_VIEWS)
    assert seen == {"inTheirTask": 0, "onHiding": [3, 4, 5], "whileHidden": [3, 4, 5, 6]}, seen
    assert not page.errors
