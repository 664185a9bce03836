"""A game resigned after both players sat but before anyone moved has nothing to replay: the end
screen, a player's page and archive and a club's recent games offer no replay for it and say why
("no move played: nothing to replay"), where a game played has its replay. They offered "Replay"
(and the replay "Review") of a deal alone."""

from __future__ import annotations

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, new_page
from tests.web.browser.test_players import account, rated_game, rated_game_played
from tests.web.conftest import free_port, live_app, served_in_a_thread

#: What a list says of a game without a move, in English.
NO_MOVES = "no move played: nothing to replay"


def test_a_game_resigned_before_any_move_offers_no_replay(browser: Browser, database: str) -> None:
    app = live_app(database)
    with served_in_a_thread(app, free_port()) as base:
        (vera, vera_client), (_, timur_client) = account(base), account(base)
        club = f"Club {vera[-6:]}"
        made = vera_client.post("/api/clubs", json={"name": club}, headers={"Origin": base})
        assert made.status_code == 201, made.text
        joined = timur_client.post(f"/api/clubs/{club}/join", headers={"Origin": base})
        assert joined.status_code == 200, joined.text
        played = rated_game_played(base, app, [vera_client, timur_client])
        unplayed, tokens = rated_game(base, app, [vera_client, timur_client])
        resigned = httpx.post(f"{base}/api/games/{unplayed}/resign", json={"token": tokens[1]}, timeout=30)
        assert resigned.status_code == 200, resigned.text

        page = new_page(browser, base)
        page.goto(f"{base}/game/{unplayed}?token={tokens[0]}")
        page.wait_for_selector("#ranking")
        expect(page.locator("#no-replay")).to_have_text("No move was played: there is nothing to replay.")
        expect(page.locator("#replay")).to_have_count(0)
        assert page.locator("#share-card").is_hidden()
        page.screenshot(path=str(ARTIFACTS / "end-without-play.png"))

        for name, where, lines in (
            ("player", f"/player/{vera}", "ul.player-games li"),
            ("archive", f"/player/{vera}/games", "#archive-games li"),
            ("club", f"/club/{club}", "#club-recent li"),
        ):
            page.goto(base + where)
            without = page.locator(f"{lines}[data-game='{unplayed}']")
            expect(without).to_contain_text(NO_MOVES)
            expect(without.locator("a.replay-link")).to_have_count(0)
            with_moves = page.locator(f"{lines}[data-game='{played}']")
            expect(with_moves.locator("a.replay-link")).to_have_attribute("href", f"/game/{played}/replay")
            assert NO_MOVES not in with_moves.inner_text()
            without.scroll_into_view_if_needed()
            page.screenshot(path=str(ARTIFACTS / f"without-play-{name}.png"))
        assert not page.errors, page.errors
