"""Accessibility of online play in a real browser: what a screen reader's user hears of the clocks
and the others at the table, which a sighted player sees (docs/browser.md).

The pages are of players at computers of their own, each in a language of its own."""

from __future__ import annotations

import re
import secrets
import time

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import (
    LivePage,
    log_in_new,
    new_page,
    open_a_game_for_the_lobby,
    timed_game_of_two,
    until_the_api_is_quiet,
)


def timed_pages(browser: Browser, base: str, seconds: int) -> tuple[LivePage, LivePage, float]:
    """Anna and Bela at a 2-player Kingdomino of ``seconds`` a move, made through the API, each
    at a page of her own: the page of the seat to act (in Hungarian) and the other's (in English),
    and when its turn began (epoch seconds)."""
    game_id, tokens, first = timed_game_of_two(base, {"kind": "move", "seconds": seconds})
    acting = first["current_player"]
    pages = []
    for seat, locale in ((acting, "hu"), (1 - acting, "en")):
        page = new_page(browser, base, locale=locale)
        page.goto(f"{base}/game/{game_id}?token={tokens[seat]}")
        page.wait_for_selector("#clocks .clock.running")
        pages.append(page)
    return pages[0], pages[1], float(first["clock"]["since"])


def test_a_player_whose_clock_runs_low_hears_it_once(browser: Browser, live_server: str) -> None:
    """A clock under 20 seconds turns red, and that was all: a screen reader's user heard nothing
    of their time running out. Their own clock running low is said (an alert) once, by name and
    time left, in the page's language; the other player's page, whose clock does not run, says
    nothing. A move's 25 seconds runs low 5 seconds in: the pages count by the server's time (a
    page's own clock moved on is set right by the next pong), so the test waits for it."""
    acting, other, _ = timed_pages(browser, live_server, 25)
    alert = "document.querySelector('#clock-said')?.textContent || ''"
    acting.wait_for_function(f"({alert}).length > 0", timeout=30000)
    said = acting.evaluate(alert)
    assert re.fullmatch(r"(Anna|Bela): már csak 0:[0-2]\d van hátra az órán", said), said
    expect(acting.get_by_role("alert").filter(has_text="már csak")).to_have_count(1)
    # Said once: the clock redrawn every half second leaves the words as they were.
    shown = acting.locator("#clocks .clock.running time").text_content()
    moved = "(t) => (document.querySelector('#clocks .clock.running time')?.textContent ?? t) !== t"
    acting.wait_for_function(moved, arg=shown)
    assert acting.evaluate(alert) == said
    other.wait_for_selector("#clocks .clock.running.low")
    assert other.evaluate(alert) == "", "the other player's clock is not theirs to be told of"
    assert not acting.errors and not other.errors


#: What a screen reader hears of the others coming to the table and leaving it.
PRESENCE_SAID = "document.querySelector('#presence-said')?.textContent || ''"


def test_a_player_hears_who_joins_leaves_and_comes_back_to_the_table(
    browser: Browser, live_server: str
) -> None:
    """Anna (in Ukrainian) opens a game to the lobby and waits; Bela joins from the lobby, closes
    her page, and opens it again. Each time Anna's page marks Bela at the table or away, which a
    screen reader's user did not hear: only the game's start was read out, never who came."""
    anna = new_page(browser, live_server, locale="uk")
    open_a_game_for_the_lobby(anna, live_server, "Anna")
    anna.wait_for_selector("#waiting-players")
    assert anna.evaluate(PRESENCE_SAID) == ""
    opened = anna.url.split("/game/")[1].split("?")[0]
    bela = new_page(browser, live_server)
    bela.goto(live_server + "/")
    bela.fill("#guest-name", "Bela")
    bela.locator(f"#open-list li[data-id='{opened}'] button.join").click()
    bela.wait_for_url("**/game/*")
    bela.wait_for_selector("#your-turn, #waiting")
    link = bela.url
    anna.wait_for_function(f"({PRESENCE_SAID}) === 'Bela приєднується до столу'")
    expect(anna.get_by_role("status").filter(has_text="Bela приєднується")).to_have_count(1)
    bela.close()
    anna.wait_for_function(f"({PRESENCE_SAID}).startsWith('Bela відходить від столу')")
    back = bela.context.new_page()
    back.goto(link)
    anna.wait_for_function(f"({PRESENCE_SAID}) === 'Bela знову за столом'")
    back.wait_for_selector("#your-turn, #waiting")
    assert back.evaluate(PRESENCE_SAID) == "", "Bela's own page, opened again, tells her of nothing old"
    assert not anna.errors and not bela.errors


def test_logging_in_and_out_with_the_keys_keeps_the_focus_in_the_account_card(
    browser: Browser, live_server: str
) -> None:
    """The account card's button pressed is replaced by the card's other part: the focus fell to
    the page's top (some thirty Tabs back to the card) and a screen reader heard nothing of the
    change. Now the focus goes to the new part's first control, and who is logged in is said."""
    page = new_page(browser, live_server, locale="ru")
    answered: list[str] = []
    page.on("requestfinished", lambda request: answered.append(request.url))
    page.goto(live_server + "/")
    page.wait_for_selector("#account-form")
    name = f"Keys{secrets.token_hex(3)}"
    page.fill("#account-name", name)
    page.fill("#account-password", "a long enough password")
    page.focus("#create-account")
    page.keyboard.press("Enter")
    page.wait_for_selector("#logged-in")
    page.wait_for_function("document.activeElement?.id === 'log-out'")
    expect(page.get_by_role("status").filter(has_text=f"Вы вошли как {name}")).to_have_count(1)
    # What a login asks (the inbox, the preferences) answered before the logout, as a player's
    # hand is slower than a test's: asked after it, it would be refused (a 401 in the console).
    deadline = time.monotonic() + 30
    while not any("/api/account/notifications" in url for url in answered):
        assert time.monotonic() < deadline, "the login's inbox was never read"
        page.wait_for_timeout(50)
    until_the_api_is_quiet(page)
    page.keyboard.press("Enter")
    page.wait_for_selector("#account-form")
    page.wait_for_function("document.activeElement?.id === 'account-name'")
    expect(page.get_by_role("status").filter(has_text="Вы вышли из учётной записи")).to_have_count(1)
    assert not page.errors


def test_a_rated_games_end_says_how_each_players_rating_moved(browser: Browser, live_server: str) -> None:
    """Two accounts (one page in English, one in Hungarian) paired by a rated quick game, played to
    its end through the API. The ranking's rating cells fill in a moment after "Game over", where
    a screen reader's user would not look again: each page says its player's rating change."""
    pages = [new_page(browser, live_server), new_page(browser, live_server, locale="hu")]
    names = [log_in_new(page, live_server) for page in pages]
    for page in pages:
        page.select_option("#quick-clock", index=1)
        page.check("#quick-rated")
    pages[0].click("#quick-game-button")
    pages[0].wait_for_selector("#waiting-players")
    game_id = pages[0].url.rsplit("/", 1)[1]
    pages[1].locator(f"li[data-id='{game_id}']").wait_for()
    pages[1].click("#quick-game-button")
    pages[1].wait_for_url(f"**/game/{game_id}")
    tokens = []
    for page in pages:
        page.wait_for_selector("#clocks .clock.running")
        kept = page.evaluate("JSON.parse(localStorage.getItem('kingdomino.games'))")
        tokens.append(next(game for game in kept if game["id"] == game_id)["tokens"][0])
    with httpx.Client(base_url=live_server, timeout=30) as http:
        while True:
            views = [http.get(f"/api/games/{game_id}", params={"token": token}).json() for token in tokens]
            if views[0]["status"] == "finished":
                break
            acting = next((i for i, view in enumerate(views) if view["legal_actions"]), None)
            if acting is None:
                continue
            view = views[acting]
            body = {"token": tokens[acting], "action": view["legal_actions"][0], "index": view["index"]}
            http.post(f"/api/games/{game_id}/actions", json=body)
    heard = "document.querySelector('#heard')?.textContent"
    for page, name, words in zip(pages, names, ["Rating of", "értékszáma"]):
        page.wait_for_selector("#winner")
        page.wait_for_function(f"{heard}.includes({words!r})")
        said = page.evaluate(heard)
        assert re.search(r"1[ ,.\u00a0]?500\?? → 1[ ,.\u00a0]?\d{3}\?? \([+−-]\d+\)", said), said
        assert name in said and said.count("→") == 1, said
    assert all(page.errors == [] for page in pages), [page.errors for page in pages]
