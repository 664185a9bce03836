"""A game resigned after both players sat but before anyone moved has nothing to replay: the end
screen, a player's page and archive and a club's recent games offer no replay for it and say why
("no move played: nothing to replay"; a club's, that it "ended before the first move"), where a
game played has its replay. They offered "Replay" (and the replay "Review") of a deal alone."""

from __future__ import annotations

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, new_page
from tests.web.browser.test_players import account, rated_game, rated_game_played
from tests.web.conftest import create, free_port, live_app, served_in_a_thread

#: What a list says of a game without a move, in English.
NO_MOVES = "no move played: nothing to replay"
#: What a club's recent games say of it, in English.
CLUB_NO_MOVES = "ended before the first move: nothing to replay"


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

        for name, where, lines, said in (
            ("player", f"/player/{vera}", "ul.player-games li", NO_MOVES),
            ("archive", f"/player/{vera}/games", "#archive-games li", NO_MOVES),
            # Listed still (its players look for the game they sat at), saying what happened.
            ("club", f"/club/{club}", "#club-recent li", CLUB_NO_MOVES),
        ):
            page.goto(base + where)
            without = page.locator(f"{lines}[data-game='{unplayed}']")
            expect(without).to_contain_text(said)
            expect(without.locator("a.replay-link")).to_have_count(0)
            with_moves = page.locator(f"{lines}[data-game='{played}']")
            expect(with_moves.locator("a.replay-link")).to_have_attribute("href", f"/game/{played}/replay")
            assert said not in with_moves.inner_text()
            without.scroll_into_view_if_needed()
            page.screenshot(path=str(ARTIFACTS / f"without-play-{name}.png"))
        assert not page.errors, page.errors


def test_the_replay_address_of_a_game_without_a_move_says_there_is_none(
    browser: Browser, live_server: str
) -> None:
    """``/game/ID/replay`` opened for a game resigned before anyone moved stepped through its deal
    alone; it now shows the end screen saying once, where the replay's button would be, that there
    is no replay, in the reader's language, with a way back to the page before (else to the lobby),
    the address the end's. It said so twice (a bar over the end screen and the end card)."""
    with httpx.Client(base_url=live_server, timeout=30) as guest:
        created = create(guest, seats=[{"kind": "human", "online": True}] * 2, seed=None)  # type: ignore[arg-type]
        game_id = created["id"]
        resigned = guest.post(f"/api/games/{game_id}/resign", json={"token": created["seats"][1]["token"]})
        assert resigned.status_code == 200, resigned.text
    # The page before must keep its address: TV's goes on to any game being played, and other
    # tests' games on this shared server would make Back land on one of them.
    # The end card's words for a game without a move opened otherwise, not said again here.
    for locale, words, otherwise, back, came_from in (
        (
            "en",
            "This game has no replay: it ended before anyone moved.",
            "No move was played",
            "← Back to the lobby",
            None,
        ),
        ("hu", "Ennek a játéknak nincs visszajátszása", "Egy lépés sem történt", "← Vissza", "/leaderboards"),
    ):
        page = new_page(browser, live_server, 390, 844, locale=locale, touch=True)
        if came_from:
            page.goto(live_server + came_from)
            page.evaluate(f"location.href = '/game/{game_id}/replay'")
        else:
            page.goto(f"{live_server}/game/{game_id}/replay")
        said = page.locator("#no-replay")
        expect(said).to_contain_text(words)
        expect(said).to_have_attribute("role", "status")
        expect(page.locator("#ranking")).to_be_visible()
        expect(page.locator("#replay-panel, #replay-step, #replay-none")).to_have_count(0)
        assert page.locator("#replay-bar").evaluate("bar => bar.hidden")
        assert otherwise not in page.locator("body").inner_text()
        back_way = said.locator("#replay-none-back")
        expect(back_way).to_have_text(back)
        assert page.evaluate("location.pathname") == f"/game/{game_id}"
        assert back_way.bounding_box()["height"] >= 44  # type: ignore[index]
        page.screenshot(path=str(ARTIFACTS / f"replay-without-play-{locale}.png"))
        back_way.click()
        page.wait_for_url(live_server + (came_from or "/"))
        assert not page.errors, page.errors
