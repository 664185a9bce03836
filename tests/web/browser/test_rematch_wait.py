"""A rematch waiting for its players, in the browser: the new game's page and the finished game's
end screen say whom it awaits ("Waiting for Boris to join the rematch") until he joins, and the
note goes with the socket's next view, without a reload. Each test has a server of its own: the
rematches it leaves being played are no other test's to join. Screenshots on a laptop and a phone."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser
from tests.web.browser.pages import ARTIFACTS, LivePage, new_page, present
from tests.web.browser.test_rematch import at_the_end
from tests.web.conftest import free_port, live_app, served_in_a_thread

#: The finished games' clock: a move's minute (a rematch then waits 20 minutes for its players).
CLOCK = {"kind": "move", "seconds": 60}


@pytest.fixture
def server(database: str) -> Iterator[str]:
    """A live server of the test's own."""
    with served_in_a_thread(live_app(database), free_port()) as base:
        yield base


def finished_timed_game(base: str) -> tuple[str, list[str]]:
    """A 2-player Kingdomino of Anna and Boris with a clock, played to its end through the API:
    its id and the seats' tokens."""
    seats = [{"kind": "human", "name": name, "online": True} for name in ("Anna", "Boris")]
    body = {"game": "kingdomino", "players": 2, "seats": seats, "time_control": CLOCK}
    with httpx.Client(base_url=base, timeout=30) as http:
        made = http.post("/api/games", json=body).json()
        tokens = [str(seat["token"]) for seat in made["seats"]]
        while True:
            view = http.get(f"/api/games/{made['id']}", params={"token": tokens[0]}).json()
            if view["status"] == "finished":
                return str(made["id"]), tokens
            token = tokens[view["current_player"]]
            mine = http.get(f"/api/games/{made['id']}", params={"token": token}).json()
            move = {"token": token, "action": mine["legal_actions"][0], "index": mine["index"]}
            assert http.post(f"/api/games/{made['id']}/actions", json=move).status_code == 200


def offered_by_anna(
    browser: Browser, base: str, game_id: str, tokens: list[str]
) -> tuple[LivePage, LivePage]:
    """Anna offers the rematch from her end screen, which opens it: her page of it, and Boris's
    end screen (a phone in Hungarian) once it heard of the offer."""
    anna = at_the_end(browser, base, game_id, tokens[0])
    boris = at_the_end(browser, base, game_id, tokens[1], width=390, height=844, locale="hu", touch=True)
    anna.click("#rematch")
    anna.wait_for_url(lambda url: "/game/" in url and game_id not in url)
    boris.wait_for_selector("#join-rematch")
    return anna, boris


def test_both_pages_say_whom_the_rematch_awaits_until_he_joins(browser: Browser, server: str) -> None:
    game_id, tokens = finished_timed_game(server)
    anna, boris = offered_by_anna(browser, server, game_id, tokens)
    anna.wait_for_selector("#awaited-note")
    assert present(anna.locator("#awaited-note").text_content()) == "Waiting for Boris to join the rematch"
    # Anna's end screen of the finished game, in another tab, says it too.
    back = new_page(browser, server, storage_state=anna.context.storage_state())
    back.goto(f"{server}/game/{game_id}")
    back.wait_for_selector("#open-rematch")
    said = present(back.locator("#rematch-offer").text_content())
    assert said == "Waiting for Boris to join the rematch", said
    # Boris is asked by his button, not told he is awaited.
    assert present(boris.locator("#rematch-offer").text_content()) == "Anna visszavágót ajánl"
    anna.screenshot(path=str(ARTIFACTS / "rematch-awaited.png"))
    back.screenshot(path=str(ARTIFACTS / "rematch-awaited-end-screen.png"), full_page=True)
    boris.screenshot(path=str(ARTIFACTS / "rematch-awaited-phone.png"), full_page=True)
    boris.click("#join-rematch")
    boris.wait_for_url(lambda url: game_id not in url)
    # Boris joined: both notes go at the next view, no page reloaded.
    anna.wait_for_selector("#awaited-note", state="detached")
    back.wait_for_function("!document.querySelector('#rematch-offer').textContent.includes('Waiting')")
    offered = "Rematch offered: the others see it on their end screen"
    assert present(back.locator("#rematch-offer").text_content()) == offered
    assert boris.locator("#awaited-note").count() == 0
    assert anna.errors == [] and boris.errors == [] and back.errors == []
