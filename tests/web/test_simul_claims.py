"""A simul's boards are never claimed from a gone player (``gone_claims``): the host plays from the
simul's page, away from every board's page but the one they are at, so each board where the host
is to act would be claimable as soon as it came to them. (Attack review of 2026-12-01, evening.)"""

from __future__ import annotations

from fastapi.testclient import TestClient
from tests.web.sockets import next_of_type
from tests.web.test_challenges import as_
from tests.web.test_gone import gone_long
from tests.web.test_simuls import client, read, started_simul

__all__ = ["client"]  # the fixture, over SQLite then PostgreSQL


def test_a_challenger_may_not_claim_the_board_of_a_host_at_another(client: TestClient) -> None:
    """The host is to act on every board and has opened none for longer than the claim's wait:
    Boris's page is offered no claim, and his claim is refused ``gone_simul``."""
    simul_id, named = started_simul(client)
    boris_s = named[1][1]
    board = next(game for game in read(client, boris_s, simul_id)["games"] if game["token"])
    game_id, token = board["id"], board["token"]
    view = as_(client, None).get(f"/api/games/{game_id}", params={"token": token}).json()
    host = view["current_player"]
    assert host not in view["your_seats"] and view["status"] == "playing"
    gone_long(client, game_id, host)
    with as_(client, None).websocket_connect(f"/ws/games/{game_id}", params={"tokens": token}) as page:
        told = next_of_type(page, "presence")
        assert told["gone"] == {}, told
    answer = as_(client, None).post(f"/api/games/{game_id}/claim", json={"token": token})
    assert answer.status_code == 409, answer.text
    assert answer.json()["error"]["code"] == "gone_simul", answer.text
    after = as_(client, None).get(f"/api/games/{game_id}", params={"token": token}).json()
    assert after["seats"][host]["kind"] == "human"
