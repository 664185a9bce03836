"""Tournaments over two servers on one database (each an app of its own, its own lock): the
last place of a tournament or a team battle is taken once when two joins through the two
servers read it free at the same moment, and a team battle's organiser's side is written only
with their join. Over a PostgreSQL database of each test's own (skipped without
``KINGDOMINO_TEST_POSTGRES_URL``: servers share none but PostgreSQL), the organiser's side over
SQLite too."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import store_of
from tests.web.deadlines import barrier
from tests.web.test_challenges import account
from tests.web.test_clubs import new_club, post
from tests.web.test_open_games import refusal
from tests.web.test_team_battles import app, battle, join
from tests.web.test_tournaments import act, create, current_games, tournament

from kingdomino.web import team_battle
from kingdomino.web import tournament_players as entrants
from kingdomino.web import tournament_store as records
from kingdomino.web.tournaments import Tournaments


def both_read_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on, each read of a tournament waits for the other server's before going on:
    both servers' joins decide from the same reading, as two at the same moment would."""
    both_read = barrier()
    reading = records.load

    def read_then_wait(*arguments: Any) -> Any:
        found = reading(*arguments)
        both_read.wait(timeout=30)
        return found

    monkeypatch.setattr(records, "load", read_then_wait)


def last_place_race(one: TestClient, other: TestClient, paths: list[tuple[str, str, Any]]) -> list[Any]:
    """Post each (session, path, body) of ``paths`` through one server and the other at once:
    their answers."""

    def through(client: TestClient, sent: tuple[str, str, Any]) -> Any:
        session, path, body = sent
        client.cookies.set("kd_session", session)
        return client.post(path, json=body)

    with ThreadPoolExecutor(2) as pool:
        return list(pool.map(through, (one, other), paths))


@pytest.mark.parametrize("kind", ["round_robin", "team_battle"])
def test_two_joins_through_two_servers_take_the_last_place_once(
    shared_postgres: str, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Kira's tournament of three holds Kira and Boris: Cleo joins through one server and Dan
    through the other, both servers reading one place free; one of them is refused as a join
    to a full tournament is, and the tournament holds three players."""
    with TestClient(app(shared_postgres)) as one, TestClient(app(shared_postgres)) as other:
        s = {name: account(one, name) for name in ("Kira", "Boris", "Cleo", "Dan")}
        if kind == "team_battle":
            owls, larks = new_club(one, s["Kira"]), new_club(one, s["Cleo"])
            for member, club in (("Boris", owls), ("Dan", larks)):
                post(one, s[member], f"/api/clubs/{club}/join")
            made = battle(one, s["Kira"], [owls, larks], max_players=3)
            assert made.status_code == 201, made.text
            tournament_id = made.json()["id"]
            assert join(one, s["Boris"], tournament_id).status_code == 200
        else:
            tournament_id = create(one, s["Kira"], max_players=3)["id"]
            assert act(one, s["Boris"], tournament_id, "join").status_code == 200
        both_read_first(monkeypatch)
        path = f"/api/tournaments/{tournament_id}/join"
        answers = last_place_race(one, other, [(s["Cleo"], path, None), (s["Dan"], path, None)])
        monkeypatch.undo()
        assert sorted(a.status_code for a in answers) == [200, 409], [a.text for a in answers]
        assert refusal(next(a for a in answers if a.status_code == 409)) == (409, "tournament_full")
        assert len(tournament(one, tournament_id)["entrants"]) == 3


def test_a_join_a_start_through_the_other_server_overtook_is_refused(
    shared_postgres: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dan joins through one server as Kira starts her round robin through the other, both
    reading it open; the start is written first: Dan is refused as a join to a started
    tournament is, and every player of it is paired in its first round."""
    with TestClient(app(shared_postgres)) as one, TestClient(app(shared_postgres)) as other:
        s = {name: account(one, name) for name in ("Kira", "Boris", "Cleo", "Dan")}
        tournament_id = create(one, s["Kira"])["id"]
        for name in ("Boris", "Cleo"):
            assert act(one, s[name], tournament_id, "join").status_code == 200
        read_open, started = threading.Event(), threading.Event()
        joining = entrants.add_player

        def after_the_start(*arguments: Any) -> None:
            read_open.set()  # Dan's join found the tournament open: it writes after the start
            assert started.wait(timeout=30)
            joining(*arguments)

        monkeypatch.setattr(entrants, "add_player", after_the_start)
        path = f"/api/tournaments/{tournament_id}"
        other.cookies.set("kd_session", s["Dan"])
        with ThreadPoolExecutor(1) as pool:
            join = pool.submit(other.post, f"{path}/join")
            assert read_open.wait(timeout=30)
            one.cookies.set("kd_session", s["Kira"])
            assert one.post(f"{path}/start").status_code == 200
            started.set()
            assert refusal(join.result(timeout=60)) == (409, "tournament_not_open")
        monkeypatch.undo()
        found = tournament(one, tournament_id)
        assert len(found["entrants"]) == 3
        paired = {name for game in current_games(found) for name in (game["first"], game["second"]) if name}
        assert paired == {"Kira", "Boris", "Cleo"}


def test_a_team_battle_s_organiser_has_a_side_only_with_their_join(
    own_database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Kira makes a team battle she plays in, and the server would fail at a join written apart
    from the battle (a crash between the two): her join is written with the battle and her side,
    in one transaction, so she is on its players, playing for her club, and no side is left
    without its player."""
    with TestClient(app(own_database)) as client:
        kira = account(client, "Kira")
        owls, larks = new_club(client, kira), new_club(client, account(client, "Cleo"))

        async def failing(*arguments: Any, **named: Any) -> None:
            raise RuntimeError("the server fails before the join")

        monkeypatch.setattr(Tournaments, "join", failing)
        made = battle(client, kira, [owls, larks])
        monkeypatch.undo()
        assert made.status_code == 201, made.text
        tournament_id = made.json()["id"]
        sides = team_battle.sides(store_of(client), tournament_id)
        stored = records.load(store_of(client), tournament_id)
        assert stored is not None
        players = {p.account_id for p in stored.players}
        assert list(sides) == list(players) and len(players) == 1, "Kira's side, with her join"
        assert [line["name"] for line in tournament(client, tournament_id)["entrants"]] == ["Kira"]
