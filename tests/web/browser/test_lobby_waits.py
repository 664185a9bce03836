"""What a player waiting on a game or a turn is told: a wait that ran out apart from a call-off,
the time left in the account's turn-based games, "your turn" while the page is not looked at;
and the leaderboard a reader finds first."""

from __future__ import annotations

import time
from datetime import UTC, datetime

import httpx
import pytest
from playwright.sync_api import Browser, expect
from sqlalchemy import create_engine, insert, update
from tests.web.browser.pages import (
    ARTIFACTS,
    LivePage,
    game_page_id,
    log_in_new,
    new_page,
    open_a_game_for_the_lobby,
    timed_game_of_two,
)

from kingdomino.web.live import AWAY_SECONDS
from kingdomino.web.tables import GameRow, RatingRow

#: Seconds between the lobby's looks at the account's games (account-games.js REFRESH_SECONDS).
REFRESH_SECONDS = 60


def end_the_stored_wait(database: str, game: str) -> None:
    """The stored wait of ``game`` runs out now: the server's sweep reads it from the database."""
    engine = create_engine(database)
    with engine.begin() as connection:
        connection.execute(update(GameRow).where(GameRow.id == game).values(open_until=time.time() - 1))
    engine.dispose()


# A server of its own, over the test's `database`, whose stored wait the test ends.
@pytest.mark.away_seconds(AWAY_SECONDS)
def test_a_wait_that_ran_out_is_not_said_as_a_call_off(
    browser: Browser, live_server: str, database: str
) -> None:
    """A game whose wait ran out read "This game was called off", as if its creator had called it
    off. Its page says nobody joined in time and how long it waited; a call-off names who called it."""
    anna = new_page(browser, live_server)
    open_a_game_for_the_lobby(anna, live_server, "Anna")
    alone = game_page_id(anna)
    anna.wait_for_selector("#waiting-players")
    end_the_stored_wait(database, alone)
    anna.wait_for_selector("#expired")
    said = anna.inner_text("#expired")
    assert said == "Nobody joined in time: the game was called off after 20 minutes.", said
    anna.screenshot(path=str(ARTIFACTS / "wait-ran-out.png"))
    anna.goto(live_server + "/")
    line = anna.locator("#my-games li").filter(has=anna.locator(f"a[href='/game/{alone}']"))
    line.wait_for()
    expect(line).to_contain_text(" · nobody joined in time · ", use_inner_text=True)
    # Called off by its creator: one who joined reads who called it off, the creator that they did.
    open_a_game_for_the_lobby(anna, live_server, "Anna", players=3)
    called = game_page_id(anna)
    anna.wait_for_selector("#call-off")
    bela = new_page(browser, live_server, width=390, height=844, touch=True)
    bela.goto(live_server + "/")
    bela.fill("#guest-name", "Bela")
    bela.locator(f"li[data-id='{called}'] button.join").click()
    assert game_page_id(bela) == called
    bela.wait_for_selector("#waiting-players")
    anna.click("#call-off")
    for page, words in (
        (bela, "Anna called the game off before it began."),
        (anna, "You called the game off before it began."),
    ):
        page.wait_for_selector("#expired")
        expect(page.locator("#expired")).to_have_text(words, use_inner_text=True)
    bela.screenshot(path=str(ARTIFACTS / "wait-called-off-phone.png"))
    assert anna.errors == [] and bela.errors == []


def turn_based_games(page: LivePage) -> dict[str, tuple[bool, list[str]]]:
    """Games of Anna (the account logged in on ``page``, who opens them: seat 0) and Bela, a day a
    move, opened until one awaits each of them: whether each awaits Anna, and its seats' tokens."""
    made: dict[str, tuple[bool, list[str]]] = page.evaluate(
        """async () => {
          const games = {};
          const headers = {"Content-Type": "application/json"};
          const seats = [{kind: "human", name: "Anna"}, {kind: "human", name: "Bela", online: true}];
          const clock = {kind: "days", days: 1};
          const body = JSON.stringify({game: "kingdomino", players: 2, seats, time_control: clock});
          for (let i = 0; i < 30 && new Set(Object.values(games).map((g) => g[0])).size < 2; i++) {
            const game = await (await fetch("/api/games", {method: "POST", headers, body})).json();
            const tokens = game.seats.map((seat) => seat.token);
            const view = await (await fetch(`/api/games/${game.id}?token=${tokens[0]}`)).json();
            games[game.id] = [view.current_player === 0, tokens];
          }
          return games;
        }"""
    )
    return made


def test_the_account_s_turn_based_games_say_the_time_left(browser: Browser, live_server: str) -> None:
    """The account's list said "your turn" with no word of the clock of a turn-based game: whose
    turn it is and how long they have are said ("your turn · 23 hours left", "Bela to play · …")."""
    for width, height, touch in ((1366, 900, False), (390, 844, True)):
        page = new_page(browser, live_server, width, height, touch=touch)
        log_in_new(page, live_server, "Anna")
        games = turn_based_games(page)
        assert {awaits for awaits, _ in games.values()} == {True, False}
        page.reload()
        items = page.locator("#account-games li")
        items.nth(len(games) - 1).wait_for()
        for game, (awaits, _) in games.items():
            said, apart = items.filter(has=page.locator(f"a[href^='/game/{game}?']")).inner_text().split("\n")
            ending = "· ● your turn · 23 hours left" if awaits else "· Bela to play · 23 hours left"
            assert said.endswith(ending), said
            # Under it, what tells it from her other games of Kingdomino with Bela, as "Your move" says it.
            assert apart.startswith("score 0–0 · move "), apart
        page.locator("#account").screenshot(path=str(ARTIFACTS / f"account-games-time-left-{width}.png"))
        assert page.errors == []


def rated_in(database: str, account_id: int, pool: str) -> None:
    """A rating of ``account_id`` in ``pool``, written now (its latest rated game)."""
    engine = create_engine(database)
    with engine.begin() as connection:
        row = {"rating": 1500.0, "deviation": 200.0, "volatility": 0.06, "games": 1, "wins": 1}
        moment = datetime.now(UTC)
        connection.execute(insert(RatingRow).values(account_id=account_id, pool=pool, updated=moment, **row))
    engine.dispose()


# A server of its own, over the test's `database`, into which the test writes ratings.
@pytest.mark.away_seconds(AWAY_SECONDS)
def test_the_leaderboards_open_on_the_reader_s_pool(
    browser: Browser, live_server: str, database: str
) -> None:
    """ "/leaderboards" always opened on Kingdomino with two players. A logged-in player's opens on the
    pool of their latest rated game, anyone else's on the pool with most rated players."""
    rosa = new_page(browser, live_server)
    log_in_new(rosa, live_server, "Rosa")
    rosa_id = rosa.evaluate("fetch('/api/account').then((answer) => answer.json()).then((a) => a.account.id)")
    rated_in(database, rosa_id, "origins-2")
    for name in ("Tom", "Uma"):
        other = new_page(browser, live_server)
        log_in_new(other, live_server, name)
        rated_in(
            database,
            other.evaluate("fetch('/api/account').then((a) => a.json()).then((a) => a.account.id)"),
            "duel",
        )
        other.context.close()
    rosa.goto(live_server + "/leaderboards")
    rosa.wait_for_selector("#provisional-leaders")
    expect(rosa.locator(".pool-tab[aria-current=page]")).to_have_text(
        "Kingdomino Origins, 2 players", use_inner_text=True
    )
    rosa.screenshot(path=str(ARTIFACTS / "leaderboards-own-pool.png"))
    guest = new_page(browser, live_server, width=390, height=844, touch=True)
    guest.goto(live_server + "/leaderboards")
    guest.wait_for_selector("#provisional-leaders")
    expect(guest.locator(".pool-tab[aria-current=page]")).to_have_text("Kingdomino Duel", use_inner_text=True)
    guest.screenshot(path=str(ARTIFACTS / "leaderboards-busiest-pool-phone.png"))
    guest.goto(live_server + "/leaderboards/kingdomino-2")  # a pool in the address still wins
    guest.wait_for_selector(".pool-tab[aria-current=page]")
    expect(guest.locator(".pool-tab[aria-current=page]")).to_have_text(
        "Kingdomino, 2 players", use_inner_text=True
    )
    assert rosa.errors == [] and guest.errors == []


#: Makes the page hidden (another tab) or seen again, as a browser tells it (a headless page is always seen).
SEEN = """(hidden) => {
  Object.defineProperty(document, "hidden", {configurable: true, get: () => hidden});
  const state = () => (hidden ? "hidden" : "visible");
  Object.defineProperty(document, "visibilityState", {configurable: true, get: state});
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def play_until_turn_of(base: str, game: str, tokens: list[str], seat: int) -> None:
    """Play the first legal move of each other seat through the API until ``seat`` is to act."""
    while True:
        view = httpx.get(f"{base}/api/games/{game}", params={"token": tokens[0]}, timeout=30).json()
        acting = view["current_player"]
        if acting == seat:
            return
        mine = httpx.get(f"{base}/api/games/{game}", params={"token": tokens[acting]}, timeout=30).json()
        body = {"token": tokens[acting], "action": mine["legal_actions"][0], "index": mine["index"]}
        assert httpx.post(f"{base}/api/games/{game}/actions", json=body, timeout=30).status_code == 200


def test_a_hidden_game_page_marks_its_title_when_the_turn_becomes_yours(
    browser: Browser, live_server: str
) -> None:
    """The title's "● Your turn" is for a page not looked at: it comes when the turn becomes the
    player's while the page is hidden, and goes once the page is seen again."""
    game, tokens, first = timed_game_of_two(live_server, {"kind": "days", "days": 1})
    waiting = 1 - first["current_player"]
    page = new_page(browser, live_server)
    page.goto(f"{live_server}/game/{game}?token={tokens[waiting]}")
    page.wait_for_selector("#waiting")
    assert page.title() == "Kingdomino · Kingdomino family"
    page.evaluate(SEEN, True)
    play_until_turn_of(live_server, game, tokens, waiting)
    page.wait_for_function("document.title.startsWith('● Your turn · Kingdomino')")
    page.evaluate(SEEN, False)
    assert page.title() == "Kingdomino · Kingdomino family"
    expect(page.locator("#your-turn")).to_have_count(1)  # still the player's turn: the page says so itself
    assert page.errors == []


def test_the_lobby_says_when_a_game_of_the_account_becomes_its_turn(
    browser: Browser, live_server: str
) -> None:
    """The lobby's list of the account's games was read once: a turn-based game that became the
    player's turn while the lobby was open went unsaid. The list is read again now and then, and the
    lobby says which game awaits the player (a polite status), its tab marked while not seen."""
    page = new_page(browser, live_server, width=390, height=844, touch=True)
    page.clock.install(time=time.time())
    log_in_new(page, live_server, "Anna")
    games = turn_based_games(page)
    theirs, tokens = next((game, tokens) for game, (awaits, tokens) in games.items() if not awaits)
    page.reload()
    page.locator("#account-games li").nth(len(games) - 1).wait_for()
    expect(page.locator("#turn-heard")).to_have_text("", use_inner_text=True)
    page.evaluate(SEEN, True)
    play_until_turn_of(live_server, theirs, tokens, 0)
    page.clock.run_for(REFRESH_SECONDS * 1000 + 1000)
    page.wait_for_function("document.querySelector('#turn-heard')?.textContent.length > 0")
    expect(page.locator("#turn-heard")).to_have_text(
        "Your turn in Kingdomino with Bela.", use_inner_text=True
    )
    expect(page.locator("#turn-heard")).to_have_attribute("role", "status")
    # The games awaiting Anna, with the one that became hers: the title counts them (test_correspondence.py).
    awaiting = sum(awaits for awaits, _ in games.values()) + 1
    assert page.title() == f"● Your turn · ({awaiting}) Kingdomino family"
    page.evaluate(SEEN, False)
    assert page.title() == f"({awaiting}) Kingdomino family"
    page.locator("#account").screenshot(path=str(ARTIFACTS / "lobby-turn-heard-phone.png"))
    # Told once: the next look says nothing new of it.
    page.evaluate("document.querySelector('#turn-heard').textContent = ''")
    page.clock.run_for(REFRESH_SECONDS * 1000 + 1000)
    page.wait_for_function("document.querySelectorAll('#account-games li.awaits').length === 2")
    expect(page.locator("#turn-heard")).to_have_text("", use_inner_text=True)
    assert page.errors == []
