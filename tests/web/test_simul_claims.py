"""A simul's boards are never claimed from a gone player (``gone_claims``), nor a rated one called
off for a host away (``endings``): the host plays from the simul's page, away from every board's
page but the one they are at, so each board where the host is to act would be claimable (or,
before the host's first move, called off) as soon as it came to them. (Attack review of
2026-12-01, evening.)"""

from __future__ import annotations

from fastapi.testclient import TestClient
from tests.web.sockets import next_of_type
from tests.web.test_challenges import as_
from tests.web.test_clubs import post
from tests.web.test_gone import gone_long
from tests.web.test_relations import people
from tests.web.test_simuls import client, new_simul, read, started_simul

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


def test_a_challenger_may_not_call_off_a_rated_board_the_host_has_not_reached(client: TestClient) -> None:
    """In a rated simul, the host is to act first on every board and has not reached Boris's for
    longer than a rated game's wait for a first move: Boris, having seen its deal, may not call
    it off as if the host had stayed away (``abort_simul``); he may resign."""
    named = people(client, "Host", "Boris", "Anna", "Cleo")
    simul_id = new_simul(client, named[0][1], rated=True)
    for _, session in named[1:]:
        assert post(client, session, f"/api/simuls/{simul_id}/apply").status_code == 200
    assert post(client, named[0][1], f"/api/simuls/{simul_id}/accept-all").status_code == 200
    assert post(client, named[0][1], f"/api/simuls/{simul_id}/start").status_code == 200
    board = next(game for game in read(client, named[1][1], simul_id)["games"] if game["token"])
    game_id, token = board["id"], board["token"]
    host = as_(client, None).get(f"/api/games/{game_id}", params={"token": token}).json()["current_player"]
    gone_long(client, game_id, host)
    presence = client.app.state.hub.table(game_id).presence  # type: ignore[attr-defined]
    presence.turn_since = presence.loaded_at
    answer = as_(client, None).post(f"/api/games/{game_id}/abort", json={"token": token})
    assert answer.status_code == 409, answer.text
    assert answer.json()["error"]["code"] == "abort_simul", answer.text
