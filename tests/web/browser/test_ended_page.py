"""The page of a game that ended before its last move (``web/endings.py``), as each of its players
reads it: the player who resigned or called the game off is told "You ...", the others their name;
an aborted game's page asks nobody to act and shows no aids for moves that will never come."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, LivePage, new_page, present
from tests.web.browser.test_players import account, rated_game
from tests.web.conftest import free_port, live_app, served_in_a_thread


def ended_by_boris(
    base: str, how: str, game: str = "kingdomino", moved: bool = False
) -> tuple[str, list[str]]:
    """A 2-player ``game`` of Anna and Boris made through the API, which Boris ended at once
    (``how``: "resign" or "abort"), after one move (``moved``: a game with a move to replay):
    its id and the seats' tokens."""
    seats = [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Boris"}]
    made = httpx.post(
        f"{base}/api/games", json={"game": game, "players": 2, "seats": seats}, timeout=30
    ).json()
    tokens = [seat["token"] for seat in made["seats"]]
    if moved:
        one_move_played(base, str(made["id"]), tokens)
    answer = httpx.post(f"{base}/api/games/{made['id']}/{how}", json={"token": tokens[1]}, timeout=30)
    assert answer.status_code == 200, answer.text
    return str(made["id"]), tokens


def one_move_played(base: str, game_id: str, tokens: list[str]) -> None:
    """The seat to act in ``game_id`` plays its first legal action (through the API)."""
    path = f"{base}/api/games/{game_id}"
    view = httpx.get(path, params={"token": tokens[0]}, timeout=30).json()
    token = tokens[view["current_player"]]
    view = httpx.get(path, params={"token": token}, timeout=30).json()
    move = {"token": token, "action": view["legal_actions"][0], "index": view["index"]}
    answer = httpx.post(f"{path}/actions", json=move, timeout=30)
    assert answer.status_code == 200, answer.text


def seat_page(
    browser: Browser,
    base: str,
    game_id: str,
    token: str,
    locale: str = "en",
    width: int = 1280,
    height: int = 800,
) -> LivePage:
    """The game's page opened with ``token`` in a context of its own, once it shows how it ended."""
    page = new_page(browser, base, width, height, locale=locale, touch=width < 500)
    page.goto(f"{base}/game/{game_id}?token={token}")
    page.wait_for_selector("#ended-note, #aborted")
    return page


def test_the_resigner_is_told_you_resigned(browser: Browser, live_server: str) -> None:
    """Boris resigns: his end screen says "You resigned" (in his language too), Anna's "Boris
    resigned"."""
    game_id, tokens = ended_by_boris(live_server, "resign")
    anna = seat_page(browser, live_server, game_id, tokens[0])
    boris = seat_page(browser, live_server, game_id, tokens[1])
    expect(anna.locator("#ended-note")).to_have_text("Boris resigned", use_inner_text=True)
    expect(boris.locator("#ended-note")).to_have_text("You resigned", use_inner_text=True)
    boris_uk = seat_page(browser, live_server, game_id, tokens[1], "uk", 390, 844)
    expect(boris_uk.locator("#ended-note")).to_have_text("Ви здалися", use_inner_text=True)
    boris_uk.screenshot(path=str(ARTIFACTS / "resigned-you-uk-phone.png"))
    assert not anna.errors and not boris.errors and not boris_uk.errors


#: What asks a player to act or helps with a move: the round or setup line, the rows of dominoes,
#: the dice, the draft aids, the guided game's tip, the move list, hint and undo.
PROMPTS = ("#round-info", ".rows", ".dice", ".aids", ".guide", "#your-turn", "#moves", "#hint", "#undo")


def test_an_aborted_game_asks_nobody_to_act(browser: Browser, live_server: str) -> None:
    """Boris calls a Kingdomino, then a Duel, off before anyone moved: both pages say so, and who
    did ("You called the game off..." to him), and show no setup line, rows, dice or aids for
    moves that will never come, on a laptop and on a phone."""
    for game in ("kingdomino", "duel"):
        game_id, tokens = ended_by_boris(live_server, "abort", game)
        anna = seat_page(browser, live_server, game_id, tokens[0])
        boris = seat_page(browser, live_server, game_id, tokens[1], width=390, height=844)
        assert anna.inner_text("#aborted").startswith(
            "Boris called the game off before every player had moved"
        )
        assert boris.inner_text("#aborted").startswith(
            "You called the game off before every player had moved"
        )
        for page in (anna, boris):
            page.wait_for_selector("#board .kingdom, #board .map-card, #board svg.big")
            shown = [what for what in PROMPTS if page.locator(f"{what} >> visible=true").count()]
            assert shown == [], (game, shown)
            assert not page.errors, page.errors
        anna.screenshot(path=str(ARTIFACTS / f"aborted-{game}-laptop.png"))
        boris.screenshot(path=str(ARTIFACTS / f"aborted-{game}-phone.png"))
        anna.context.close()
        boris.context.close()


def test_a_game_called_off_before_it_began_asks_nobody_to_act(browser: Browser, live_server: str) -> None:
    """Anna opens a game to the lobby and calls it off before anyone joins: its page says so and
    shows no setup line, hint or undo, on a laptop and on a phone."""
    seats = [{"kind": "human", "name": "Anna"}, {"kind": "open"}]
    made = httpx.post(
        f"{live_server}/api/games", json={"game": "kingdomino", "players": 2, "seats": seats}, timeout=30
    ).json()
    token = made["seats"][0]["token"]
    called = httpx.post(f"{live_server}/api/games/{made['id']}/cancel", json={"token": token}, timeout=30)
    assert called.status_code == 200 and called.json()["called_off"], called.text
    for width, height in ((1280, 800), (390, 844)):
        page = new_page(browser, live_server, width, height, touch=width < 500)
        page.goto(f"{live_server}/game/{made['id']}?token={token}")
        expect(page.locator("#expired")).to_have_text("You called the game off before it began.")
        page.wait_for_selector("#board svg.big")
        shown = [what for what in PROMPTS if page.locator(f"{what} >> visible=true").count()]
        assert shown == [], (width, shown)
        page.screenshot(path=str(ARTIFACTS / f"called-off-{width}.png"))
        assert not page.errors, page.errors
        page.context.close()


def test_a_rated_game_s_sheets_say_the_rating_the_ranking_says(browser: Browser, database: str) -> None:
    """Two accounts' rated game, which Vera resigns: the ranking says each rating after the game
    with its change ("1,662? (+162)"), and the score sheets and kingdoms beside it say the same,
    not the rating the game was played at ("1,500?")."""
    app = live_app(database)
    with served_in_a_thread(app, free_port()) as base:
        (_, rosa), (_, vera) = account(base), account(base)
        game_id, tokens = rated_game(base, app, [rosa, vera])
        assert (
            httpx.post(
                f"{base}/api/games/{game_id}/resign", json={"token": tokens[1]}, timeout=30
            ).status_code
            == 200
        )
        for width, height in ((1280, 800), (390, 844)):
            page = seat_page(browser, base, game_id, tokens[0], width=width, height=height)
            page.wait_for_selector("#ranking .rating-change:has-text('(')", timeout=60000)
            for seat in (0, 1):
                after = page.locator(f"#ranking tr[data-seat='{seat}'] .rating-change").inner_text()
                assert re.fullmatch(r"1,\d{3}\? \([+−-]\d+\)", after) and not after.startswith("1,500"), after
                for where in (f"#scores details[data-seat='{seat}'] summary", f"#board h3.seat{seat}"):
                    said = page.locator(f"{where} .seat-rating").inner_text()
                    assert re.sub(r"^Rating\s+", "", said) == after, (where, after, said)
            page.screenshot(path=str(ARTIFACTS / f"rated-end-ratings-{width}.png"), full_page=True)
            assert not page.errors, page.errors
        rosa.close()
        vera.close()


def test_a_kingdom_of_its_castle_alone_is_not_drawn_across_a_phone(
    browser: Browser, live_server: str
) -> None:
    """Boris resigns before the first domino: on Anna's phone the end screen draws each kingdom (its
    castle alone) with a square around the castle, not one castle as wide as the screen."""
    game_id, tokens = ended_by_boris(live_server, "resign")
    page = seat_page(browser, live_server, game_id, tokens[0], width=390, height=844)
    for seat in (0, 1):
        board = present(page.locator(f"#board svg[data-seat='{seat}'][data-zoom]").bounding_box())
        castle = present(
            page.locator(f"#board svg[data-seat='{seat}'][data-zoom] use[href='#castle']").bounding_box()
        )
        assert castle["width"] <= board["width"] / 2, (seat, castle, board)
    page.screenshot(path=str(ARTIFACTS / "resigned-at-once-390.png"), full_page=True)
    assert not page.errors, page.errors
