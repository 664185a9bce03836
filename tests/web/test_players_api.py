"""Leaderboards, players' pages and an account's games over HTTP (issue #64): a rated game played
to its end moves its players onto the leaderboard and their pages; a guest's games are claimed
for an account; on SQLite and PostgreSQL."""

from __future__ import annotations

import secrets
import time
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import update
from tests.web.conftest import (
    QUICK,
    QUICK_REVIEW,
    assert_error_shape,
    create,
    seeded_secrets,
    session_workers,
    wait_for,
)

from kingdomino.ratings.glicko2 import Rating
from kingdomino.ratings.pools import rate_game
from kingdomino.web.accounts import Accounts
from kingdomino.web.app import create_app
from kingdomino.web.tables import GameRow


def log_in(client: TestClient) -> tuple[str, dict[str, str]]:
    """A new account: its name and the headers of its session."""
    name = f"Kim{secrets.token_hex(4)}"
    _, token = client.app.state.accounts.create(name, "a long password")  # type: ignore[attr-defined]
    return name, {"Cookie": f"kd_session={token}"}


def claim(client: TestClient, session: dict[str, str], game_id: str, token: str) -> dict[str, Any]:
    answer = client.post(
        "/api/account/games/claim", json={"games": [{"id": game_id, "token": token}]}, headers=session
    )
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def play_out(client: TestClient, game_id: str, tokens: list[str]) -> dict[str, Any]:
    """Play every seat's first legal move until the game ends; the last view."""
    while True:
        view = client.get(f"/api/games/{game_id}", params={"token": tokens[0]}).json()
        if view["status"] == "finished":
            return dict(view)
        token = tokens[view["current_player"]]
        mine = client.get(f"/api/games/{game_id}", params={"token": token}).json()
        answer = client.post(
            f"/api/games/{game_id}/actions",
            json={"token": token, "action": mine["legal_actions"][0], "index": mine["index"]},
        )
        assert answer.status_code == 200, answer.text


def rated_game(
    client: TestClient,
    sessions: list[dict[str, str]],
    clock: bool = True,
    control: dict[str, Any] | None = None,
) -> tuple[str, list[str]]:
    """A game of humans, each seat an account's, rated (as the lobby's rated games are made: with a
    clock, ``control`` or a day a move, unless ``clock`` is false, as a rated game stored before
    that rule)."""
    seats = [{"kind": "human", "online": True} for _ in sessions]
    body = {"game": "kingdomino", "players": len(seats), "seats": seats}
    if clock:
        body["time_control"] = control or {"kind": "days", "days": 1}
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    created = answer.json()
    tokens = [seat["token"] for seat in created["seats"]]
    for session, token in zip(sessions, tokens):
        assert claim(client, session, created["id"], token)["refused"] == []
    hub = client.app.state.hub  # type: ignore[attr-defined]
    with hub.store.engine.begin() as connection:
        connection.execute(update(GameRow).where(GameRow.id == created["id"]).values(rated=True))
    hub.table(created["id"]).stored.rated = True
    return created["id"], tokens


def wait_for_player(client: TestClient, name: str, predicate: Any) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while True:
        page = client.get(f"/api/players/{name}").json()
        if predicate(page):
            return dict(page)
        assert time.monotonic() < deadline, page
        time.sleep(0.05)


def test_a_rated_game_moves_its_players_onto_the_leaderboard_and_their_pages(api: TestClient) -> None:
    (anna, anna_session), (ben, ben_session) = log_in(api), log_in(api)
    game_id, tokens = rated_game(api, [anna_session, ben_session])
    mine = api.get("/api/account/games", headers=anna_session).json()
    assert [g["id"] for g in mine["playing"]] == [game_id]
    entry = mine["playing"][0]
    assert entry["token"] == tokens[0] and entry["seat"] == 0 and entry["rated"]
    turn = api.get(f"/api/games/{game_id}", params={"token": tokens[0]}).json()["current_player"]
    assert entry["your_turn"] == (turn == 0)
    # Who is to act and until when: the list says a turn-based game's time left.
    assert entry["current_player"] == turn and entry["time_control"] == {"kind": "days", "days": 1}
    assert time.time() + 23 * 3600 < entry["deadline"] <= time.time() + 24 * 3600
    view = play_out(api, game_id, tokens)
    page = wait_for_player(api, anna, lambda p: p["ratings"])
    places = [1 if seat in view["winners"] else 2 for seat in range(2)]
    expected = rate_game([Rating(), Rating()], places)
    (rating,) = page["ratings"]
    assert rating["pool"] == "kingdomino-2" and rating["games"] == 1 and rating["provisional"]
    assert rating["rating"] == round(expected[0].rating, 1)
    assert [(p["before"], p["rating"]) for p in rating["history"]] == [(1500.0, round(expected[0].rating, 1))]
    (game,) = page["games"]
    assert (game["id"], game["rated"], game["seat"], game["place"]) == (game_id, True, 0, places[0])
    assert game["score"] == view["scores"][0] and game["replay"] == f"/game/{game_id}/replay"
    assert [p["player"] for p in game["players"]] == [anna, ben]
    assert page["stats"] == [
        {
            "game": "kingdomino",
            "games": 1,
            "wins": int(places[0] == 1),
            "mean_score": float(view["scores"][0]),
        }
    ]
    board = api.get("/api/leaderboards/kingdomino-2", params={"limit": 100}).json()
    names = [p["name"] for p in board["provisional"]]
    assert anna in names and ben in names and board["pools"][0] == "kingdomino-2"
    assert all("rank" not in p for p in board["provisional"])
    # The game now counts among the finished ones of each account's list.
    assert [g["id"] for g in api.get("/api/account/games", headers=ben_session).json()["finished"]] == [
        game_id
    ]
    # A player's page is found by the name as it reads.
    assert api.get(f"/api/players/{anna.upper()}").json()["name"] == anna


def test_a_finished_rated_game_says_how_it_moved_each_seat_s_rating(api: TestClient) -> None:
    """The end screen's figures: 409 while the game is played, 202 until its result is recorded,
    then each seat's pool, place and rating before and after, each marked provisional or not."""
    sessions = [log_in(api)[1], log_in(api)[1]]
    game_id, tokens = rated_game(api, sessions)
    playing = api.get(f"/api/games/{game_id}/ratings")
    assert playing.status_code == 409 and playing.json()["error"]["field"] == "game"
    view = play_out(api, game_id, tokens)
    deadline = time.monotonic() + 60
    while (answer := api.get(f"/api/games/{game_id}/ratings")).status_code == 202:
        assert answer.json() == {"status": "pending"}
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert answer.status_code == 200, answer.text
    places = [1 if seat in view["winners"] else 2 for seat in range(2)]
    expected = rate_game([Rating(), Rating()], places)
    assert answer.json() == {
        "status": "recorded",
        "seats": [
            {
                "pool": "kingdomino-2",
                "place": place,
                "before": 1500.0,
                "after": round(rating.rating, 1),
                "provisional": True,  # a first game leaves a rating unsure ("1500?" on the pages)
                "provisional_before": True,
            }
            for place, rating in zip(places, expected)
        ],
    }
    unrated = create(api, seats=[{"kind": "human"}, {"kind": "human"}], seed=None)
    play_out(api, unrated["id"], [seat["token"] for seat in unrated["seats"]])
    refused = api.get(f"/api/games/{unrated['id']}/ratings")
    assert refused.status_code == 409 and "not rated" in refused.json()["error"]["message"]
    assert api.get("/api/games/nosuchgame/ratings").status_code == 404


def test_a_guest_s_game_is_claimed_once_and_only_by_its_seat_s_token(api: TestClient) -> None:
    (name, session), (_, other) = log_in(api), log_in(api)
    created = create(api, seats=[{"kind": "human"}, {"kind": "human"}], seed=None)
    first, second = (seat["token"] for seat in created["seats"])
    game_id = created["id"]
    assert claim(api, session, game_id, first)["claimed"] == [{"id": game_id, "seat": 0, "already": False}]
    # Claimed again (the page opened once more): still its, said to be so already.
    assert claim(api, session, game_id, first)["claimed"] == [{"id": game_id, "seat": 0, "already": True}]
    refused = claim(api, session, game_id, second)["refused"]
    assert [r["error"]["code"] for r in refused] == ["claim_one_seat"]
    assert [r["error"]["code"] for r in claim(api, other, game_id, first)["refused"]] == ["claim_taken"]
    spectator = created["spectator_token"]
    assert [r["error"]["code"] for r in claim(api, other, game_id, spectator)["refused"]] == ["not_a_seat"]
    assert [r["error"]["code"] for r in claim(api, other, game_id, "made-up")["refused"]] == ["not_a_seat"]
    assert [r["error"]["code"] for r in claim(api, other, "nogame", first)["refused"]] == ["no_game"]
    listed = api.get("/api/account/games", headers=session).json()
    assert [(g["id"], g["token"]) for g in listed["playing"]] == [(game_id, first)]
    # The claim is a new revision of the game, which plays on; the seat left "Player 1" bears
    # the account's name (its replay and its lists say who played), the other seat its own.
    view = api.get(f"/api/games/{game_id}", params={"token": first}).json()
    assert view["index"] >= 1
    assert [seat["name"] for seat in view["seats"]] == [name, "Player 2"]
    assert api.get(f"/api/players/{name}").json()["games"] == []  # not finished yet


def test_a_claimed_seat_keeps_the_name_its_player_typed(api: TestClient) -> None:
    name, session = log_in(api)
    created = create(api, seats=[{"kind": "human", "name": "Kiki"}, {"kind": "human"}], seed=None)
    first = created["seats"][0]["token"]
    assert claim(api, session, created["id"], first)["claimed"][0]["seat"] == 0
    view = api.get(f"/api/games/{created['id']}", params={"token": first}).json()
    assert [seat["name"] for seat in view["seats"]] == ["Kiki", "Player 2"], name


def test_refusals(api: TestClient) -> None:
    for path in ("/api/account/games",):
        refused = api.get(path)
        assert refused.status_code == 401 and assert_error_shape(refused.json())["code"] == "session_ended"
    refused = api.post("/api/account/games/claim", json={"games": []})
    assert refused.status_code == 401
    _, session = log_in(api)
    foreign = api.post(
        "/api/account/games/claim",
        json={"games": []},
        headers={**session, "Origin": "https://elsewhere.example"},
    )
    assert foreign.status_code == 403 and assert_error_shape(foreign.json())["code"] == "foreign_origin"
    assert (
        api.post("/api/account/games/claim", json={"games": [{"id": "x"}]}, headers=session).status_code
        == 422
    )
    missing = api.get("/api/players/Nobody" + secrets.token_hex(4))
    assert missing.status_code == 404 and assert_error_shape(missing.json())["code"] == "no_player"
    pool = api.get("/api/leaderboards/chess")
    assert pool.status_code == 404 and assert_error_shape(pool.json())["code"] == "no_pool"
    assert api.get("/api/leaderboards/duel", params={"limit": 101}).status_code == 422
    assert api.get("/api/leaderboards/duel", params={"limit": 0}).status_code == 422


def test_a_rated_game_not_recorded_before_its_server_stopped_is_recorded_at_the_next_start(
    database: str,
) -> None:
    app = create_app(
        database, secret_seeds=seeded_secrets(), review_agent=QUICK_REVIEW, ai_workers=session_workers()
    )
    app.state.accounts = Accounts(app.state.hub.store, QUICK)
    with TestClient(app) as client:
        (anna, anna_session), (_, ben_session) = log_in(client), log_in(client)
        game_id, tokens = rated_game(client, [anna_session, ben_session])
        hub = client.app.state.hub  # type: ignore[attr-defined]
        hub.results.game_over = lambda game, state: None  # the server stops before it records
        play_out(client, game_id, tokens)
        assert client.get(f"/api/players/{anna}").json()["ratings"] == []
    again = create_app(
        database, secret_seeds=seeded_secrets(), review_agent=QUICK_REVIEW, ai_workers=session_workers()
    )
    with TestClient(again) as client:
        page = wait_for_player(client, anna, lambda p: p["ratings"])
        assert [point["game_id"] for point in page["ratings"][0]["history"]] == [game_id]


def test_a_seat_handed_over_while_its_player_was_away_says_so_on_their_page(api: TestClient) -> None:
    """Anna is away when her turn comes and Ben lets an AI finish for her: her page says she was
    away, not that she left."""
    (anna, anna_session), (_, ben_session) = log_in(api), log_in(api)
    game_id, tokens = rated_game(api, [anna_session, ben_session], clock=False)  # away: no clock
    table = api.app.state.hub.table(game_id)  # type: ignore[attr-defined]
    table.presence.away_seconds = 0  # Anna is away at once: no page of hers is open
    view = api.get(f"/api/games/{game_id}", params={"token": tokens[1]}).json()
    while view["current_player"] != 0:
        move = {"token": tokens[1], "action": view["legal_actions"][0], "index": view["index"]}
        assert api.post(f"/api/games/{game_id}/actions", json=move).status_code == 200
        view = api.get(f"/api/games/{game_id}", params={"token": tokens[1]}).json()
    taken = api.post(f"/api/games/{game_id}/seats/1/ai", json={"token": tokens[1], "level": "greedy"})
    assert taken.status_code == 200, taken.text

    def ready(view: dict[str, Any]) -> bool:
        return bool(view["legal_actions"]) or view["status"] == "finished"

    while True:  # Ben plays on against the AI to the end
        view = wait_for(api, game_id, tokens[1], ready)
        if view["status"] == "finished":
            break
        move = {"token": tokens[1], "action": view["legal_actions"][0], "index": view["index"]}
        assert api.post(f"/api/games/{game_id}/actions", json=move).status_code == 200
    page = wait_for_player(api, anna, lambda p: p["games"])
    (game,) = page["games"]
    assert game["left"] and game["why"] == "away", game
