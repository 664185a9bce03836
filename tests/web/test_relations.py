"""Following and blocking accounts (``web.relations``, ``routes/people.py``): a player follows
another and sees what they are doing; a player blocks another, who then cannot challenge them,
is never paired with them and joins no open game of theirs. Every name is made new per test: the
PostgreSQL runs share one database."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from limits import parse
from sqlalchemy import update
from tests.web.conftest import new_app
from tests.web.sockets import next_of_type
from tests.web.test_challenges import DAYS, account, as_, challenge, lobby_of
from tests.web.test_open_games import refusal

from kingdomino.web import relations
from kingdomino.web.tables import GameRow


def app_over(database: str) -> Any:
    app = new_app(database)
    app.state.login_rate = parse("1000/minute")
    app.state.max_waiting = 100  # the test PostgreSQL's lobby holds other tests' waiting games too
    return app


@pytest.fixture
def client(either_database: str) -> Iterator[TestClient]:
    """A client over SQLite, then over the test PostgreSQL (accounts made quickly)."""
    with TestClient(app_over(either_database)) as test_client:
        yield test_client


def fresh(name: str) -> str:
    """A name new in a database other tests share: "Kira" and six hexadecimal digits."""
    return f"{name}{secrets.token_hex(3)}"


def people(client: TestClient, *names: str) -> list[tuple[str, str]]:
    """New accounts: each one's name and session."""
    made = [fresh(name) for name in names]
    return [(name, account(client, name)) for name in made]


def put(client: TestClient, session: str | None, what: str, name: str) -> Any:
    return as_(client, session).put(f"/api/account/{what}/{name}")


def open_game(client: TestClient, session: str) -> str:
    """An open game of two the account ``session`` creates and sits at: its id."""
    seats = [{"kind": "human", "name": ""}, {"kind": "open"}]
    made = as_(client, session).post("/api/games", json={"game": "kingdomino", "players": 2, "seats": seats})
    assert made.status_code == 201, made.text
    return str(made.json()["id"])


def test_a_player_follows_another_and_may_stop(client: TestClient) -> None:
    (_, kira_s), (boris, _), (robo, _) = people(client, "Kira", "Boris", "Robo")
    assert put(client, kira_s, "following", boris.lower()).json() == {
        "name": boris,
        "following": True,
        "changed": True,
    }
    assert put(client, kira_s, "following", boris).json()["changed"] is False
    as_(client, None).post("/api/accounts", json={"name": f"{robo}b", "password": "password b", "bot": True})
    assert put(client, kira_s, "following", f"{robo}b").status_code == 200  # a bot is followed too
    listed = as_(client, kira_s).get("/api/account/following").json()
    assert listed["max"] == relations.MAX_FOLLOWING
    assert [(f["name"], f["bot"], f["playing"], f["last_played"]) for f in listed["following"]] == sorted(
        [(boris, False, [], None), (f"{robo}b", True, [], None)], key=lambda line: line[0].lower()
    )
    assert as_(client, None).get(f"/api/players/{boris}").json()["followers"] == 1
    assert as_(client, kira_s).get(f"/api/account/relations/{boris}").json() == {
        "name": boris,
        "following": True,
        "blocking": False,
    }
    gone = as_(client, kira_s).delete(f"/api/account/following/{boris}")
    assert gone.json() == {"name": boris, "following": False, "changed": True}
    assert as_(client, kira_s).delete(f"/api/account/following/{boris}").json()["changed"] is False
    assert [f["name"] for f in as_(client, kira_s).get("/api/account/following").json()["following"]] == [
        f"{robo}b"
    ]
    assert as_(client, None).get(f"/api/players/{boris}").json()["followers"] == 0


def test_following_and_blocking_are_refused_with_their_reasons(client: TestClient) -> None:
    (kira, kira_s), (boris, _) = people(client, "Kira", "Boris")
    for what, yourself in (("following", "follow_yourself"), ("blocked", "block_yourself")):
        assert refusal(put(client, kira_s, what, kira)) == (422, yourself)
        assert refusal(put(client, kira_s, what, fresh("Nobody"))) == (404, "no_player")
        assert refusal(put(client, None, what, boris)) == (401, "relations_guest")
        assert refusal(as_(client, None).get(f"/api/account/{what}")) == (401, "relations_guest")
        foreign = as_(client, kira_s).put(
            f"/api/account/{what}/{boris}", headers={"origin": "http://evil.test"}
        )
        assert refusal(foreign) == (403, "foreign_origin")
    assert refusal(as_(client, None).get(f"/api/account/relations/{boris}")) == (401, "relations_guest")


def test_the_bounds_and_the_rate_of_following_and_blocking(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    (_, kira_s), (boris, _), (cleo, _), (dan, _) = people(client, "Kira", "Boris", "Cleo", "Dan")
    monkeypatch.setattr(relations, "MAX_FOLLOWING", 2)
    monkeypatch.setattr(relations, "MAX_BLOCKING", 1)
    assert put(client, kira_s, "following", boris).status_code == 200
    assert put(client, kira_s, "following", cleo).status_code == 200
    assert refusal(put(client, kira_s, "following", dan)) == (409, "too_many_following")
    assert put(client, kira_s, "blocked", dan).status_code == 200
    assert refusal(put(client, kira_s, "blocked", cleo)) == (409, "too_many_blocked")
    client.app.state.login_rate = parse("2/minute")  # type: ignore[attr-defined]
    statuses = [put(client, kira_s, "following", boris).status_code for _ in range(3)]
    assert statuses == [200, 200, 429]


def test_the_following_card_says_what_each_player_does(client: TestClient) -> None:
    (_, kira_s), (boris, boris_s), (cleo, cleo_s), (dan, dan_s) = people(
        client, "Kira", "Boris", "Cleo", "Dan"
    )
    for name in (boris, cleo):
        assert put(client, kira_s, "following", name).status_code == 200
    public = open_game(client, boris_s)
    assert as_(client, dan_s).post(f"/api/games/{public}/join", json={}).status_code == 200
    private = as_(client, cleo_s).post(
        "/api/games", json={"game": "kingdomino", "players": 2, "seats": [{"kind": "human"}, {"kind": "ai"}]}
    )
    assert private.status_code == 201, private.text
    lines = {f["name"]: f for f in as_(client, kira_s).get("/api/account/following").json()["following"]}
    assert lines[boris]["playing"] == [
        {
            "id": public,
            "game": "kingdomino",
            "players": 2,
            "opponents": [dan],
            "watch": f"/game/{public}/watch",
        }
    ]
    assert lines[cleo]["playing"] == [] and lines[cleo]["last_played"] is None  # a private game is not told
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    with store.engine.begin() as connection:
        connection.execute(
            update(GameRow).where(GameRow.id == private.json()["id"]).values(status="finished")
        )
    played = as_(client, kira_s).get("/api/account/following").json()["following"]
    assert [f["last_played"] is not None for f in played if f["name"] == cleo] == [True]


def test_a_block_keeps_two_players_apart(client: TestClient) -> None:
    (kira, kira_s), (boris, boris_s), (_, cleo_s) = people(client, "Kira", "Boris", "Cleo")
    assert put(client, kira_s, "following", boris).status_code == 200
    assert put(client, boris_s, "following", kira).status_code == 200
    assert put(client, kira_s, "blocked", boris).json() == {"name": boris, "blocking": True, "changed": True}
    for session in (kira_s, boris_s):  # blocking unfollows both ways
        assert as_(client, session).get("/api/account/following").json()["following"] == []
    assert refusal(put(client, boris_s, "following", kira)) == (409, "follow_blocked")
    assert refusal(put(client, kira_s, "following", boris)) == (409, "follow_blocked")
    assert [b["name"] for b in as_(client, kira_s).get("/api/account/blocked").json()["blocked"]] == [boris]
    assert as_(client, boris_s).get("/api/account/blocked").json()["blocked"] == []
    refused = challenge(client, boris_s, kira, time_control=DAYS)
    assert refusal(refused) == (403, "challenge_refused")
    assert "block" not in refused.json()["error"]["message"]
    assert refusal(challenge(client, kira_s, boris, time_control=DAYS)) == (403, "you_blocked")
    kiras = open_game(client, kira_s)
    assert refusal(as_(client, boris_s).post(f"/api/games/{kiras}/join", json={})) == (403, "join_refused")
    boriss = open_game(client, boris_s)
    assert refusal(as_(client, kira_s).post(f"/api/games/{boriss}/join", json={})) == (403, "you_blocked")
    assert as_(client, cleo_s).post(f"/api/games/{kiras}/join", json={}).status_code == 200
    assert as_(client, kira_s).delete(f"/api/account/blocked/{boris}").json()["changed"] is True
    assert challenge(client, boris_s, kira, time_control=DAYS).status_code == 201
    assert as_(client, kira_s).post(f"/api/games/{boriss}/join", json={}).status_code == 200


def test_blocking_declines_the_blocked_players_waiting_challenge(client: TestClient) -> None:
    (kira, kira_s), (boris, boris_s) = people(client, "Kira", "Boris")
    made = challenge(client, boris_s, kira, time_control=DAYS)
    assert made.status_code == 201, made.text
    with lobby_of(client, boris_s) as boris_tab:
        assert [c["id"] for c in next_of_type(boris_tab, "challenges")["challenges"]] == [made.json()["id"]]
        assert put(client, kira_s, "blocked", boris).status_code == 200
        gone = next_of_type(boris_tab, "challenge_gone")
    assert (gone["id"], gone["wait_ended"], gone["declined"]) == (made.json()["id"], "declined", kira)


def test_quick_pairing_never_seats_two_players_a_block_parts(database: str) -> None:
    with TestClient(app_over(database)) as client:
        quick_pairing_never_seats_two_players_a_block_parts(client)


def quick_pairing_never_seats_two_players_a_block_parts(client: TestClient) -> None:
    (_, kira_s), (boris, boris_s), (_, cleo_s) = people(client, "Kira", "Boris", "Cleo")
    assert put(client, kira_s, "blocked", boris).status_code == 200
    quick = {"game": "kingdomino", "players": 2, "name": ""}
    kiras = as_(client, kira_s).post("/api/pairing", json=quick).json()
    assert kiras["created"] is True
    boriss = as_(client, boris_s).post("/api/pairing", json=quick).json()
    assert boriss["created"] is True and boriss["id"] != kiras["id"]
    cleos = as_(client, cleo_s).post("/api/pairing", json=quick).json()
    assert (cleos["created"], cleos["id"]) == (False, kiras["id"])


def test_every_server_on_one_database_reads_the_same_relations(either_database: str) -> None:
    with TestClient(app_over(either_database)) as one, TestClient(app_over(either_database)) as other:
        (kira, kira_s), (boris, boris_s) = people(one, "Kira", "Boris")
        assert put(one, kira_s, "following", boris).status_code == 200
        assert [f["name"] for f in as_(other, kira_s).get("/api/account/following").json()["following"]] == [
            boris
        ]
        assert put(other, kira_s, "blocked", boris).status_code == 200
        assert refusal(challenge(one, boris_s, kira, time_control=DAYS)) == (403, "challenge_refused")
        assert as_(one, kira_s).get("/api/account/following").json()["following"] == []


def test_a_tournament_or_a_challenge_game_keeps_no_one_apart() -> None:
    """A club tournament's game is its pairing's, a challenge's was checked when it was made."""
    tournament: list[dict[str, Any]] = [
        {"kind": "human", "name": "Kira", "account": 1, "tournament": "t1"},
        {"kind": "open", "for": 2},
    ]
    assert relations.seated_accounts(tournament) == {}
    game: list[dict[str, Any]] = [{"kind": "human", "name": "Kira", "account": 1}, {"kind": "open"}]
    assert relations.seated_accounts(game) == {1: "Kira"}


def test_a_closed_account_leaves_its_followers_and_blockers_lists(client: TestClient) -> None:
    (_, kira_s), (boris, boris_s), (cleo, cleo_s), (dan, _) = people(client, "Kira", "Boris", "Cleo", "Dan")
    assert put(client, kira_s, "following", boris).status_code == 200
    assert put(client, kira_s, "blocked", cleo).status_code == 200
    assert put(client, boris_s, "following", dan).status_code == 200
    for name, session in ((boris, boris_s), (cleo, cleo_s)):
        closed = as_(client, session).post("/api/account/close", json={"password": "password " + name})
        assert closed.status_code == 200, closed.text
    assert as_(client, kira_s).get("/api/account/following").json()["following"] == []
    assert as_(client, kira_s).get("/api/account/blocked").json()["blocked"] == []
    assert as_(client, None).get(f"/api/players/{dan}").json()["followers"] == 0
    assert put(client, kira_s, "following", boris).status_code == 404
