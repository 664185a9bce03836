"""Tournaments made at once: a script that sends five creations together (the rate limit's five
a minute) organises three tournaments not yet over, as one that sends them one after another
does; the count of those made before is taken with each creation, not apart from it."""

from __future__ import annotations

import secrets
from concurrent.futures import ThreadPoolExecutor

from fastapi.testclient import TestClient
from tests.web.test_challenges import DAYS, account, as_
from tests.web.test_tournaments import client

from kingdomino.web.tournaments import MAX_ORGANISED

__all__ = ["client"]


def test_creations_sent_at_once_organise_three_at_most(client: TestClient) -> None:
    kira = account(client, f"Kira{secrets.token_hex(3)}")
    body = {
        "name": "Club night",
        "game": "kingdomino",
        "format": "swiss",
        "time_control": DAYS,
        "play": False,
    }
    with ThreadPoolExecutor(5) as pool:
        answers = list(
            pool.map(lambda _: as_(client, kira).post("/api/tournaments", json=body).status_code, range(5))
        )
    assert sorted(answers) == [201] * MAX_ORGANISED + [429] * (5 - MAX_ORGANISED), answers
