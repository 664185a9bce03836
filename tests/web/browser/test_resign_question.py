"""What resigning costs, asked before it is done: a rated game's question says it counts as a
loss, a game without a rating (practice, or friends' unrated game) says no rating moves. Each
question is declined, and the game goes on."""

from __future__ import annotations

import time
from typing import Any

import httpx
from playwright.sync_api import Browser, Dialog
from sqlalchemy import update
from tests.web.browser.pages import new_page
from tests.web.conftest import create, free_port, live_app, on_the_server_loop, served_in_a_thread

from kingdomino.web.tables import GameRow

DAILY = {"kind": "days", "days": 1}


def rated_on_the_server(base: str, hub: Any, game_id: str) -> None:
    """Make ``game_id`` rated with a clock before any page opened it, as the rated-game tests do."""

    def rate() -> None:
        with hub.store.engine.begin() as connection:
            connection.execute(
                update(GameRow).where(GameRow.id == game_id).values(rated=True, time_control=DAILY)
            )
        hub.table(game_id).stored.rated = True
        hub.table(game_id).stored.time_control = DAILY

    on_the_server_loop(base, rate)


def resign_question(browser: Browser, base: str, game_id: str, token: str) -> str:
    """The question the page of ``token``'s seat asks when "Resign" is pressed (declined)."""
    page = new_page(browser, base)
    questions: list[str] = []

    def decline(dialog: Dialog) -> None:
        questions.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", decline)
    page.goto(f"{base}/game/{game_id}?token={token}")
    page.wait_for_selector("#resign:not([hidden])")
    page.click("#resign")
    deadline = time.monotonic() + 20
    while not questions:
        assert time.monotonic() < deadline, "no question asked"
        page.wait_for_timeout(50)
    assert page.locator("#ranking").count() == 0 and not page.errors  # declined: the game goes on
    return questions[0]


def test_the_resign_question_says_whether_the_game_is_rated(browser: Browser, database: str) -> None:
    app = live_app(database)
    with served_in_a_thread(app, free_port()) as base:
        asked = []
        for rated in (False, True):
            with httpx.Client(base_url=base, timeout=30) as http:
                made = create(http, seats=[{"kind": "human", "online": True}] * 2, seed=None)  # type: ignore[arg-type]
            if rated:
                rated_on_the_server(base, app.state.hub, str(made["id"]))
            asked.append(resign_question(browser, base, str(made["id"]), made["seats"][1]["token"]))
        assert asked == [
            "Resign this game? It is not rated: your rating stays as it is.",
            "Resign this game? It counts as a loss.",
        ]
