"""A server reads at most ``AT_ONCE`` players' statistics at a time, whoever asks
(``routes/insights.py``): the limit per client bounds one reader, but many clients asking for a
player of thousands of games held a database thread each, the threads logins and moves wait for.
The others await their turn and are answered."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.test_players_api import log_in

from kingdomino.web import insights
from kingdomino.web.routes import insights as insight_routes

ASKERS = 5


def waiting(client: TestClient) -> int:
    """The statistics readings awaiting their turn in the app (none before the first reading)."""
    slots = getattr(client.app.state, "statistics_slots", None)  # type: ignore[attr-defined]
    line: Any = getattr(slots, "_waiters", None) or ()
    return len(line)


def test_statistics_are_read_a_few_at_a_time_whoever_asks(
    api: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    name, _ = log_in(api)
    reading = threading.Semaphore(0)
    release = threading.Event()
    lock = threading.Lock()
    now_reading: list[int] = [0]
    most: list[int] = [0]
    real = insights.statistics

    def held(*args: Any) -> Any:
        with lock:
            now_reading[0] += 1
            most[0] = max(most[0], now_reading[0])
        reading.release()
        try:
            assert release.wait(30), "never released"
            return real(*args)
        finally:
            with lock:
                now_reading[0] -= 1

    monkeypatch.setattr(insights, "statistics", held)

    def ask(_: int) -> int:
        return int(api.get(f"/api/players/{name}/stats").status_code)

    with ThreadPoolExecutor(ASKERS) as pool:
        answers = [pool.submit(ask, n) for n in range(ASKERS)]
        for _ in range(insight_routes.AT_ONCE):  # the first readers are in
            assert reading.acquire(timeout=30)
        # The others are in the server too, awaiting their turn (the semaphore's line).
        deadline = time.monotonic() + 30
        while waiting(api) < ASKERS - insight_routes.AT_ONCE:
            assert time.monotonic() < deadline, f"{waiting(api)} awaiting"
            time.sleep(0.01)
        assert now_reading[0] == insight_routes.AT_ONCE
        release.set()
        assert [answer.result(timeout=30) for answer in answers] == [200] * ASKERS
    assert most[0] == insight_routes.AT_ONCE
