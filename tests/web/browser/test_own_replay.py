"""A finished game opened by its own player without its seat's token (from their page's games,
their archive, another device) is theirs on the page, as on the device that played it; a
stranger's page says the game is over and looked back at (not watched: nobody plays it)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect
from sqlalchemy import update
from tests.web.browser.pages import ARTIFACTS, LivePage, new_page
from tests.web.browser.test_players import PASSWORD, account, rated_game_played
from tests.web.conftest import free_port, live_app, on_the_server_loop, served_in_a_thread

from kingdomino.web.tables import GameRow

SHOTS = ARTIFACTS / "own-replay"


def logged_in(browser: Browser, base: str, name: str, **shown: object) -> LivePage:
    """A page of a browser that never held a seat's token, logged in as ``name``."""
    page = new_page(browser, base, **shown)  # type: ignore[arg-type]
    page.goto(f"{base}/")
    page.fill("#account-name", name)
    page.fill("#account-password", PASSWORD)
    page.click("#log-in")
    page.wait_for_selector("#logged-in")
    return page


def test_a_replay_of_one_s_own_game_is_theirs_from_every_way_in(browser: Browser, database: str) -> None:
    app = live_app(database)
    with served_in_a_thread(app, free_port()) as base:
        (rosa, rosa_client), (bela, other) = account(base), account(base)
        game_id = rated_game_played(base, app, [rosa_client, other])
        SHOTS.mkdir(parents=True, exist_ok=True)
        page = logged_in(browser, base, rosa)
        page.goto(f"{base}/player/{rosa}")
        page.click(f"li[data-game='{game_id}'] a.replay-link")
        page.wait_for_selector("#replay-panel")
        whoami = page.locator("#whoami")
        expect(whoami).not_to_contain_text("watching", use_inner_text=True)
        # As on the device that played: her seat bears her account's name since she claimed it.
        expect(whoami).to_have_text(f"You play {rosa} (player 1)", use_inner_text=True)
        page.click("#replay-back")
        said = page.locator("#winner").inner_text()
        assert said in ("Game over: you win!", f"Game over: {bela} wins!"), said  # "you", not "Rosa wins"
        page.screenshot(path=str(SHOTS / "own-replay.png"), full_page=True)
        # The game's own address, the end screen first: the same.
        page.goto(f"{base}/game/{game_id}")
        page.wait_for_selector("#ranking")
        expect(page.locator("#whoami")).to_have_text(f"You play {rosa} (player 1)", use_inner_text=True)
        expect(page.locator("#rematch, #same-deal")).to_have_count(0)  # no seat's token here to ask with
        stranger = new_page(browser, base)
        stranger.goto(f"{base}/game/{game_id}/replay")
        stranger.wait_for_selector("#replay-panel")
        # Over, so not watched: it said "You are watching this game" of a replay.
        over = "This game is over: you are looking back at it"
        expect(stranger.locator("#whoami")).to_have_text(over, use_inner_text=True)
        stranger.goto(f"{base}/game/{game_id}")
        stranger.wait_for_selector("#ranking")
        expect(stranger.locator("#whoami")).to_have_text(over, use_inner_text=True)
        assert page.errors == [] and stranger.errors == []
        rosa_client.close()
        other.close()


def made_public(base: str, app: Any, game_id: str) -> None:
    """Anyone may watch ``game_id`` from now on (a public game's watch link is watched live)."""
    hub = app.state.hub

    def publish() -> None:
        with hub.store.engine.begin() as connection:
            connection.execute(update(GameRow).where(GameRow.id == game_id).values(public=True))
        hub.table(game_id).stored.public = True

    on_the_server_loop(base, publish)


@pytest.mark.parametrize("public", [True, False])
def test_a_finished_game_s_watch_link_is_its_player_s_own(
    browser: Browser, database: str, public: bool
) -> None:
    """The watch link a player shares after the game (or opens from their own list) shows the
    session's account its seat, as the game's link does; a private game's opens too (its replay is
    anyone's once over), where it said a player's link was needed."""
    app = live_app(database)
    with served_in_a_thread(app, free_port()) as base:
        (rosa, rosa_client), (_bela, other) = account(base), account(base)
        game_id = rated_game_played(base, app, [rosa_client, other])
        if public:
            made_public(base, app, game_id)
        page = logged_in(browser, base, rosa, width=390, height=844, touch=True)
        page.goto(f"{base}/game/{game_id}/watch")
        page.wait_for_selector("#ranking")
        expect(page.locator("#whoami")).to_have_text(f"You play {rosa} (player 1)", use_inner_text=True)
        expect(page.locator("#rematch, #same-deal")).to_have_count(0)  # no seat's token here to ask with
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"own-watch-link-{public}.png"), full_page=True)
        stranger = new_page(browser, base)
        stranger.goto(f"{base}/game/{game_id}/watch")
        stranger.wait_for_selector("#ranking")
        over = "This game is over: you are looking back at it"
        expect(stranger.locator("#whoami")).to_have_text(over, use_inner_text=True)
        assert page.errors == [] and stranger.errors == []
        rosa_client.close()
        other.close()
