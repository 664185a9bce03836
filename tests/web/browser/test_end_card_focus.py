"""The end card keeps the focus of a keyboard's or a screen reader's user when it is drawn again
(``static/game-render.js`` through ``static/keep-focus.js``): a rated game's card is drawn anew
once its rating changes come, and the control focused on it ("← Back" under a replay that is
not there, "New game", "Save the record") was thrown out of the page, the focus to ``<body>``
(the page's top, a screen reader saying nothing). The changes are held here until the control
has the focus; it is given as a screen reader gives it, with no key pressed."""

from __future__ import annotations

import httpx
from playwright.sync_api import Browser, Route, expect
from tests.web.browser.pages import LivePage, new_page, wait_for_count
from tests.web.browser.test_players import account, rated_game, rated_game_played
from tests.web.conftest import free_port, live_app, served_in_a_thread

#: The focused element, described so that two drawings of the same control describe it alike.
FOCUSED = """() => {
  const active = document.activeElement;
  return active ? `${active.tagName} ${active.id} ${active.getAttribute("href")} ${active.textContent}` : "";
}"""


def focus_kept_as_ratings_come(page: LivePage, game_id: str, address: str, control: str) -> None:
    """Open ``address``, focus ``control`` on the end card, let the ratings come, and check the
    card drawn again with them has the same control focused."""
    held: list[Route] = []
    page.route(f"**/api/games/{game_id}/ratings", lambda route: held.append(route))
    page.goto(address)
    wait_for_count(page, held, 1)
    page.locator(f"#ranking {control}").focus()
    before = page.evaluate(FOCUSED)
    assert control.strip("#") in before or "/" in before, before
    with page.expect_response(f"**/api/games/{game_id}/ratings"):
        held[0].continue_()
    expect(page.locator("#ranking .rating-change").first).not_to_have_text("…")
    assert page.evaluate(FOCUSED) == before, (control, page.evaluate(FOCUSED))
    expect(page.locator(f"#ranking {control}")).to_be_focused()
    assert not page.errors, page.errors


def test_the_end_card_keeps_its_focused_control_when_drawn_again(browser: Browser, database: str) -> None:
    app = live_app(database)
    with served_in_a_thread(app, free_port()) as base:
        (_, rosa), (_, timur) = account(base), account(base)
        played = rated_game_played(base, app, [rosa, timur])
        unplayed, tokens = rated_game(base, app, [rosa, timur])
        resigned = httpx.post(f"{base}/api/games/{unplayed}/resign", json={"token": tokens[1]}, timeout=30)
        assert resigned.status_code == 200, resigned.text
        for game_id, address, control in (
            (unplayed, f"/game/{unplayed}/replay", "#replay-none-back"),
            (played, f"/game/{played}", "a.button[href='/']"),
            (played, f"/game/{played}", "#save-record"),
        ):
            focus_kept_as_ratings_come(new_page(browser, base), game_id, base + address, control)
        rosa.close()
        timur.close()
