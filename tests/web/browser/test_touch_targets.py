"""On a phone (360 x 740, a touch screen) every button, link button, menu, field, summary and check
box's label of every page is at least 44 x 44 CSS pixels (WCAG 2.5.5, Apple's HIG) and stays in its
box, in English and in Hungarian (whose words are long); a game's own kingdom stays on the first
screen all the same, its invite links to send included, and a line of four dominoes takes one row
of it. The header, the site's name beside the language menu, is one line in every language.

Left out: the board's squares (their size is ``test_screens.py``'s), the review graph's points (the
replay's 44 px step buttons do the same) and links inside a sentence."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import (
    ARTIFACTS,
    LANGUAGES,
    ROOT,
    LivePage,
    api_game,
    game_page_id,
    log_in_new,
    new_page,
    present,
    review_of_a_finished_game,
)
from tests.web.browser.test_watch import leading_game, listed_line

WIDTH, HEIGHT = 360, 740

#: Each visible control under 44 x 44 px, or out of its box: past the screen's edge (unless in a
#: box that scrolls sideways) or its words past its own edges. A check box is measured by its label.
UNDER_A_FINGER = """() => {
  const controls = document.querySelectorAll('button, a.button, select, input:not([type=hidden]), summary, '
    + '[role=button], [role=tab], .pool-tab, .kind-tab');
  const scrolls = (box) => ['auto', 'scroll'].includes(getComputedStyle(box).overflowX);
  const measured = new Set();
  const wrong = [];
  for (const control of controls) {
    const boxed = control.matches('[type=checkbox], [type=radio]') && control.closest('label');
    const c = boxed || control;
    if (measured.has(c) || c.closest('svg, .visually-hidden, [hidden], .review-point')) continue;
    measured.add(c);
    const box = c.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(c).visibility === 'hidden') continue;
    let scroller = c.parentElement;
    while (scroller && !scrolls(scroller)) scroller = scroller.parentElement;
    const past = !scroller && (box.left < -1 || box.right > innerWidth + 1);
    const spilt = !c.matches('input, select') && c.scrollWidth > c.clientWidth + 1;
    if (box.width >= 44 && box.height >= 44 && !past && !spilt) continue;
    const words = (c.textContent || c.getAttribute('aria-label') || c.value || '').trim().slice(0, 30);
    const kind = c.tagName.toLowerCase() + (c.classList.length ? '.' + c.classList[0] : '');
    const what = c.id ? '#' + c.id : kind;
    const why = past ? ' past the screen' : spilt ? ' its words spill' : '';
    wrong.push(`${what} "${words}" ${Math.round(box.width)}x${Math.round(box.height)}${why}`);
  }
  return wrong;
}"""


def phone(browser: Browser, base: str, language: str) -> LivePage:
    """A page of its own on a phone's browser, 360 x 740, in ``language``."""
    return new_page(browser, base, WIDTH, HEIGHT, locale=language, touch=True, mobile=True)


def fingers_wide(page: LivePage, screen: str) -> None:
    """Every control of ``page`` is a finger wide and stays in its box (``screen`` names it)."""
    page.screenshot(path=str(ARTIFACTS / f"touch-{screen}.png"), full_page=True)
    wrong = page.evaluate(UNDER_A_FINGER)
    assert not wrong, f"{screen}: under 44 x 44 px or out of their box: " + "; ".join(wrong)


def kingdom_on_the_first_screen(page: LivePage, screen: str) -> None:
    """Your kingdom's board whole on the first screen, the page not scrolled."""
    assert page.evaluate("scrollY") == 0
    board = present(page.locator(".kingdom.mine svg.big").bounding_box())
    assert board["y"] >= 0 and board["y"] + board["height"] <= HEIGHT, f"{screen}: your kingdom {board}"


#: Each line of dominoes of the rows: how many dominoes it has, and on how many rows they stand.
LINES = """() => [...document.querySelectorAll('.rows ol.dominoes')].map((line) => [line.children.length,
  new Set([...line.children].map((domino) => Math.round(domino.getBoundingClientRect().top))).size])"""


def lines_in_one_row(page: LivePage, screen: str, longest: int) -> None:
    """Each line of dominoes on one row, the longest of ``longest`` dominoes (a line the player
    compares at a glance; a fourth domino under the three cost the first screen a row of 50 px)."""
    lines = page.evaluate(LINES)
    assert max(count for count, _ in lines) == longest, f"{screen}: lines (dominoes, rows) {lines}"
    assert all(rows == 1 for _, rows in lines), f"{screen}: a line of dominoes on more rows {lines}"


@pytest.mark.parametrize("language", ["en", "hu"])
def test_a_game_s_controls_take_a_finger_and_leave_the_kingdom_first(
    browser: Browser, live_server: str, language: str
) -> None:
    """Kingdomino of two, three and four, Duel and Origins at your first turn (their lines of
    dominoes each on one row), then a game with a
    friend's invite link to send (its "Copy" button, "Másolás" in Hungarian, spilt out of it),
    anyone may watch: the lobby's list of games to watch, and the game watched, on another phone."""
    page = phone(browser, live_server, language)
    # A game, its players, its seed and its longest line of dominoes (Duel's dice have none).
    games = (
        ("kingdomino", 2, 3, 4),
        ("kingdomino", 3, 3, 3),
        ("kingdomino", 4, 3, 4),
        ("duel", 2, 3, 0),
        ("origins", 2, 4, 4),
    )
    for game, players, seed, longest in games:
        game_id, token = api_game(live_server, game, seed, players)
        page.goto(f"{live_server}/game/{game_id}?token={token}")
        page.wait_for_selector("#your-turn")
        screen = f"{game}-{players}-{language}"
        kingdom_on_the_first_screen(page, screen)
        if longest:
            lines_in_one_row(page, screen, longest)
        fingers_wide(page, screen)
    page.goto(live_server + "/")
    page.select_option("#seat-1", "online")
    page.check("#public")
    page.click("#create")
    page.wait_for_selector("#invites button.copy")
    game_id = game_page_id(page)
    page.wait_for_selector(".kingdom.mine svg.big")
    kingdom_on_the_first_screen(page, f"invites-{language}")
    fingers_wide(page, f"invites-{language}")
    copy = page.locator("#invites button.copy").first
    before = copy.text_content()
    copy.tap()
    said = "(before) => document.querySelector('#invites button.copy').textContent !== before"
    page.wait_for_function(said, arg=before)
    fingers_wide(page, f"invites-copied-{language}")
    assert not page.errors, page.errors
    # The lobby reads its list once it opens: the game it must show is there before.
    listed = leading_game(live_server)["id"]
    watcher = phone(browser, live_server, language)
    watcher.goto(live_server + "/")
    listed_line(watcher, listed).wait_for()
    fingers_wide(watcher, f"lobby-watch-list-{language}")
    watcher.goto(f"{live_server}/game/{game_id}/watch")
    watcher.wait_for_selector("#scores summary")
    fingers_wide(watcher, f"watching-{language}")
    assert not watcher.errors, watcher.errors


@pytest.mark.parametrize("language", ["en", "hu"])
def test_every_other_page_s_controls_take_a_finger(browser: Browser, live_server: str, language: str) -> None:
    """The lobby, the scorer, the leaderboards, the lobby logged in (the account's card), that
    player's page and a club tournament (its form and its page); then a finished game's end
    screen, its replay and its review."""
    page = phone(browser, live_server, language)
    page.goto(live_server + "/")
    page.wait_for_selector("#create")
    page.select_option("#game", "kingdomino")
    fingers_wide(page, f"lobby-{language}")
    page.goto(live_server + "/score")
    page.wait_for_selector("#palette")
    page.click('button[data-brush="G"]')
    page.click('g.cell[data-square="0,1"]')
    page.wait_for_function("document.querySelector('#scorer-sheet table')")
    fingers_wide(page, f"scorer-{language}")
    page.goto(live_server + "/leaderboards")
    page.wait_for_selector("#leaderboard")
    fingers_wide(page, f"leaderboards-{language}")
    name = log_in_new(page, live_server)
    fingers_wide(page, f"account-{language}")
    page.goto(f"{live_server}/player/{name}")
    page.wait_for_selector("#player-games")
    fingers_wide(page, f"player-{language}")
    tournament_s_controls_take_a_finger(page, live_server, language)
    assert not page.errors, page.errors
    ended = review_of_a_finished_game(
        browser, live_server, width=WIDTH, height=HEIGHT, locale=language, touch=True, mobile=True
    )
    fingers_wide(ended, f"review-{language}")
    ended.click("#replay-back")
    ended.wait_for_selector("#ranking")
    fingers_wide(ended, f"ended-{language}")
    assert not ended.errors, ended.errors


def tournament_s_controls_take_a_finger(page: LivePage, base: str, language: str) -> None:
    """The lobby's "Club tournaments" card with its organiser's form open, and a tournament's page
    as its organiser sees it before the start (join, leave, start and call off), on ``page``'s
    account; the tournament is called off after."""
    page.goto(base + "/")
    page.locator("#tournaments summary").click()
    page.wait_for_selector("#organise-form")
    page.select_option("#tournament-format", "swiss")
    fingers_wide(page, f"tournament-organise-{language}")
    clock = {"kind": "days", "days": 1}
    body = {
        "name": "Thursday club",
        "game": "kingdomino",
        "format": "swiss",
        "rounds": 3,
        "time_control": clock,
    }
    made = page.request.post(base + "/api/tournaments", data=body, headers={"Origin": base})
    assert made.ok, made.text()
    tournament_id = made.json()["id"]
    page.goto(f"{base}/tournament/{tournament_id}")
    page.wait_for_selector("#tournament-start")
    fingers_wide(page, f"tournament-{language}")
    cancelled = page.request.post(f"{base}/api/tournaments/{tournament_id}/cancel", headers={"Origin": base})
    assert cancelled.ok, cancelled.text()


#: The header's link home: the height of its words (its box less its padding), their font's size,
#: whether they are cut, the form of the name shown; and each visible part's top and bottom.
HEADER = """() => {
  const header = document.querySelector('header.top');
  const brand = header.querySelector('a.brand');
  const style = getComputedStyle(brand);
  const parts = [...header.children].filter((part) => part.getBoundingClientRect().height > 1
    && getComputedStyle(part).position !== 'absolute');
  return {
    height: brand.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom),
    font: parseFloat(style.fontSize), cut: brand.scrollWidth > brand.clientWidth + 1,
    form: brand.dataset.form,
    parts: parts.map((part) => [part.className || part.tagName, part.getBoundingClientRect().top,
      part.getBoundingClientRect().bottom]),
  };
}"""


def test_the_header_is_one_line_in_every_language(browser: Browser, live_server: str) -> None:
    """The site's name, a link home, and the language menu beside it on one line of a 360 px phone
    in every language (in Russian and Bulgarian the name took two lines), the name neither cut nor
    past the screen (in English it is whole); its accessible name is the language's full name
    whatever form is shown."""
    for language in LANGUAGES:
        page = phone(browser, live_server, language)
        page.goto(live_server + "/")
        page.wait_for_selector("#create")
        page.screenshot(path=str(ARTIFACTS / f"touch-header-{language}.png"))
        texts = json.loads((ROOT / "src/kingdomino/web/static/i18n" / f"{language}.json").read_text())
        home = page.get_by_role("link", name=texts["app.name"], exact=True)
        expect(home, f"{language}: the site's name is no link home").to_have_attribute("href", "/")
        header = page.evaluate(HEADER)
        assert header["height"] < 1.6 * header["font"], f"{language}: the site's name on more lines {header}"
        assert not header["cut"], f"{language}: the site's name cut {header}"
        if language == "en":
            assert header["form"] == "full", f"en: the site's name shortened where it fits {header}"
        tops = [top for _, top, _ in header["parts"]]
        bottoms = [bottom for _, _, bottom in header["parts"]]
        assert max(tops) < min(bottoms), f"{language}: the header's parts on more lines {header}"
        fingers_wide(page, f"header-{language}")
        assert not page.errors, page.errors
        page.close()
