"""Which finished games had no move (``games_moved``): a game resigned before anyone moved has the
deal alone in its actions (the lists offer no replay of it: ``test_games_without_play.py``)."""

from __future__ import annotations

from fastapi.testclient import TestClient
from tests.web.conftest import create

from kingdomino.web.games_moved import unplayed, unplayed_in


def test_a_game_resigned_before_any_move_is_unplayed(client: TestClient) -> None:
    without = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    played = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    tokens = [seat["token"] for seat in played["seats"]]
    view = client.get(f"/api/games/{played['id']}", params={"token": tokens[0]}).json()
    token = tokens[view["current_player"]]
    mine = client.get(f"/api/games/{played['id']}", params={"token": token}).json()
    moving = {"token": token, "action": mine["legal_actions"][0], "index": mine["index"]}
    assert client.post(f"/api/games/{played['id']}/actions", json=moving).status_code == 200
    for game in (without, played):
        resigned = client.post(f"/api/games/{game['id']}/resign", json={"token": game["seats"][1]["token"]})
        assert resigned.status_code == 200, resigned.text
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    assert unplayed_in(store, [without["id"], played["id"], "no-such-game"]) == {without["id"]}
    with store.engine.connect() as connection:
        assert unplayed(connection, []) == set()
