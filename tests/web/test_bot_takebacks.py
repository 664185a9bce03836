"""``kingdomino bot`` and takebacks and rating ranges: a takeback a person asks of a bot is answered
(declined unless ``--takebacks accept``; unanswered, the person waited until someone played on),
the bot plays again the moves taken back, and its own games allow none with ``--no-takebacks``
and name the ratings of their players with ``--rating-range``; a mistake is said before the
server is reached. The bot that answers runs as its own process (``test_bot_door.answering``)."""

from __future__ import annotations

import json
import secrets
import subprocess
import sys
import time
from typing import Any

import httpx
import pytest
from tests.web.conftest import wait_for
from tests.web.deadlines import killed
from tests.web.process_lines import next_line
from tests.web.test_bot_door import DEADLINE, PASSWORD, Answering, answering, challenge, new_account
from tests.web.test_bot_example import EXAMPLE
from typer.testing import CliRunner

from kingdomino.cli import app


def my_turn(http: httpx.Client, game_id: str, token: str) -> dict[str, Any]:
    """The view once the token's seat is to act (the bot has answered the move before)."""
    return wait_for(http, game_id, token, lambda view: bool(view["legal_actions"]), DEADLINE)


def play(http: httpx.Client, game_id: str, token: str, view: dict[str, Any]) -> None:
    """The token's seat plays its first legal action in ``view``."""
    move = {"token": token, "action": view["legal_actions"][0], "index": view["index"]}
    http.post(f"/api/games/{game_id}/actions", json=move).raise_for_status()


def ask_after_the_bots_move(http: httpx.Client, game_id: str, token: str) -> dict[str, Any]:
    """Play until the bot has answered a move of the token's seat, then ask to take it back: the
    view then (a move followed by a draw is not taken back: the player plays on and asks later)."""
    deadline = time.monotonic() + DEADLINE
    while True:
        view = my_turn(http, game_id, token)
        mine = view["your_seats"][0]
        record = http.get(f"/api/games/{game_id}/actions", params={"token": token}).json()["actions"]
        seats = [seat for _, seat, _ in record if seat >= 0]
        if mine in seats and seats[-1] != mine:
            asked = http.post(f"/api/games/{game_id}/takeback", json={"token": token})
            if asked.status_code == 200:
                assert asked.json() == {"ok": True, "outcome": "asked"}, asked.text
                return view
            assert asked.json()["error"]["code"] == "undo_revealed", asked.text
        assert time.monotonic() < deadline, "no move could be taken back"
        play(http, game_id, token, view)


def answered(http: httpx.Client, game_id: str, token: str, outcome: str) -> dict[str, Any]:
    return wait_for(
        http,
        game_id,
        token,
        lambda view: (view["takeback"]["request"] or {}).get("outcome") == outcome,
        DEADLINE,
    )


def test_a_bot_declines_a_takeback_asked_of_it(live_server: str) -> None:
    robo = f"Robo{secrets.token_hex(3)}"
    with (
        answering(live_server, robo, "--game", "duel"),
        new_account(live_server, f"Pat{secrets.token_hex(3)}") as pat,
    ):
        game_id, token = challenge(pat, robo)
        asked = ask_after_the_bots_move(pat, game_id, token)
        view = answered(pat, game_id, token, "declined")
        assert view["takeback"]["request"]["answered_by"] == 1 - asked["your_seats"][0]
        assert view["index"] == asked["index"]
        pat.post(f"/api/games/{game_id}/resign", json={"token": token}).raise_for_status()


def test_a_bot_told_to_accept_takes_back_and_plays_its_move_again(live_server: str) -> None:
    robo = f"Robo{secrets.token_hex(3)}"
    with (
        answering(live_server, robo, "--game", "duel", "--takebacks", "accept"),
        new_account(live_server, f"Pat{secrets.token_hex(3)}") as pat,
    ):
        game_id, token = challenge(pat, robo)
        asked = ask_after_the_bots_move(pat, game_id, token)
        back = answered(pat, game_id, token, "accepted")
        assert back["index"] < asked["index"]
        # The person plays again; the bot plays at the index it had played at before.
        play(pat, game_id, token, my_turn(pat, game_id, token))
        bot_seat = 1 - int(asked["your_seats"][0])

        def the_bot_moved_again(view: dict[str, Any]) -> bool:
            record = pat.get(f"/api/games/{game_id}/actions", params={"token": token}).json()["actions"]
            seats = [int(seat) for _, seat, _ in record if seat >= 0]
            return len(record) >= asked["index"] and seats[-1] == bot_seat

        wait_for(pat, game_id, token, the_bot_moved_again, DEADLINE)
        pat.post(f"/api/games/{game_id}/resign", json={"token": token}).raise_for_status()


def test_a_bot_s_quick_game_names_its_range_and_allows_no_takebacks(live_server: str) -> None:
    """The game a bot's quick game opens carries ``--rating-range`` around its rating (a new
    account's 1500) and ``--no-takebacks``; the bot stopped calls it off."""
    robo = f"Robo{secrets.token_hex(3)}"
    command = [sys.executable, "-m", "kingdomino", "bot", "--server", live_server, "--agent", "random"]
    command += ["--name", robo, "--password", PASSWORD, "--new-account", "--game", "duel"]
    process = subprocess.Popen(
        [*command, "--rating-range", "-200:300", "--no-takebacks"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    bot = Answering(process)
    try:
        game_id = bot.says("game 1: ").strip().rsplit("/", 1)[-1]
        games = httpx.get(f"{live_server}/api/open-games", timeout=30).json()["games"]
        listed = next(game for game in games if game["id"] == game_id)
        assert (listed["rating_range"], listed["takebacks"]) == ({"low": 1300, "high": 1800}, False)
        said = bot.stop()
        assert "the game waiting for players is called off" in said, said
    finally:
        killed(process)


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["--rating-range", "100:200", "--password", "p"], "--rating-range: expected LOW 0 or below"),
        (["--rating-range", "wide", "--password", "p"], "--rating-range: expected LOW:HIGH"),
        (["--rating-range=-200:300"], "--rating-range: is around the bot's rating: needs its account"),
        (
            ["--rating-range=-200:300", "--password", "p", "--challenge", "Kira"],
            "--rating-range: is for quick games: a challenge names its players",
        ),
        (["--takebacks", "sometimes"], "--takebacks: expected accept or decline, got 'sometimes'"),
    ],
)
def test_a_mistake_of_the_ranges_or_takebacks_is_said_before_any_connection(
    words: list[str], said: str
) -> None:
    result = CliRunner().invoke(app, ["bot", "--server", "http://127.0.0.1:9", "--agent", "greedy", *words])
    assert result.exit_code == 2, result.output
    assert result.output.startswith(f"error: {said}"), result.output


def test_the_example_client_declines_a_takeback_asked_of_it(live_server: str) -> None:
    """``examples/bot_client.py`` answers too: a client of one's own that does not leaves the
    person who asked waiting."""
    options = {"pass_fills_spellbook": True}
    words = ["--server", live_server, "--game", "duel", "--options", json.dumps(options), "--name", "Ex"]
    example = subprocess.Popen(
        [sys.executable, str(EXAMPLE), *words], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        link = next_line(example, "the client's line giving its game's link")
        assert link.startswith(f"game {live_server}/game/"), link
        with httpx.Client(base_url=live_server, headers={"Origin": live_server}, timeout=30) as person:
            body = {"game": "duel", "players": 2, "options": options, "name": "Pat"}
            seat = person.post("/api/pairing", json=body).json()
            assert seat["created"] is False, seat
            game_id, token = seat["id"], seat["token"]
            asked = ask_after_the_bots_move(person, game_id, token)
            view = answered(person, game_id, token, "declined")
            assert view["takeback"]["request"]["answered_by"] == 1 - asked["your_seats"][0]
            person.post(f"/api/games/{game_id}/resign", json={"token": token}).raise_for_status()
        said = example.communicate(timeout=DEADLINE)[0]
        assert example.returncode == 0 and "finished: scores" in said, said
    finally:
        killed(example)
