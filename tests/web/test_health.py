"""``GET /api/health``: what a load balancer or a service manager polls to know a server can serve:
200 while its database answers, 503 ``unavailable`` with ``Retry-After`` once it cannot be read."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine
from tests.web.conftest import assert_error_shape


def test_a_serving_server_is_healthy(client: TestClient) -> None:
    answer = client.get("/api/health")
    assert answer.status_code == 200 and answer.json() == {"status": "ok"}


def test_a_server_whose_database_cannot_be_read_is_unhealthy(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database gone (here: its store's engine pointed at a file in a folder that is not
    there): 503, so that a load balancer sends the players to the other servers meanwhile."""
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    monkeypatch.setattr(store, "engine", create_engine(f"sqlite:///{tmp_path / 'gone' / 'games.sqlite3'}"))
    answer = client.get("/api/health")
    assert answer.status_code == 503 and answer.headers["Retry-After"] == "2"
    error = assert_error_shape(answer.json())
    assert error["code"] == "unavailable" and "database" in error["message"]


def test_a_monitor_s_head_request_is_answered_as_its_get(client: TestClient) -> None:
    """Uptime monitors and ``curl -I`` ask with ``HEAD``: the health and the lobby's page answer
    it 200, as their ``GET`` (found by the operator's review of 2026-12-01: 405, a site "down")."""
    for path in ("/api/health", "/"):
        assert client.head(path).status_code == 200, path
