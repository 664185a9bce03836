"""The table on each screen: phones (the first screen, a finger's width), tablets, low laptops, and
the end screen.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import (
    ARTIFACTS,
    AXE,
    BOARD_TARGETS,
    LANGUAGES,
    OVERFLOW,
    TAP_TARGETS,
    LivePage,
    ai_game_to_its_end,
    axe_violations,
    create_game,
    log_mark,
    new_page,
    page_word,
    play_by_clicking_board,
    present,
    starting,
    until_the_api_is_quiet,
    wait_for_new_log,
)


@pytest.mark.parametrize(("game", "mode"), [("kingdomino", None), ("origins", "tribe")])
def test_the_rules_open_at_their_title_on_a_phone(
    browser: Browser, live_server: str, game: str, mode: str | None
) -> None:
    """Duel's is in ``test_a_duel_on_a_phone``."""
    page = new_page(browser, live_server, 390, 844, touch=True)
    create_game(page, game, 2, mode=mode)
    the_rules_open_at_their_title(page)
    assert not page.errors


def the_rules_open_at_their_title(page: LivePage) -> None:
    """The rules dialog opens at its top, its title read first (it opened scrolled to its end, where
    the close button took the focus), and closes with its button."""
    page.click("#help")
    dialog = page.locator("#help-dialog")
    opened = dialog.evaluate("(d) => d.open && d.scrollTop === 0 && d.scrollHeight > d.clientHeight")
    assert opened, "the rules open at their top"
    assert page.evaluate("document.activeElement.id") == "help-title", "the rules' title is read first"
    assert present(page.locator("#help-title").bounding_box())["y"] >= 0, "the rules' title is on the screen"
    assert dialog.locator("section").count() >= 5, "the rules have their sections"
    page.click("#help-close")
    assert not dialog.evaluate("(d) => d.open"), "the rules close with their button"


def test_a_duel_on_a_phone(browser: Browser, live_server: str) -> None:
    """One Duel on a phone for three checks, each named in its assertions: two of its first
    position (``the_rules_open_at_their_title``, ``the_spellbooks_powers_read_in_at_most_three_lines``)
    and the castle bonus played to (``four_dice_share_a_line_with_their_castle_bonus``)."""
    page = new_page(browser, live_server, 390, 844, touch=True)
    create_game(page, "duel", 2)
    the_rules_open_at_their_title(page)
    the_spellbooks_powers_read_in_at_most_three_lines(page)
    four_dice_share_a_line_with_their_castle_bonus(page, 390)
    assert not page.errors


def test_phone_shows_the_lines_and_your_kingdom_on_the_first_screen(
    browser: Browser, live_server: str
) -> None:
    """The lines, your kingdom and a tab for each opponent on a phone's first screen, then the same
    page widened: ``a_kept_opponents_kingdom_leaves_the_phones_tabs_when_the_window_widens``."""
    page = new_page(browser, live_server, 390, 844)
    create_game(page, "kingdomino", 4)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    mine = page.locator(".kingdom.mine svg.big").bounding_box()
    lines = page.locator(".rows").bounding_box()
    assert mine is not None and lines is not None
    assert mine["y"] + mine["height"] <= 844 and lines["y"] >= 0
    assert page.evaluate(OVERFLOW) == []
    page.screenshot(path=str(ARTIFACTS / "phone-kingdomino-4.png"))
    # The three opponents are one tap away: a tab each, one kingdom shown at a time.
    tabs = page.locator(".opponent-tabs [role=tab]")
    expect(tabs).to_have_count(3)
    expect(page.locator(".others-col .kingdom:visible")).to_have_count(1)
    tabs.nth(2).click()
    page.wait_for_function(
        "document.querySelectorAll('[role=tab]')[2].getAttribute('aria-selected') === 'true'"
    )
    shown = page.locator(".others-col .kingdom:visible")
    assert (
        shown.count() == 1
        and present(shown.get_attribute("data-seat"))
        == present(tabs.nth(2).get_attribute("id")).split("-")[-1]
    )
    tabs.nth(2).press("ArrowRight")
    assert page.evaluate("document.activeElement.id") == tabs.nth(0).get_attribute("id")
    if AXE.exists():
        assert axe_violations(page) == []
    a_kept_opponents_kingdom_leaves_the_phones_tabs_when_the_window_widens(page)
    assert not page.errors


@pytest.mark.parametrize(
    ("game", "players", "options", "decisions"),
    [
        ("kingdomino", 2, {"mighty_duel": True}, 48),
        ("origins", 2, {}, 20),
        ("kingdomino", 4, {}, 12),
        ("duel", 2, {}, 12),
    ],
    ids=["mighty-duel", "origins-2", "kingdomino-4", "duel"],
)
def test_on_a_phone_every_square_to_play_is_a_fingers_width_on_the_first_screen(
    browser: Browser, live_server: str, game: str, players: int, options: dict[str, bool], decisions: int
) -> None:
    """DESIGN.md: tap targets >= 40 px, and your kingdom in the first screen. A 7 x 7 kingdom's grid
    (13 x 13 squares) would give 28 px squares on a 390 px phone: the board then shows only where
    play can still happen (the kingdom and two squares around it, within the frame's reach), so
    every square to tap is 40 px or more at every decision, shown whole, above the screen's fold."""
    page = new_page(browser, live_server, 390, 844, touch=True)
    create_game(page, game, players, options=options)
    seen = 0
    tapped = False
    for _ in range(decisions):
        page.wait_for_selector("#your-turn, #winner")  # a decision of ours, not an AI's turn drawn
        if page.locator("#winner").count():
            break
        page.evaluate("scrollTo(0, 0)")
        found = page.evaluate(TAP_TARGETS)
        assert found["bottom"] <= 844, f"the kingdom ends at {found['bottom']} px, under the fold"
        if found["whole"]:
            assert found["square"] >= 40, f"squares of {found['square']:.1f} px"
            assert all(found["whole"]), "a square to play lies outside the board's view"
        seen += len(found["whole"])
        if not tapped and page.locator("svg g.legal.anchor").count():
            # A finger's words (tap, no keyboard shortcut), and tap, tap again to turn, "Place here".
            expect(page.locator("#rotate")).to_have_text("⟳ Rotate", use_inner_text=True)
            expect(page.locator("#ghost-info")).to_have_text(
                starting("Tap a highlighted square"), use_inner_text=True
            )
            anchor = page.locator("svg g.legal.anchor").first
            anchor.tap()
            placing = page.locator("#ghost-info").inner_text()
            assert placing.startswith(("Place", "Draw")), placing
            anchor.tap()  # the same square again: the domino turns where it may
            mark = log_mark(page)
            page.locator("#confirm-place").tap()
            wait_for_new_log(page, mark)
            tapped = True
            continue
        if play_by_clicking_board(page, 1) == 0:
            break
    assert seen > 0
    if game == "kingdomino" and options:
        expect(page.locator(".kingdom.mine svg.big.zoomed")).to_have_count(1)
    if players == 2:  # the one opponent's kingdom across the screen, not in half of it
        page.wait_for_selector("#your-turn, #winner")  # not in the middle of the AI's redrawing
        assert present(page.locator(".others-col svg.small-map").bounding_box())["width"] >= 300
    page.screenshot(path=str(ARTIFACTS / f"phone-fingers-{game}-{players}.png"))
    assert page.evaluate(OVERFLOW) == []
    assert not page.errors


#: The lowest edge on the page of what a player may choose now (the first kind of BOARD_TARGETS found).
CHOICES_END = """(targets) => {
  for (const selector of targets) {
    const found = [...document.querySelectorAll(selector)];
    const ends = found.map((e) => e.getBoundingClientRect().bottom + scrollY);
    if (found.length) return [selector, Math.max(...ends)];
  }
  return null;
}"""


@pytest.mark.parametrize(
    ("players", "options", "mode"),
    [(3, {"fire_kingdom": True}, "tribe"), (2, {}, "totem")],
    ids=["tribe", "totem"],
)
def test_on_a_phone_what_to_choose_is_on_the_first_screen(
    browser: Browser, live_server: str, players: int, options: dict[str, bool], mode: str
) -> None:
    """DESIGN.md: the status line, the rows, your kingdom, all in the first screen. A choice made in
    the cave (Tribe) or among the totems comes before the kingdom on a phone, the cavemen two by two."""
    page = new_page(browser, live_server, 390, 844, touch=True)
    create_game(page, "origins", players, options=options, mode=mode)
    kinds: set[str] = set()
    for _ in range(40):
        page.evaluate("scrollTo(0, 0)")
        found = page.evaluate(CHOICES_END, list(BOARD_TARGETS))
        if found:
            kinds.add(found[0])
            assert found[1] <= 844, f"{found[0]} end at {found[1]} px: {page.locator('#status').inner_text()}"
        on_board = page.evaluate(TAP_TARGETS)  # a marker, a payment or a caveman: whole, a finger wide
        if on_board["whole"]:
            assert on_board["square"] >= 40 and all(on_board["whole"]), on_board
        if play_by_clicking_board(page, 1) == 0:
            break
    if mode == "tribe":
        assert ".caveman-card.claimable" in kinds
    page.screenshot(path=str(ARTIFACTS / f"phone-choices-{mode}.png"))
    assert not page.errors


@pytest.mark.parametrize(
    ("game", "players", "options", "mode"),
    [("kingdomino", 2, {"mighty_duel": True}, None), ("origins", 3, {"fire_kingdom": True}, "tribe")],
    ids=["mighty-duel", "origins-tribe-3"],
)
def test_on_a_low_laptop_screen_your_kingdom_shows_whole(
    browser: Browser, live_server: str, game: str, players: int, options: dict[str, bool], mode: str | None
) -> None:
    """A 1366 x 768 laptop: the board is never taller than the window leaves below its top, what to
    do now and the buttons share a line, and its squares stay a finger's width (zoomed if need be)."""
    page = new_page(browser, live_server, 1366, 768)
    create_game(page, game, players, options=options, mode=mode)
    for _ in range(6):
        page.evaluate("scrollTo(0, 0)")
        found = page.evaluate(TAP_TARGETS)
        assert found["bottom"] <= 768, f"the kingdom ends at {found['bottom']} px"
        assert found["square"] >= 40 and all(found["whole"])
        play_by_clicking_board(page, 1)
    status, hint = (
        present(page.locator("#status").bounding_box()),
        present(page.locator("#hint").bounding_box()),
    )
    assert abs((status["y"] + status["height"] / 2) - (hint["y"] + hint["height"] / 2)) < 12
    page.screenshot(path=str(ARTIFACTS / f"laptop-{game}-{players}.png"))
    assert not page.errors


@pytest.mark.parametrize(
    ("game", "mode", "width", "height"),
    [("kingdomino", None, 1366, 768), ("kingdomino", None, 1280, 720), ("origins", "discovery", 1366, 768)],
)
def test_a_line_of_four_dominoes_stays_one_line_on_a_laptop(
    browser: Browser, live_server: str, game: str, mode: str | None, width: int, height: int
) -> None:
    """Four players' lines in the middle column of a laptop screen: each line's four dominoes share
    one line (they wrapped three and one at 1366 px), their crowns and halves still pictured."""
    page = new_page(browser, live_server, width, height)
    create_game(page, game, 4, mode=mode)
    play_by_clicking_board(page, 2)
    for line in range(page.locator(".rows ol.dominoes").count()):
        dominoes = page.locator(".rows ol.dominoes").nth(line).locator(".domino")
        expect(dominoes).to_have_count(4)
        tops = {round(present(dominoes.nth(i).bounding_box())["y"]) for i in range(4)}
        assert len(tops) == 1, f"line {line} wraps: {tops}"
        assert present(dominoes.first.locator("svg.domino-pic").bounding_box())["width"] >= 60
    assert page.evaluate(OVERFLOW) == []
    assert not page.errors


def test_duels_four_dice_share_a_line_with_their_castle_bonus(browser: Browser, live_server: str) -> None:
    """On a laptop; on a phone in ``test_a_duel_on_a_phone``."""
    page = new_page(browser, live_server, 1366, 900)
    create_game(page, "duel", 2)
    four_dice_share_a_line_with_their_castle_bonus(page, 1366)
    assert not page.errors


def four_dice_share_a_line_with_their_castle_bonus(page: LivePage, width: int) -> None:
    """A castle bonus sits under its die, pictured (castle + cross) and named for screen readers,
    with its words where there is room: the four dice stay on one line."""
    # A Duel's players are A and B by round, never numbered: the page names the opponent instead.
    whoami = present(page.locator("#whoami").text_content()).strip()
    assert whoami == "You play against Bruno (AI, greedy)", f"the page names the opponent: {whoami}"
    for _ in range(60):  # the dice are random: play on until a castle bonus is offered
        page.wait_for_selector("#your-turn, #winner")
        if page.locator(".bonus-choice").count() or page.locator("#winner").count():
            break
        play_by_clicking_board(page, 1)
    bonus = page.locator(".bonus-choice").first
    assert present(bonus.get_attribute("aria-label")).startswith("Castle bonus"), "a castle bonus is named"
    expect(bonus.locator("svg"), "a castle bonus is pictured: castle and cross").to_have_count(2)
    assert bonus.locator(".choice-words").is_visible() == (width > 640), "a bonus's words where there is room"
    tops = {round(present(page.locator(".die-slot").nth(i).bounding_box())["y"]) for i in range(4)}
    assert len(tops) == 1, f"the four dice share a line: {tops}"
    assert page.evaluate(OVERFLOW) == [], "the castle bonus's text fits"


def test_on_a_phone_the_lobby_is_a_form_of_aligned_fields(browser: Browser, live_server: str) -> None:
    """Each label before its field, the fields in one column (the game, the players, each seat's
    name), each seat's menu the whole width under its "Player 2" (its choices read in full:
    test_lobby_seats_phone.py), and nothing cut, in every language (a Ukrainian placeholder was)."""
    for language in LANGUAGES:
        page = new_page(browser, live_server, 390, 844, locale=language, touch=True)
        page.goto(live_server + "/")
        page.select_option("#game", "origins")
        page.select_option("#players", "4")
        # Measured once the lobby is drawn in its language and its cards have what they asked for.
        expect(page.locator('label[for="players"]')).to_have_text(page_word(language, "lobby.players"))
        expect(page.locator("#name-3")).to_be_visible()
        until_the_api_is_quiet(page)
        fields = ["#game", "#players"] + [f"#name-{seat}" for seat in range(4)]
        lefts = [present(page.locator(field).bounding_box())["x"] for field in fields]
        assert max(lefts) - min(lefts) <= 1, (language, lefts)
        for field in fields:  # its label on its line, to the left
            label = present(page.locator(f'label[for="{field[1:]}"]').bounding_box())
            box = present(page.locator(field).bounding_box())
            assert (
                label["x"] + label["width"] <= box["x"]
                and abs((label["y"] + label["height"] / 2) - (box["y"] + box["height"] / 2)) < 4
            ), (language, field)
        for seat in range(4):  # the seat's menu under its label, as wide as the label and name
            label = present(page.locator(f'label[for="seat-{seat}"]').bounding_box())
            menu = present(page.locator(f"#seat-{seat}").bounding_box())
            name = present(page.locator(f"#name-{seat}").bounding_box())
            assert abs(label["x"] - menu["x"]) <= 1 and label["y"] + label["height"] <= menu["y"] + 1, (
                language,
                seat,
            )
            assert abs((menu["x"] + menu["width"]) - (name["x"] + name["width"])) <= 1, (language, seat)
        assert page.evaluate(OVERFLOW) == []
        assert not page.errors


@pytest.mark.parametrize("language", ["en", "bg"])
def test_on_a_phone_the_guided_games_tip_leaves_your_kingdom_on_the_first_screen(
    browser: Browser, live_server: str, language: str
) -> None:
    """A tip above the board pushed a phone's kingdom down to 963 px (998 in Bulgarian) on an 844 px
    screen. The tip now stands for the status line it begins with, and the board gives up width
    where that brings it whole onto the first screen, its squares still a finger (48 px) wide."""
    page = new_page(browser, live_server, 390, 844, locale=language, touch=True)
    page.goto(page.base_url + "/")
    page.click("#guided")
    page.wait_for_url("**/game/*")
    page.wait_for_selector("#your-turn")
    while not page.locator("svg g.legal.anchor").count():
        play_by_clicking_board(page, 1)
        page.wait_for_selector("#your-turn")
    page.evaluate("scrollTo(0, 0)")
    expect(page.locator("#guide-tip")).to_be_visible()
    status = page.locator("#status")
    assert present(status.bounding_box())["height"] <= 1, "the status line still takes its room above the tip"
    assert status.text_content(), "the status line is gone for screen readers too"
    found = page.evaluate(TAP_TARGETS)
    assert found["bottom"] <= 844, f"the kingdom ends at {found['bottom']} px, under the fold"
    assert found["square"] >= 48, f"squares of {found['square']:.1f} px"
    assert found["whole"] and all(found["whole"])
    # Without the tips the status line is back, and the board grows into the room the tip leaves.
    page.click("#guide-hide")
    assert present(status.bounding_box())["height"] > 10
    untipped = page.evaluate(TAP_TARGETS)
    assert untipped["square"] > found["square"] and untipped["bottom"] <= 844
    page.screenshot(path=str(ARTIFACTS / f"phone-guided-{language}.png"))
    assert page.evaluate(OVERFLOW) == []
    assert not page.errors


@pytest.mark.parametrize("language", [language for language in LANGUAGES if language != "en"])
def test_on_a_phone_the_spellbooks_powers_read_in_at_most_three_lines(
    browser: Browser, live_server: str, language: str
) -> None:
    """In English in ``test_a_duel_on_a_phone``."""
    page = new_page(browser, live_server, 390, 844, locale=language, touch=True)
    create_game(page, "duel", 2)
    the_spellbooks_powers_read_in_at_most_three_lines(page)
    assert not page.errors


def the_spellbooks_powers_read_in_at_most_three_lines(page: LivePage) -> None:
    """Duel's spellbook on a 390 px phone: a power's words took up to five lines (86 px rows, 424 px in
    Bulgarian); narrower boxes and cells and smaller words keep every line of the book within three."""
    rows = page.locator("table.spellbook tbody tr")
    heights = [present(rows.nth(i).bounding_box())["height"] for i in range(rows.count())]
    # three lines of .8rem words
    assert len(heights) == 6 and max(heights) <= 56, f"the spellbook's lines in three lines: {heights}"
    assert present(page.locator("table.spellbook").bounding_box())["height"] <= 340, (
        "the spellbook is 340 px high at most"
    )
    assert page.evaluate(OVERFLOW) == [], "the spellbook's words fit"


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (1920, 1080)])
def test_the_cave_follows_the_lines_without_a_gap(
    browser: Browser, live_server: str, width: int, height: int
) -> None:
    """On a wide screen the fire markers and the cave sit right under the lines: a tall column beside
    them (your kingdom, three opponents) opens no gap between, which would put the cave under a
    laptop's fold."""
    page = new_page(browser, live_server, width, height)
    create_game(page, "origins", 4, mode="tribe")
    gap = page.evaluate(
        """() => document.querySelector('.extras-col').getBoundingClientRect().top
          - document.querySelector('.centre-col').getBoundingClientRect().bottom"""
    )
    assert 0 <= gap <= 16, f"a gap of {gap} px between the lines and the cave"
    # The four places two (or more) to a row, an empty one keeping its cell: one narrow column put
    # the fourth under the fold, and the cards jumped between rows as places emptied.
    places = page.evaluate(
        "() => [...document.querySelectorAll('ul.cavemen > li')].map((li) => li.getBoundingClientRect().top)"
    )
    assert len(places) == 4 and places[0] == places[1] and places[2] > places[0], places
    assert not page.errors


@pytest.mark.parametrize(("game", "players", "mode"), [("kingdomino", 4, None), ("origins", 4, "totem")])
def test_on_a_tablet_the_opponents_use_the_width(
    browser: Browser, live_server: str, game: str, players: int, mode: str | None
) -> None:
    """On an 820 px tablet the opponents had 180 px cards at the left of the row under your kingdom,
    half the row empty (their names on two lines), and a Kingdomino kingdom had nothing beside it.
    Now in Kingdomino they stand in the column beside your kingdom; where the cave or totems take that
    side (Origins, Duel), they share the row below, each a third of it."""
    page = new_page(browser, live_server, 820, 1180)
    create_game(page, game, players, mode=mode)
    mine = present(page.locator(".kingdom.mine").bounding_box())
    cards = [present(page.locator(".others-col .kingdom").nth(i).bounding_box()) for i in range(players - 1)]
    if game == "kingdomino":
        assert all(card["x"] >= mine["x"] + mine["width"] for card in cards), (mine, cards)
        assert cards[0]["y"] <= mine["y"] + 1 and min(card["width"] for card in cards) >= 300
    else:
        assert all(card["y"] >= mine["y"] + mine["height"] for card in cards)
        assert min(card["width"] for card in cards) >= 250, cards
    assert page.evaluate(OVERFLOW) == []
    assert not page.errors


@pytest.mark.parametrize(("game", "players"), [("kingdomino", 3), ("origins", 2), ("duel", 2)])
def test_on_a_laptop_the_end_screen_shows_the_finished_kingdom_whole(
    browser: Browser, live_server: str, game: str, players: int
) -> None:
    """At the end on a 1366 x 768 laptop the kingdom ran 130-220 px under the window's edge: it was
    fitted to the room under the top before the ranking was put above it. It fits below the ranking,
    and so does Duel's map (never fitted, its last row was 30 px under the edge)."""
    page = new_page(browser, live_server, 1366, 768)
    ai_game_to_its_end(page, game, players)
    for _ in range(2):  # as the game ends, and opened again
        ranking = present(page.locator("#ranking").bounding_box())
        board = present(page.locator("#board .mine-col svg.big").bounding_box())
        assert board["y"] > ranking["y"] + ranking["height"]
        assert board["y"] + board["height"] <= 768, f"the kingdom ends at {board['y'] + board['height']}"
        if game != "duel":
            # "The game is over" stood alone in the middle column, between the kingdoms: they close up.
            expect(page.locator("#round-info")).to_have_count(0)
            mine = present(page.locator("#board .mine-col").bounding_box())
            other = present(page.locator("#board .others-col").bounding_box())
            assert other["x"] - (mine["x"] + mine["width"]) < 20, (mine, other)
        page.reload()
        page.wait_for_selector("#ranking")
    page.screenshot(path=str(ARTIFACTS / f"end-laptop-{game}.png"))
    assert not page.errors


@pytest.mark.parametrize("language", ["en", "ru"])
def test_on_a_phone_a_dynastys_ranking_fits_the_screen(
    browser: Browser, live_server: str, language: str
) -> None:
    """A Dynasty's ranking has a column for each of its three games: on a 390 px phone the table was
    388-456 px wide in a card of 374 and the page scrolled sideways. Its cells are narrower there."""
    page = new_page(browser, live_server, 390, 844, locale=language, touch=True)
    ai_game_to_its_end(page, players=3, dynasty=True)
    expect(page.locator("#ranking th.game-score")).to_have_count(3)
    fits = page.evaluate(
        "() => document.querySelector('table.ranking').getBoundingClientRect().right"
        " <= document.querySelector('.ranking-box').getBoundingClientRect().right + 0.5"
    )
    assert fits, "the ranking runs past its card"
    assert page.evaluate(OVERFLOW) == []
    page.screenshot(path=str(ARTIFACTS / f"dynasty-ranking-phone-{language}.png"))
    assert not page.errors


def a_kept_opponents_kingdom_leaves_the_phones_tabs_when_the_window_widens(page: LivePage) -> None:
    """The opponents' kingdoms are kept from one state to the next (redraw-in-place.js); on a phone
    each is a tab's panel, all but one hidden. A window widened to a laptop's shows them all side by side
    again at the next state, not still hidden as a phone's tabs had left them."""
    expect(page.locator(".opponent-tab"), "a phone's tab for each opponent").to_have_count(3)
    page.locator(".opponent-tab").nth(2).click()
    shown = page.evaluate("[...document.querySelectorAll('.others-col .kingdom')].map((c) => !c.hidden)")
    assert shown == [False, False, True], f"the third tab's kingdom alone is shown: {shown}"
    page.set_viewport_size({"width": 1366, "height": 900})
    play_by_clicking_board(page, 1)
    page.wait_for_selector("#your-turn")
    expect(page.locator(".opponent-tab"), "a laptop's window has no tabs").to_have_count(0)
    cards = page.locator(".others-col .kingdom")
    expect(cards, "the three opponents' kingdoms are kept").to_have_count(3)
    for index in range(3):
        visible = cards.nth(index).is_visible() and cards.nth(index).get_attribute("role") is None
        assert visible, f"kingdom {index} is shown again on a laptop, no tab's panel"
    page.screenshot(path=str(ARTIFACTS / "kept-kingdoms-after-the-phone.png"))
