"""What a player waiting on a game or a turn is told: a wait that ran out apart from a call-off,
the time left in the account's turn-based games, "your turn" while the page is not looked at;
and the leaderboard a reader finds first."""

from __future__ import annotations

import re
import time
from datetime import UTC, datetime

import pytest
from playwright.sync_api import Browser
from sqlalchemy import create_engine, insert, update
from tests.web.browser.pages import ARTIFACTS, LivePage, log_in_new, new_page, open_a_game_for_the_lobby

from kingdomino.web.live import AWAY_SECONDS
from kingdomino.web.tables import GameRow, RatingRow


def game_id(page: LivePage) -> str:
    page.wait_for_url(re.compile(r"/game/[0-9a-f]+$"))
    return page.url.rsplit("/", 1)[1]


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
    alone = game_id(anna)
    anna.wait_for_selector("#waiting-players")
    end_the_stored_wait(database, alone)
    anna.wait_for_selector("#expired")
    said = anna.inner_text("#expired")
    assert said == "Nobody joined in time: the game was called off after 20 minutes.", said
    anna.screenshot(path=str(ARTIFACTS / "wait-ran-out.png"))
    anna.goto(live_server + "/")
    line = anna.locator("#my-games li").filter(has=anna.locator(f"a[href='/game/{alone}']"))
    line.wait_for()
    assert " · nobody joined in time · " in line.inner_text()
    # Called off by its creator: one who joined reads who called it off, the creator that they did.
    anna.goto(live_server + "/")
    anna.fill("#name-0", "Anna")
    anna.select_option("#players", "3")
    anna.select_option("#seat-1", "open")
    anna.select_option("#seat-2", "open")
    anna.select_option("#ai-fill", "")
    anna.click("#create")
    called = game_id(anna)
    anna.wait_for_selector("#call-off")
    bela = new_page(browser, live_server, width=390, height=844, touch=True)
    bela.goto(live_server + "/")
    bela.fill("#guest-name", "Bela")
    bela.locator(f"li[data-id='{called}'] button.join").click()
    assert game_id(bela) == called
    bela.wait_for_selector("#waiting-players")
    anna.click("#call-off")
    for page, words in (
        (bela, "Anna called the game off before it began."),
        (anna, "You called the game off before it began."),
    ):
        page.wait_for_selector("#expired")
        assert page.inner_text("#expired") == words
    bela.screenshot(path=str(ARTIFACTS / "wait-called-off-phone.png"))
    assert anna.errors == [] and bela.errors == []


def turn_based_games(page: LivePage) -> dict[str, bool]:
    """Games of Anna (the account logged in on ``page``, who opens them) and Bela, a day a move,
    opened until one awaits each of them: whether each awaits Anna, by id."""
    made: dict[str, bool] = page.evaluate(
        """async () => {
          const awaits = {};
          const headers = {"Content-Type": "application/json"};
          const seats = [{kind: "human", name: "Anna"}, {kind: "human", name: "Bela", online: true}];
          const clock = {kind: "days", days: 1};
          const body = JSON.stringify({game: "kingdomino", players: 2, seats, time_control: clock});
          for (let i = 0; i < 30 && new Set(Object.values(awaits)).size < 2; i++) {
            const game = await (await fetch("/api/games", {method: "POST", headers, body})).json();
            const view = await (await fetch(`/api/games/${game.id}?token=${game.seats[0].token}`)).json();
            awaits[game.id] = view.current_player === 0;
          }
          return awaits;
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
        assert set(games.values()) == {True, False}
        page.reload()
        items = page.locator("#account-games li")
        items.nth(len(games) - 1).wait_for()
        for game, awaits in games.items():
            said = items.filter(has=page.locator(f"a[href^='/game/{game}?']")).inner_text()
            ending = "· ● your turn · 23 hours left" if awaits else "· Bela to play · 23 hours left"
            assert said.endswith(ending), said
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
    assert rosa.locator(".pool-tab[aria-current=page]").inner_text() == "Kingdomino Origins, 2 players"
    rosa.screenshot(path=str(ARTIFACTS / "leaderboards-own-pool.png"))
    guest = new_page(browser, live_server, width=390, height=844, touch=True)
    guest.goto(live_server + "/leaderboards")
    guest.wait_for_selector("#provisional-leaders")
    assert guest.locator(".pool-tab[aria-current=page]").inner_text() == "Kingdomino Duel"
    guest.screenshot(path=str(ARTIFACTS / "leaderboards-busiest-pool-phone.png"))
    guest.goto(live_server + "/leaderboards/kingdomino-2")  # a pool in the address still wins
    guest.wait_for_selector(".pool-tab[aria-current=page]")
    assert guest.locator(".pool-tab[aria-current=page]").inner_text() == "Kingdomino, 2 players"
    assert rosa.errors == [] and guest.errors == []
