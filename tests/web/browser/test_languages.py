"""Every language of the page: each screen in each language, plural forms, the server's refusals
said in the page's language, and the texts preloaded.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.moderation_evening import an_evening
from tests.web.browser.pages import (
    ARTIFACTS,
    GAMES,
    LANGUAGES,
    OVERFLOW,
    ROOT,
    TAP_TARGETS,
    LivePage,
    create_game,
    log_in_new,
    new_page,
    play_by_clicking_board,
    present,
    static_base,
)

from kingdomino.web.page_link import SOCKET_IDLE_SECONDS


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language(browser: Browser, live_server: str, language: str) -> None:
    page = new_page(browser, live_server, locale=language)
    page.goto(live_server + "/")
    page.wait_for_selector("#create")
    assert page.evaluate("document.documentElement.lang") == language
    assert page.evaluate(OVERFLOW) == []
    for game, players, options, mode in (GAMES[0], GAMES[1], GAMES[2]):
        create_game(page, game, players, options=options, mode=mode)
        play_by_clicking_board(page, 3)
        assert page.evaluate("document.documentElement.lang") == language
        if language != "en":  # the AI seats' level in the page's language, as the lobby lists them
            assert "(AI, " not in page.locator("main").inner_text()
        assert page.evaluate(OVERFLOW) == []
        page.screenshot(path=str(ARTIFACTS / f"{game}-{language}.png"), full_page=True)
    phone = new_page(browser, live_server, 390, 844, locale=language, touch=True)
    create_game(phone, "origins", 3, options={"fire_kingdom": True}, mode="tribe")
    assert phone.evaluate(OVERFLOW) == []
    # The longest words still leave a 7 x 7 kingdom on the first screen (DESIGN.md), with a finger's words.
    create_game(phone, "kingdomino", 2, options={"mighty_duel": True})
    for _ in range(6):
        phone.evaluate("scrollTo(0, 0)")
        assert phone.evaluate(TAP_TARGETS)["bottom"] <= 844, language
        if phone.locator("#rotate").count():
            expect(phone.locator("#rotate")).not_to_contain_text("(R)", use_inner_text=True)
        play_by_clicking_board(phone, 1)
    assert phone.evaluate(OVERFLOW) == []
    for shown in (page, phone):  # the scorer, with the longest brush (Origins Tribe) chosen
        shown.goto(live_server + "/score")
        shown.wait_for_selector("#palette")
        shown.select_option("#scorer-game", "origins")
        shown.select_option("#score-mode", "tribe")
        shown.click('button[data-brush="G"]')
        shown.click('g.cell[data-square="0,1"]')
        shown.wait_for_function("document.querySelector('#scorer-sheet table')")
        assert shown.evaluate(OVERFLOW) == [], language
    phone.screenshot(path=str(ARTIFACTS / f"scorer-phone-{language}.png"), full_page=True)
    assert not page.errors and not phone.errors


def test_counts_and_the_language_selector(page: LivePage) -> None:
    """One lobby for two checks, each named in its assertions:
    ``counts_take_the_plural_form_of_the_language``, then ``the_language_selector_is_remembered``
    (which loads the page again)."""
    page.goto(page.base_url + "/")
    counts_take_the_plural_form_of_the_language(page)
    the_language_selector_is_remembered(page)


def the_language_selector_is_remembered(page: LivePage) -> None:
    """A language chosen reloads the lobby in it, and a lobby opened later speaks it too."""
    page.goto(page.base_url + "/")
    with page.expect_navigation():  # the choice reloads the page: wait for it, not into it
        page.select_option("#language", "hu")
    page.wait_for_function("document.documentElement.lang === 'hu'")
    # The page's lang is set as its texts are read; the lobby is drawn in them a moment after.
    page.wait_for_function("document.querySelector('main')?.innerText.includes('Új játék')")
    page.goto(page.base_url + "/")
    page.wait_for_function("document.documentElement.lang === 'hu'")


def counts_take_the_plural_form_of_the_language(page: LivePage) -> None:
    """A count's words take the plural form of each language (the lobby's i18n module asked)."""
    forms = page.evaluate(
        """async () => {
            const i18n = await import(staticBase + "i18n.js");
            const said = {};
            for (const lang of ["en", "ru", "uk"]) {
                await i18n.loadLanguage(lang);
                said[lang] = [1, 3, 5, 21].map((n) => i18n.t("points_n", { n }));
            }
            return said;
        }"""
    )
    assert forms["en"] == ["1 point", "3 points", "5 points", "21 points"], f"English counts: {forms}"
    assert forms["ru"] == ["1 очко", "3 очка", "5 очков", "21 очко"], f"Russian counts: {forms}"
    assert forms["uk"] == ["1 очко", "3 очки", "5 очок", "21 очко"], f"Ukrainian counts: {forms}"


def test_the_server_s_refusals_are_said_in_the_page_s_language(browser: Browser, live_server: str) -> None:
    """A refusal the server names by its code reaches a Russian player in Russian: the game that
    cannot be opened, and why the undo button is greyed (they were in English). The game played
    on then has a square refused (``a_square_refused_says_why``, Kingdomino's in Russian)."""
    page = new_page(browser, live_server, locale="ru")
    page.goto(page.base_url + "/game/00001111aaaa2222?token=abc")
    page.wait_for_selector("#unavailable")
    unavailable = page.locator("#unavailable").inner_text()
    assert "На этом сервере нет такой игры" in unavailable, f"the game that cannot be opened: {unavailable}"
    create_game(page, "kingdomino")
    undo = page.locator("#undo")
    greyed = undo.get_attribute("title")
    assert undo.is_disabled() and greyed == "У вас ещё нет хода, который можно отменить", (
        f"undo greyed: {greyed}"
    )
    # Pressed all the same (a finger cannot hover to read the title), it says why.
    undo.click(force=True)
    expect(page.locator("#error"), "the greyed undo pressed").to_have_text(present(greyed))
    play_by_clicking_board(page, moves=1)
    page.wait_for_selector("#your-turn")
    assert undo.get_attribute("title") in (
        None,
        "После вашего последнего хода открыты новые части, поэтому его уже не отменить",
    ), "why undo is greyed after a move"
    assert (undo.get_attribute("title") is None) == undo.is_enabled(), "undo says why exactly when greyed"
    a_square_refused_says_why(page, "ru")
    assert not page.errors


@pytest.mark.parametrize(("game", "language"), [("duel", "hu"), ("origins", "bg")])
def test_a_square_refused_says_why_in_the_players_language(
    browser: Browser, live_server: str, game: str, language: str
) -> None:
    """Kingdomino's in Russian: ``test_the_server_s_refusals_are_said_in_the_page_s_language``."""
    page = new_page(browser, live_server, locale=language)
    create_game(page, game, 2, mode="discovery" if game == "origins" else None)
    a_square_refused_says_why(page, language)
    assert not page.errors


def a_square_refused_says_why(page: LivePage, language: str) -> None:
    """The engine names the rule a placement breaks (``State.refusal``) and the page words it: no
    English sentence with action codes ("'place 4,4 E': square 4,5 is outside the kingdom grid")."""
    for _ in range(10):
        if page.locator("svg g.legal.anchor").count():
            break
        play_by_clicking_board(page, 1)
        page.wait_for_selector("#your-turn")
    words = json.loads((ROOT / "src/kingdomino/web/static/i18n" / f"{language}.json").read_text())
    # Each "why." text of the language, its {figures} free.
    reasons = [
        re.compile(re.sub(r"\\\{\w+\\\}", ".+", re.escape(text)))
        for key, text in words.items()
        if key.startswith("why.")
    ]
    prefix = words["game.why_not"].split("{reason}")[0]
    shown = page.evaluate(
        """() => { const board = document.querySelector('.kingdom.mine svg.big').getBoundingClientRect();
          return [...document.querySelectorAll('.kingdom.mine svg rect.why')].filter((r) => {
            const box = r.getBoundingClientRect();
            return box.left >= board.left && box.right <= board.right
              && box.top >= board.top && box.bottom <= board.bottom;
          }).map((r) => r.getAttribute('data-why')); }"""
    )
    for key in (shown[0], shown[-1]):  # squares at the window's corners: off the grid, or too far
        page.locator(f'.kingdom.mine svg rect.why[data-why="{key}"]').click(force=True)
        page.wait_for_function("document.querySelector('#error')?.textContent.length > 0")
        refused = present(page.locator("#error").text_content())
        assert refused.startswith(prefix), refused
        assert any(reason.fullmatch(refused[len(prefix) :]) for reason in reasons), refused
        page.evaluate("document.querySelector('#error').textContent = ''")


def test_the_texts_are_preloaded_in_the_language_the_page_speaks(browser: Browser, live_server: str) -> None:
    """The texts were fetched last, once every module had come and run. The server preloads them
    now, the browser's language's at first, then the one the page chose (kept in a cookie), and
    the page uses the preloaded answers: each file fetched once."""
    page = new_page(browser, live_server, locale="hu-HU")
    texts = (
        "() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)"
        ".filter((p) => p.includes('/i18n/'))"
    )
    page.goto(live_server + "/")
    page.wait_for_selector("#create")
    page.wait_for_load_state("networkidle")
    base = static_base(page)
    assert sorted(page.evaluate(texts)) == [f"{base}i18n/en.json", f"{base}i18n/hu.json"]
    assert page.evaluate("document.documentElement.lang") == "hu"
    page.select_option("#language", "bg")
    page.wait_for_function("document.documentElement.lang === 'bg'")
    page.wait_for_selector("#create")
    page.wait_for_load_state("networkidle")
    assert sorted(page.evaluate(texts)) == [f"{base}i18n/bg.json", f"{base}i18n/en.json"]
    preloads = page.evaluate(
        "[...document.querySelectorAll('link[rel=preload]')].map((l) => new URL(l.href).pathname)"
    )
    assert preloads == [f"{base}i18n/en.json", f"{base}i18n/bg.json"]
    assert not page.errors


@pytest.mark.socket_idle_seconds(SOCKET_IDLE_SECONDS)  # a server of its own, over ``database``
def test_the_moderators_pages_fit_in_every_language(
    browser: Browser, live_server: str, database: str
) -> None:
    """An evening's twenty reports about players of 24-character names: the queue, the cheating
    report with its fair-play tables and the renamed report, on a 390 px phone and a desktop in
    each language, overflow nothing; a name cut short in a table keeps its whole in its title."""
    shots = ARTIFACTS / "moderation"
    shots.mkdir(parents=True, exist_ok=True)
    first = new_page(browser, live_server)
    evening = an_evening(database, log_in_new(first, live_server, "Mona"))
    logged_in = first.context.storage_state()
    for language in LANGUAGES:
        page = new_page(browser, live_server, 390, 844, locale=language, touch=True, storage_state=logged_in)
        for width, height, size in ((390, 844, "phone"), (1366, 900, "desktop")):
            page.set_viewport_size({"width": width, "height": height})
            page.goto(f"{live_server}/moderation")
            page.wait_for_selector("#moderation-queue")
            assert page.evaluate(OVERFLOW) == [], (language, size, "queue")
            page.screenshot(path=str(shots / f"queue-{size}-{language}.png"), full_page=True)
            page.goto(f"{live_server}/moderation/{evening.renamed}")
            page.wait_for_selector("#moderation-rename-back-send")
            assert page.evaluate(OVERFLOW) == [], (language, size, "renamed")
            page.screenshot(path=str(shots / f"renamed-{size}-{language}.png"), full_page=True)
            page.goto(f"{live_server}/moderation/{evening.cheating}")
            page.wait_for_selector("#fairplay-games .fairplay-game")
            assert page.evaluate(OVERFLOW) == [], (language, size, "cheating")
            page.screenshot(path=str(shots / f"cheating-{size}-{language}.png"), full_page=True)
        named = page.locator("#fairplay-totals tbody th [title]").first
        expect(named).to_have_attribute("title", evening.reported[0])
        assert not page.errors, (language, page.errors)
    assert not first.errors
