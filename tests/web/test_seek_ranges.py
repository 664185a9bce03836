"""An open game's rating range (``seek_ranges``): made around its creator's rating as it is opened,
shown in the lobby's listing and the game's view, a join outside it refused with its words (a
guest's too, a provisional rating judged by its value), quick pairing honouring ranges both ways,
and a bad range refused naming its field and what was expected."""

from __future__ import annotations

import secrets
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.ratings import rating_row

#: Duel's pool, its clock a day a move (a rated game needs one; none runs out during a test).
POOL = "duel"
CLOCK = {"kind": "days", "days": 1}
OPEN = [{"kind": "human"}, {"kind": "open"}]
Session = dict[str, str]


@pytest.fixture
def client(client: TestClient) -> TestClient:
    client.app.state.max_waiting = 100  # type: ignore[attr-defined]
    return client


def player(client: TestClient, rating: float | None, deviation: float = 60.0) -> Session:
    """The session of a new account rated ``rating`` in ``POOL`` (None: new to it, 1500?)."""
    app: Any = client.app
    account, token = app.state.accounts.create(f"P{secrets.token_hex(4)}", "a long password")
    if rating is not None:
        with app.state.hub.store.engine.begin() as connection:
            connection.execute(rating_row(account.id, POOL, rating, deviation, games=20))
    return {"Cookie": f"kd_session={token}"}


def open_duel(
    client: TestClient, session: Session, rating_range: dict[str, Any], rated: bool = False
) -> dict[str, Any]:
    """A duel opened to the lobby by ``session``'s account with ``rating_range``: its creation's answer."""
    body = {"game": "duel", "players": 2, "seats": OPEN, "rating_range": rating_range, "time_control": CLOCK}
    made = client.post("/api/games", json={**body, "rated": rated}, headers=session)
    assert made.status_code == 201, made.text
    answer: dict[str, Any] = made.json()
    return answer


def listed(client: TestClient, game_id: str) -> dict[str, Any]:
    return dict(next(game for game in client.get("/api/open-games").json()["games"] if game["id"] == game_id))


def error(answer: Any) -> dict[str, Any]:
    found: dict[str, Any] = answer.json()["error"]
    return {"status": answer.status_code, **found}


def test_a_join_outside_the_range_is_refused_with_its_words(client: TestClient) -> None:
    maker = player(client, 1900.4)
    made = open_duel(client, maker, {"low": -200, "high": 300})
    game_id = made["id"]
    assert listed(client, game_id)["rating_range"] == {"low": 1700, "high": 2200}
    view = client.get(f"/api/games/{game_id}", params={"token": made["seats"][0]["token"]})
    assert view.status_code == 200 and view.json()["rating_range"] == {"low": 1700, "high": 2200}
    below = error(client.post(f"/api/games/{game_id}/join", json={}, headers=player(client, 1650.0)))
    assert below == {
        "status": 403,
        "field": "rating_range",
        "message": "this game is for ratings 1700 to 2200; yours is 1650",
        "code": "out_of_range",
        "values": {"low": 1700, "high": 2200, "rating": "1650"},
    }
    above = error(client.post(f"/api/games/{game_id}/join", json={}, headers=player(client, 2250.0)))
    assert above["code"] == "out_of_range" and above["values"]["rating"] == "2250"
    joined = client.post(f"/api/games/{game_id}/join", json={}, headers=player(client, 2200.0))
    assert joined.status_code == 200, joined.text
    assert joined.json()["started"] is True


def test_a_guest_joins_no_game_with_a_range_nor_opens_one(client: TestClient) -> None:
    game_id = open_duel(client, player(client, 1500.0), {"low": -500, "high": 500})["id"]
    guest = error(client.post(f"/api/games/{game_id}/join", json={"name": "Gus"}))
    assert (guest["status"], guest["code"], guest["values"]) == (
        401,
        "range_guest",
        {"low": 1000, "high": 2000},
    )
    seats = [{"kind": "human", "name": "Gus"}, {"kind": "open"}]
    made = client.post(
        "/api/games",
        json={"game": "duel", "players": 2, "seats": seats, "rating_range": {"low": -100, "high": 100}},
    )
    assert (error(made)["field"], error(made)["code"]) == ("rating_range", "range_needs_account")


def test_a_provisional_rating_is_judged_by_its_current_value(client: TestClient) -> None:
    near = open_duel(client, player(client, 1600.0), {"low": -100, "high": 0})["id"]
    far = open_duel(client, player(client, 1900.0), {"low": -200, "high": 300})["id"]
    newcomer = player(client, None)  # new to the pool: 1500, provisional
    refused = error(client.post(f"/api/games/{far}/join", json={}, headers=newcomer))
    assert refused["code"] == "out_of_range"
    assert refused["message"] == "this game is for ratings 1700 to 2200; yours is 1500?"
    assert client.post(f"/api/games/{near}/join", json={}, headers=newcomer).status_code == 200


def test_quick_pairing_honours_ranges_both_ways(client: TestClient) -> None:
    ask = {"game": "duel", "players": 2, "rated": True, "time_control": CLOCK}
    narrow = open_duel(client, player(client, 1900.0), {"low": -100, "high": 100}, rated=True)["id"]
    low_creator = client.post("/api/pairing", json=ask, headers=player(client, 1300.0))
    assert low_creator.json()["created"] is True  # 1300 is out of 1800..2000: not joined there
    low_game = low_creator.json()["id"]
    assert listed(client, low_game)["rating_range"] is None
    # 1650 with a range of its own: the 1300 game's creator is out of it, the 1900 game's range
    # leaves 1650 out; it opens a game of its own, with its range.
    picky = player(client, 1650.0)
    opened = client.post(
        "/api/pairing", json={**ask, "rating_range": {"low": -100, "high": 100}}, headers=picky
    )
    assert opened.status_code == 200, opened.text
    assert opened.json()["created"] is True
    assert listed(client, opened.json()["id"])["rating_range"] == {"low": 1550, "high": 1750}
    # 1950 fits the 1900 game's range, and the 1300 game is farther: it joins the 1900 game.
    fits = client.post("/api/pairing", json=ask, headers=player(client, 1950.0))
    assert (fits.json()["created"], fits.json()["id"]) == (False, narrow)
    # 1500 with no range: the 1650 game's range leaves it out, the 1300 game takes it.
    anyone = client.post("/api/pairing", json=ask, headers=player(client, 1500.0))
    assert (anyone.json()["created"], anyone.json()["id"]) == (False, low_game)
    # A guest's quick game never joins a game with a range, and names none.
    casual = {**ask, "rated": False, "name": "Gus", "rating_range": {"low": -50, "high": 50}}
    assert error(client.post("/api/pairing", json=casual))["code"] == "range_needs_account"


@pytest.mark.parametrize(
    ("rating_range", "field", "expected"),
    [
        ({"low": -230, "high": 100}, "rating_range.low", "expected a multiple of 50 from -500 to 0"),
        ({"low": 50, "high": 100}, "rating_range.low", "expected a multiple of 50 from -500 to 0"),
        ({"low": -100, "high": 550}, "rating_range.high", "expected a multiple of 50 from 0 to 500"),
        ({"low": -100, "high": -50}, "rating_range.high", "expected a multiple of 50 from 0 to 500"),
        ({"low": "-100", "high": 100}, "rating_range.low", "Input should be a valid integer"),
        ({"high": 100}, "rating_range.low", "Field required"),
    ],
)
def test_a_bad_range_is_refused_naming_its_field(
    client: TestClient, rating_range: dict[str, Any], field: str, expected: str
) -> None:
    body = {"game": "duel", "players": 2, "seats": OPEN, "rating_range": rating_range}
    refused = error(client.post("/api/games", json=body, headers=player(client, 1500.0)))
    assert refused["status"] == 422 and refused["field"] == field
    assert expected in refused["message"], refused["message"]


def test_a_range_needs_a_seat_open_to_the_lobby(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "ai", "level": "easy"}]
    body = {"game": "duel", "players": 2, "seats": seats, "rating_range": {"low": -100, "high": 100}}
    refused = error(client.post("/api/games", json=body, headers=player(client, 1500.0)))
    assert (refused["status"], refused["field"]) == (422, "rating_range")


def test_the_lobby_page_reads_its_ratings_a_guest_none(client: TestClient) -> None:
    ratings = client.get("/api/open-games/ratings", headers=player(client, 1777.0)).json()["ratings"]
    assert ratings[POOL] == {"value": 1777.0, "provisional": False}
    assert ratings["kingdomino-2"] == {"value": 1500.0, "provisional": True}
    assert client.get("/api/open-games/ratings").json() == {"ratings": None}
