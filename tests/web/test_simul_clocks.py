"""The host's extra time in a simul (``web.simul_clocks``): minutes for the host and seconds per
challenger, checked with refusals naming the field, refused on a clock of a move's time, stored and
shown, and given to the host's seat alone at the start of every game, whose clock runs on from it
and is read again by a server that starts over the same database."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.test_challenges import as_
from tests.web.test_clubs import post
from tests.web.test_relations import app_over, people
from tests.web.test_simuls import MINUTES, client, new_simul, read, refused

__all__ = ["client"]  # the fixture, over SQLite then PostgreSQL

DAYS = {"kind": "days", "days": 1}


def started(client: TestClient, **fields: Any) -> dict[str, Any]:
    """A simul of a host and three challengers with ``fields``, started: the host's read of it."""
    named = people(client, "Host", "Boris", "Anna", "Cleo")
    simul_id = new_simul(client, named[0][1], **fields)
    for _, session in named[1:]:
        assert post(client, session, f"/api/simuls/{simul_id}/apply").status_code == 200
    assert post(client, named[0][1], f"/api/simuls/{simul_id}/accept-all").status_code == 200
    made = post(client, named[0][1], f"/api/simuls/{simul_id}/start")
    assert made.status_code == 200, made.text
    return dict(made.json())


def clock_of(client: TestClient, game: dict[str, Any]) -> dict[str, Any]:
    view = as_(client, None).get(f"/api/games/{game['id']}", params={"token": game["token"]}).json()
    return dict(view["clock"])


@pytest.mark.parametrize(
    ("fields", "field", "code"),
    [
        ({"host_extra": 61}, "host_extra", "simul_host_extra"),
        ({"host_extra": -1}, "host_extra", "simul_host_extra"),
        ({"extra_per_challenger": 61}, "extra_per_challenger", "simul_extra_per_challenger"),
        ({"extra_per_challenger": -5}, "extra_per_challenger", "simul_extra_per_challenger"),
        ({"host_extra": 5, "time_control": DAYS}, "host_extra", "simul_extra_clock"),
        ({"extra_per_challenger": 10, "time_control": DAYS}, "extra_per_challenger", "simul_extra_clock"),
        (
            {"host_extra": 5, "time_control": {"kind": "move", "seconds": 30}},
            "host_extra",
            "simul_extra_clock",
        ),
        ({"host_extra": 5, "rated": True}, "host_extra", "simul_extra_rated"),
        ({"extra_per_challenger": 5, "rated": True}, "extra_per_challenger", "simul_extra_rated"),
    ],
)
def test_extra_time_is_refused_naming_its_field(
    client: TestClient, fields: dict[str, Any], field: str, code: str
) -> None:
    ((host, host_s),) = people(client, "Host")
    answer = post(client, host_s, "/api/simuls", **{"game": "kingdomino", "time_control": MINUTES, **fields})
    refused(answer, 422, code)
    assert answer.json()["error"]["field"] == field, answer.text
    assert all(s["host"] != host for s in as_(client, None).get("/api/simuls").json()["simuls"])


def test_extra_time_takes_whole_numbers_only(client: TestClient) -> None:
    ((_, host_s),) = people(client, "Host")
    for wrong in ("5", 2.5, True, None):
        body = {"game": "kingdomino", "time_control": MINUTES, "host_extra": wrong}
        answer = post(client, host_s, "/api/simuls", **body)
        assert answer.status_code == 422, answer.text
        assert "host_extra" in answer.json()["error"]["field"], answer.text


def test_a_clock_by_the_day_takes_no_extra_time_but_plays(client: TestClient) -> None:
    """Zero extra time with a turn-based clock is no extra time: the simul is made as before."""
    ((_, host_s),) = people(client, "Host")
    simul_id = new_simul(client, host_s, time_control=DAYS, host_extra=0, extra_per_challenger=0)
    assert read(client, None, simul_id)["host_extra"] == 0


def test_the_host_alone_starts_each_game_with_the_extra_time(client: TestClient) -> None:
    simul = started(client, host_extra=5, extra_per_challenger=20, first="alternate")
    assert (simul["host_extra"], simul["extra_per_challenger"]) == (5, 20)
    seen = read(client, None, simul["id"])
    assert (seen["host_extra"], seen["extra_per_challenger"]) == (5, 20), "stored, shown to anyone"
    host_start = 10 * 60 + 5 * 60 + 20 * 3  # three games
    for game in simul["games"]:
        clock = clock_of(client, game)
        host = game["host_seat"]
        assert clock["remaining"][host] == host_start, clock
        assert clock["remaining"][1 - host] == 10 * 60, "the challenger's clock is the time control's"


def test_without_extra_time_both_clocks_start_alike(client: TestClient) -> None:
    simul = started(client)
    assert (simul["host_extra"], simul["extra_per_challenger"]) == (0, 0)
    for game in simul["games"]:
        assert clock_of(client, game)["remaining"] == [600, 600]


def test_the_host_clock_runs_on_from_its_larger_start_after_a_restart(database: str) -> None:
    with TestClient(app_over(database)) as client:
        simul = started(client, host_extra=2, first="host")
        game = simul["games"][0]
        host = game["host_seat"]
        mine = as_(client, None).get(f"/api/games/{game['id']}", params={"token": game["token"]}).json()
        assert mine["current_player"] == host and mine["clock"]["running"] == host
        moved = as_(client, None).post(
            f"/api/games/{game['id']}/actions",
            json={"token": game["token"], "action": mine["legal_actions"][0], "index": mine["index"]},
        )
        assert moved.status_code == 200, moved.text
        after = clock_of(client, game)
    with TestClient(app_over(database)) as client:
        again = clock_of(client, game)
    left = again["remaining"][host]
    # The host's move took a moment off 12 minutes and gave the increment back: far above 10 min.
    assert 12 * 60 - 5 < left <= 12 * 60 + 5, again
    assert again["remaining"] == after["remaining"] and again["remaining"][1 - host] == 600
