"""The lists of a player's games say who resigned or called a game off: the lobby's list of this
browser's games and the account card's games in play ("Boris resigned" to the others, "You
resigned" to him), as the game's own page does."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Browser, Route
from tests.web.browser.pages import ARTIFACTS, LivePage, accepted_dialogs, log_in_new, new_page
from tests.web.browser.test_online import online_game_of_two


def listed(page: LivePage, game_id: str, where: str = "#my-games") -> str:
    """The line of ``game_id`` in the list ``where`` of the lobby (opened again)."""
    page.goto(page.base_url + "/")
    line = page.locator(f"{where} li").filter(has=page.locator(f"a[href^='/game/{game_id}']"))
    line.wait_for()
    return line.inner_text()


def test_the_lobby_s_list_says_who_resigned_or_called_the_game_off(
    browser: Browser, live_server: str
) -> None:
    """Boris resigns one game and calls the next off: Anna's list of her games says "Boris
    resigned", "Boris called the game off", his "You resigned", "You called the game off"."""
    for how, others, his in (
        ("resign", "Boris resigned", "You resigned"),
        ("abort", "Boris called the game off", "You called the game off"),
    ):
        anna, boris, link = online_game_of_two(browser, live_server)
        game_id = link.split("/game/")[1].split("?")[0]
        token = link.split("token=")[1]
        assert (
            httpx.post(
                f"{live_server}/api/games/{game_id}/{how}", json={"token": token}, timeout=30
            ).status_code
            == 200
        )
        for page, words in ((anna, others), (boris, his)):
            said = listed(page, game_id)
            assert f" · {words} · " in said, (how, said)
            assert not page.errors, page.errors
        boris.locator("#my-games").screenshot(path=str(ARTIFACTS / f"lobby-games-{how}.png"))
        anna.context.close()
        boris.context.close()


def test_the_account_s_games_say_who_resigned(browser: Browser, live_server: str) -> None:
    """Anna's account plays two games of three with Bela and Cleo; Bela resigns the first, Anna the
    second (AI seats play on): her card says "Bela resigned" of the one and "You resigned" of the
    other, on a laptop and on a phone."""
    page = new_page(browser, live_server)
    log_in_new(page, live_server, "Anna")
    games: list[list[str]] = page.evaluate(
        """async () => {
          const headers = {"Content-Type": "application/json"};
          const seats = [{kind: "human", name: "Anna"}, {kind: "human", name: "Bela", online: true},
            {kind: "human", name: "Cleo", online: true}];
          const body = JSON.stringify({game: "kingdomino", players: 3, seats});
          const made = [];
          for (let i = 0; i < 2; i++) {
            const game = await (await fetch("/api/games", {method: "POST", headers, body})).json();
            made.push([game.id, ...game.seats.map((seat) => seat.token)]);
          }
          return made;
        }"""
    )
    (first, *first_tokens), (second, *second_tokens) = games
    for game_id, token in ((first, first_tokens[1]), (second, second_tokens[0])):
        answer = httpx.post(f"{live_server}/api/games/{game_id}/resign", json={"token": token}, timeout=30)
        assert answer.status_code == 200 and answer.json()["ended"] is False, answer.text
    assert " · Bela resigned" in listed(page, first, "#account-games")
    assert " · You resigned" in listed(page, second, "#account-games")
    page.locator("#account").screenshot(path=str(ARTIFACTS / "account-games-resigned.png"))
    assert not page.errors, page.errors
    for game_id, tokens in ((first, first_tokens), (second, second_tokens)):
        for token in tokens:  # the games of three are called off: no later test plays on in them
            httpx.post(f"{live_server}/api/games/{game_id}/resign", json={"token": token}, timeout=30)


def test_a_rematch_called_off_for_a_no_show_says_who_did_not_join(page: LivePage) -> None:
    """A rematch Boris never joined (``ended.by == "no_show"``) reads "Boris did not join in time"
    in the others' lists and "You did not join in time" in his, in every language with a word
    for it (the lists' words, as ``whoEnded`` gives them for a listed game)."""
    page.goto(page.base_url + "/")
    page.wait_for_selector("#create")
    said: dict[str, list[list[str]]] = page.evaluate(
        """async () => {
          const i18n = await import(staticBase + 'i18n.js');
          const { whoEnded } = await import(staticBase + 'account-games.js');
          const said = {};
          for (const lang of ['en', 'hu', 'bg', 'uk', 'ru']) {
            await i18n.loadLanguage(lang);
            const ended = { by: 'no_show', seat: 1 };
            const names = ['Anna', 'Boris'];
            said[lang] = [whoEnded({ seat: 0, ended }, names), whoEnded({ seat: 1, ended }, names)];
          }
          await i18n.loadLanguage('en');
          return said;
        }"""
    )
    assert said["en"] == [["Boris did not join in time"], ["You did not join in time"]]
    for language, (others, his) in said.items():
        assert len(others) == len(his) == 1, (language, said)
        assert "Boris" in others[0] and "Boris" not in his[0], (language, said)
        assert "{" not in others[0] + his[0], (language, said)
    assert not page.errors, page.errors


def made_by_the_page(page: LivePage, seats: list[dict[str, Any]]) -> tuple[str, list[str]]:
    """A Kingdomino of these ``seats`` created by ``page`` itself (its session's account, if one is
    logged in, holds the seats it may): the game's id and its seats' tokens."""
    made: list[str] = page.evaluate(
        """async (seats) => {
          const body = JSON.stringify({game: "kingdomino", players: seats.length, seats});
          const game = await (await fetch("/api/games",
            {method: "POST", headers: {"Content-Type": "application/json"}, body})).json();
          return [game.id, ...game.seats.map((seat) => seat.token)];
        }""",
        seats,
    )
    return made[0], made[1:]


def test_the_resigner_s_list_says_you_resigned_a_game_of_three(browser: Browser, live_server: str) -> None:
    """Boris resigns a game of three from its page on his phone (an AI plays his seat on, his page
    keeps only the spectator's link): his lobby's list still says "You resigned", not "Boris
    resigned", and the list fits the phone's width."""
    page = new_page(browser, live_server, 390, 844, touch=True)
    page.goto(live_server + "/")
    seats = [{"kind": "human", "name": name, "online": True} for name in ("Anna", "Boris", "Cleo")]
    game_id, tokens = made_by_the_page(page, seats)
    page.goto(f"{live_server}/game/{game_id}?token={tokens[1]}")
    accepted_dialogs(page)
    page.locator("#resign:not([hidden])").click()
    page.wait_for_function(  # the page holds the spectator's link alone, and opens the game with it
        """([id, token]) => JSON.parse(localStorage.getItem("kingdomino.games"))
          .find((g) => g.id === id).tokens[0] !== token""",
        arg=[game_id, tokens[1]],
    )
    page.wait_for_selector("#resign[hidden]", state="attached")
    said = listed(page, game_id)
    assert " · You resigned · " in said and "Boris resigned" not in said, said
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator("#my-games").screenshot(path=str(ARTIFACTS / "lobby-games-resigned-of-three-390.png"))
    assert not page.errors, page.errors
    # A list read again on news may still be on its way: its handler must not outlive the page.
    page.unroute_all(behavior="ignoreErrors")
    for token in (tokens[0], tokens[2]):  # the game is called off: no later test plays on in it
        httpx.post(f"{live_server}/api/games/{game_id}/resign", json={"token": token}, timeout=30)


def test_the_lists_say_an_ai_seat_in_the_page_s_language(browser: Browser, live_server: str) -> None:
    """Bela resigns a game of three that Anna's account plays on a Hungarian page, and an agent of
    the server's operator ("ppo-2", a name with a hyphen, no level's words) plays her seat on: the
    lobby's list and the account card say "Bela (Gép, ppo-2)" and "Bela feladta", never "(AI, "."""
    page = new_page(browser, live_server, locale="hu")
    log_in_new(page, live_server, "Anna")
    seats = [{"kind": "human", "name": "Anna"}] + [
        {"kind": "human", "name": name, "online": True} for name in ("Bela", "Cleo")
    ]
    game_id, tokens = made_by_the_page(page, seats)
    answer = httpx.post(f"{live_server}/api/games/{game_id}/resign", json={"token": tokens[1]}, timeout=30)
    assert answer.status_code == 200 and answer.json()["ended"] is False, answer.text

    def agent_named(route: Route) -> None:
        """The server's answer, with the AI seat played by the operator's agent "ppo-2"."""
        sent = route.fetch().text().replace("Bela (AI, medium)", "Bela (AI, ppo-2)")
        assert "Bela (AI, ppo-2)" in sent, sent
        route.fulfill(body=sent, content_type="application/json")

    for path in ("/api/games/lookup", "/api/account/games"):
        page.route(f"{live_server}{path}", agent_named)
    page.goto(f"{live_server}/game/{game_id}?token={tokens[0]}")  # the lobby keeps the game
    page.wait_for_selector("#resign:not([hidden])")
    for where in ("#account-games", "#my-games"):
        said = listed(page, game_id, where)
        assert "Bela (Gép, ppo-2)" in said and "Bela feladta" in said and "(AI," not in said, (where, said)
    page.locator("#my-games").screenshot(path=str(ARTIFACTS / "lobby-games-ai-agent-hu.png"))
    page.locator("#account").screenshot(path=str(ARTIFACTS / "account-games-ai-agent-hu.png"))
    assert not page.errors, page.errors
    # A list read again on news may still be on its way: its handler must not outlive the page.
    page.unroute_all(behavior="ignoreErrors")
    for token in (tokens[0], tokens[2]):  # the game is called off: no later test plays on in it
        httpx.post(f"{live_server}/api/games/{game_id}/resign", json={"token": token}, timeout=30)
