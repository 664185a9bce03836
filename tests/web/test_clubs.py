"""Clubs of players (``web.clubs``, ``web.club_views``, ``routes/clubs.py``): an account creates
one and leads it; others join it (or ask to, and its leaders answer); its page ranks its members by
rating and lists what they play and its members-only tournaments; its bounds, its last leader, a
closed account leaving. Over SQLite and the test PostgreSQL: every name is made new per test."""

from __future__ import annotations

import secrets
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update
from tests.web.test_challenges import account, as_
from tests.web.test_old_databases import assert_schema_as_new
from tests.web.test_open_games import refusal
from tests.web.test_relations import app_over, fresh, open_game, people, put

from kingdomino.web import account_admin, club_tournaments, clubs, standings
from kingdomino.web.club_tables import ClubBarRow
from kingdomino.web.refusals import HubError
from kingdomino.web.tables import RatingRow
from kingdomino.web.tournament_tables import TournamentRow

DAYS = {"kind": "days", "days": 1}


@pytest.fixture
def client(either_database: str) -> Iterator[TestClient]:
    with TestClient(app_over(either_database)) as test_client:
        yield test_client


def new_club(client: TestClient, session: str, admission: str = "open", **fields: Any) -> str:
    """A new club the account ``session`` creates: its name."""
    name = fresh("Thursday ")
    made = as_(client, session).post("/api/clubs", json={"name": name, "admission": admission, **fields})
    assert made.status_code == 201, made.text
    assert made.json() == {"name": name, "role": "leader"}
    return name


def page(client: TestClient, session: str | None, club: str, **params: str) -> dict[str, Any]:
    found = as_(client, session).get(f"/api/clubs/{club}", params=params)
    assert found.status_code == 200, found.text
    answer: dict[str, Any] = found.json()
    return answer


def post(client: TestClient, session: str | None, path: str, **body: Any) -> Any:
    return as_(client, session).post(path, json=body or None)


def rate(client: TestClient, name: str, pool: str, rating: float) -> None:
    """Give the account ``name`` a settled rating in ``pool``, as its rated games would."""
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    found = standings.account_named(store, name)
    assert found is not None
    account_id = found[0]
    with store.sessions.begin() as session:
        session.add(
            RatingRow(
                account_id=account_id,
                pool=pool,
                rating=rating,
                deviation=60.0,
                volatility=0.06,
                games=12,
                wins=6,
                updated=datetime.now(UTC),
            )
        )


def test_a_club_is_created_joined_and_its_members_ranked_in_a_pool(client: TestClient) -> None:
    (kira, kira_s), (boris, boris_s), (anna, anna_s) = people(client, "Kira", "Boris", "Anna")
    club = new_club(client, kira_s, description="Thursdays at 7.\n\n\n\nBring \u202edice\x00.")
    assert post(client, boris_s, f"/api/clubs/{club.upper()}/join").json() == {"role": "member"}
    assert post(client, boris_s, f"/api/clubs/{club}/join").json() == {"role": "member"}  # once
    post(client, anna_s, f"/api/clubs/{club}/join")
    rate(client, boris, "kingdomino-2", 1700)
    rate(client, kira, "kingdomino-2", 1600)
    rate(client, anna, "duel", 1550)
    found = page(client, None, club)
    assert found["description"] == "Thursdays at 7.\n\nBring dice."
    assert (found["admission"], found["you"], found["pool"]) == ("open", None, "kingdomino-2")
    assert [(m["name"], m["role"], (m["rating"] or {}).get("rating")) for m in found["members"]] == [
        (boris, "member", 1700.0),
        (kira, "leader", 1600.0),
        (anna, "member", None),
    ]
    assert page(client, kira_s, club)["requests"] == []
    assert "requests" not in page(client, boris_s, club)  # a leader's alone
    duel = page(client, anna_s, club, pool="duel")
    assert duel["you"] == "member" and duel["members"][0]["name"] == anna
    assert refusal(as_(client, None).get(f"/api/clubs/{club}", params={"pool": "chess"})) == (404, "no_pool")
    assert refusal(as_(client, None).get(f"/api/clubs/{fresh('None')}")) == (404, "no_club")
    mine = as_(client, kira_s).get("/api/account/clubs").json()
    line = {"name": club, "admission": "open", "role": "leader", "members": 3, "requests": 0}
    assert mine["clubs"] == [line]
    theirs = as_(client, None).get("/api/clubs", params={"member": boris}).json()["clubs"]
    assert theirs == [{"name": club, "admission": "open", "role": "member", "members": 3}]
    assert club in [c["name"] for c in as_(client, None).get("/api/clubs").json()["clubs"]]


def test_a_club_s_name_is_unique_as_it_reads_and_looks(client: TestClient) -> None:
    ((_, kira_s),) = people(client, "Kira")
    club = new_club(client, kira_s)
    for taken in (club.lower(), club.replace("T", "\u0422", 1)):  # a Cyrillic T
        answer = post(client, kira_s, "/api/clubs", name=taken)
        assert refusal(answer) in ((409, "club_name_taken"), (409, "club_name_look_alike")), answer.text
    assert refusal(post(client, kira_s, "/api/clubs", name="Club/Night")) == (400, "club_name_slash")
    assert refusal(post(client, kira_s, "/api/clubs", name="K")) == (400, "name_length")
    assert refusal(post(client, kira_s, "/api/clubs", name="!!!")) == (400, "name_letters")
    long = post(client, kira_s, "/api/clubs", name=fresh("Long"), description="word " * 120)
    assert refusal(long) == (422, "club_description_length")
    assert refusal(post(client, None, "/api/clubs", name=fresh("Guests"))) == (401, "clubs_guest")


def test_a_club_by_request_takes_those_its_leaders_accept(client: TestClient) -> None:
    (kira, kira_s), (boris, boris_s), (anna, anna_s) = people(client, "Kira", "Boris", "Anna")
    club = new_club(client, kira_s, admission="request")
    assert post(client, boris_s, f"/api/clubs/{club}/join").json() == {"role": "asked"}
    assert post(client, anna_s, f"/api/clubs/{club}/join").json() == {"role": "asked"}
    found = page(client, kira_s, club)
    assert [m["name"] for m in found["members"]] == [kira]
    assert [r["name"] for r in found["requests"]] == [boris, anna]
    assert page(client, boris_s, club)["you"] == "asked"
    member = f"/api/clubs/{club}/members/{boris}"
    refused = as_(client, anna_s).put(member, json={"role": "member"})
    assert refusal(refused) == (403, "club_not_leader")
    accepted = as_(client, kira_s).put(member, json={"role": "member"})
    assert accepted.json() == {"name": boris, "role": "member", "was": "asked"}
    refused_request = as_(client, kira_s).delete(f"/api/clubs/{club}/members/{anna}")
    assert refused_request.json() == {"name": anna, "was": "asked"}
    found = page(client, kira_s, club)
    assert [m["name"] for m in found["members"]] == sorted([kira, boris], key=str.lower)
    assert found["requests"] == []
    assert as_(client, kira_s).get("/api/account/clubs").json()["clubs"][0]["requests"] == 0
    assert as_(client, anna_s).get("/api/account/clubs").json()["clubs"] == []


def test_the_last_leader_hands_over_before_leaving_and_leaders_remove_members(client: TestClient) -> None:
    (kira, kira_s), (boris, boris_s), (anna, anna_s) = people(client, "Kira", "Boris", "Anna")
    club = new_club(client, kira_s)
    for session in (boris_s, anna_s):
        post(client, session, f"/api/clubs/{club}/join")
    assert refusal(post(client, kira_s, f"/api/clubs/{club}/leave")) == (409, "club_last_leader")
    demote = as_(client, kira_s).put(f"/api/clubs/{club}/members/{kira}", json={"role": "member"})
    assert refusal(demote) == (409, "club_last_leader")
    made = as_(client, kira_s).put(f"/api/clubs/{club}/members/{boris}", json={"role": "leader"})
    assert made.json()["was"] == "member"
    assert post(client, kira_s, f"/api/clubs/{club}/leave").json() == {"changed": True}
    assert post(client, kira_s, f"/api/clubs/{club}/leave").json() == {"changed": False}
    not_leader = as_(client, anna_s).delete(f"/api/clubs/{club}/members/{boris}")
    assert refusal(not_leader) == (403, "club_not_leader")
    assert as_(client, boris_s).delete(f"/api/clubs/{club}/members/{anna}").json()["was"] == "member"
    assert refusal(as_(client, boris_s).delete(f"/api/clubs/{club}/members/{boris}")) == (
        422,
        "club_remove_yourself",
    )
    changed = as_(client, boris_s).patch(f"/api/clubs/{club}", json={"description": "Now on Fridays"})
    assert changed.status_code == 200, changed.text
    assert refusal(as_(client, anna_s).patch(f"/api/clubs/{club}", json={"admission": "request"})) == (
        403,
        "club_not_leader",
    )
    found = page(client, None, club)
    assert (found["description"], [m["name"] for m in found["members"]]) == ("Now on Fridays", [boris])
    assert as_(client, boris_s).delete(f"/api/clubs/{club}").json() == {"name": club, "closed": True}
    assert refusal(as_(client, None).get(f"/api/clubs/{club}")) == (404, "no_club")


def test_the_bounds_of_clubs_created_joined_and_members(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    (_, kira_s), (_, boris_s), (_, anna_s) = people(client, "Kira", "Boris", "Anna")
    made = [new_club(client, kira_s) for _ in range(clubs.MAX_CREATED)]
    answer = post(client, kira_s, "/api/clubs", name=fresh("More"))
    assert refusal(answer) == (409, "too_many_clubs_created")
    assert answer.json()["error"]["values"] == {"n": clubs.MAX_CREATED}
    monkeypatch.setattr(clubs, "MAX_CLUBS", 2)
    monkeypatch.setattr(clubs, "MAX_MEMBERS", 2)
    post(client, boris_s, f"/api/clubs/{made[0]}/join")
    assert refusal(post(client, anna_s, f"/api/clubs/{made[0]}/join")) == (409, "club_full")
    post(client, boris_s, f"/api/clubs/{made[1]}/join")
    assert refusal(post(client, boris_s, f"/api/clubs/{made[2]}/join")) == (409, "too_many_clubs")


def test_a_club_s_page_lists_the_public_games_its_members_play(client: TestClient) -> None:
    (kira, kira_s), (boris, boris_s) = people(client, "Kira", "Boris")
    club = new_club(client, kira_s)
    game_id = open_game(client, kira_s)
    joined = as_(client, boris_s).post(f"/api/games/{game_id}/join", json={})
    assert joined.status_code == 200, joined.text
    assert page(client, None, club)["playing"] == [
        {
            "id": game_id,
            "game": "kingdomino",
            "players": 2,
            "seats": [kira, boris],
            "members": [kira],
            "watch": f"/game/{game_id}/watch",
        }
    ]
    # A reader Boris blocks, or who blocks Kira, does not see their game there.
    (_, vera_s), (vlad, vlad_s) = people(client, "Vera", "Vlad")
    assert put(client, boris_s, "blocked", vlad).status_code == 200
    assert page(client, vlad_s, club)["playing"] == []
    assert put(client, vera_s, "blocked", kira).status_code == 200
    assert page(client, vera_s, club)["playing"] == []
    assert [game["id"] for game in page(client, kira_s, club)["playing"]] == [game_id]


def test_a_members_only_tournament_refuses_others(client: TestClient) -> None:
    (_, kira_s), (_, boris_s), (_, anna_s) = people(client, "Kira", "Boris", "Anna")
    club = new_club(client, kira_s)
    post(client, boris_s, f"/api/clubs/{club}/join")
    body = {"name": "Club night", "game": "kingdomino", "format": "round_robin", "time_control": DAYS}
    refused = post(client, boris_s, "/api/tournaments", **body, club=club)
    assert refusal(refused) == (403, "club_not_leader")
    made = post(client, kira_s, "/api/tournaments", **body, club=club)
    assert made.status_code == 201, made.text
    tournament_id = made.json()["id"]
    assert made.json()["club"] == club
    joined = post(client, anna_s, f"/api/tournaments/{tournament_id}/join")
    assert refusal(joined) == (403, "tournament_club")
    assert joined.json()["error"]["values"] == {"name": club}
    assert post(client, boris_s, f"/api/tournaments/{tournament_id}/join").json() == {"ok": True}
    listed = as_(client, None).get("/api/tournaments", params={"status": "open"}).json()["open"]
    assert next(t for t in listed if t["id"] == tournament_id)["club"] == club
    assert page(client, None, club)["tournaments"] == [
        {
            "id": tournament_id,
            "name": "Club night",
            "game": "kingdomino",
            "status": "open",
            "rated": False,
            "players": 2,
            "winners": [],
        }
    ]
    assert refusal(as_(client, kira_s).delete(f"/api/clubs/{club}")) == (409, "club_tournaments_on")
    others = post(client, kira_s, "/api/tournaments", **body)
    assert post(client, anna_s, f"/api/tournaments/{others.json()['id']}/join").json() == {"ok": True}
    assert others.json()["club"] is None


def test_a_closed_account_leaves_its_clubs_and_a_member_takes_the_lead(client: TestClient) -> None:
    (kira, kira_s), (boris, boris_s), (anna, anna_s) = people(client, "Kira", "Boris", "Anna")
    club = new_club(client, kira_s)
    alone = new_club(client, anna_s)
    post(client, boris_s, f"/api/clubs/{club}/join")
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    assert account_admin.close(store, kira, "spam")
    assert [(m["name"], m["role"]) for m in page(client, None, club)["members"]] == [(boris, "leader")]
    assert account_admin.close(store, anna, "spam")
    assert refusal(as_(client, None).get(f"/api/clubs/{alone}")) == (404, "no_club")
    reborn = post(client, boris_s, "/api/clubs", name=alone)
    assert reborn.status_code == 201, reborn.text  # the name is free again


def test_a_blocked_member_stays_in_the_club(client: TestClient) -> None:
    (_, kira_s), (boris, boris_s) = people(client, "Kira", "Boris")
    club = new_club(client, kira_s)
    post(client, boris_s, f"/api/clubs/{club}/join")
    assert as_(client, kira_s).put(f"/api/account/blocked/{boris}").status_code == 200
    assert boris in [m["name"] for m in page(client, None, club)["members"]]
    assert account(client, fresh("Late"))  # the client is left logged in as nobody
    assert secrets  # names are made new per test (``fresh``)


def test_a_database_made_before_clubs_gets_their_tables_and_column(tmp_path: Path) -> None:
    """A database of the version before clubs (its tables and ``tournaments.club`` dropped from a
    new one) gets them at the start, and a members-only tournament is made and refused there."""
    path = tmp_path / "before-clubs.sqlite3"
    with TestClient(app_over(f"sqlite:///{path}")):
        pass
    with closing(sqlite3.connect(path)) as database:
        database.executescript(
            "DROP TABLE club_members; DROP TABLE clubs; DROP INDEX ix_tournaments_club;"
            "ALTER TABLE tournaments DROP COLUMN club;"
        )
    with TestClient(app_over(f"sqlite:///{path}")) as client:
        assert_schema_as_new(client.app.state.hub.store.engine)  # type: ignore[attr-defined]
        (_, kira_s), (_, boris_s) = people(client, "Kira", "Boris")
        club = new_club(client, kira_s)
        body = {"name": "Club night", "game": "kingdomino", "format": "round_robin", "time_control": DAYS}
        made = post(client, kira_s, "/api/tournaments", **body, club=club)
        assert made.status_code == 201, made.text
        assert refusal(post(client, boris_s, f"/api/tournaments/{made.json()['id']}/join")) == (
            403,
            "tournament_club",
        )


def test_a_club_gone_with_its_last_member_keeps_its_tournaments_members_only(client: TestClient) -> None:
    """Kira, alone in her club, closes her account: its open tournament is called off, and a
    running one (an arena's late joiners) stays members-only: nobody joins it, not even through
    a new club that takes the same id."""
    (kira, kira_s), (anna, anna_s) = people(client, "Kira", "Anna")
    club = new_club(client, kira_s)
    body = {"name": "Club night", "game": "kingdomino", "format": "round_robin", "time_control": DAYS}
    opened = post(client, kira_s, "/api/tournaments", **body, club=club).json()["id"]
    running = post(client, kira_s, "/api/tournaments", **body, club=club).json()["id"]
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    with store.engine.begin() as connection:
        connection.execute(update(TournamentRow).where(TournamentRow.id == running).values(status="running"))
    assert account_admin.close(store, kira, "spam")
    assert refusal(post(client, anna_s, f"/api/tournaments/{opened}/join")) == (403, "tournament_club_gone")
    assert as_(client, None).get(f"/api/tournaments/{opened}").json()["status"] == "cancelled"
    new_club(client, anna_s)
    found = standings.account_named(store, anna)
    assert found is not None
    with pytest.raises(HubError) as refused:
        club_tournaments.admit(store, running, found[0])
    assert refused.value.code == "tournament_club_gone"
    shown = as_(client, anna_s).get(f"/api/tournaments/{running}").json()
    assert shown["club_gone"] is True and shown["club"] is None  # its page offers no "Join"
    listed = as_(client, None).get("/api/tournaments").json()
    assert [t["club_gone"] for t in listed["running"] if t["id"] == running] == [True], listed


def test_a_leader_s_refusal_or_removal_keeps_them_out_for_a_time(client: TestClient) -> None:
    """A refused request was sent again at once, forever, and a removed member rejoined an open
    club at once: either is refused 403 `club_barred` for `clubs.BAR`, then welcome again."""
    (_, kira_s), (boris, boris_s), (anna, anna_s) = people(client, "Kira", "Boris", "Anna")
    club = new_club(client, kira_s)
    post(client, boris_s, f"/api/clubs/{club}/join")
    assert as_(client, kira_s).delete(f"/api/clubs/{club}/members/{boris}").json()["was"] == "member"
    barred = post(client, boris_s, f"/api/clubs/{club}/join")
    assert refusal(barred) == (403, "club_barred")
    assert barred.json()["error"]["values"]["name"] == club
    asked = new_club(client, kira_s, admission="request")
    assert post(client, anna_s, f"/api/clubs/{asked}/join").json() == {"role": "asked"}
    assert as_(client, kira_s).delete(f"/api/clubs/{asked}/members/{anna}").json()["was"] == "asked"
    assert refusal(post(client, anna_s, f"/api/clubs/{asked}/join")) == (403, "club_barred")
    assert post(client, anna_s, f"/api/clubs/{club}/join").json() == {"role": "member"}  # another club
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    with store.engine.begin() as connection:
        connection.execute(update(ClubBarRow).values(until=datetime.now(UTC) - clubs.BAR / 30))
    assert post(client, boris_s, f"/api/clubs/{club}/join").json() == {"role": "member"}
    assert post(client, anna_s, f"/api/clubs/{asked}/join").json() == {"role": "asked"}
