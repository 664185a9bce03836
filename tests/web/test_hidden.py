"""Hidden information (future draws, rolls, face-down cavemen) never reaches a client."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import create, seeded_secrets, wait_for
from tests.web.sockets import messages_until

from kingdomino.core.game import CHANCE
from kingdomino.web.app import create_app
from kingdomino.web.hint_slots import MAX_HINTS

GAMES = [
    ("kingdomino", 4, {}),
    ("duel", 2, {}),
    ("origins", 3, {"mode": "tribe"}),
    ("origins", 2, {"mode": "totem"}),
]


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_views_do_not_depend_on_the_hidden_future_and_hold_no_seed(
    client: TestClient, game: str, players: int, options: dict[str, Any]
) -> None:
    seats = [{"kind": "human"} for _ in range(players)]
    created = create(client, game=game, players=players, seats=seats, options=options)
    tokens = [seat["token"] for seat in created["seats"]]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live = hub.tables[created["id"]]
    seed = live.stored.seed  # several humans: the server's secret seed
    assert created["practice"] is False
    messages: list[dict[str, Any]] = []

    def next_state(socket: Any) -> None:
        """Keep the messages up to the next state (who is away may come first: no page is open)."""
        messages.extend(messages_until(socket, lambda m: m["type"] == "state", "the next view"))

    with client.websocket_connect(f"/ws/games/{created['id']}?tokens={created['spectator_token']}") as socket:
        next_state(socket)
        for _ in range(15):
            view = client.get(f"/api/games/{created['id']}", params={"token": tokens[0]}).json()
            token = tokens[view["current_player"]]
            mine = client.get(f"/api/games/{created['id']}", params={"token": token}).json()
            client.post(
                f"/api/games/{created['id']}/actions",
                json={"token": token, "action": mine["legal_actions"][-1]},
            )
            next_state(socket)
            # The seed fixes every future chance event: changing it must not change what anyone sees.
            views = [live.view_of(live.seats_held(frozenset([t]))) for t in tokens]
            live.stored.seed = seed + 1
            assert [live.view_of(live.seats_held(frozenset([t]))) for t in tokens] == views
            live.stored.seed = seed
    text = json.dumps(messages)
    assert str(seed) not in text and '"seed"' not in text
    assert all(m["legal_actions"] == [] for m in messages if m["type"] == "state")
    assert client.get(f"/api/games/{created['id']}/record").status_code == 409


def test_a_chosen_seed_is_refused_with_several_humans_and_marks_a_practice_game(client: TestClient) -> None:
    body = {"game": "kingdomino", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 5}
    refused = client.post("/api/games", json=body)
    assert refused.status_code == 400 and refused.json()["error"]["field"] == "seed"
    assert client.get("/api/meta").status_code == 200
    practice = create(client, seats=[{"kind": "human"}, {"kind": "ai", "level": "random"}], seed=5)
    secret = create(client, seats=[{"kind": "human"}, {"kind": "ai", "level": "random"}], seed=None)
    assert practice["practice"] is True and secret["practice"] is False
    spectator = client.get(
        f"/api/games/{practice['id']}", params={"token": practice["spectator_token"]}
    ).json()
    assert spectator["practice"] is True


def test_undo_cannot_reveal_the_next_row(client: TestClient) -> None:
    created = create(client, seats=[{"kind": "human"}, {"kind": "ai", "level": "greedy"}], seed=11)
    game_id, token = created["id"], created["seats"][0]["token"]
    for _ in range(60):
        view = wait_for(client, game_id, token, lambda v: v["current_player"] == 0)
        client.post(
            f"/api/games/{game_id}/actions", json={"token": token, "action": view["legal_actions"][0]}
        )
        after = wait_for(client, game_id, token, lambda v, i=view["index"]: v["index"] > i)
        mine = max(e["index"] for e in after["log"] if e["seat"] == 0)
        if any(e["seat"] == CHANCE and e["index"] > mine for e in after["log"]):
            break
    else:
        raise AssertionError("no draw followed a move of seat 0")
    # A new row was drawn after our move: taking the move back would let us choose again knowing it.
    assert not after["undo_allowed"]
    refused = client.post(f"/api/games/{game_id}/undo", json={"token": token})
    assert refused.status_code == 409 and refused.json()["error"]["field"] == "undo"
    again = client.get(f"/api/games/{game_id}", params={"token": token}).json()
    assert again["index"] >= after["index"]


def test_hints_need_hints_for_everyone_when_several_humans_play(database: str) -> None:
    with TestClient(create_app(database, hint_agent="greedy", secret_seeds=seeded_secrets())) as client:
        seats = [{"kind": "human"}, {"kind": "human"}]
        for hints in (False, True):
            created = create(client, seats=seats, hints=hints)
            tokens = [seat["token"] for seat in created["seats"]]
            view = client.get(f"/api/games/{created['id']}", params={"token": tokens[0]}).json()
            assert view["hints_allowed"] is hints and created["hints"] is hints
            answer = client.get(
                f"/api/games/{created['id']}/hint", params={"token": tokens[view["current_player"]]}
            )
            if hints:
                assert answer.status_code == 200 and answer.json()["candidates"]
            else:
                assert answer.status_code == 403 and answer.json()["error"]["field"] == "hint"
        hub = client.app.state.hub  # type: ignore[attr-defined]
        solo = create(client, seats=[{"kind": "human"}, {"kind": "ai", "level": "random"}])
        token = solo["seats"][0]["token"]
        wait_for(client, solo["id"], token, lambda v: v["current_player"] == 0)
        hub.hint_slots.running = MAX_HINTS  # as if MAX_HINTS searches were running now
        busy = client.get(f"/api/games/{solo['id']}/hint", params={"token": token})
        assert busy.status_code == 503 and busy.json()["error"]["field"] == "hint"
        hub.hint_slots.running = 0
        assert client.get(f"/api/games/{solo['id']}/hint", params={"token": token}).status_code == 200
