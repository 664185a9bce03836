"""The API describes itself: ``/openapi.json`` (and the ``/docs`` page drawn from it) says what each
endpoint does and what each field of a request body holds, for whoever scripts the server."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient


def operations(schema: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (method.upper(), path, operation)
        for path, methods in schema["paths"].items()
        for method, operation in methods.items()
    ]


def test_every_endpoint_says_what_it_does(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    found = operations(schema)
    assert {"/api/games", "/api/games/{game_id}/actions", "/api/score"} <= {path for _, path, _ in found}
    silent = [f"{method} {path}" for method, path, operation in found if not operation.get("description")]
    assert silent == []


def test_every_request_body_field_is_described(client: TestClient) -> None:
    models = client.get("/openapi.json").json()["components"]["schemas"]
    bodies = [name for name in models if name.endswith("Request") or name == "LookupItem"]
    assert {"CreateRequest", "SeatRequest", "ActionRequest", "ScoreRequest"} <= set(bodies)
    silent = [
        f"{name}.{field}"
        for name in bodies
        for field, spec in models[name]["properties"].items()
        if not spec.get("description")
    ]
    assert silent == []
    assert all(models[name].get("description") for name in bodies)
