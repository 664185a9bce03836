"""A rated game's replay says each account's rating as its end screen does: the rating after the
game with its change ("1,662? (+162)"), on every step's score sheets, whether the replay is opened
from the end screen or at its own address (before the ratings come, then once they do)."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Browser
from tests.web.browser.pages import ARTIFACTS, new_page
from tests.web.browser.test_ended_page import one_move_played, seat_page
from tests.web.browser.test_players import account, rated_game
from tests.web.conftest import free_port, live_app, served_in_a_thread

#: What a seat's rating mark reads once the result is recorded: a provisional rating and its change.
AFTER = r"1,\d{3}\? \([+−-]\d+\)"


def test_a_rated_game_s_replay_says_the_ratings_the_end_screen_says(browser: Browser, database: str) -> None:
    """Vera resigns a rated game against Rosa after its first move: on a phone, Rosa's replay (from
    the end screen, at its first and last steps) and a replay opened at its address say each
    seat's rating as the ranking does, never the rating the game was played at ("1,500?")."""
    app = live_app(database)
    with served_in_a_thread(app, free_port()) as base:
        (_, rosa), (_, vera) = account(base), account(base)
        game_id, tokens = rated_game(base, app, [rosa, vera])
        one_move_played(base, game_id, tokens)
        assert (
            httpx.post(
                f"{base}/api/games/{game_id}/resign", json={"token": tokens[1]}, timeout=30
            ).status_code
            == 200
        )
        page = seat_page(browser, base, game_id, tokens[0], width=390, height=844)
        page.wait_for_selector("#ranking .rating-change:has-text('(')", timeout=60000)
        ranked = [page.locator(f"#ranking tr[data-seat='{s}'] .rating-change").inner_text() for s in (0, 1)]
        assert all(re.fullmatch(AFTER, said) and not said.startswith("1,500") for said in ranked), ranked

        def sheets_say() -> list[str]:
            """Each seat's rating as the replay's score sheets say it (without its hidden word)."""
            page.wait_for_selector("#replay-scores details[data-seat='1'] summary .seat-rating")
            return [
                re.sub(
                    r"^Rating\s+",
                    "",
                    page.locator(
                        f"#replay-scores details[data-seat='{s}'] summary .seat-rating"
                    ).inner_text(),
                )
                for s in (0, 1)
            ]

        page.click("#replay")
        page.wait_for_selector("#replay-step")
        assert sheets_say() == ranked
        page.click("#replay-last")
        page.wait_for_function(
            "() => { const step = document.querySelector('#replay-step');"
            " return !!step && step.value === step.max; }"
        )
        assert sheets_say() == ranked
        page.screenshot(path=str(ARTIFACTS / "replay-ratings-390.png"), full_page=True)
        assert not page.errors, page.errors
        page.context.close()
        direct = new_page(browser, base, 390, 844, touch=True)
        direct.goto(f"{base}/game/{game_id}/replay?token={tokens[0]}")
        direct.wait_for_selector(
            "#replay-scores details[data-seat='1'] summary .seat-rating:has-text('(')", timeout=60000
        )
        said = [
            re.sub(
                r"^Rating\s+",
                "",
                direct.locator(f"#replay-scores details[data-seat='{s}'] summary .seat-rating").inner_text(),
            )
            for s in (0, 1)
        ]
        assert said == ranked, (said, ranked)
        assert not direct.errors, direct.errors
        direct.context.close()
        rosa.close()
        vera.close()
