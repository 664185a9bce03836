"""Hidden information (future draws, rolls, face-down cavemen) never reaches a client."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import create, seeded_secrets, wait_for
from tests.web.sockets import messages_until
from tests.web.test_players_api import play_out
from tests.web.test_rematch import rematch

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


def test_a_rematch_shows_its_deal_once_every_player_joined(own_api: TestClient) -> None:
    """Anna offered a rematch and saw its first row and who claims first before Ben joined; she
    could call it off and offer again until a deal suited her, Ben none the wiser. Its deal is
    now shown to nobody (a view, the actions, the socket, a move refused) until every player joined."""
    seats = [{"kind": "human", "name": name, "online": True} for name in ("Anna", "Ben")]
    clock = {"kind": "game", "minutes": 3, "increment": 2}
    body = {"game": "kingdomino", "players": 2, "seats": seats, "time_control": clock, "public": True}
    created = own_api.post("/api/games", json=body).json()
    old_id, tokens = created["id"], [seat["token"] for seat in created["seats"]]
    play_out(own_api, old_id, tokens)
    offered = rematch(own_api, old_id, tokens[0]).json()
    game_id, anna = offered["id"], offered["token"]
    live = own_api.app.state.hub.table(game_id)  # type: ignore[attr-defined]
    draws = [action.text for action in live.actions if action.seat == CHANCE]
    assert draws  # dealt and stored at the offer, as any game's first draws are
    seen = [
        own_api.get(f"/api/games/{game_id}", params={"token": anna}).text,
        own_api.get(f"/api/games/{game_id}/actions", params={"token": anna}).text,
    ]
    with own_api.websocket_connect(f"/ws/games/{game_id}?tokens={anna}") as socket:
        seen += [json.dumps(m) for m in messages_until(socket, lambda m: m["type"] == "state", "the view")]
    listed = [g for g in own_api.get("/api/live-games").json()["games"] if g["id"] == game_id]
    assert [(g["current_player"], g["moves"]) for g in listed] == [(None, 0)]  # who claims first: unsaid
    assert not [text for text in draws if any(text in page for page in seen)]
    before = json.loads(seen[0])
    assert before["index"] == 0 and before["observation"]["row"] == [] and before["awaited"] == [1]
    move = own_api.post(f"/api/games/{game_id}/actions", json={"token": anna, "action": "claim 1"})
    assert move.status_code == 409 and move.json()["error"]["code"] == "not_started"
    # Called off before Ben came, it shows nothing either: a new offer is a new deal, unseen.
    assert own_api.post(f"/api/games/{game_id}/abort", json={"token": anna}).status_code == 200
    called_off = own_api.get(f"/api/games/{game_id}", params={"token": anna}).text
    assert json.loads(called_off)["status"] == "aborted"
    assert not [text for text in draws if text in called_off]
    again = rematch(own_api, old_id, tokens[1]).json()
    rematch(own_api, old_id, tokens[0])
    dealt = own_api.get(f"/api/games/{again['id']}", params={"token": again["token"]}).json()
    shown = own_api.app.state.hub.table(again["id"]).actions  # type: ignore[attr-defined]
    assert dealt["awaited"] == [] and dealt["index"] == len(shown) > 0
    assert [e["text"] for e in dealt["log"]] == [a.text for a in shown][-len(dealt["log"]) :]
