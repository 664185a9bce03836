"""Accessibility of what the lobby and a game's page are told while they are open, as a blind
player with a screen reader and the keys only meets it (docs/browser.md): challenges arriving and
answered, the games awaiting her move, the games to watch, the next game awaiting her, and a
watched game's moves. What arrives is said once in a polite live line, the focus stays where she
left it while a card is drawn again, and each control is named in her language."""

from __future__ import annotations

import re
import secrets
from typing import Any
from urllib.parse import quote

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import log_in_new, new_page
from tests.web.browser.test_correspondence import days_games_awaiting
from tests.web.browser.test_lobby_waits import SEEN
from tests.web.browser.test_turn_notify import act, current
from tests.web.browser.test_watch import leading_game, listed_line

#: The page's focused element as a screen reader names it: its tag, then its id, address or text.
FOCUSED = """() => { const e = document.activeElement;
  return `${e.tagName.toLowerCase()} ${e.id || e.getAttribute('href') || e.textContent.trim()}`; }"""


def account_client(base: str, name: str) -> tuple[httpx.Client, str]:
    """A new account ``name`` with a random ending, logged in on a client of its own (its requests
    sent from the site's own origin, as its page's are): the client and the account's name."""
    http = httpx.Client(base_url=base, headers={"Origin": base}, timeout=30)
    made = f"{name}{secrets.token_hex(3)}"
    answer = http.post("/api/accounts", json={"name": made, "password": "a long enough password"})
    assert answer.status_code in (200, 201), answer.text
    return http, made


def challenge(http: httpx.Client, name: str, game: str) -> str:
    """``http``'s account challenges ``name`` to a game of two of ``game``: the challenge's id."""
    answer = http.post("/api/challenges", json={"name": name, "game": game, "players": 2})
    assert answer.status_code == 201, answer.text
    return str(answer.json()["id"])


def test_challenges_are_told_apart_and_answering_one_keeps_the_focus_in_the_lobby(
    browser: Browser, live_server: str
) -> None:
    """Lena's lobby hears Kira's challenge, then Ola's. Each "Accept" and "Decline" was a bare word:
    two lines' buttons sounded alike. Ola's arriving drew the list again and threw the focus, on
    Kira's Accept, to the page's top; declining with Enter did too. Now each button is described
    by its line, the focus stays on Kira's Accept, and a line declined leaves it on the card's
    heading (the next card's when no challenge is left), never on another line's button. The
    challenge form of a player's page named its clock "Quick game's clock": it is the challenge's."""
    page = new_page(browser, live_server, locale="ru")
    lena = log_in_new(page, live_server, "Lena")
    page.wait_for_selector("#your-move", state="attached")
    (kira, kira_name), (ola, ola_name) = (
        account_client(live_server, "Kira"),
        account_client(live_server, "Ola"),
    )
    from_kira = challenge(kira, lena, "kingdomino")
    accept = page.locator(f"#challenge-list li[data-id='{from_kira}'] button.accept")
    expect(accept).to_have_accessible_name("Принять")
    expect(accept).to_have_accessible_description(re.compile(rf"^{kira_name} вызывает вас · Kingdomino · "))
    expect(page.locator("#challenge-news")).to_have_text(f"{kira_name} вызывает вас · Kingdomino")
    accept.focus()
    from_ola = challenge(ola, lena, "duel")
    decline = page.locator(f"#challenge-list li[data-id='{from_ola}'] button.decline")
    expect(decline).to_have_accessible_description(re.compile(rf"^{ola_name} вызывает вас · "))
    expect(page.locator("#challenge-news")).to_contain_text(ola_name)
    assert page.evaluate(FOCUSED) == "button Принять", "the focus stays on Kira's Accept"
    assert page.locator("button:focus").evaluate("(b) => b.closest('li').dataset.id") == from_kira
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED).startswith("select Без причиныСейчас не принимаю вызовы"), (
        "then why she declines, if she says, in her own words"
    )
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED) == "button Отклонить"
    page.keyboard.press("Enter")
    page.locator(f"#challenge-list li[data-id='{from_kira}']").wait_for(state="detached")
    page.wait_for_function(f"({FOCUSED})() === 'h2 Вызовы'")
    decline.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#challenges", state="hidden")
    page.wait_for_function(f"({FOCUSED})() === 'h2 Играть сейчас'")  # the next card's heading
    # Her own challenge declined is said in a live region holding a list (a list that was itself
    # the live region was no list: its lines were read as orphans, and axe flagged the role).
    made = page.evaluate(
        """(name) => fetch("/api/challenges", {method: "POST", headers: {"Content-Type": "application/json"},
          body: JSON.stringify({name, game: "kingdomino", players: 2})}).then((answer) => answer.json())""",
        kira_name,
    )
    assert kira.post(f"/api/challenges/{made['id']}/decline").status_code == 200
    expect(page.locator("#challenges")).to_match_aria_snapshot(
        f"""
        - heading "Вызовы" [level=2]
        - status:
          - list:
            - listitem: "{kira_name}: вызов отклонён"
        """
    )
    page.goto(f"{live_server}/player/{quote(kira_name)}")
    form = page.locator("#challenge-form")
    form.wait_for()
    expect(form).to_match_aria_snapshot(
        """
        - combobox "Игра вызова"
        - combobox "Часы вызова"
        - checkbox "На рейтинг"
        - checkbox "Смотреть может любой"
        - button "Вызвать"
        """
    )
    assert not page.errors


def make_her_move(base: str, game: str, tokens: list[str]) -> None:
    """Play her seat's (seat 0's) first legal moves through the API until another seat is to act."""
    while current(base, game, tokens[0]) == 0:
        act(base, game, tokens[0])


def test_her_move_card_keeps_the_focus_and_the_next_game_awaiting_her_is_said(
    browser: Browser, live_server: str
) -> None:
    """Three turn-based games await Lena's move. She is on the first's link in the "Your move"
    card when one of the others stops awaiting her (she moved there on another device): the card
    drawn again threw her focus to the page's top; it stays on the link. Her games' lines read
    "black circle your turn": the mark is a picture to the eye alone. Once her move is made in the
    first game, its page offers the next game awaiting her, under the status line, where a screen
    reader's user would not look: the offer is said in the page's polite live line."""
    page = new_page(browser, live_server)
    log_in_new(page, live_server, "Lena")
    games = days_games_awaiting(page, 3)
    (first, first_tokens), (second, _), (third, third_tokens) = games.items()
    page.reload()
    page.wait_for_function("document.querySelectorAll('#your-move li').length === 3")
    link = page.locator(f"#your-move a[href^='/game/{first}?']")
    link.focus()
    page.evaluate(SEEN, True)
    make_her_move(live_server, third, third_tokens)
    page.evaluate(SEEN, False)
    page.wait_for_function("document.querySelectorAll('#your-move li').length === 2")
    expect(page.locator("#your-move h2")).to_have_text("Your move in 2 games")
    assert page.evaluate(FOCUSED) == f"a {link.get_attribute('href')}", "the focus stays on her link"
    awaiting = page.locator("#account-games li.awaits").first
    expect(awaiting).to_contain_text("● your turn")
    assert "●" not in awaiting.aria_snapshot(), awaiting.aria_snapshot()
    page.goto(f"{live_server}/game/{first}?token={first_tokens[0]}")
    page.wait_for_selector("#your-turn")
    make_her_move(live_server, first, first_tokens)
    page.wait_for_selector("#next-game")
    heard = page.locator("#heard")
    expect(heard).to_have_attribute("aria-live", "polite")
    expect(heard).to_contain_text(
        re.compile(r"Next game awaiting you: Kingdomino with Bela · 2\d hours left")
    )
    assert f"/game/{second}?" in str(page.locator("#next-game-link").get_attribute("href"))
    assert not page.errors


def test_her_move_links_are_named_by_game_players_and_what_tells_them_apart(
    browser: Browser, live_server: str
) -> None:
    """Two turn-based games against Bela await Lena's move: the "Your move" card's links were both
    named "Kingdomino", in the list of the page's links as by Tab. Each is named by its game, its
    players and its score, move and start, the game's title first as shown (two games alike in
    all these, begun the same minute, still read alike: so do their lines); so are her games'."""
    page = new_page(browser, live_server)
    log_in_new(page, live_server, "Lena")
    games = days_games_awaiting(page, 2)
    page.reload()
    page.wait_for_function("document.querySelectorAll('#your-move li').length === 2")
    for game in games:
        link = page.locator(f"#your-move a[href^='/game/{game}?']")
        expect(link).to_have_accessible_name(
            re.compile(r"^Kingdomino with Bela, score \d+–\d+ · move \d+ · since ")
        )
        mine = page.locator(f"#account-games a[href^='/game/{game}?']")
        expect(mine).to_have_accessible_name(re.compile(r"^Kingdomino with Bela, score "))
    assert not page.errors


#: Counts the status line's changes and keeps each text the others' moves line was given.
LISTEN = """() => {
  window.statusChanges = 0;
  window.heardSaid = [];
  new MutationObserver(() => { window.statusChanges += 1; }).observe(
    document.querySelector('#status'), { childList: true, subtree: true, characterData: true });
  const heard = document.querySelector('#heard');
  new MutationObserver(() => { window.heardSaid.push(heard.textContent); }).observe(
    heard, { childList: true, subtree: true, characterData: true });
}"""


def seat_to_act(base: str, game: dict[str, Any]) -> int:
    """The seat to act now in the public game ``game``."""
    return current(base, game["id"], game["tokens"][0])


def test_a_spectator_keeps_the_watch_link_in_focus_and_hears_each_move_once(
    browser: Browser, live_server: str
) -> None:
    """Sam, blind, goes through the lobby's "Watch a game" with the keys. The list is looked at
    again every 20 s and drawn again when a score or a move count moved: the focus on a Watch link
    fell to the page's top. It stays on it, and Enter opens the game. There each move of the
    others is said once (as a player's page says it), and "Waiting for Anna" is not said again at
    each move of Anna's when she plays twice in a row: her moves are."""
    game = leading_game(live_server)
    page = new_page(browser, live_server)
    page.clock.install()
    page.goto(live_server + "/")
    line = listed_line(page, game["id"])
    watch = line.locator("a.watch")
    expect(watch).to_have_accessible_name(f"Watch Kingdomino: {', '.join(game['names'])}")
    watch.focus()
    act(live_server, game["id"], game["tokens"][seat_to_act(live_server, game)])
    page.clock.run_for(21_000)
    expect(line).to_contain_text("1 move", timeout=20_000)
    watching = f"/game/{game['id']}/watch"
    assert page.evaluate(FOCUSED) == f"a {watching}", "the focus stays on the Watch link"
    page.keyboard.press("Enter")
    page.wait_for_url(f"**{watching}")
    page.wait_for_selector("#scores")
    page.evaluate(LISTEN)
    for _ in range(12):
        seat = seat_to_act(live_server, game)
        changes = page.evaluate("window.statusChanges")
        said = page.evaluate("window.heardSaid.length")
        act(live_server, game["id"], game["tokens"][seat])
        page.wait_for_function(f"window.heardSaid.length > {said}")
        if seat_to_act(live_server, game) == seat:
            assert page.evaluate("window.statusChanges") == changes, "the same waiting line was said again"
            break
    else:
        raise AssertionError("no seat played twice in a row in 12 moves")
    assert not page.errors
