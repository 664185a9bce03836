"""A rated game whose both clocks ran out, in the browser: the end screen ranks both players last
together, says why beside each ("out of time"), and that nobody won; every rating shown is
"1,500?" while provisional, the "?" explained; while the game is played, each player's rating
stands by their name. Screenshots on a laptop and a phone."""

from __future__ import annotations

import time

import httpx
from playwright.sync_api import Browser, expect
from sqlalchemy import update
from tests.web.browser.pages import ARTIFACTS, new_page
from tests.web.browser.test_players import account
from tests.web.conftest import create, free_port, live_app, on_the_server_loop, served_in_a_thread

from kingdomino.web.tables import GameRow


def test_both_clocks_out_end_with_no_winner_and_provisional_ratings_marked(
    browser: Browser, database: str
) -> None:
    app = live_app(database)
    hub = app.state.hub
    with served_in_a_thread(app, free_port()) as base:
        (rosa, rosa_client), (_, other) = account(base), account(base)
        with httpx.Client(base_url=base, timeout=30) as guest:
            created = create(guest, seats=[{"kind": "human", "online": True}] * 2, seed=None)  # type: ignore[arg-type]
        game_id = str(created["id"])
        tokens = [seat["token"] for seat in created["seats"]]
        for client, token in zip([rosa_client, other], tokens):
            claimed = client.post(
                "/api/account/games/claim", json={"games": [{"id": game_id, "token": token}]}
            )
            assert claimed.json()["refused"] == [], claimed.text

        def rate() -> None:
            with hub.store.engine.begin() as connection:
                connection.execute(
                    update(GameRow)
                    .where(GameRow.id == game_id)
                    .values(rated=True, time_control={"kind": "days", "days": 1})
                )
            hub.table(game_id).stored.rated = True
            hub.table(game_id).stored.time_control = {"kind": "days", "days": 1}

        on_the_server_loop(base, rate)
        page = new_page(browser, base)
        page.goto(f"{base}/game/{game_id}?token={tokens[0]}")
        page.wait_for_selector(".seat-rating .provisional-mark")
        expect(page.locator(".seat-name").first).to_contain_text("1,500?", use_inner_text=True)
        assert page.locator(".provisional-mark").first.get_attribute("aria-label", timeout=5000)
        page.screenshot(path=str(ARTIFACTS / "rated-table-ratings.png"))
        phone = new_page(browser, base, width=390, height=844, touch=True)
        phone.goto(f"{base}/game/{game_id}?token={tokens[1]}")
        phone.wait_for_selector(".seat-rating .provisional-mark")
        assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        phone.screenshot(path=str(ARTIFACTS / "rated-table-ratings-phone.png"))

        def run_out() -> int:
            """The seat to act runs out of time (its deadline moved into the past)."""
            table = hub.table(game_id)
            past = time.time() - 1
            with hub.store.engine.begin() as connection:
                connection.execute(update(GameRow).where(GameRow.id == game_id).values(deadline=past))
            table.stored.deadline = past
            return int(table.state.current_player)

        def each_seat_out(seat: int) -> None:
            deadline = time.monotonic() + 120
            while True:
                view = rosa_client.get(f"/api/games/{game_id}", params={"token": tokens[0]}).json()
                if view["seats"][seat]["kind"] == "ai":
                    return
                if view["current_player"] == seat:
                    on_the_server_loop(base, run_out)
                assert time.monotonic() < deadline, view["index"]
                time.sleep(0.1)

        first = rosa_client.get(f"/api/games/{game_id}", params={"token": tokens[0]}).json()["current_player"]
        each_seat_out(first)
        each_seat_out(1 - first)
        page.wait_for_selector("#ranking .rating-change:has-text('(')", timeout=120000)
        ranking = page.inner_text("#ranking")
        assert ranking.count("out of time") == 2, ranking
        assert "1,500? (+0)" in ranking, ranking
        assert [cell.inner_text() for cell in page.locator("#ranking tbody td:first-child").all()] == [
            "2",
            "2",
        ]
        expect(page.locator("#ranking tr.first")).to_have_count(0)
        expect(page.locator("#winner")).to_contain_text("nobody wins", use_inner_text=True)
        page.screenshot(path=str(ARTIFACTS / "both-clocks-out-end.png"), full_page=True)
        phone.wait_for_selector("#ranking .rating-change:has-text('(')", timeout=120000)
        assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        phone.screenshot(path=str(ARTIFACTS / "both-clocks-out-end-phone.png"), full_page=True)
        page.goto(f"{base}/player/{rosa}")
        page.wait_for_selector("#player-stats-table")
        expect(page.locator(".player-rating").first).to_contain_text("1,500?", use_inner_text=True)
        assert page.locator(".player-rating").get_attribute("title")
        expect(page.locator("#player-ratings")).to_contain_text("won: 0", use_inner_text=True)
        expect(page.locator(f"li[data-game='{game_id}'] .leader")).to_have_count(0)
        stats = page.locator("#player-stats-table tbody td").all_inner_texts()
        assert stats[1:3] == ["1", "0"], stats
        page.screenshot(path=str(ARTIFACTS / "both-clocks-out-player.png"), full_page=True)
        assert not page.errors and not phone.errors, (page.errors, phone.errors)
        rosa_client.close()
        other.close()
