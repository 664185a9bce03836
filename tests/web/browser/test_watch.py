"""Watching a game being played (``GET /api/live-games``): a spectator finds a public game in the
lobby's "Watch a game" card, opens it at its watch link without any token, and follows it live,
with nothing to act on; a phone shows the card in its width; a player's page says the game they
play now, with its link."""

from __future__ import annotations

import re
import secrets
from typing import Any

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, LivePage, log_in_new, new_page, present
from tests.web.conftest import wait_for

#: A real-time clock that no test's game runs out of.
CLOCK = {"kind": "game", "minutes": 30, "increment": 5}


def public_game(base: str, names: tuple[str, str] = ("Anna", "Bela")) -> dict[str, Any]:
    """A game of two invited players made public by its creator, being played from its creation
    (no seat waits for the lobby): its id and its seats' ``tokens``."""
    seats = [{"kind": "human", "name": names[0]}, {"kind": "human", "name": names[1], "online": True}]
    body = {"game": "kingdomino", "players": 2, "seats": seats, "time_control": CLOCK, "public": True}
    answer = httpx.post(f"{base}/api/games", json=body, timeout=30)
    assert answer.status_code == 201, answer.text
    made: dict[str, Any] = answer.json()
    return {**made, "tokens": [seat["token"] for seat in made["seats"]]}


#: The rated games the first player of ``leading_game`` wins before it: a rating above a new
#: player's 1500 and above what a single win gives, which other tests' players reach at most.
WINS = 3


def _account(base: str, name: str) -> tuple[httpx.Client, str]:
    """A new account ``name`` with a random ending, logged in on a client of its own sent from the
    site's origin: the client and the account's name."""
    http = httpx.Client(base_url=base, headers={"Origin": base}, timeout=30)
    made = f"{name}{secrets.token_hex(3)}"
    answer = http.post("/api/accounts", json={"name": made, "password": "a long enough password"})
    assert answer.status_code in (200, 201), answer.text
    return http, made


def _opened(host: httpx.Client, guest: httpx.Client, rated: bool) -> dict[str, Any]:
    """A game of two opened by ``host`` and joined by ``guest``, in play: the creation's answer,
    with both seats' ``tokens``."""
    seats = [{"kind": "human"}, {"kind": "open"}]
    body = {"game": "kingdomino", "players": 2, "seats": seats, "rated": rated, "time_control": CLOCK}
    answer = host.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    made: dict[str, Any] = answer.json()
    joined = guest.post(f"/api/games/{made['id']}/join", json={})
    assert joined.status_code == 200, joined.text
    return {**made, "tokens": [made["seats"][0]["token"], joined.json()["token"]]}


def leading_game(base: str, names: tuple[str, str] = ("Anna", "Bela")) -> dict[str, Any]:
    """A public game being played by two new accounts named ``names`` (and a random ending), the
    first of whom won ``WINS`` rated games just before (her opponents resigned): its id, its
    seats' ``tokens``, its ``spectator_token`` and the players' ``names``. The lobby lists at most
    50 games being played, the best player's rating first and the newest first among equals
    (``web/live_games.py``), and the shared server holds other tests' games in play, rated
    players' among them: a game of guests or new accounts may rank below 50 of them, and no lobby
    shows it; this one ranks first."""
    anna, anna_name = _account(base, names[0])
    for _ in range(WINS):
        loser, _name = _account(base, "Loser")
        lost = _opened(anna, loser, rated=True)
        resigned = loser.post(f"/api/games/{lost['id']}/resign", json={"token": lost["tokens"][1]})
        assert resigned.status_code == 200, resigned.text
        loser.close()
    bela, bela_name = _account(base, names[1])
    game = _opened(anna, bela, rated=False)
    anna.close()
    bela.close()
    return {**game, "names": [anna_name, bela_name]}


def move(base: str, game: dict[str, Any]) -> None:
    """The seat to act plays its first legal move, through the API."""
    with httpx.Client(base_url=base, timeout=30) as http:
        view = wait_for(http, game["id"], game["tokens"][0], lambda v: v["current_player"] >= 0)
        token = game["tokens"][view["current_player"]]
        mine = http.get(f"/api/games/{game['id']}", params={"token": token}).json()
        answer = http.post(
            f"/api/games/{game['id']}/actions", json={"token": token, "action": mine["legal_actions"][0]}
        )
        assert answer.status_code == 200, answer.text


def listed_line(page: LivePage, game_id: str) -> Any:
    """The lobby's line of ``game_id`` in the "Watch a game" card, once the list came: games of
    better rated players (other tests' games on the shared server) come first, so "More games" is
    asked until it is there."""
    page.wait_for_selector("#live-games")
    page.wait_for_function(
        "() => document.querySelector('#live-list li') || !document.querySelector('#no-live-games').hidden"
    )
    line = page.locator(f"#live-list li[data-id='{game_id}']")
    while not line.count():
        more = page.locator("#more-live-games")
        expect(more, f"the game {game_id} is not in the lobby's watch list").to_be_visible()
        before = page.locator("#live-list li").count()
        more.click()
        page.wait_for_function(
            "n => document.querySelectorAll('#live-list li').length > n"
            " || document.querySelector('#more-live-games').hidden",
            arg=before,
        )
    return line


def test_a_spectator_finds_a_game_in_the_lobby_and_watches_it_live(
    browser: Browser, live_server: str
) -> None:
    game = leading_game(live_server)
    anna, bela = game["names"]
    sam = new_page(browser, live_server, width=1280, height=900)
    sam.goto(live_server + "/")
    sam.wait_for_selector("#live-games")
    line = listed_line(sam, game["id"])
    text = line.inner_text()
    assert anna in text and bela in text and "Casual" in text and "30 min + 5 s" in text, text
    assert "0 moves" in text, text
    watch = line.locator("a.watch")
    expect(watch).to_have_attribute("href", f"/game/{game['id']}/watch")
    assert not [token for token in (*game["tokens"], game["spectator_token"]) if token in sam.content()]
    line.scroll_into_view_if_needed()
    sam.screenshot(path=str(ARTIFACTS / "watch-lobby-1280.png"), full_page=True)
    sam.locator("#live-games").screenshot(path=str(ARTIFACTS / "watch-card-1280.png"))
    watch.click()
    sam.wait_for_url(f"**/game/{game['id']}/watch")
    sam.wait_for_selector("#scores")
    expect(sam.locator("body").first).to_contain_text("You are watching this game", use_inner_text=True)
    expect(sam.locator("#scores")).to_contain_text(anna, use_inner_text=True)
    expect(sam.locator("#scores")).to_contain_text(bela, use_inner_text=True)
    # Nothing to act with: no hint, no undo, no resign, no seat to leave, no move to make.
    for control in ("#hint", "#undo", "#resign", "#leave"):
        assert not sam.locator(control).is_visible(), control
    # The game goes on, and the page follows it live.
    log = sam.locator("#log li")
    before = log.count()
    move(live_server, game)
    sam.wait_for_function("n => document.querySelectorAll('#log li').length > n", arg=before)
    # A clock runs for the seat to act, counted down on the page.
    assert sam.locator(".clock").count() >= 2
    sam.screenshot(path=str(ARTIFACTS / "watch-game-1280.png"), full_page=True)
    # Watching keeps nothing of the game in this browser: it is not among "your games".
    kept = sam.evaluate("() => localStorage.getItem('kingdomino.games') || ''")
    assert game["id"] not in kept
    assert sam.errors == []


def test_the_watch_list_on_a_phone_and_a_players_page_playing_now(browser: Browser, live_server: str) -> None:
    phone = new_page(browser, live_server, width=360, height=740, touch=True)
    name = log_in_new(phone, live_server, "Tess")
    # The new game's "Anyone may watch": ticked for a friend's game, it lists the game to watch.
    phone.goto(live_server + "/")
    phone.fill("#name-0", name)
    phone.select_option("#seat-1", "open")
    # A seat open to the lobby: public, as the server decides.
    expect(phone.locator("#public")).to_be_checked()
    phone.select_option("#seat-1", "online")
    expect(phone.locator("#public")).not_to_be_checked()  # a game with invites only is private unless said
    phone.check("#public")
    phone.click("#create")
    phone.wait_for_url("**/game/*")
    game_id = phone.url.rsplit("/", 1)[1]
    # Her own page offers her game to her to play, not to watch as a stranger.
    phone.goto(f"{live_server}/player/{name}")
    own = phone.locator(f"#playing-now li[data-id='{game_id}'] a.watch")
    own.wait_for()
    assert own.get_attribute("href") == f"/game/{game_id}" and own.inner_text() == "Open"
    # Named by its game and players, as each Watch link is: a bare "Open" named no game.
    expect(own).to_have_accessible_name(re.compile(rf"^Open Kingdomino: {name}, \S"))
    sam = new_page(browser, live_server, width=360, height=740, touch=True)
    sam.goto(f"{live_server}/player/{name}")
    playing = sam.locator("#playing-now")
    playing.wait_for()
    link = playing.locator(f"li[data-id='{game_id}'] a.watch")
    expect(link).to_have_attribute("href", f"/game/{game_id}/watch")
    sam.screenshot(path=str(ARTIFACTS / "watch-player-360.png"), full_page=True)
    sam.goto(live_server + "/")
    line = listed_line(sam, game_id)
    line.scroll_into_view_if_needed()
    box, card = present(line.bounding_box()), present(sam.locator("#live-games").bounding_box())
    assert box["x"] + box["width"] <= card["x"] + card["width"] + 0.5, (
        "the line overflows the card on a phone"
    )
    watch = present(line.locator("a.watch").bounding_box())
    assert watch["height"] >= 40 and watch["x"] + watch["width"] <= 360
    sam.screenshot(path=str(ARTIFACTS / "watch-lobby-360.png"), full_page=True)
    sam.locator("#live-games").screenshot(path=str(ARTIFACTS / "watch-card-360.png"))
    line.locator("a.watch").click()
    sam.wait_for_selector("#scores")
    # A phone keeps its first screen for the boards, but a spectator is told they only watch.
    assert "You are watching this game" in present(sam.text_content("#whoami"))
    assert sam.is_visible("#whoami"), "a spectator's phone does not say they are watching"
    sam.screenshot(path=str(ARTIFACTS / "watch-game-360.png"), full_page=True)
    assert phone.errors == [] and sam.errors == []


def test_the_watch_page_and_the_players_pages_say_how_many_watch(browser: Browser, live_server: str) -> None:
    """Each page of a game being watched says how many spectators watch it here, the watch page
    counting itself, kept current as spectators come and go."""
    game = public_game(live_server, ("Vera", "Walt"))
    watch = f"{live_server}/game/{game['id']}/watch"
    sam = new_page(browser, live_server, width=1280, height=900)
    sam.goto(watch)
    sam.wait_for_selector("#watching-count")
    expect(sam.locator("#watching-count")).to_have_text("1 watching", use_inner_text=True)
    phone = new_page(browser, live_server, width=360, height=740, touch=True)
    phone.goto(watch)
    phone.wait_for_function("() => document.querySelector('#watching-count')?.textContent === '2 watching'")
    sam.wait_for_function("() => document.querySelector('#watching-count')?.textContent === '2 watching'")
    vera = new_page(browser, live_server, width=1280, height=900)
    vera.goto(f"{live_server}/game/{game['id']}?token={game['tokens'][0]}")
    vera.wait_for_function("() => document.querySelector('#watching-count')?.textContent === '2 watching'")
    expect(vera.locator("#presence")).to_be_visible()
    for page, name in ((sam, "watch-count-1280"), (phone, "watch-count-360"), (vera, "player-watched-1280")):
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
    box = present(phone.locator("#watching-count").bounding_box())
    assert box["x"] + box["width"] <= 360, box
    phone.close()
    sam.wait_for_function("() => document.querySelector('#watching-count')?.textContent === '1 watching'")
    vera.wait_for_function("() => document.querySelector('#watching-count')?.textContent === '1 watching'")
    sam.close()
    vera.wait_for_function("() => !document.querySelector('#watching-count')")
    assert vera.errors == []
