"""Issue #23, defect 3: a non-ASCII token is a wrong token (403 in the error shape), never a 500."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import assert_error_shape, create, unversioned
from tests.web.sockets import close_code, next_message, next_of_type

from kingdomino.web.tokens import same_token

FORGED = ["é", "tøken", "日本語", "\U0001f600" * 10, "\ufffd"]
NAMES = ["latin1", "latin1-word", "cjk", "emoji", "replacement"]


def refused(response: object) -> dict[str, str]:
    """The error of a 403 answer in the documented shape."""
    assert getattr(response, "status_code", None) == 403, getattr(response, "text", response)
    error = assert_error_shape(response.json())  # type: ignore[attr-defined]
    assert error["field"] == "token"
    return error


@pytest.mark.parametrize("token", FORGED, ids=NAMES)
def test_every_http_route_refuses_a_non_ascii_token(client: TestClient, token: str) -> None:
    created = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    game = f"/api/games/{created['id']}"
    seat = created["seats"][0]["token"]
    before = client.get(game, params={"token": seat}).json()
    refused(client.get(game, params={"token": token}))
    refused(client.post(f"{game}/actions", json={"token": token, "action": "claim 1"}))
    refused(client.post(f"{game}/undo", json={"token": token}))
    refused(client.get(f"{game}/hint", params={"token": token}))
    lookup = client.post("/api/games/lookup", json={"games": [{"id": created["id"], "token": token}]})
    assert lookup.status_code == 200 and lookup.json() == {"games": []}
    assert client.get(game, params={"token": seat}).json() == before


@pytest.mark.parametrize("token", FORGED, ids=NAMES)
def test_the_websocket_refuses_a_non_ascii_token_with_an_error_and_a_close(
    client: TestClient, token: str
) -> None:
    created = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    with client.websocket_connect(f"/ws/games/{created['id']}", params={"tokens": token}) as socket:
        error = next_message(socket, "the refusal of the token")
        assert error["type"] == "error" and error["field"] == "token"
        assert close_code(socket) == 4403


def test_a_non_ascii_token_in_a_socket_message_is_an_error_and_the_socket_stays(client: TestClient) -> None:
    created = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    spectator = created["spectator_token"]
    with client.websocket_connect(f"/ws/games/{created['id']}", params={"tokens": spectator}) as socket:
        assert next_message(socket, "the spectator's first view")["type"] == "state"
        socket.send_json({"type": "action", "token": "é", "action": "claim 1"})
        assert next_of_type(socket, "error")["field"] == "token"  # past how many watch: this page
        socket.send_json({"type": "ping"})
        assert unversioned(next_of_type(socket, "pong"))["type"] == "pong"


def test_same_token_compares_utf8_bytes() -> None:
    assert same_token("é", "é") and not same_token("é", "e") and not same_token("abc", "\udcff")
