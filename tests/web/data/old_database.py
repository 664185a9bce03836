"""Fill a running server of an earlier version with a few games of each kind it offers, for the
database fixtures of ``tests/web/test_old_databases.py`` (their headers say how each was made).

``python tests/web/data/old_database.py http://127.0.0.1:8799`` against that version's
``kingdomino serve``: human and AI seats mid-play in every game it offers and a finished game
(reviewed, where there are reviews); with accounts (``PASSWORD`` each), that game is rated (its
rematch offered, where there are rematches), with a rated game mid-play with a clock, a seat left
to an AI and a game waiting for a player.
It talks HTTP alone, and asks only what the version's ``/openapi.json`` lists.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

import httpx

#: Every account's password: the test logs in with it.
PASSWORD = "an old password"
#: The accounts made, in this order (ids 1, 2, ...).
ACCOUNTS = ("Anna", "Ben")
#: The tables of the games mid-play: game, players, options.
TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("kingdomino", 2, {}),
    ("kingdomino", 3, {"harmony": True}),
    ("duel", 2, {}),
    ("origins", 2, {"mode": "discovery"}),
]


class OldServer:
    """An earlier version's server over HTTP, playing its human seats at random."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.http = httpx.Client(base_url=base, timeout=60)
        self.paths = set(self.http.get("/openapi.json").json()["paths"])
        self.rng = random.Random(5)
        #: The games played to their end, whose reviews the fixture is to hold.
        self.finished: list[str] = []

    def create(self, body: dict[str, Any], client: httpx.Client | None = None) -> dict[str, Any]:
        answer = (client or self.http).post("/api/games", json=body)
        assert answer.status_code == 201, answer.text
        return dict(answer.json())

    def view(self, game_id: str, token: str) -> dict[str, Any]:
        while (answer := self.http.get(f"/api/games/{game_id}", params={"token": token})).status_code == 429:
            time.sleep(1)
        assert answer.status_code == 200, answer.text
        return dict(answer.json())

    def play(self, game_id: str, tokens: dict[int, str], moves: int | None) -> None:
        """``moves`` random actions of the seats of ``tokens`` (None: to the end), the AI seats
        answering in between."""
        deadline = time.monotonic() + 300
        while moves is None or moves > 0:
            assert time.monotonic() < deadline, f"{game_id} does not move"
            view = self.view(game_id, next(iter(tokens.values())))
            if view["status"] != "playing":
                self.finished += [game_id] if view["status"] == "finished" else []
                return
            if view["current_player"] not in tokens:
                time.sleep(0.1)
                continue
            mine = self.view(game_id, tokens[view["current_player"]])
            if not mine["legal_actions"]:
                continue
            body = {"token": tokens[view["current_player"]], "action": self.rng.choice(mine["legal_actions"])}
            if self.http.post(f"/api/games/{game_id}/actions", json=body).status_code == 200 and moves:
                moves -= 1


def fill(server: OldServer) -> None:
    games = server.http.get("/api/meta").json()["games"]
    for game, players, options in TABLES:
        if game not in games:
            continue
        humans = [{"kind": "human"} for _ in range(players)]
        created = server.create({"game": game, "players": players, "options": options, "seats": humans})
        server.play(created["id"], {s["seat"]: s["token"] for s in created["seats"]}, 5)
        seats = [{"kind": "human"}] + [{"kind": "ai", "level": "greedy"}] * (players - 1)
        created = server.create({"game": game, "players": players, "options": options, "seats": seats})
        server.play(created["id"], {0: created["seats"][0]["token"]}, 3)
    if "/api/accounts" in server.paths:
        fill_accounts(server)
    else:
        created = server.create({"game": "kingdomino", "players": 2, "seats": [{"kind": "human"}] * 2})
        server.play(created["id"], {s["seat"]: s["token"] for s in created["seats"]}, None)
    if "/api/games/{game_id}/review" in server.paths:
        wait_for_reviews(server)


def fill_accounts(server: OldServer) -> None:
    clients = {}
    for name in ACCOUNTS:
        clients[name] = httpx.Client(base_url=server.base, timeout=60)
        made = clients[name].post("/api/accounts", json={"name": name, "password": PASSWORD})
        assert made.status_code == 201, made.text

    def rated(game: str, clock: dict[str, Any]) -> tuple[str, dict[int, str]]:
        seats = [{"kind": "human"}, {"kind": "open"}]
        body = {"game": game, "players": 2, "seats": seats, "rated": True, "time_control": clock}
        created = server.create(body, clients["Anna"])
        joined = clients["Ben"].post(f"/api/games/{created['id']}/join", json={}).json()
        return created["id"], {0: created["seats"][0]["token"], joined["seat"]: joined["token"]}

    finished, tokens = rated("kingdomino", {"kind": "days", "days": 3})
    server.play(finished, tokens, None)
    if "/api/games/{game_id}/rematch" in server.paths:
        server.http.post(f"/api/games/{finished}/rematch", json={"token": tokens[0]}).raise_for_status()
    playing, tokens = rated("duel", {"kind": "game", "minutes": 180, "increment": 5})
    server.play(playing, tokens, 4)
    left, tokens = rated("kingdomino", {"kind": "days", "days": 3})
    server.play(left, tokens, 2)
    server.http.post(f"/api/games/{left}/leave", json={"token": tokens[1]}).raise_for_status()
    seats = [{"kind": "human"}, {"kind": "open"}]
    server.create({"game": "kingdomino", "players": 2, "seats": seats, "wait_minutes": 7 * 24 * 60})


def wait_for_reviews(server: OldServer) -> None:
    """Wait until the finished games' reviews are stored: a review lost with its server would be
    computed again, and the fixture is to hold the earlier version's."""
    deadline = time.monotonic() + 300
    for game_id in server.finished:
        while server.http.get(f"/api/games/{game_id}/review").status_code != 200:
            assert time.monotonic() < deadline, f"no review of {game_id}"
            time.sleep(0.5)


if __name__ == "__main__":
    fill(OldServer(sys.argv[1]))
