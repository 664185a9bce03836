"""The scorer: a kingdom laid square by square and its score explained."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import (
    ARTIFACTS,
    AXE,
    OVERFLOW,
    LivePage,
    axe_violations,
    new_page,
    present,
    starting,
)


def lay(page: LivePage, brush: list[str], squares: list[str]) -> None:
    """Choose a brush on the scorer (its buttons' names, in order) and lay it on ``squares``."""
    for name in brush:
        page.click(f'button[data-brush="{name}"]')
    for key in squares:
        page.click(f'g.cell[data-square="{key}"]')


def scorer_total(page: LivePage, total: int) -> None:
    shown = "(document.querySelector('#scorer-total')?.textContent || '')"
    page.wait_for_function(f"{shown}.endsWith(' {total}')")


def test_the_scorer_keeps_a_refusal_when_the_square_before_is_counted_after_it(page: LivePage) -> None:
    """A square beyond the frame is refused at once, in the page, while the count of the square laid
    just before may still be on its way: that count took the refusal away when it came (a
    fresh-clone CI saw the refusal flash and go)."""
    page.goto(page.base_url + "/score")
    page.wait_for_selector("#palette")
    lay(page, ["M", "n2"], ["0,-1"])
    lay(page, ["W", "n1"], ["0,1", "0,2"])
    scorer_total(page, 2 + 2 * 2)  # Squares x Crowns: mine 1 x 2, wheat 2 x 2
    held: list[Any] = []
    page.route("**/api/score", lambda route: held.append(route))
    lay(page, [], ["0,3"])  # counted on the server: its answer held back
    for _ in range(200):
        if held:
            break
        page.wait_for_timeout(50)
    lay(page, [], ["0,4"])  # six columns wide: refused at once
    expect(page.locator("#scorer-error")).to_have_text("The kingdom must fit in a 5 × 5 square")
    assert len(held) == 1
    held[0].continue_()
    page.unroute("**/api/score")
    scorer_total(page, 2 + 3 * 3)
    expect(page.locator("#scorer-error")).to_have_text("The kingdom must fit in a 5 × 5 square")
    lay(page, [], ["-1,1"])  # a square laid since: the refusal has had its say
    scorer_total(page, 2 + 4 * 4)
    expect(page.locator("#scorer-error")).to_have_text("")


@pytest.mark.parametrize(
    ("locale", "middle", "harmony", "domains"),
    [
        (
            "en",
            "the castle is not in the centre of the 5 × 5 square",
            "the kingdom is not full: 21 squares are empty",
            "1 stripe domain × 3",
        ),
        (
            "ru",
            "замок не в центре квадрата 5 × 5",
            "королевство не заполнено: 21 пустой квадрат",
            "1 владение (полоса) × 3",
        ),
    ],
)
def test_a_bonus_at_zero_says_why_and_the_duel_power_reads_as_words(
    browser: Browser, live_server: str, locale: str, middle: str, harmony: str, domains: str
) -> None:
    """A "Middle Kingdom 0" or "Harmony 0" line says the engine's reason in the page's language, and
    Duel's power is worded from its key and figures (not parsed from the command line's English
    "1 stripe domains x 3")."""
    page = new_page(browser, live_server, width=1000, locale=locale)
    page.goto(page.base_url + "/")
    page.click("#to-scorer")
    page.wait_for_selector("#palette")
    lay(page, ["W", "n1"], ["0,1"])
    lay(page, ["n0"], ["0,2", "0,3"])  # three columns from the castle: off centre
    scorer_total(page, 3)
    page.check("#score-middle_kingdom")
    page.check("#score-harmony")
    page.wait_for_function("document.querySelectorAll('#scorer-sheet .bonus-missed').length === 2")
    missed = page.locator("#scorer-sheet .bonus-missed").all_inner_texts()
    assert missed == [middle, harmony], missed
    page.screenshot(path=str(ARTIFACTS / f"scorer-bonus-missed-{locale}.png"), full_page=True)
    page.select_option("#scorer-game", "duel")
    lay(page, ["S", "n1"], ["0,1"])
    page.select_option("#score-domains", "S")
    scorer_total(page, 1 + 3)
    bonus = page.locator("#scorer-sheet tbody tr:not(.region-row):not(.total) td").first
    expect(bonus).to_have_text(domains, use_inner_text=True)
    assert not page.errors, page.errors


def test_the_scorer_opens_ready_to_lay_the_first_terrain(page: LivePage) -> None:
    """The scorer opened with the empty square as its brush: a first tap on the kingdom laid
    nothing. It opens with the game's first terrain (Duel: coat of arms), no crowns, chosen, and
    so does a game chosen anew."""
    chosen = "(buttons) => buttons.map((button) => button.dataset.brush)"
    page.goto(page.base_url + "/score")
    page.wait_for_selector("#palette")
    assert page.locator("#palette button.brush.on").evaluate_all(chosen) == ["W", "n0"]
    page.click('g.cell[data-square="0,1"]')
    page.wait_for_selector('g.cell[data-square="0,1"] use')
    expect(page.locator("#scorer-text")).to_have_value("C W0")
    page.select_option("#scorer-game", "duel")
    assert page.locator("#palette button.brush.on").evaluate_all(chosen) == ["D", "n0"]
    assert not page.errors


def test_the_scorer_counts_a_kingdom_laid_square_by_square(page: LivePage) -> None:
    """Table players: a kingdom laid out on the scorer is counted by the engine, explained region by
    region (each lit on the kingdom), with the variants, refusals in words, and kept on reload."""
    page.goto(page.base_url + "/")
    page.click("#to-scorer")
    page.wait_for_selector("#palette")
    lay(page, ["W", "n1"], ["0,1", "0,2", "-1,1"])
    lay(page, ["M", "n2"], ["1,0", "1,1"])
    scorer_total(page, 3 * 3 + 2 * 4)
    rows = page.locator("#scorer-sheet tr.region-row")
    expect(rows).to_have_count(2)
    # Each line's name is capitalised (the words are lower case, made to stand in a sentence).
    assert [row.inner_text().split()[0] for row in rows.all()] == ["Wheat", "Mine"]
    rows.first.hover()
    expect(page.locator("svg.scorer-grid.lit-region g.lit")).to_have_count(3)
    expect(page.locator("#scorer-rule")).to_have_text("Points = Squares × Crowns", use_inner_text=True)
    # A region without a crown is listed too, at 0: a table player looks for each region laid
    # (a crownless forest missing from the sheet reads as a mistake).
    lay(page, ["L", "n0"], ["-1,-1", "-1,0"])
    # The sheet of the first lake square alone may come first (CI met "Lake 1"): wait for both.
    cells = "[...document.querySelectorAll('#scorer-sheet tr.region-row td')].map((td) => td.innerText)"
    page.wait_for_function(f"{cells}.join(' ').endsWith('Lake 2 0 0')")
    assert rows.count() == 3 and rows.nth(2).inner_text().split() == ["Lake", "2", "0", "0"]
    lay(page, ["empty"], ["-1,-1", "-1,0"])
    page.wait_for_function("document.querySelectorAll('#scorer-sheet tr.region-row').length === 2")
    # The brush offers the crowns the box's squares of a terrain have: no forest with 2 crowns.
    lay(page, ["F"], [])
    numbers = page.locator('#palette button.brush[data-brush^="n"]').evaluate_all(
        "(buttons) => buttons.map((button) => button.dataset.brush)"
    )
    assert numbers == ["n0", "n1"], numbers
    lay(page, ["M", "n2"], [])  # the brush the keyboard lays below
    page.screenshot(path=str(ARTIFACTS / "scorer-kingdomino.png"), full_page=True)
    assert page.locator("#scorer-text").input_value().splitlines()[1].split() == ["C", "W1", "W1"]
    # The keyboard: the arrows move between squares, Enter lays the brush and stays there.
    page.focus('g.cell[data-square="1,1"]')
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.square") == "1,2"
    page.keyboard.press("Enter")
    scorer_total(page, 3 * 3 + 3 * 6)
    assert page.evaluate("document.activeElement.dataset.square") == "1,2"
    # A fourth mine with 2 crowns: the box has three. Refused, the piece named in words.
    lay(page, [], ["-1,0"])
    page.wait_for_function("document.querySelector('#scorer-error')?.textContent.length > 0")
    expect(page.locator("#scorer-error")).to_have_text("The box has only 3 of these: Mine, 2 × crown")
    assert [e for e in page.errors if "422" in e] == page.errors and len(page.errors) == 1, page.errors
    page.errors.clear()  # the server's refusal of the fourth mine, which the console reports
    lay(page, ["empty"], ["-1,0", "1,2"])
    page.reload()  # the kingdom is kept in this browser
    scorer_total(page, 17)
    # Middle Kingdom: a castle in the centre of its kingdom's frame earns 10.
    page.once("dialog", lambda dialog: dialog.accept())  # "Clear this kingdom and start again?"
    page.click("#scorer-clear")
    lay(page, ["M", "n2"], ["0,-1", "0,1"])
    scorer_total(page, 4)
    page.check("#score-middle_kingdom")
    scorer_total(page, 14)
    # Too wide for the frame: refused with the reason, in words, and the squares out of reach shaded.
    lay(page, ["W", "n0"], ["0,2", "0,3", "0,4"])
    page.wait_for_function("document.querySelector('#scorer-error')?.textContent.length > 0")
    expect(page.locator("#scorer-error")).to_have_text("The kingdom must fit in a 5 × 5 square")
    laid = page.locator("#scorer-text").input_value()
    castle_row = next(row.split() for row in laid.splitlines() if "C" in row.split())
    assert castle_row == ["M2", "C", "M2", "W0", "W0"], laid
    lay(page, ["W", "n0"], ["1,0"])  # within the frame: laid, and the reason goes
    page.wait_for_function("document.querySelector('#scorer-error').textContent === ''")
    lay(page, ["empty"], ["1,0"])
    expect(page.locator('g.cell[data-square="0,-3"] rect[fill="#d6ceb8"]')).to_have_count(1)
    # Duel: crosses, and the "+3 per domain" power.
    page.select_option("#scorer-game", "duel")
    lay(page, ["S", "n1"], ["0,1"])
    lay(page, ["n0"], ["0,2"])
    scorer_total(page, 2 * 1)  # a domain of 2 squares with 1 cross
    page.select_option("#score-domains", "S")
    scorer_total(page, 2 + 3)
    # Origins Tribe: a hunter next to a mammoth.
    page.select_option("#scorer-game", "origins")
    page.select_option("#score-mode", "tribe")
    lay(page, ["G", "n0", "resource"], ["0,1"])
    lay(page, ["D", "n0", "caveman-HU"], ["0,2"])
    scorer_total(page, 3)
    assert page.locator("#scorer-text").input_value().split() == ["H", "G0m", "D0@HU"]
    # The hunter's line is named by the engine's rule and figures, and lights the hunter's square.
    page.locator("#scorer-sheet tr.region-row", has_text="Hunter").hover()
    expect(page.locator('svg.scorer-grid.lit-region g.lit[data-square="0,2"]')).to_have_count(1)
    page.mouse.move(0, 0)
    # A choice left on the brush from another terrain is never laid unseen: the warrior chosen on
    # the desert stays off the volcano (choosing the volcano takes him off the brush); a fire
    # marker takes the printed fires off the brush, printed fires the marker and the caveman.
    lay(page, ["caveman-W1", "V", "n2"], ["1,0"])
    lay(page, ["D", "n1", "marker1"], ["1,1"])
    lay(page, ["caveman-HU", "n1"], ["1,2"])
    page.wait_for_function("document.querySelector('#scorer-text')?.value.split('\\n').length === 2")
    assert page.locator("#scorer-text").input_value().splitlines()[1].split() == ["V2", "D0*1", "D1"]
    scorer_total(page, 3 + 3 * 2)  # and a desert of 3 squares with 2 fires
    expect(page.locator("#scorer-error")).to_have_text("")
    page.screenshot(path=str(ARTIFACTS / "scorer-origins.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate(OVERFLOW) == []
    page.screenshot(path=str(ARTIFACTS / "scorer-phone.png"), full_page=True)
    page.select_option("#score-frame", "7")  # 13 x 13 squares: a finger's width each, the grid scrolls
    assert present(page.locator('g.cell[data-square="0,1"] rect').first.bounding_box())["width"] >= 38
    assert page.evaluate(OVERFLOW) == []
    # The square beyond the frame was refused on the page: the server never had to refuse a kingdom.
    assert [e for e in page.errors if "422" in e] == []


def test_the_scorer_says_click_to_a_mouse_and_tap_to_a_finger(browser: Browser, live_server: str) -> None:
    """The scorer told a laptop's player to "tap the squares": its words follow the hand, as the
    table's do (``tTouch``)."""
    laptop = new_page(browser, live_server)
    phone = new_page(browser, live_server, width=390, height=844, touch=True)
    for page in (laptop, phone):
        page.goto(live_server + "/score")
        page.wait_for_selector("#palette")
    expect(laptop.locator("#scorer-how")).to_have_text(
        starting("Choose what to lay, then click the squares"), use_inner_text=True
    )
    expect(phone.locator("#scorer-how")).to_have_text(
        starting("Choose what to lay, then tap the squares"), use_inner_text=True
    )
    assert not laptop.errors and not phone.errors


def test_the_scorer_counts_the_origins_rulebook_s_hunters_laid_square_by_square(page: LivePage) -> None:
    """Seed 004 (Origins rulebook, Tribe mode): "the hunter above has 4 mammoths around it: 12
    points; the hunter below has 2: 6", laid square by square as tests/origins/
    test_rulebook_examples.py writes it; then a caveman on a volcano, where the game lets him
    stand (the page kept him off it, and the scorer refused the text)."""
    page.goto(page.base_url + "/score")
    page.wait_for_selector("#palette")
    page.select_option("#scorer-game", "origins")
    page.select_option("#score-mode", "tribe")
    lay(page, ["G", "n0", "resource"], ["-3,0", "-3,1", "-2,0", "-1,2"])
    lay(page, ["resource"], ["-3,2"])  # the brush without its mammoth
    lay(page, ["D", "n0", "caveman-HU"], ["-2,1", "-1,1"])
    lay(page, ["caveman-none"], ["-2,2", "-1,0"])
    scorer_total(page, 12 + 6)
    laid = [row.split() for row in page.locator("#scorer-text").input_value().splitlines()]
    assert laid == [["G0m", "G0m", "G0"], ["G0m", "D0@HU", "D0"], ["D0", "D0@HU", "G0m"], ["H", ".", "."]]
    # Cell by cell: a row's inner text joins its cells with tabs only while it is laid out.
    rows = page.locator("#scorer-sheet tbody tr:not(.total)")
    firsts, lasts = rows.locator("td:first-child"), rows.locator("td:last-child")
    assert [cell.strip() for cell in firsts.all_text_contents()][-2:] == ["Hunter", "Hunter"]
    assert [cell.strip() for cell in lasts.all_text_contents()][-2:] == ["12", "6"], rows.all_text_contents()
    # A sculptor on a volcano next to a flint: 5 points; the volcano keeps its craters.
    lay(page, ["Q", "n0", "resource"], ["0,1"])
    lay(page, ["V", "n2", "caveman-SC"], ["0,2"])
    scorer_total(page, 18 + 5)
    assert page.locator("#scorer-text").input_value().splitlines()[-1].split() == ["H", "Q0k", "V2@SC"]
    assert present(page.locator('g.cell[data-square="0,2"]').get_attribute("aria-label")).endswith("Sculptor")
    expect(page.locator("#scorer-error")).to_have_text("")
    page.screenshot(path=str(ARTIFACTS / "scorer-origins-hunters.png"), full_page=True)
    assert not page.errors, page.errors


def test_the_scorer_s_grid_fits_a_small_phone_whole(browser: Browser, live_server: str) -> None:
    """On a phone 360 px wide, Kingdomino's grid of nine squares of 40 px is on the screen whole,
    its last column not cut off behind a sideways scroll, and the page does not scroll sideways."""
    page = new_page(browser, live_server, 360, 740, touch=True)
    page.goto(live_server + "/score")
    page.wait_for_selector("#palette")
    grid = present(page.locator("svg.scorer-grid").bounding_box())
    assert grid["x"] >= 0 and grid["x"] + grid["width"] <= 360, grid
    assert page.locator(".scorer-board").evaluate("(board) => board.scrollWidth <= board.clientWidth")
    assert page.evaluate(OVERFLOW) == []
    page.screenshot(path=str(ARTIFACTS / "scorer-360.png"))
    assert not page.errors, page.errors


def totals_row(page: LivePage, row: int) -> list[str]:
    """A row of the table of totals, cell by cell."""
    return page.locator("#scorer-totals-table tbody tr").nth(row).locator("td, th").all_inner_texts()


def test_a_table_of_three_is_scored_and_ranked_by_the_games_tie_breaks(page: LivePage) -> None:
    """Table players: each player's kingdom in a tab of its own (switching keeps each), the
    variants counting for every kingdom, and the totals ranked by the server: Anna and Boris tie on
    points, Boris's larger territory ranks him first (RULES.md), said in words; kept on reload,
    cleared by "Start again" once confirmed; on a 360 px phone the tabs and totals stay in their cards."""
    page.goto(page.base_url + "/score")
    page.wait_for_selector("#palette")
    expect(page.locator("#scorer-totals-card")).to_be_hidden()  # one kingdom: no table yet
    page.fill("#player-name", "Anna")
    lay(page, ["W", "n1"], ["0,1", "0,2"])  # wheat: 2 squares x 2 crowns
    scorer_total(page, 4)
    page.click("#player-add")
    page.fill("#player-name", "Boris")
    lay(page, ["F", "n1"], ["0,1"])
    lay(page, ["n0"], ["0,2", "1,1", "1,2"])  # forest: 4 squares x 1 crown
    scorer_total(page, 4)
    page.click("#player-add")
    lay(page, ["M", "n2"], ["0,-1"])  # the third player keeps the name "Player 3"
    scorer_total(page, 2)
    page.check("#score-middle_kingdom")  # every kingdom's castle is in its centre: +10 each
    scorer_total(page, 12)
    page.wait_for_function("document.querySelector('#scorer-winner')?.textContent === 'Boris wins.'")
    tabs = page.locator(".player-tab").all_inner_texts()
    assert tabs == ["Anna", "Boris", "Player 3"], tabs
    head = page.locator("#scorer-totals-table thead th").all_inner_texts()
    assert head == [
        "Place",
        "Player",
        "Total",
        "Territories",
        "Middle Kingdom",
        "Largest territory",
        "Crowns",
    ], head
    assert totals_row(page, 0) == ["1", "Boris", "14", "4", "10", "4", "1"]
    assert totals_row(page, 1) == ["2", "Anna", "14", "4", "10", "2", "2"]
    assert totals_row(page, 2) == ["3", "Player 3", "12", "2", "10", "1", "2"]
    tie = page.locator(".scorer-tie").all_inner_texts()
    assert tie == ["Anna and Boris have the same score: the largest territory ranks them."], tie
    if AXE.exists():  # the tabs and the totals, as a screen reader gets them
        assert axe_violations(page) == []
    # Each tab keeps its kingdom; the shown one is explained as a kingdom alone is.
    page.click("#player-tab-0")
    scorer_total(page, 14)
    assert page.locator("#scorer-text").input_value().split() == ["C", "W1", "W1"]
    expect(page.locator("#player-name")).to_have_value("Anna")
    page.screenshot(path=str(ARTIFACTS / "scorer-table.png"), full_page=True)
    page.reload()  # the whole table is kept in this browser
    page.wait_for_function("document.querySelector('#scorer-winner')?.textContent === 'Boris wins.'")
    expect(page.locator(".player-tab")).to_have_count(3)
    expect(page.locator("#player-name")).to_have_value("Anna")
    # The tabs as a keyboard goes through them: the arrows move to the next player's kingdom.
    page.focus("#player-tab-0")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.activeElement?.id === 'player-tab-1'")
    expect(page.locator("#player-name")).to_have_value("Boris")
    expect(page.locator("#scorer-kingdom")).to_have_attribute("aria-labelledby", "player-tab-1")
    scorer_total(page, 14)
    page.set_viewport_size({"width": 360, "height": 740})
    assert page.evaluate(OVERFLOW) == []
    for card in ("#scorer-players", "#player-add", "#scorer-totals-card"):
        box = present(page.locator(card).bounding_box())
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360, (card, box)
    page.locator("#scorer-totals-card").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "scorer-table-360.png"), full_page=True)
    page.click("#scorer-clear")  # the confirmation refused (Playwright dismisses it): nothing lost
    expect(page.locator(".player-tab")).to_have_count(3)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#scorer-clear")
    page.wait_for_function("document.querySelectorAll('.player-tab').length === 1")
    scorer_total(page, 10)  # an empty kingdom, Middle Kingdom still chosen
    expect(page.locator("#scorer-totals-card")).to_be_hidden()
    expect(page.locator("#player-name")).to_have_value("")
    # Duel is for two: no third player; a refusal of the table names the player it concerns.
    page.select_option("#scorer-game", "duel")
    page.select_option("#score-domains", "S")
    page.click("#player-add")
    expect(page.locator("#player-add")).to_have_count(0)
    page.select_option("#score-domains", "S")
    power = 'Player 2: Player 1 already has the "+3 per domain" power: one player alone gains a power'
    page.wait_for_selector("#scorer-table-error")
    expect(page.locator("#scorer-table-error")).to_have_text(power)
    assert [e for e in page.errors if "422" in e] == page.errors and len(page.errors) == 1, page.errors
    page.errors.clear()  # the server's refusal, which the console reports


def test_an_origins_table_is_laid_on_the_frame_its_player_count_plays_on(
    browser: Browser, live_server: str
) -> None:
    """Origins is played on a 7x7 territory by two players and 5x5 by three or four: a family that
    added a second player on a phone was refused ("With 2 players the territories are 7 × 7") until
    it changed the frame by hand. The frame follows the count as players come and go."""
    page = new_page(browser, live_server, 360, 740, touch=True, mobile=True)
    page.goto(live_server + "/score")
    page.wait_for_selector("#palette")
    page.select_option("#scorer-game", "origins")
    expect(page.locator("#score-frame")).to_have_value("5")
    page.tap("#player-add")
    page.wait_for_function("document.querySelector('#score-frame')?.value === '7'")
    page.wait_for_selector("#scorer-winner")
    lay(page, ["G", "n1"], ["0,3", "0,-2"])  # six squares wide: within a 7x7 territory only
    page.wait_for_function("document.querySelector('#scorer-winner')?.textContent === 'Player 2 wins.'")
    page.tap("#player-add")
    page.wait_for_function("document.querySelector('#score-frame')?.value === '5'")
    page.wait_for_selector("#scorer-table-error")
    refused = "Player 2: The territory must fit in a 5 × 5 square"  # 5x5 at three: too wide
    expect(page.locator("#scorer-table-error")).to_have_text(refused)
    page.tap("#player-remove")
    page.wait_for_function("document.querySelector('#scorer-winner')?.textContent === 'Player 2 wins.'")
    expect(page.locator("#score-frame")).to_have_value("7")
    page.screenshot(path=str(ARTIFACTS / "scorer-origins-two.png"), full_page=True)
    assert [e for e in page.errors if "422" in e] == page.errors, page.errors


def test_a_screen_reader_hears_the_winner_change_and_moves_through_the_tabs(page: LivePage) -> None:
    """A screen reader's player, keys only: the winner sentence was drawn anew with the table at
    each answer, in no live region, so a square that changed the winner was said as "Score: 6" and
    nothing more. The winner is a status kept across answers (its words changed only when the
    winner changes), the totals' table is named, and the tabs take Home and End as well as the
    arrows."""
    page.goto(page.base_url + "/score")
    page.wait_for_selector("#palette")
    page.fill("#player-name", "Anna")
    lay(page, ["W", "n1"], ["0,1"])
    page.click("#player-add")
    page.fill("#player-name", "Boris")
    lay(page, ["F", "n1"], ["0,1", "0,2"])
    page.click("#player-add")
    winner = page.locator("#scorer-totals-card [role=status]")
    expect(winner).to_have_text("Boris wins.")
    # The table is named by its heading, as a screen reader's table list reads it.
    expect(page.get_by_role("table", name="The table's totals")).to_be_visible()
    page.evaluate(
        """() => { window.winnerNode = document.querySelector('#scorer-winner');
        window.said = []; new MutationObserver(() => window.said.push(window.winnerNode.textContent))
        .observe(window.winnerNode, { childList: true, characterData: true, subtree: true }); }"""
    )
    lay(page, ["M", "n2"], ["0,-1"])  # Player 3: 2 points, Boris still wins
    page.wait_for_function("document.querySelectorAll('#scorer-totals-table tbody tr').length === 3")
    scorer_total(page, 2)
    lay(page, [], ["0,-2"])  # 2 x 4 = 8: Player 3 wins
    expect(winner).to_have_text("Player 3 wins.")
    assert page.evaluate("document.querySelector('#scorer-winner') === window.winnerNode")
    assert page.evaluate("window.said") == ["Player 3 wins."]
    page.focus("#player-tab-2")
    page.keyboard.press("Home")
    page.wait_for_function("document.activeElement?.id === 'player-tab-0'")
    expect(page.locator("#player-name")).to_have_value("Anna")
    page.keyboard.press("End")
    page.wait_for_function("document.activeElement?.id === 'player-tab-2'")
    expect(page.locator("#player-tab-2")).to_have_attribute("aria-selected", "true")
    assert not page.errors, page.errors


def test_a_table_is_held_to_the_players_the_mighty_duel_allows(page: LivePage) -> None:
    """The Mighty Duel is for two: a table of four that ticked it was refused only as "this game
    with these options is not for 4 players". Ticking it now names the players who must go first,
    and at two "+ Add a player" is greyed, saying why; the server's refusal names the option."""
    page.goto(page.base_url + "/score")
    page.wait_for_selector("#palette")
    page.fill("#player-name", "Anna")
    for _ in range(3):
        page.click("#player-add")
    page.check("#score-middle_kingdom")
    page.click("#score-mighty_duel")
    why = "The Mighty Duel is for 2 players at most: first remove Player 3 and Player 4."
    expect(page.locator("#score-option-why")).to_have_text(why)
    expect(page.locator("#score-mighty_duel")).not_to_be_checked()
    expect(page.locator("#score-middle_kingdom")).to_be_checked()
    page.set_viewport_size({"width": 360, "height": 740})
    assert page.evaluate(OVERFLOW) == []
    page.screenshot(path=str(ARTIFACTS / "scorer-mighty-duel-refused-360.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.click("#player-tab-3")
    page.click("#player-remove")
    page.wait_for_function("document.querySelectorAll('.player-tab').length === 3")
    page.click("#player-remove")
    page.wait_for_function("document.querySelectorAll('.player-tab').length === 2")
    page.check("#score-mighty_duel")
    add = page.locator("#player-add")
    expect(add).to_have_attribute("aria-disabled", "true")
    expect(add).to_have_attribute("title", "The Mighty Duel is for 2 players at most")
    page.screenshot(path=str(ARTIFACTS / "scorer-mighty-duel.png"), full_page=True)
    add.click(force=True)  # a phone shows no title: pressed, it says why (aria-disabled: still pressable)
    expect(page.locator("#player-add-why")).to_have_text("The Mighty Duel is for 2 players at most")
    expect(page.locator(".player-tab")).to_have_count(2)
    refused = {"code": "table_option_players", "values": {"n": 3, "option": "mighty_duel", "most": 2}}
    words = page.evaluate(
        "async (p) => (await import(staticBase + 'scorer-words.js')).scorerErrorWords(p, 'kingdomino')",
        refused,
    )
    assert words == "The Mighty Duel is for 2 players at most, not 3", words
    assert not page.errors, page.errors


def test_winners_sharing_the_victory_are_read_once(page: LivePage) -> None:
    """Two kingdoms alike: "Anna and Boris share the victory." was followed by "Anna and Boris
    have the same score and tie-breaks: they share the place.", the same news twice."""
    page.goto(page.base_url + "/score")
    page.wait_for_selector("#palette")
    page.fill("#player-name", "Anna")
    lay(page, ["W", "n1"], ["0,1", "0,2"])
    page.click("#player-add")
    page.fill("#player-name", "Boris")
    lay(page, ["W", "n1"], ["0,1", "0,2"])
    page.click("#player-add")
    lay(page, ["F", "n1"], ["0,1"])
    page.click("#player-add")
    lay(page, ["F", "n1"], ["0,1"])  # Player 3 and Player 4 share the third place: still said
    expect(page.locator("#scorer-winner")).to_have_text("Anna and Boris share the victory.")
    shared = "Player 3 and Player 4 have the same score and tie-breaks: they share the place."
    expect(page.locator(".scorer-tie")).to_have_text([shared])
    assert not page.errors, page.errors
