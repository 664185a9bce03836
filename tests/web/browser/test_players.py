"""A player's page and the leaderboards in the browser (issue #64): after a rated game, a logged-in
player finds their page from the lobby's account card, with their rating drawn over the game, and
the leaderboard lists both players; a guest's games are added to the account from the card."""

from __future__ import annotations

import re
import secrets
import time
from typing import Any

import httpx
from playwright.sync_api import Browser, Route, expect
from sqlalchemy import update
from tests.web.browser.pages import ARTIFACTS, LivePage, log_in_new, new_page, starting, wait_for_count
from tests.web.conftest import create, free_port, live_app, on_the_server_loop, served_in_a_thread
from tests.web.test_players_api import play_out

from kingdomino.web.tables import GameRow

PASSWORD = "a long enough password"


def account(base: str) -> tuple[str, httpx.Client]:
    """A new account, and a client logged in with it."""
    name = f"Rosa{secrets.token_hex(3)}"
    client = httpx.Client(base_url=base, timeout=30)
    assert client.post("/api/accounts", json={"name": name, "password": PASSWORD}).status_code == 201
    return name, client


def rated_game(base: str, app: Any, players: list[httpx.Client]) -> tuple[str, list[str]]:
    """A game of the two accounts, rated, not played yet: its id and the seats' tokens."""
    with httpx.Client(base_url=base, timeout=30) as guest:
        created = create(guest, seats=[{"kind": "human", "online": True}] * 2, seed=None)  # type: ignore[arg-type]
    tokens = [seat["token"] for seat in created["seats"]]
    for client, token in zip(players, tokens):
        claimed = client.post(
            "/api/account/games/claim", json={"games": [{"id": created["id"], "token": token}]}
        )
        assert claimed.json()["refused"] == [], claimed.text
    hub = app.state.hub

    def rate() -> None:
        with hub.store.engine.begin() as connection:
            connection.execute(update(GameRow).where(GameRow.id == created["id"]).values(rated=True))
        hub.table(created["id"]).stored.rated = True

    on_the_server_loop(base, rate)
    return str(created["id"]), tokens


def rated_game_played(base: str, app: Any, players: list[httpx.Client]) -> str:
    """A game of the two accounts, rated, played to its end through the API."""
    game_id, tokens = rated_game(base, app, players)
    play_out(players[0], game_id, tokens)  # type: ignore[arg-type]
    return game_id


def test_a_rated_game_shows_on_the_player_page_and_the_leaderboard(browser: Browser, database: str) -> None:
    app = live_app(database)
    with served_in_a_thread(app, free_port()) as base:
        (rosa, rosa_client), (_, other) = account(base), account(base)
        game_id = rated_game_played(base, app, [rosa_client, other])
        deadline = time.monotonic() + 60
        while not rosa_client.get(f"/api/players/{rosa}").json()["ratings"]:
            assert time.monotonic() < deadline, "the rated game was not recorded"
            time.sleep(0.05)
        page = new_page(browser, base)
        page.goto(base + "/")
        page.fill("#account-name", rosa)
        page.fill("#account-password", PASSWORD)
        page.click("#log-in")
        page.click("#my-page")
        page.wait_for_selector(".rating-graph polyline")
        expect(page.locator(".player-pool")).to_have_count(1)
        expect(page.locator(".rating-point")).to_have_count(2)  # before the game, and after it
        expect(page.locator(f"li[data-game='{game_id}'] a.replay-link")).to_have_attribute(
            "href", f"/game/{game_id}/replay"
        )
        expect(page.locator("#player-stats-table tbody tr")).to_have_count(1)
        page.screenshot(path=str(ARTIFACTS / "player-page.png"), full_page=True)
        page.click("#to-leaderboards")
        page.wait_for_selector("#provisional-leaders")
        expect(page.locator("#provisional-leaders")).to_contain_text(rosa, use_inner_text=True)
        # No settled rating yet: not "no rated game", over the two who just played one.
        expect(page.locator("#no-leaders")).to_have_text(
            starting("No settled rating in this pool yet"), use_inner_text=True
        )
        expect(page.locator(".pool-tab[aria-current=page]")).to_have_text(
            "Kingdomino, 2 players", use_inner_text=True
        )
        page.screenshot(path=str(ARTIFACTS / "leaderboard.png"), full_page=True)
        phone = new_page(browser, base, width=390, height=844, touch=True)
        phone.goto(f"{base}/player/{rosa}")
        phone.wait_for_selector(".rating-graph polyline")
        assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        # A guest is sent to the lobby to log in ("Log in in the lobby", which read as a slip).
        said = phone.locator("#challenge-log-in").inner_text()
        assert said == f"Log in from the lobby to challenge {rosa}", said
        phone.screenshot(path=str(ARTIFACTS / "player-page-phone.png"), full_page=True)
        phone.goto(f"{base}/leaderboards/kingdomino-2")
        phone.wait_for_selector("#provisional-leaders")
        assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        phone.screenshot(path=str(ARTIFACTS / "leaderboard-phone.png"), full_page=True)
        assert not page.errors and not phone.errors
        rosa_client.close()
        other.close()


def test_a_rated_game_s_replay_at_its_address_keeps_its_review_when_the_ratings_come(
    browser: Browser, database: str
) -> None:
    """A player's page links each game to its replay's address. A rated game's end screen was drawn
    again once its rating changes came, over the replay opened at that address: the replay's title,
    its way back and the review were gone, and a player looking for their mistakes saw none. The
    changes are held here until the review has begun, so that they come in the middle of it."""
    app = live_app(database)
    with served_in_a_thread(app, free_port()) as base:
        (_, rosa_client), (_, other) = account(base), account(base)
        game_id = rated_game_played(base, app, [rosa_client, other])
        page = new_page(browser, base)
        held: list[Route] = []
        page.route(f"**/api/games/{game_id}/ratings", lambda route: held.append(route))
        page.goto(f"{base}/game/{game_id}/replay")
        page.wait_for_function("document.querySelector('#review-state')?.textContent")
        wait_for_count(page, held, 1)
        with page.expect_response(f"**/api/games/{game_id}/ratings"):
            held[0].continue_()
        page.wait_for_function("document.querySelector('#review-state .review-seat')", timeout=120000)
        # Each player's marks apart, a line per seat led by its piece (they were counted together).
        seats = rosa_client.get(f"/api/games/{game_id}/review").json()["seats"]
        lines = page.locator("#review-state .review-seat")
        expect(lines).to_have_count(2)
        for seat, line in enumerate(lines.all()):
            marks = seats[str(seat)]
            expect(line.locator(f"svg.badge .piece.seat-{seat}")).to_have_count(1)
            expect(line).to_contain_text(
                f"mistakes: {marks['mistake']} · inaccuracies: {marks['inaccuracy']}"
            )
            expect(line).to_contain_text(f"average loss: {marks['lost_each']:g} % a move")
        page.click("#replay-back")
        # The rating after the game with its change, provisional after a first game.
        expect(page.locator("#ranking")).to_contain_text(re.compile(r"1,\d{3}\? \([+−-]\d+\)"))
        assert not page.errors, page.errors
        rosa_client.close()
        other.close()


def test_a_guest_s_games_are_added_to_the_account_from_the_card(browser: Browser, database: str) -> None:
    app = live_app(database)
    with served_in_a_thread(app, free_port()) as base:
        page = new_page(browser, base)
        page.goto(base + "/")
        page.click("#play-now")
        page.wait_for_url("**/game/*")
        game_id = page.url.rsplit("/", 1)[1]
        page.goto(base + "/")
        name = f"Gus{secrets.token_hex(3)}"
        page.fill("#account-name", name)
        page.fill("#account-password", PASSWORD)
        page.click("#create-account")
        page.click("#claim-games")
        page.wait_for_function("document.querySelector('#claim-said')?.textContent.length > 0")
        expect(page.locator("#claim-said")).to_have_text(
            "Games added to your account: 1", use_inner_text=True
        )
        expect(page.locator("#claim-games")).to_have_count(0)  # offered once
        page.wait_for_selector(f"#account-games a[href^='/game/{game_id}?token=']")
        page.screenshot(path=str(ARTIFACTS / "lobby-account-games.png"), full_page=True)
        assert not page.errors


def test_a_game_begun_logged_in_is_not_offered_to_the_account_again(
    browser: Browser, live_server: str
) -> None:
    """A game begun while logged in is the account's from its start: the card offered to "Add this
    browser's games to your account (1)" for it all the same, beside the same game in its list."""
    page = new_page(browser, live_server)
    log_in_new(page, live_server, "Gus")
    page.click("#play-now")
    page.wait_for_url("**/game/*")
    game_id = page.url.rsplit("/", 1)[1]
    page.goto(live_server + "/")
    page.wait_for_selector(f"#account-games a[href^='/game/{game_id}?token=']")
    page.wait_for_selector("#claim-games", state="detached")
    assert not page.errors


def test_the_rating_graph_writes_its_scale_as_the_page_writes_ratings(page: LivePage) -> None:
    """Its highest and lowest ratings, beside the line, as the page writes a rating in its language
    ("1 623" in Russian, as the rating above it says), not as the code holds them ("1623")."""
    page.goto(f"{page.base_url}/?lang=ru")
    page.wait_for_selector("html[lang='ru'] #account h2:has-text('Ваша учётная запись')")
    scale = page.evaluate(
        """async () => {
          const { ratingGraph } = await import(staticBase + "rating-graph.js");
          const at = "2026-12-01T08:00:00Z";
          const history = [{ game_id: "a", at, before: 1500, rating: 1280, deviation: 200, place: 2 },
            { game_id: "b", at, before: 1280, rating: 1623, deviation: 190, place: 1 }];
          const figure = ratingGraph(history);
          return [...figure.querySelectorAll(".rating-axis")].map((text) => text.textContent);
        }"""
    )
    assert scale == ["1\u00a0623", "1\u00a0280"], scale


def test_a_table_cell_of_no_kind_has_no_class(page: LivePage) -> None:
    """The statistics' cells of no kind (``players.js`` gives them ``class: undefined``) have no
    class, as ``el`` leaves out every other attribute given none, not ``class="undefined"``."""
    page.goto(page.base_url)
    page.wait_for_selector("#account h2")
    classes = page.evaluate(
        """async () => {
          const { el } = await import(staticBase + "dom.js");
          const kinds = [undefined, null, false, "number"];
          return kinds.map((kind) => el("td", { class: kind }).getAttribute("class"));
        }"""
    )
    assert classes == [None, None, None, "number"], classes
