"""A club's recent games (``web.club_games``, ``GET /api/clubs/{name}``'s ``recent``): the latest
games finished between two of its members or more, newest first, ten at most, each with its
players, result, kind, end and replay; a member's game with an AI or an outsider alone is not the
club's. Over SQLite and the test PostgreSQL: every name is made new per test."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from fastapi.testclient import TestClient
from tests.web.finished import ai, finished_game, person
from tests.web.test_clubs import client, new_club, page, post  # noqa: F401 (the fixture)
from tests.web.test_relations import people

from kingdomino.web import standings
from kingdomino.web.club_games import RECENT

#: A Thursday evening at the club (UTC).
EVENING = datetime(2026, 11, 26, 17, 0, tzinfo=UTC)


def test_a_club_s_page_lists_the_latest_games_between_its_members(client: TestClient) -> None:  # noqa: F811
    (kira, kira_s), (boris, boris_s), (anna, anna_s), (zed, _) = people(
        client, "Kira", "Boris", "Anna", "Zed"
    )
    club = new_club(client, kira_s)
    assert page(client, None, club)["recent"] == []
    for session in (boris_s, anna_s):
        post(client, session, f"/api/clubs/{club}/join")
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    ids = {name: standings.account_named(store, name)[0] for name in (kira, boris, anna, zed)}  # type: ignore[index]
    seat = {name: person(ids[name], name) for name in ids}
    between = finished_game(store, [seat[kira], seat[boris]], [2, 1], ended=EVENING, rated=True)
    finished_game(store, [seat[kira], ai()], [1, 2], ended=EVENING + timedelta(hours=1))
    finished_game(store, [seat[kira], seat[zed]], [1, 2], ended=EVENING + timedelta(hours=2))
    three = finished_game(
        store, [seat[anna], seat[zed], seat[boris]], [1, 3, 2], ended=EVENING + timedelta(hours=3)
    )
    recent = page(client, None, club)["recent"]
    assert [game["id"] for game in recent] == [three, between]
    assert recent[1] == {
        "id": between,
        "game": "kingdomino",
        "options": {},
        "rated": True,
        "ended_at": EVENING.isoformat(),
        "players": [
            {"name": kira, "player": kira, "score": 38, "place": 2},
            {"name": boris, "player": boris, "score": 39, "place": 1},
        ],
        "replay": f"/game/{between}/replay",
    }
    assert [p["player"] for p in recent[0]["players"]] == [anna, zed, boris]
    for n in range(RECENT):
        finished_game(store, [seat[boris], seat[anna]], [1, 2], ended=EVENING + timedelta(days=1, minutes=n))
    latest = page(client, None, club)["recent"]
    assert len(latest) == RECENT and three not in [game["id"] for game in latest]
    assert [game["ended_at"] for game in latest] == sorted(
        (game["ended_at"] for game in latest), reverse=True
    )
    # A member who left takes their games between members with them, from the club's page.
    post(client, anna_s, f"/api/clubs/{club}/leave")
    assert [game["id"] for game in page(client, None, club)["recent"]] == [between]
