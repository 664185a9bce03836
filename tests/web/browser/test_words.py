"""What the table says in words, checked where players misread it."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import LivePage, api_game, new_page, opened, play_until, present, static_base


def test_a_shared_screen_names_every_player_who_plays_on_it(browser: Browser, live_server: str) -> None:
    """Two humans on one screen read "You play Anna, Ben on this screen" as if only Anna were
    theirs: the line now names them all, joined as the language joins a list, with their badges."""
    for language, expected in (
        ("en", "Shared screen: Anna and Ben play here in turn"),
        ("hu", "Közös képernyő: itt felváltva játszik Anna és Ben"),
    ):
        page = new_page(browser, live_server, locale=language)
        page.goto(live_server + "/")
        page.wait_for_selector("#create")
        page.fill("#name-0", "Anna")
        page.select_option("#seat-1", "local")
        page.fill("#name-1", "Ben")
        page.click("#create")
        page.wait_for_selector("#your-turn")
        whoami = page.locator("#whoami")
        assert present(whoami.text_content()).strip() == expected
        expect(whoami.locator("svg.badge")).to_have_count(2)
        assert not page.errors


def last(view: dict[str, Any]) -> str:
    return str(view["legal_actions"][-1])


def lines_of(page: LivePage, selector: str) -> int:
    """How many lines the text of ``selector`` takes on screen."""
    return int(
        page.evaluate(
            """(s) => { const range = document.createRange();
              range.selectNodeContents(document.querySelector(s));
              return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size; }""",
            selector,
        )
    )


def test_duel_says_what_free_dice_and_the_spellbook_mean(browser: Browser, live_server: str) -> None:
    """ "free" under each die was unexplained, and the spellbook's first header broke into three lines."""
    game_id, token = api_game(live_server, "duel", 4)
    page = opened(browser, live_server, game_id, token)
    expect(page.locator(".die-slot .small").first).to_have_text("not taken")
    assert lines_of(page, "table.spellbook th.coat") == 1
    assert not page.errors


#: Records the id and class of each line the status shows, as ``window.statusLinesSeen``.
STATUS_LINES_SEEN = """
window.statusLinesSeen = [];
new MutationObserver(() => {
  const line = document.querySelector('#status > span');
  if (line) window.statusLinesSeen.push([line.id, line.className]);
}).observe(document, { childList: true, subtree: true });
"""


def test_a_question_mark_only_one_coat_of_arms_connects_is_made_so_without_a_click(
    browser: Browser, live_server: str
) -> None:
    """A "?" that only one coat of arms connects asked for a click on its one button: the page
    makes that choice itself, and the log says what the question mark became. Its status line
    says the choice without awaiting the player (a click made then found the AI's turn)."""
    for seed in range(1, 20):
        game_id, token = api_game(live_server, "duel", seed)
        view = play_until(
            live_server,
            game_id,
            token,
            lambda v: v["status"] == "finished" or v["observation"]["phase"] == "coat",
            last,
        )
        if view["status"] != "finished" and len(view["legal_actions"]) == 1:
            break
    else:
        raise AssertionError("no seed of 1..19 gives a forced coat of arms")
    page = new_page(browser, live_server)
    # The status lines shown, in order: the forced choice's must not await the player's click.
    page.add_init_script(STATUS_LINES_SEEN)
    page.goto(f"{live_server}/game/{game_id}?token={token}")
    page.wait_for_function(
        "[...document.querySelectorAll('#log li')]"
        ".some((li) => li.textContent.includes('You made the question mark'))"
    )
    after = httpx.get(f"{live_server}/api/games/{game_id}", params={"token": token}, timeout=30).json()
    assert after["index"] > view["index"]
    first_turn = next(line for line in page.evaluate("window.statusLinesSeen") if line[1] == "turn")
    assert first_turn[0] != "your-turn", first_turn
    assert not page.errors


def test_a_link_names_the_language_it_opens_in(browser: Browser, live_server: str) -> None:
    """``/?lang=bg`` opens the page in Bulgarian whatever the browser speaks, with that language's
    texts preloaded, and the page keeps it, as if chosen in the selector."""
    page = new_page(browser, live_server, locale="en-GB")
    page.goto(live_server + "/?lang=bg")
    page.wait_for_selector("#create")
    assert page.evaluate("document.documentElement.lang") == "bg"
    preloads = page.evaluate(
        "[...document.querySelectorAll('link[rel=preload]')].map((l) => new URL(l.href).pathname)"
    )
    base = static_base(page)
    assert preloads == [f"{base}i18n/en.json", f"{base}i18n/bg.json"]
    page.goto(live_server + "/")
    page.wait_for_selector("#create")
    assert page.evaluate("document.documentElement.lang") == "bg"
    page.goto(live_server + "/?lang=xx")
    page.wait_for_selector("#create")
    assert page.evaluate("document.documentElement.lang") == "bg"
    assert not page.errors


def test_the_scorer_s_brushes_are_capitalised_as_its_sheets_are(browser: Browser, live_server: str) -> None:
    page = new_page(browser, live_server)
    for language in ("en", "ru"):
        for game in ("kingdomino", "duel"):
            page.goto(f"{live_server}/score?lang={language}")
            page.wait_for_selector("#palette")
            page.select_option("#scorer-game", game)
            labels = [text.strip() for text in page.locator("button.brush").all_text_contents()]
            words = [label.lstrip("✕ ") for label in labels]
            assert words and all(w[:1].isupper() or w[:1].isdigit() for w in words), (language, words)
    assert not page.errors


#: For each kingdom card with the leader's star: whether the star sits on the line of the points,
#: once the card's title is as narrow as its words up to the points (where the star wrapped).
STAR_ON_THE_POINTS_LINE = """() => [...document.querySelectorAll('h3.seat-name')]
  .filter((title) => title.querySelector('.leader'))
  .map((title) => {
    const points = title.querySelector('.points');
    title.style.width = `${points.getBoundingClientRect().right - title.getBoundingClientRect().left + 1}px`;
    const star = title.querySelector('.leader').getBoundingClientRect();
    return Math.abs(star.top - points.getBoundingClientRect().top) < 2;
  })"""


def test_the_leaders_star_never_wraps_away_from_the_points(browser: Browser, live_server: str) -> None:
    """In a narrow card the star after "· 12 points" went onto a line of its own: it is kept with
    the points (Kingdomino and Duel), and the points move to the next line together with it."""
    for game in ("kingdomino", "duel"):
        game_id, token = api_game(live_server, game, 3)
        play_until(
            live_server, game_id, token, lambda v: len(set(v["scores"])) > 1, lambda v: v["legal_actions"][-1]
        )
        page = opened(browser, live_server, game_id, token)
        expect(page.locator("h3.seat-name .leader")).to_have_count(1)
        assert page.evaluate(STAR_ON_THE_POINTS_LINE) == [True], game
        assert not page.errors
