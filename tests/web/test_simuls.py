"""Simultaneous exhibitions (``web.simuls``): a host creates one, accounts apply, the host accepts
or declines each and starts it (a game for each accepted player, the host in each), the simul
counts the host's results as its games end and ends with the last, and all of it is read again
by a server that starts over the same database."""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from tests.web.test_challenges import as_
from tests.web.test_clubs import post
from tests.web.test_inbox import inbox
from tests.web.test_relations import app_over, people, put

from kingdomino.web import simul_store
from kingdomino.web.push_texts import PushText
from kingdomino.web.tables import GameRow

MINUTES = {"kind": "game", "minutes": 10, "increment": 5}


@pytest.fixture
def client(either_database: str) -> Iterator[TestClient]:
    """A client over SQLite, then over the test PostgreSQL (accounts made quickly)."""
    with TestClient(app_over(either_database)) as test_client:
        yield test_client


def present(found: simul_store.Simul | None) -> simul_store.Simul:
    assert found is not None
    return found


def refused(answer: Any, status: int, code: str) -> None:
    assert answer.status_code == status, answer.text
    assert answer.json()["error"]["code"] == code, answer.text


def new_simul(client: TestClient, session: str, **fields: Any) -> str:
    body = {"game": "kingdomino", "time_control": MINUTES, "text": "Come and play", **fields}
    made = post(client, session, "/api/simuls", **body)
    assert made.status_code == 201, made.text
    return str(made.json()["id"])


def read(client: TestClient, session: str | None, simul_id: str) -> dict[str, Any]:
    found = as_(client, session).get(f"/api/simuls/{simul_id}")
    assert found.status_code == 200, found.text
    return dict(found.json())


def started_simul(client: TestClient, first: str = "host") -> tuple[str, list[tuple[str, str]]]:
    """A simul of a host and three challengers, started: its id, and the host then each
    challenger (name, session)."""
    named = people(client, "Host", "Boris", "Anna", "Cleo")
    host_s = named[0][1]
    simul_id = new_simul(client, host_s, first=first)
    for _, session in named[1:]:
        assert post(client, session, f"/api/simuls/{simul_id}/apply").status_code == 200
    assert post(client, host_s, f"/api/simuls/{simul_id}/accept-all").status_code == 200
    started = post(client, host_s, f"/api/simuls/{simul_id}/start")
    assert started.status_code == 200, started.text
    return simul_id, named


def test_a_host_takes_players_and_starts_a_game_with_each(client: TestClient) -> None:
    (host, host_s), (boris, boris_s), (anna, anna_s), (cleo, cleo_s) = people(
        client, "Host", "Boris", "Anna", "Cleo"
    )
    simul_id = new_simul(client, host_s)
    listed = as_(client, None).get("/api/simuls").json()["simuls"]
    assert any(s["id"] == simul_id and s["host"] == host and s["status"] == "open" for s in listed)
    for session in (boris_s, anna_s, cleo_s):
        assert post(client, session, f"/api/simuls/{simul_id}/apply").status_code == 200
    assert post(client, host_s, f"/api/simuls/{simul_id}/answer", name=anna, accept=False).status_code == 200
    refused(post(client, host_s, f"/api/simuls/{simul_id}/start"), 409, "simul_too_few")
    assert post(client, host_s, f"/api/simuls/{simul_id}/answer", name=boris, accept=True).status_code == 200
    assert post(client, host_s, f"/api/simuls/{simul_id}/answer", name=cleo, accept=True).status_code == 200
    seen = read(client, anna_s, simul_id)
    assert seen["you"] == {"host": False, "state": "declined", "account": True}
    assert read(client, None, simul_id)["you"] == {"host": False, "state": None, "account": False}
    assert [e["state"] for e in seen["entrants"]] == ["accepted", "declined", "accepted"]
    started = post(client, host_s, f"/api/simuls/{simul_id}/start").json()
    assert started["status"] == "running"
    assert sorted(g["challenger"] for g in started["games"]) == sorted([boris, cleo])
    assert all(g["token"] and g["host_to_move"] and g["status"] == "playing" for g in started["games"])
    game = as_(client, None).get(
        f"/api/games/{started['games'][0]['id']}", params={"token": started["games"][0]["token"]}
    )
    view = game.json()
    assert view["rated"] is False and view["your_seats"] == [started["games"][0]["host_seat"]]
    assert all(seat["simul"] == simul_id for seat in view["seats"])
    mine = read(client, boris_s, simul_id)["games"]
    assert [bool(g["token"]) for g in mine] == [g["challenger"] == boris for g in mine]
    assert not any(g["token"] for g in read(client, None, simul_id)["games"])
    refused(post(client, anna_s, f"/api/simuls/{simul_id}/apply"), 409, "simul_closed")


def test_who_moves_first_is_as_the_host_chose(client: TestClient) -> None:
    simul_id, named = started_simul(client, "challengers")
    assert not any(g["host_to_move"] for g in read(client, named[0][1], simul_id)["games"])
    simul_id, named = started_simul(client, "alternate")
    boards = read(client, named[0][1], simul_id)["games"]
    assert [g["host_to_move"] for g in boards] == [True, False, True]
    assert [g["challenger"] for g in boards] == [name for name, _ in named[1:]], "kept in the simul's order"


def test_each_challenger_is_told_the_simul_started(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    told: list[tuple[int, PushText]] = []
    pusher = client.app.state.hub.pusher  # type: ignore[attr-defined]

    def tell(account: int, wording: Any, page: Any = None) -> None:
        told.append((account, wording("en")))

    monkeypatch.setattr(pusher, "tell", tell)
    simul_id, named = started_simul(client)
    games = {g["challenger"]: g["id"] for g in read(client, named[0][1], simul_id)["games"]}
    assert not inbox(client, named[0][1])["entries"], "the host is not told of their own start"
    for name, session in named[1:]:
        entry = inbox(client, session)["entries"][0]
        assert (entry["kind"], entry["params"]["name"], entry["params"]["game_id"]) == (
            "simul_started",
            named[0][0],
            games[name],
        )
        assert entry["token"], "the entry opens the challenger's own seat"
    assert len(told) == 3
    assert {text.href for _, text in told} == {f"/game/{game}" for game in games.values()}
    assert told[0][1].title == f"{named[0][0]}'s simul has started: play your game"


def test_refusals_say_what_was_expected(client: TestClient) -> None:
    (_, host_s), (_, boris_s) = people(client, "Host", "Boris")
    refused(as_(client, None).post("/api/simuls", json={"game": "kingdomino"}), 401, "simul_guest")
    refused(post(client, host_s, "/api/simuls", game="kingdomino", rated=True), 422, "simul_clock")
    refused(post(client, host_s, "/api/simuls", game="duel"), 422, "simul_clock")
    wrong = post(client, host_s, "/api/simuls", game="kingdomino", first="nobody")
    assert wrong.status_code == 422 and wrong.json()["error"]["field"] == "first", wrong.text
    simul_id = new_simul(client, host_s)
    refused(as_(client, None).post(f"/api/simuls/{simul_id}/apply"), 401, "simul_guest")
    refused(post(client, host_s, f"/api/simuls/{simul_id}/apply"), 409, "simul_own")
    assert post(client, boris_s, f"/api/simuls/{simul_id}/apply").status_code == 200
    refused(post(client, boris_s, f"/api/simuls/{simul_id}/apply"), 409, "simul_applied")
    assert post(client, boris_s, f"/api/simuls/{simul_id}/withdraw").status_code == 200
    assert read(client, boris_s, simul_id)["entrants"] == []
    refused(post(client, boris_s, f"/api/simuls/{simul_id}/withdraw"), 409, "simul_not_applied")
    assert post(client, boris_s, f"/api/simuls/{simul_id}/apply").status_code == 200
    refused(post(client, boris_s, f"/api/simuls/{simul_id}/accept-all"), 403, "simul_not_host")
    answer = post(client, host_s, f"/api/simuls/{simul_id}/answer", name="nobody", accept=True)
    refused(answer, 404, "simul_no_applicant")
    new_simul(client, host_s)
    third = post(client, host_s, "/api/simuls", game="kingdomino", time_control=MINUTES)
    refused(third, 429, "too_many_simuls")
    refused(as_(client, None).get("/api/simuls/000000000000"), 404, "no_simul")


def end_game(client: TestClient, game: dict[str, Any], how: str) -> None:
    """End ``game`` of the host's view as ``how`` says: ``resign`` or ``abort`` by the host."""
    ended = as_(client, None).post(f"/api/games/{game['id']}/{how}", json={"token": game["token"]})
    assert ended.status_code == 200, ended.text


def test_results_are_counted_as_games_end_and_the_last_ends_it(client: TestClient) -> None:
    simul_id, named = started_simul(client)
    host_s = named[0][1]
    games = read(client, host_s, simul_id)["games"]
    by_challenger = {name: session for name, session in named[1:]}
    theirs = read(client, by_challenger[games[0]["challenger"]], simul_id)["games"]
    challenger_game = next(g for g in theirs if g["token"])
    end_game(client, challenger_game, "resign")  # the challenger resigns: the host wins
    # Kept as the game ends (``Hub.ended``), before anyone reads the simul again.
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    deadline = time.monotonic() + 10
    while not any(e.result == "win" for e in present(simul_store.load(store, simul_id)).entrants):
        assert time.monotonic() < deadline, "the game's end was not kept"
        time.sleep(0.02)
    end_game(client, games[1], "resign")
    seen = read(client, host_s, simul_id)
    assert seen["results"] == {"win": 1, "draw": 0, "loss": 1, "unplayed": 0}
    assert seen["status"] == "running" and seen["playing"] == 1
    end_game(client, games[2], "abort")
    seen = read(client, None, simul_id)
    assert seen["results"] == {"win": 1, "draw": 0, "loss": 1, "unplayed": 1}
    assert seen["status"] == "finished"
    listed = as_(client, None).get("/api/simuls").json()["simuls"]
    assert next(s for s in listed if s["id"] == simul_id)["status"] == "finished"


def test_a_rated_simul_plays_rated_games(client: TestClient) -> None:
    (_, host_s), (boris, boris_s), (_, anna_s) = people(client, "Host", "Boris", "Anna")
    simul_id = new_simul(client, host_s, rated=True, first="alternate")
    for session in (boris_s, anna_s):
        assert post(client, session, f"/api/simuls/{simul_id}/apply").status_code == 200
    assert post(client, host_s, f"/api/simuls/{simul_id}/accept-all").status_code == 200
    games = post(client, host_s, f"/api/simuls/{simul_id}/start").json()["games"]
    assert sum(g["host_to_move"] for g in games) == 1
    for game in games:
        view = as_(client, None).get(f"/api/games/{game['id']}", params={"token": game["token"]}).json()
        assert view["rated"] is True and view["time_control"]["minutes"] == 10
    assert read(client, None, simul_id)["rated"] is True
    assert boris in {g["challenger"] for g in games}


def test_a_simul_survives_a_restart(database: str) -> None:
    with TestClient(app_over(database)) as client:
        simul_id, named = started_simul(client)
        games = read(client, named[0][1], simul_id)["games"]
        end_game(client, games[0], "resign")
    with TestClient(app_over(database)) as client:
        seen = read(client, named[0][1], simul_id)
        assert seen["status"] == "running" and seen["results"]["loss"] == 1
        assert sorted(g["id"] for g in seen["games"]) == sorted(g["id"] for g in games)
        assert [g["id"] for g in seen["games"]] == [g["id"] for g in games], "in the simul's order"
        for game in seen["games"][1:]:
            end_game(client, game, "resign")
        assert read(client, None, simul_id)["results"]["loss"] == 3


def test_players_declined_leave_room_for_others(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """A crowd of accounts (one person's, say) applying fills the simul; once the host declines
    them, others apply again: those declined are not counted among its applicants."""
    monkeypatch.setattr("kingdomino.web.simuls.MAX_APPLICANTS", 2)
    (_, host_s), (boris, boris_s), (anna, anna_s), (_, cleo_s) = people(
        client, "Host", "Boris", "Anna", "Cleo"
    )
    simul_id = new_simul(client, host_s)
    for session in (boris_s, anna_s):
        assert post(client, session, f"/api/simuls/{simul_id}/apply").status_code == 200
    refused(post(client, cleo_s, f"/api/simuls/{simul_id}/apply"), 409, "simul_full")
    for name in (boris, anna):
        assert (
            post(client, host_s, f"/api/simuls/{simul_id}/answer", name=name, accept=False).status_code == 200
        )
    assert post(client, cleo_s, f"/api/simuls/{simul_id}/apply").status_code == 200
    refused(post(client, boris_s, f"/api/simuls/{simul_id}/apply"), 409, "simul_applied")


def test_simuls_asked_for_at_once_are_two_at_most(client: TestClient) -> None:
    """A host who sends five creations at once (a script's) hosts two simuls, as one after
    another would: each is counted with those made before it."""
    ((host, host_s),) = people(client, "Host")
    body = {"game": "kingdomino", "time_control": MINUTES}
    with ThreadPoolExecutor(5) as pool:
        answers = list(pool.map(lambda _: post(client, host_s, "/api/simuls", **body).status_code, range(5)))
    assert sorted(answers) == [201, 201, 429, 429, 429], answers
    mine = [s for s in as_(client, None).get("/api/simuls").json()["simuls"] if s["host"] == host]
    assert len(mine) == 2


def test_a_start_asked_of_two_servers_at_once_makes_each_game_once(database: str) -> None:
    """The host's Start sent twice, to two servers over one database (a double click behind a
    balancer): each challenger gets one game, not one on each server."""
    with TestClient(app_over(database)) as one, TestClient(app_over(database)) as other:
        named = people(one, "Host", "Boris", "Anna", "Cleo")
        host_s = named[0][1]
        simul_id = new_simul(one, host_s)
        for _, session in named[1:]:
            assert post(one, session, f"/api/simuls/{simul_id}/apply").status_code == 200
        assert post(one, host_s, f"/api/simuls/{simul_id}/accept-all").status_code == 200
        with ThreadPoolExecutor(2) as pool:
            starts = list(pool.map(lambda c: post(c, host_s, f"/api/simuls/{simul_id}/start"), (one, other)))
        assert all(answer.status_code in (200, 409) for answer in starts), [a.text for a in starts]
        store = one.app.state.hub.store  # type: ignore[attr-defined]
        with store.engine.connect() as connection:
            seats = connection.execute(select(GameRow.seats)).scalars().all()
        made = [s for s in seats if any(seat.get("simul") == simul_id for seat in s)]
        assert len(made) == 3, f"{len(made)} games for 3 challengers"
        games = read(one, host_s, simul_id)["games"]
        assert len({g["id"] for g in games}) == 3 and all(g["status"] == "playing" for g in games)


def test_a_block_keeps_a_player_from_applying(client: TestClient) -> None:
    """A block keeps two accounts apart in a simul as at a game: a player the host blocked, or
    who blocked the host, does not apply (and so never reaches "Accept all")."""
    (host, host_s), (boris, boris_s), (_, anna_s) = people(client, "Host", "Boris", "Anna")
    assert put(client, host_s, "blocked", boris).status_code == 200
    assert put(client, anna_s, "blocked", host).status_code == 200
    simul_id = new_simul(client, host_s)
    refused(post(client, boris_s, f"/api/simuls/{simul_id}/apply"), 403, "join_refused")
    refused(post(client, anna_s, f"/api/simuls/{simul_id}/apply"), 403, "you_blocked")
    assert read(client, host_s, simul_id)["entrants"] == []


def test_a_start_makes_no_more_than_thirty_games(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Answers sent to two servers at once may accept beyond the bound (each server counts on
    its own); the start counts again and makes no more games than a host can follow."""
    named = people(client, "Host", "Boris", "Anna", "Cleo")
    host_s = named[0][1]
    simul_id = new_simul(client, host_s)
    for _, session in named[1:]:
        assert post(client, session, f"/api/simuls/{simul_id}/apply").status_code == 200
    assert post(client, host_s, f"/api/simuls/{simul_id}/accept-all").status_code == 200
    monkeypatch.setattr("kingdomino.web.simuls.MAX_GAMES", 2)  # as if two servers accepted 3
    refused(post(client, host_s, f"/api/simuls/{simul_id}/start"), 409, "simul_too_many")
    assert read(client, host_s, simul_id)["status"] == "open"
