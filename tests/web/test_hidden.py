"""Hidden information (future draws, rolls, face-down cavemen) never reaches a client."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import create

GAMES = [
    ("kingdomino", 4, {}),
    ("duel", 2, {}),
    ("origins", 3, {"mode": "tribe"}),
    ("origins", 2, {"mode": "totem"}),
]


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_views_do_not_depend_on_the_hidden_future_and_hold_no_seed(
    client: TestClient, game: str, players: int, options: dict
) -> None:
    seats = [{"kind": "human"} for _ in range(players)]
    seed = 123456789
    created = create(client, game=game, players=players, seats=seats, options=options, seed=seed)
    tokens = [seat["token"] for seat in created["seats"]]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live = hub.games[created["id"]]
    messages = []
    with client.websocket_connect(f"/ws/games/{created['id']}?tokens={created['spectator_token']}") as socket:
        messages.append(socket.receive_json())
        for _ in range(15):
            view = client.get(f"/api/games/{created['id']}", params={"token": tokens[0]}).json()
            token = tokens[view["current_player"]]
            mine = client.get(f"/api/games/{created['id']}", params={"token": token}).json()
            client.post(
                f"/api/games/{created['id']}/actions",
                json={"token": token, "action": mine["legal_actions"][-1]},
            )
            messages.append(socket.receive_json())
            # The seed fixes every future chance event: changing it must not change what anyone sees.
            views = [hub.view(live, frozenset([t])) for t in tokens]
            live.stored.seed = seed + 1
            assert [hub.view(live, frozenset([t])) for t in tokens] == views
            live.stored.seed = seed
    text = json.dumps(messages)
    assert str(seed) not in text and '"seed"' not in text
    assert all(m["legal_actions"] == [] for m in messages)
    assert client.get(f"/api/games/{created['id']}/record").status_code == 409
