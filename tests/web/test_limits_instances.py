"""Soft limits over two servers on one PostgreSQL database: requests sent through both at once
never pass a limit, each counted under a lock on the owning row in the transaction that writes
(``tournament_store.organise``, ``simul_store.add_entrant``). Each test holds both requests just
after their first count, the one the server makes before the write, until both have made it:
without the count under the lock, both would be written. Skipped without
``KINGDOMINO_TEST_POSTGRES_URL`` (servers share none but PostgreSQL)."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.test_challenges import DAYS
from tests.web.test_clubs import post
from tests.web.test_relations import app_over, people
from tests.web.test_simuls import new_simul, refused

from kingdomino.web import relations, tournament_rounds
from kingdomino.web.tournaments import MAX_ORGANISED


def held_together(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function``, each of its first two calls waiting for the other (10 s at most)."""
    both = threading.Barrier(2, timeout=10)
    calls = itertools.count()

    def waiting(*args: Any, **kwargs: Any) -> Any:
        if next(calls) < 2:
            both.wait()
        return function(*args, **kwargs)

    return waiting


def test_a_tournament_organised_through_two_servers_at_once_is_one_past_the_limit_refused(
    shared_postgres: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Kira organises two tournaments, one fewer than the most; her next two are sent at once,
    one through each server: one is made, the other refused 429 ``too_many_tournaments``."""
    with TestClient(app_over(shared_postgres)) as one, TestClient(app_over(shared_postgres)) as other:
        ((_, kira),) = people(one, "Kira")
        body = {"name": "Club night", "game": "kingdomino", "format": "swiss", "time_control": DAYS}
        for _ in range(MAX_ORGANISED - 1):
            assert post(one, kira, "/api/tournaments", **body, play=False).status_code == 201
        monkeypatch.setattr(
            tournament_rounds, "checked_options", held_together(tournament_rounds.checked_options)
        )
        with ThreadPoolExecutor(2) as pool:
            answers = list(
                pool.map(lambda c: post(c, kira, "/api/tournaments", **body, play=False), (one, other))
            )
        assert sorted(a.status_code for a in answers) == [201, 429], [a.text for a in answers]
        refused(next(a for a in answers if a.status_code == 429), 429, "too_many_tournaments")


def test_applications_through_two_servers_at_once_pass_no_simul_limit(
    shared_postgres: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A simul takes one more applicant; Boris and Anna apply at once, one through each server
    (each server read the simul before either wrote): one applies, the other is refused 409
    ``simul_full``, as an application to a full simul is."""
    monkeypatch.setattr("kingdomino.web.simuls.MAX_APPLICANTS", 2)
    with TestClient(app_over(shared_postgres)) as one, TestClient(app_over(shared_postgres)) as other:
        (_, host), (_, cleo), (_, boris), (_, anna) = people(one, "Host", "Cleo", "Boris", "Anna")
        simul_id = new_simul(one, host)
        assert post(one, cleo, f"/api/simuls/{simul_id}/apply").status_code == 200
        monkeypatch.setattr(relations, "apart", held_together(relations.apart))
        with ThreadPoolExecutor(2) as pool:
            answers = list(
                pool.map(
                    lambda sent: post(sent[0], sent[1], f"/api/simuls/{simul_id}/apply"),
                    ((one, boris), (other, anna)),
                )
            )
        assert sorted(a.status_code for a in answers) == [200, 409], [a.text for a in answers]
        refused(next(a for a in answers if a.status_code == 409), 409, "simul_full")
