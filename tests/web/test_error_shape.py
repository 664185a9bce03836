"""Issue #23, defect 5: every refusal, even Starlette's own, is ``{"error": {"field", "message"}}``
(a refusal a player meets in the browser also names its ``code``, with the ``values`` it needs)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import assert_error_shape, create

from kingdomino.web.app import create_app

JSON = {"content-type": "application/json"}


def error_of(response: object, status: int) -> dict[str, str]:
    """The error of an answer that must have ``status`` and exactly the documented shape."""
    assert getattr(response, "status_code", None) == status, getattr(response, "text", response)
    return assert_error_shape(response.json())  # type: ignore[attr-defined]


@pytest.mark.parametrize("route", ["/api/games", "/api/games/lookup", "actions", "undo"])
@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b"[" * 1000 + b"]" * 1000, "JSON nested too deeply"),
        (b'{"a":' * 2000 + b"1" + b"}" * 2000, "JSON nested too deeply"),
        (
            b'{"token": "t", "action": "claim 1", "index": ' + b"7" * 4301 + b"}",
            "a number has too many digits",
        ),
        (b'{"players": -' + b"9" * 5000 + b"}", "a number has too many digits"),
        (b'{"token": "\xff"}', "the body is not UTF-8 text"),
    ],
    ids=["deep-lists", "deep-objects", "huge-int", "huge-negative-int", "bad-byte"],
)
def test_bodies_that_cannot_be_parsed_are_refused_in_the_shape(
    client: TestClient, route: str, body: bytes, message: str
) -> None:
    created = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    token = created["seats"][0]["token"]
    before = client.get(f"/api/games/{created['id']}", params={"token": token}).json()
    path = route if route.startswith("/") else f"/api/games/{created['id']}/{route}"
    error = error_of(client.post(path, content=body, headers=JSON), 400)
    assert error == {"field": "body", "message": message}
    assert client.get(f"/api/games/{created['id']}", params={"token": token}).json() == before


def test_unknown_routes_and_methods_name_the_path_and_the_method(client: TestClient) -> None:
    assert error_of(client.get("/nowhere"), 404)["field"] == "path"
    assert error_of(client.get("/static/missing.js"), 404)["field"] == "path"
    assert error_of(client.post("/api/games/abc/nothing", json={}), 404)["field"] == "path"
    wrong = client.delete("/api/games")
    error = error_of(wrong, 405)
    assert error["field"] == "method" and "DELETE" in error["message"] and "POST" in error["message"]
    assert wrong.headers["allow"] == "POST"
    assert error_of(client.put("/api/games/abc/actions", json={}), 405)["field"] == "method"


def test_a_browser_asking_for_an_unknown_page_gets_the_app_with_404(client: TestClient) -> None:
    """A mistyped address in a browser shows the app (which says so above the lobby), not JSON;
    the API, the sockets and static files keep the error shape whatever the client accepts."""
    html = {"accept": "text/html,application/xhtml+xml"}
    page = client.get("/rules", headers=html)
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    assert '<main id="main"' in page.text
    for path in ("/api/nothing", "/static/missing.js", "/ws/nothing"):
        assert error_of(client.get(path, headers=html), 404)["field"] == "path"
    assert error_of(client.post("/rules", headers=html), 404)["field"] == "path"  # not a page request


def test_an_unexpected_failure_is_a_500_in_the_shape(database: str) -> None:
    app = create_app(database)

    @app.get("/api/boom")
    async def boom() -> None:
        raise RuntimeError("a bug")

    with TestClient(app, raise_server_exceptions=False) as client:
        assert error_of(client.get("/api/boom"), 500)["field"] == "server"


def test_a_query_integer_too_long_is_a_422_naming_it(client: TestClient) -> None:
    error = error_of(client.get("/api/games/abc/replay", params={"step": "9" * 5000}), 422)
    assert error["field"] == "step"


@pytest.mark.parametrize(
    ("route", "body", "field"),
    [
        ("actions", {"action": "claim 1", "index": "0"}, "index"),
        ("/api/games", {"game": "kingdomino", "players": "2", "seats": [{"kind": "human"}] * 2}, "players"),
        ("/api/games", {"game": "duel", "players": 2, "seats": [{"kind": "ai"}] * 2, "seed": "5"}, "seed"),
        ("/api/games", {"game": "duel", "players": 2, "seats": [{"kind": "ai"}] * 2, "hints": 1}, "hints"),
        (
            "/api/games",
            {"game": "duel", "players": 2, "seats": [{"kind": "human", "online": "yes"}] * 2},
            "seats.0.online",
        ),
    ],
    ids=["index-as-text", "players-as-text", "seed-as-text", "hints-as-number", "online-as-text"],
)
def test_a_value_of_another_json_type_is_refused_not_converted(
    client: TestClient, route: str, body: dict[str, object], field: str
) -> None:
    """A number written as text or a yes written as ``1`` is a client's mistake, told with its field."""
    created = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    token = created["seats"][0]["token"]
    before = client.get(f"/api/games/{created['id']}", params={"token": token}).json()
    path = route if route.startswith("/") else f"/api/games/{created['id']}/{route}"
    error = error_of(client.post(path, json={"token": token, **body}), 422)
    assert error["field"] == field
    assert client.get(f"/api/games/{created['id']}", params={"token": token}).json() == before
