"""The scorer's requests (``POST /api/score``, ``POST /api/score/table``) are scored on a thread,
not on the event loop, and limited per client (``routes.scoring``). The small limit here is
counted in hours, so no machine is slow enough for the window to slide under the test."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from fastapi.testclient import TestClient
from limits import parse

from kingdomino.web import score_table, views
from kingdomino.web.routes import scoring

#: The server's own limits (``conftest`` lifts them for every other test).
SERVER_RATES = scoring.SCORE_REQUESTS

SCORE = {"game": "kingdomino", "options": {}, "text": "W1 C F1"}
TABLE = {"game": "kingdomino", "kingdoms": [{"text": "W1 C"}, {"text": "C F1"}]}


def on_the_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def test_a_kingdom_is_scored_off_the_event_loop(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []
    scored_text = views.scored_text

    def watched(*args: Any) -> dict[str, Any]:
        seen.append(on_the_loop())
        return scored_text(*args)

    monkeypatch.setattr(views, "scored_text", watched)
    answer = client.post("/api/score", json=SCORE)
    assert answer.status_code == 200 and answer.json()["total"] == 2, answer.text
    assert seen == [False], seen


def test_a_table_is_scored_off_the_event_loop(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []
    scored_table = score_table.scored_table

    def watched(*args: Any) -> dict[str, Any]:
        seen.append(on_the_loop())
        return scored_table(*args)

    monkeypatch.setattr(scoring, "scored_table", watched)
    answer = client.post("/api/score/table", json=TABLE)
    assert answer.status_code == 200, answer.text
    assert seen == [False], seen


def test_a_client_s_scorings_are_limited(client: TestClient) -> None:
    app: Any = client.app
    app.state.score_rate = (parse("3/hour"),)
    for path, body in (("/api/score", SCORE), ("/api/score/table", TABLE), ("/api/score", SCORE)):
        assert client.post(path, json=body).status_code == 200
    for path, body in (("/api/score/table", TABLE), ("/api/score", SCORE)):
        answer = client.post(path, json=body)
        assert answer.status_code == 429, answer.text
        error = answer.json()["error"]
        assert error["code"] == "too_many_requests" and error["values"]["seconds"] >= 1, error
        assert "score requests" in error["message"] and int(answer.headers["Retry-After"]) >= 1
    assert client.get("/api/score/formats").status_code == 200  # how texts are written: not counted


def test_a_player_tapping_squares_is_never_refused(client: TestClient) -> None:
    """The server's own limits: a score and a table's totals for each of 24 squares laid, as fast
    as the server answers (counted, not timed: a second's limit holds them all)."""
    app: Any = client.app
    app.state.score_rate = SERVER_RATES
    text = "C"
    for square in range(24):
        text = f"{text} W{square % 2}" if square % 6 else f"{text}\nW0"
        assert client.post("/api/score", json={**SCORE, "text": text}).status_code in (200, 422)
        table = {**TABLE, "kingdoms": [{"text": text}, {"text": "C F1"}]}
        assert client.post("/api/score/table", json=table).status_code in (200, 422)
    assert SERVER_RATES[0].amount >= 48, SERVER_RATES
