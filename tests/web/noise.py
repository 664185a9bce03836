"""A noisy neighbour for the shared live server (``KINGDOMINO_TEST_NOISE=1``).

The browser tests of an xdist worker share one server (``session_server``), on which the tests
before leave games in play, accounts, ratings, clubs and finished games, in any order
(``--dist worksteal``). A test that assumes a world empty of them (the first game of a list, TV's
game, a leaderboard's first row, a count) passes alone and fails once a month in CI. With the
variable set, ``live_server`` puts such things on the server before each test (``make_noise``),
so that such a test fails every time; and one game at a time whose move clock runs out while
the next tests run, so that it moves, and ends, meanwhile (an AI plays each seat out of time).
Never open games (waiting for players): ``live_server`` refuses a test that leaves one, so no
test meets another's.
"""

from __future__ import annotations

import os
import secrets
from typing import Any

import httpx

#: Whether the shared live server carries other players' games and accounts before each test.
NOISE = bool(os.environ.get("KINGDOMINO_TEST_NOISE"))

#: The password of the noise's accounts.
PASSWORD = "a long enough password"

#: The seconds each move of the ticking game (``_ticking``) may take before an AI plays it.
TICK_SECONDS = 5

#: The game ``_ticking`` keeps going on each server, by base URL.
_TICKING: dict[str, str] = {}


def _log_in_new(http: httpx.Client, prefix: str) -> None:
    """``http`` logged in as a new account named ``prefix`` and a random suffix."""
    name = f"{prefix}{secrets.token_hex(3)}"
    _checked(http.post("/api/accounts", json={"name": name, "password": PASSWORD}))


def _checked(answer: httpx.Response) -> dict[str, Any]:
    assert answer.status_code in (200, 201), f"{answer.request.url}: {answer.text}"
    body: dict[str, Any] = answer.json()
    return body


def _rated_game(host: httpx.Client, guest: httpx.Client, game: str = "kingdomino") -> tuple[str, str]:
    """A rated, public game of two accounts, in play: its id and its creator's token."""
    body = {
        "game": game,
        "players": 2,
        "seats": [{"kind": "human"}, {"kind": "open"}],
        "rated": True,
        "time_control": {"kind": "days", "days": 3},
    }
    made = _checked(host.post("/api/games", json=body))
    _checked(guest.post(f"/api/games/{made['id']}/join", json={}))
    return str(made["id"]), str(made["seats"][0]["token"])


def _ticking(http: httpx.Client) -> None:
    """A public game of two guests whose move clock runs out (``TICK_SECONDS``): its seats go to
    AIs, which play it to its end while the next tests run; one at a time per server, a new one
    once the last has ended."""
    base = str(http.base_url)
    game_id = _TICKING.get(base)
    if game_id is not None and _checked(http.get(f"/api/games/{game_id}"))["status"] == "playing":
        return
    body = {
        "game": "kingdomino",
        "players": 2,
        "seats": [{"kind": "human", "name": "Tibor"}, {"kind": "human", "name": "Tekla"}],
        "options": {},
        "public": True,
        "time_control": {"kind": "move", "seconds": TICK_SECONDS},
    }
    _TICKING[base] = str(_checked(http.post("/api/games", json=body))["id"])


def make_noise(base: str) -> None:
    """Put on the server at ``base`` what other tests leave there: two accounts with ratings (a
    rated Duel finished by a resignation, so that Duel grows the pool with most rated players; a
    rated Kingdomino in play, TV's first game), a public practice game in play against an AI, a
    game of two guests in play, a club, a tournament open to join, a game whose clock runs out
    (``_ticking``). Seeded games only where a game takes a seed; the others draw the server's
    secret seeds, which ``live_server`` starts over after this."""
    with httpx.Client(base_url=base, timeout=30) as host, httpx.Client(base_url=base, timeout=30) as guest:
        _log_in_new(host, "Noisy")
        _log_in_new(guest, "Rowdy")
        finished, token = _rated_game(host, guest, "duel")
        _checked(host.post(f"/api/games/{finished}/resign", json={"token": token}))
        _rated_game(guest, host)
        club = {"name": f"Noise club {secrets.token_hex(3)}", "description": "Other players' club."}
        _checked(host.post("/api/clubs", json=club))
        tournament = {
            "name": f"Noise cup {secrets.token_hex(3)}",
            "game": "kingdomino",
            "format": "round_robin",
            "time_control": {"kind": "days", "days": 3},
        }
        _checked(guest.post("/api/tournaments", json=tournament))
        practice = {
            "game": "kingdomino",
            "players": 2,
            "seats": [{"kind": "human", "name": "Nora"}, {"kind": "ai", "level": "greedy"}],
            "options": {},
            "seed": 11,
            "public": True,
        }
        _checked(host.post("/api/games", json=practice))
        guests = {
            "game": "kingdomino",
            "players": 2,
            "seats": [{"kind": "human", "name": "Gabi"}, {"kind": "human", "name": "Hedi"}],
            "options": {},
            "public": True,
        }
        _checked(guest.post("/api/games", json=guests))
    with httpx.Client(base_url=base, timeout=30) as http:
        _ticking(http)
