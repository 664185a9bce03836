"""The ratings of the lobby (``lobby_ratings``): an open game's listing shows its creator's rating
in the game's pool, read once when it is listed, and a quick game joins the open game whose
creator's rating is closest to the player's."""

from __future__ import annotations

import secrets
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import update
from tests.web.ratings import rating_row

from kingdomino.web.tables import RatingRow

#: A turn-based clock of its own: on the PostgreSQL other tests share, no other test's game fits.
CLOCK = {"kind": "days", "days": 13}
POOL = "kingdomino-3-4"


def rated_account(api: TestClient, rating: float, deviation: float) -> tuple[int, dict[str, str]]:
    """A new account rated ``rating`` (``deviation``) in ``POOL``: its id and session headers."""
    hub = api.app.state.hub  # type: ignore[attr-defined]
    api.app.state.max_waiting = 100  # type: ignore[attr-defined]  # the shared PostgreSQL's games wait too
    account, token = api.app.state.accounts.create(  # type: ignore[attr-defined]
        f"Rae{secrets.token_hex(4)}", "a long password"
    )
    with hub.store.engine.begin() as connection:
        connection.execute(rating_row(account.id, POOL, rating, deviation, games=12, wins=6))
    return int(account.id), {"Cookie": f"kd_session={token}"}


def listed(api: TestClient, game_id: str) -> dict[str, Any]:
    games = {game["id"]: game for game in api.get("/api/open-games").json()["games"]}
    return dict(games[game_id])


def test_the_lobby_lists_creators_ratings_and_pairs_with_the_closest(api: TestClient) -> None:
    low, high, seeker = (
        rated_account(api, 1300.0, 60.0),
        rated_account(api, 1712.34, 200.0),
        rated_account(api, 1650.0, 80.0),
    )
    seats = [{"kind": "human"}, {"kind": "open"}, {"kind": "open"}]
    ask = {"game": "kingdomino", "players": 3, "rated": True, "time_control": CLOCK}
    games = []
    for _, session in (low, high):
        made = api.post("/api/games", json={**ask, "seats": seats}, headers=session)
        assert made.status_code == 201, made.text
        games.append(made.json()["id"])
    assert listed(api, games[0])["rating"] == {"value": 1300.0, "provisional": False}
    assert listed(api, games[1])["rating"] == {"value": 1712.3, "provisional": True}
    # The rating the creator waits at is the one read when the game was listed.
    hub = api.app.state.hub  # type: ignore[attr-defined]
    with hub.store.engine.begin() as connection:
        connection.execute(update(RatingRow).where(RatingRow.account_id == high[0]).values(rating=900.0))
    # 1650 is closer to 1712 than to 1300: the newer game is joined, not the oldest.
    paired = api.post("/api/pairing", json=ask, headers=seeker[1])
    assert paired.status_code == 200, paired.text
    assert paired.json()["created"] is False and paired.json()["id"] == games[1]
    still = listed(api, games[1])
    assert still["open"] == 1 and still["rating"] == {"value": 1712.3, "provisional": True}


def test_a_guest_s_game_has_no_rating_an_account_new_to_the_pool_1500_provisional(api: TestClient) -> None:
    api.app.state.max_waiting = 100  # type: ignore[attr-defined]
    seats = [{"kind": "human", "name": "Gus"}, {"kind": "open"}]
    guest = api.post("/api/games", json={"game": "kingdomino", "players": 2, "seats": seats})
    assert guest.status_code == 201, guest.text
    assert listed(api, guest.json()["id"])["rating"] is None
    _, token = api.app.state.accounts.create(  # type: ignore[attr-defined]
        f"New{secrets.token_hex(4)}", "a long password"
    )
    made = api.post(
        "/api/games",
        json={"game": "duel", "players": 2, "seats": seats, "rated": True, "time_control": CLOCK},
        headers={"Cookie": f"kd_session={token}"},
    )
    assert made.status_code == 201, made.text
    assert listed(api, made.json()["id"])["rating"] == {"value": 1500.0, "provisional": True}
