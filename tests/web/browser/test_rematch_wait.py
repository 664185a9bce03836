"""A rematch waiting for its players, in the browser: the new game's page and the finished game's
end screen say whom it awaits ("Waiting for Boris to join the rematch") until he joins, and the
note goes with the socket's next view, without a reload. A rematch Boris never joins is called off
when its wait runs out (the test moves its deadline, as the clocks' tests do), and one Anna aborts
too: both pages say so, the end screen no longer offers to join or open it, and a new rematch may
be offered. Each test has a server of its own: the rematches it leaves being played are no other
test's to join. Screenshots on a laptop and a phone."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Dialog, expect
from tests.web.browser.pages import ARTIFACTS, LivePage, new_page, present
from tests.web.browser.test_rematch import at_the_end, finished_game_of_two
from tests.web.conftest import deadline_passed, free_port, live_app, served_in_a_thread

#: The finished games' clock: a move's minute (a rematch then waits 20 minutes for its players).
CLOCK = {"kind": "move", "seconds": 60}


@pytest.fixture
def served(database: str) -> Iterator[tuple[str, Any]]:
    """A live server of the test's own: its address and its hub."""
    app = live_app(database)
    with served_in_a_thread(app, free_port()) as base:
        yield base, app.state.hub


@pytest.fixture
def server(served: tuple[str, Any]) -> str:
    """The address of a live server of the test's own."""
    return str(served[0])


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
    game_id, tokens = finished_game_of_two(server, CLOCK)
    anna, boris = offered_by_anna(browser, server, game_id, tokens)
    anna.wait_for_selector("#awaited-note")
    expect(anna.locator("#awaited-note")).to_have_text("Waiting for Boris to join the rematch")
    # Anna's end screen of the finished game, in another tab, says it too.
    back = new_page(browser, server, storage_state=anna.context.storage_state())
    back.goto(f"{server}/game/{game_id}")
    back.wait_for_selector("#open-rematch")
    said = present(back.locator("#rematch-offer").text_content())
    assert said == "Waiting for Boris to join the rematch", said
    # Boris is asked by his button, not told he is awaited.
    expect(boris.locator("#rematch-offer")).to_have_text("Anna visszavágót ajánl")
    anna.screenshot(path=str(ARTIFACTS / "rematch-awaited.png"))
    back.screenshot(path=str(ARTIFACTS / "rematch-awaited-end-screen.png"), full_page=True)
    boris.screenshot(path=str(ARTIFACTS / "rematch-awaited-phone.png"), full_page=True)
    boris.click("#join-rematch")
    boris.wait_for_url(lambda url: game_id not in url)
    # Boris joined: both notes go at the next view, no page reloaded.
    anna.wait_for_selector("#awaited-note", state="detached")
    back.wait_for_function(
        "document.querySelector('#rematch-offer')?.textContent.includes('Waiting') === false"
    )
    offered = "Rematch offered: the others see it on their end screen"
    expect(back.locator("#rematch-offer")).to_have_text(offered)
    expect(boris.locator("#awaited-note")).to_have_count(0)
    assert anna.errors == [] and boris.errors == [] and back.errors == []


def game_of(page: LivePage) -> str:
    """The id of the game ``page`` shows."""
    return page.url.split("/game/")[1].split("/")[0].split("?")[0]


def test_a_rematch_boris_never_joins_is_called_off_on_both_pages(
    browser: Browser, served: tuple[str, Any]
) -> None:
    server, hub = served
    game_id, tokens = finished_game_of_two(server, CLOCK)
    anna, boris = offered_by_anna(browser, server, game_id, tokens)
    rematch_id = game_of(anna)
    back = new_page(browser, server, storage_state=anna.context.storage_state())
    back.goto(f"{server}/game/{game_id}")
    back.wait_for_selector("#open-rematch")

    deadline_passed(server, hub, rematch_id)  # twenty minutes went by: Boris did not join
    anna.wait_for_selector("#aborted")
    called_off = "Boris did not join the rematch in time: it was called off, and counts for nobody."
    expect(anna.locator("#aborted")).to_have_text(called_off)
    expect(anna.locator("#awaited-note")).to_have_count(0)
    expect(anna.locator("#abort")).to_be_hidden()
    # The finished game's end screens say it, and offer a new rematch instead of this one.
    boris.wait_for_selector("#rematch")
    expect(boris.locator("#join-rematch")).to_have_count(0)
    hungarian = "Nem csatlakoztál időben a visszavágóhoz: elmaradt, és senkinek sem számít."
    expect(boris.locator("#rematch-offer")).to_have_text(hungarian)
    back.wait_for_selector("#rematch")
    expect(back.locator("#open-rematch")).to_have_count(0)
    expect(back.locator("#rematch-offer")).to_have_text(called_off)
    anna.screenshot(path=str(ARTIFACTS / "rematch-no-show.png"))
    boris.screenshot(path=str(ARTIFACTS / "rematch-no-show-end-screen-phone.png"), full_page=True)
    back.screenshot(path=str(ARTIFACTS / "rematch-no-show-end-screen.png"), full_page=True)
    # Boris offers a new rematch: a new game, which Anna's end screen asks her to join.
    boris.click("#rematch")
    boris.wait_for_url(lambda url: game_id not in url and rematch_id not in url)
    back.wait_for_selector("#join-rematch")
    expect(back.locator("#rematch-offer")).to_have_text("Boris offers a rematch")
    assert anna.errors == [] and boris.errors == [] and back.errors == []


def test_a_rematch_anna_aborts_is_called_off_on_boris_s_end_screen(browser: Browser, server: str) -> None:
    game_id, tokens = finished_game_of_two(server, CLOCK)
    anna, boris = offered_by_anna(browser, server, game_id, tokens)

    def accept(dialog: Dialog) -> None:
        dialog.accept()

    anna.once("dialog", accept)
    anna.click("#abort")
    anna.wait_for_selector("#aborted")
    boris.wait_for_selector("#rematch")
    expect(boris.locator("#join-rematch")).to_have_count(0)
    said = present(boris.locator("#rematch-offer").text_content())
    assert said == "Anna megszakította a visszavágót: senkinek sem számít.", said
    boris.screenshot(path=str(ARTIFACTS / "rematch-aborted-end-screen-phone.png"), full_page=True)
    assert anna.errors == [] and boris.errors == []
