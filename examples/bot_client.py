"""A bot of your own on a Kingdomino server, in plain Python: HTTP (httpx) and the game's WebSocket
(websockets), and no package of this project. docs/server/api.md, "Your own client", says each step.

    python examples/bot_client.py --server http://localhost:8000 --game duel \
        --name Mybot --password 'a long secret'

It logs in to its bot account (created at the first run; without ``--password`` it plays as a guest
named ``--name``), asks for a quick game (joined, or opened for the next player), follows the game's
socket, pinging it while it waits, and whenever the view has ``legal_actions`` sends the one that
scores the most at once (``score_gains``) with the view's ``index``; a takeback a person asks of
it is declined. It prints the result. A bot of
an agent of this package is ``kingdomino bot`` (docs/agents.md); this one shows the protocol alone.
``tests/web/test_bot_example.py`` runs it against a test server.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import httpx
from websockets.sync.client import connect


def log_in(http: httpx.Client, name: str, password: str) -> None:
    """Create the bot's account (``bot: true``: shown "Name (bot)"), or log in to it if it exists.
    The session is the ``kd_session`` cookie, which ``http`` keeps for every later request."""
    made = http.post("/api/accounts", json={"name": name, "password": password, "bot": True})
    if made.status_code == 409:  # the name is taken: ours, from an earlier run
        made = http.post("/api/session", json={"name": name, "password": password})
    refused(made)


def refused(answer: httpx.Response) -> dict[str, Any]:
    """The answer's JSON; a refusal (``{"error": {"field", "message", "code"?}}``) stops the bot."""
    body: dict[str, Any] = answer.json()
    if answer.status_code >= 400:
        error = body["error"]
        raise SystemExit(f"refused ({answer.status_code}), {error['field']}: {error['message']}")
    return body


def choose(view: dict[str, Any], rng: random.Random) -> str:
    """One of the view's legal moves (texts such as ``claim 17``): the most points at once."""
    gains = view.get("score_gains") or {}
    best = max(gains.get(action, 0) for action in view["legal_actions"])
    return str(rng.choice([action for action in view["legal_actions"] if gains.get(action, 0) == best]))


def play(server: str, game_id: str, token: str, http: httpx.Client, rng: random.Random) -> dict[str, Any]:
    """Follow the game's socket and play the seat of ``token`` until the game ends; the last view."""
    url = server.replace("http", "ws", 1) + f"/ws/games/{game_id}?tokens={token}"
    ping_every, acted_at = 10.0, None
    with connect(url) as socket:
        socket.send(json.dumps({"type": "ping"}))  # its pong says how often to ping
        pinged = time.monotonic()
        while True:
            try:
                message = json.loads(socket.recv(timeout=max(0.0, pinged + ping_every - time.monotonic())))
            except TimeoutError:  # silent for ping_every: a socket silent for a minute is closed
                socket.send(json.dumps({"type": "ping"}))
                pinged = time.monotonic()
                continue
            if message["type"] == "pong":
                ping_every = message["ping_every"]
            elif message["type"] == "error" and acted_at is None:
                raise SystemExit(f"refused, {message['field']}: {message['message']}")
            elif message["type"] == "state":  # the view's fields are the message's own
                if message["status"] in ("finished", "expired", "aborted") or not message["your_seats"]:
                    return dict(message)  # over, or an AI plays our seat now (out of time)
                request = (message.get("takeback") or {}).get("request") or {"outcome": "none"}
                if request["outcome"] is None and set(request["awaited"]) & set(message["your_seats"]):
                    # A person asks to take back their last move: declined (unanswered, they wait).
                    http.post(f"/api/games/{game_id}/takeback/answer", json={"token": token, "accept": False})
                    continue
                if message["legal_actions"] and message["index"] != acted_at:
                    acted_at = message["index"]  # once per index: a state may come again
                    move = {"token": token, "action": choose(message, rng), "index": acted_at}
                    answer = http.post(f"/api/games/{game_id}/actions", json=move)
                    if answer.status_code == 409 and answer.json()["error"]["field"] == "index":
                        continue  # the game moved on first: the newer state is on its way
                    refused(answer)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", default="http://localhost:8000")
    parser.add_argument("--name", default="Mybot")
    parser.add_argument("--password", default="", help="the bot account's; none: a guest's casual game")
    parser.add_argument("--game", default="kingdomino", choices=["kingdomino", "duel", "origins"])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--options", default="{}", help='JSON, e.g. \'{"mode": "tribe"}\' for Origins')
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    server = args.server.rstrip("/")
    with httpx.Client(base_url=server, headers={"Origin": server}, timeout=30) as http:
        if args.password:
            log_in(http, args.name, args.password)
        ask = {
            "game": args.game,
            "players": args.players,
            "options": json.loads(args.options),
            "name": args.name,
        }
        seat = refused(http.post("/api/pairing", json=ask))  # joins a waiting game, or opens one
        print(f"game {server}/game/{seat['id']}, seat {seat['seat'] + 1}", flush=True)
        last = play(server, seat["id"], seat["token"], http, random.Random(args.seed))
    mine = seat["seat"]
    if last["status"] == "finished":
        print(f"finished: scores {last['scores']}, place {last['places'][mine]} of {len(last['places'])}")
    else:
        print(
            f"{last['status']}: ended {last['ended']}, wait {last['wait_ended']}, seats {last['seats'][mine]}"
        )


if __name__ == "__main__":
    main()
