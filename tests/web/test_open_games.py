"""Games that wait for players in the lobby (issue #64): opening one, taking its seats, calling it
off, its wait's end, the lobby's live list and quick pairing."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import update
from tests.web.conftest import wait_for
from tests.web.sockets import next_message
from tests.web.test_players_api import play_out

from kingdomino.web.open_seats import MAX_WAITING
from kingdomino.web.routes.open_games import JOINS
from kingdomino.web.tables import GameRow

OPEN_2P = [{"kind": "human", "name": "Anna"}, {"kind": "open"}]
#: A rated game's clock (a rated game needs one): a day a move runs out during no test.
DAYS = {"kind": "days", "days": 1}


def open_game(client: TestClient, seats: list[dict[str, Any]] = OPEN_2P, **fields: Any) -> dict[str, Any]:
    answer = client.post(
        "/api/games", json={"game": "kingdomino", "players": len(seats), "seats": seats, **fields}
    )
    assert answer.status_code == 201, answer.text
    made: dict[str, Any] = answer.json()
    return made


def log_in_new(client: TestClient, name: str) -> int:
    """A new account, logged in on ``client`` (the cookie of another logged in before is dropped)."""
    client.cookies.clear()
    answer = client.post("/api/accounts", json={"name": name, "password": "password " + name})
    assert answer.status_code == 201, answer.text
    return int(answer.json()["account"]["id"])


def refusal(answer: Any) -> tuple[int, str]:
    return answer.status_code, answer.json()["error"].get("code")


def test_an_open_game_waits_for_its_players_then_starts(client: TestClient) -> None:
    made = open_game(client)
    game_id, anna = made["id"], made["seats"][0]["token"]
    assert made["status"] == "open" and made["seats"][1]["kind"] == "open"
    listed = client.get("/api/open-games").json()["games"]
    assert [(g["id"], g["open"], g["creator"], g["rated"]) for g in listed] == [(game_id, 1, "Anna", False)]
    assert "token" not in str(listed)
    view = client.get(f"/api/games/{game_id}", params={"token": anna}).json()
    assert view["status"] == "open" and view["legal_actions"] == []
    moved = client.post(f"/api/games/{game_id}/actions", json={"token": anna, "action": "claim 1"})
    assert refusal(moved) == (409, "not_started")
    assert refusal(client.post(f"/api/games/{game_id}/join", json={})) == (422, "name_needed")
    joined = client.post(f"/api/games/{game_id}/join", json={"name": "Bela"})
    assert joined.status_code == 200, joined.text
    seat = joined.json()
    assert (seat["seat"], seat["started"]) == (1, True)
    assert client.get("/api/open-games").json()["games"] == []
    tokens = [anna, seat["token"]]
    view = client.get(f"/api/games/{game_id}", params={"token": anna}).json()
    assert view["status"] == "playing" and [s["name"] for s in view["seats"]] == ["Anna", "Bela"]
    acting = tokens[view["current_player"]]
    first = client.get(f"/api/games/{game_id}", params={"token": acting}).json()["legal_actions"][0]
    assert (
        client.post(f"/api/games/{game_id}/actions", json={"token": acting, "action": first}).status_code
        == 200
    )
    assert refusal(client.post(f"/api/games/{game_id}/join", json={"name": "Cleo"})) == (409, "not_open")


def test_a_turn_based_open_game_waits_one_turn_s_days_for_its_players(client: TestClient) -> None:
    """Its players come by the day: 20 minutes would call a 3-day game off before they saw it."""
    days = {"kind": "days", "days": 3}
    client.app.state.max_waiting = 100  # type: ignore[attr-defined]  # five games waiting

    def waits(**fields: Any) -> float:
        made = open_game(client, **fields)
        listed = {g["id"]: g for g in client.get("/api/open-games").json()["games"]}
        return float(listed[made["id"]]["open_until"]) - time.time()

    assert 19 * 60 < waits() <= 20 * 60
    assert 3 * 86400 - 60 < waits(time_control=days) <= 3 * 86400
    assert 3 * 86400 - 60 < waits(time_control=days, wait_minutes=20) <= 3 * 86400
    assert 5 * 86400 - 60 < waits(time_control=days, wait_minutes=5 * 24 * 60) <= 5 * 86400
    # Longer than the longest wait (a week): the longest wait.
    assert 7 * 86400 - 60 < waits(time_control={"kind": "days", "days": 10}) <= 7 * 86400


def test_a_rated_game_is_between_accounts(client: TestClient) -> None:
    rated = {"rated": True, "time_control": DAYS}
    assert refusal(
        client.post("/api/games", json={"game": "duel", "players": 2, "seats": OPEN_2P, **rated})
    ) == (
        422,
        "rated_seats",
    )
    anna = log_in_new(client, "Anna")
    with_ai = [{"kind": "human"}, {"kind": "ai"}, {"kind": "open"}]
    assert refusal(
        client.post("/api/games", json={"game": "kingdomino", "players": 3, "seats": with_ai, **rated})
    )[1] == ("rated_seats")
    filled = {"game": "duel", "players": 2, "seats": OPEN_2P, "ai_fill": "easy", **rated}
    assert refusal(client.post("/api/games", json=filled)) == (422, "rated_no_help")
    made = client.post("/api/games", json={"game": "duel", "players": 2, "seats": OPEN_2P, **rated})
    assert made.status_code == 201, made.text
    game_id = made.json()["id"]
    assert made.json()["seats"][0]["name"] == "Anna"  # an account plays as itself
    assert refusal(client.post(f"/api/games/{game_id}/join", json={})) == (409, "already_seated")
    client.cookies.clear()
    assert refusal(client.post(f"/api/games/{game_id}/join", json={"name": "Guest"})) == (401, "rated_guest")
    bela = log_in_new(client, "Bela")
    joined = client.post(f"/api/games/{game_id}/join", json={"name": "ignored"})
    assert joined.json()["started"] is True
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    stored = store.load(game_id)
    assert stored.rated and [s.get("account") for s in stored.seats] == [anna, bela]
    assert [s["name"] for s in stored.seats] == ["Anna", "Bela"]


def test_the_creator_is_stored_not_read_as_the_first_human_seat(client: TestClient) -> None:
    """The lobby named the first human seat as a game's
    creator, so a player who joined a seat before the creator's became its creator (and its
    rating). The creator's seat is stored at the creation."""
    anna = log_in_new(client, "Anna")
    seats = [{"kind": "open"}, {"kind": "human"}, {"kind": "open"}]
    game_id = open_game(client, seats)["id"]
    log_in_new(client, "Mallory")
    assert client.post(f"/api/games/{game_id}/join", json={}).json()["seat"] == 0
    (listed,) = client.get("/api/open-games").json()["games"]
    assert (listed["creator"], listed["creator_account"]) == ("Anna", anna)
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    assert store.load(game_id).creator_seat == 1


def test_an_account_s_seat_is_marked_in_the_view_a_guest_s_of_the_same_name_is_not(
    client: TestClient,
) -> None:
    """A guest who joined as "Magnus" looked like the
    account Magnus. A view marks an account's seat (``account: true``), never a guest's."""
    log_in_new(client, "Magnus")
    made = open_game(client, [{"kind": "human"}, {"kind": "open"}, {"kind": "ai"}])
    client.cookies.clear()
    joined = client.post(f"/api/games/{made['id']}/join", json={"name": "Magnus"}).json()
    view = client.get(f"/api/games/{made['id']}", params={"token": joined["token"]}).json()
    assert [(s["name"], s.get("account", False)) for s in view["seats"][:2]] == [
        ("Magnus", True),
        ("Magnus", False),
    ]
    assert "account" not in view["seats"][2]


def test_a_rated_game_needs_a_clock(client: TestClient) -> None:
    """A rated game without a clock let a losing player
    stall it forever (their page open, never moving, never away, and no takeover in a rated game).
    A creation or a quick game rated without ``time_control`` is refused, naming the field."""
    log_in_new(client, "Anna")
    unclocked = {"game": "duel", "players": 2, "seats": OPEN_2P, "rated": True}
    answer = client.post("/api/games", json=unclocked)
    assert refusal(answer) == (422, "rated_clock") and answer.json()["error"]["field"] == "time_control"
    answer = client.post("/api/pairing", json={"game": "duel", "players": 2, "rated": True})
    assert refusal(answer) == (422, "rated_clock") and answer.json()["error"]["field"] == "time_control"
    assert client.get("/api/open-games").json()["games"] == []
    clocked = client.post(
        "/api/pairing", json={"game": "duel", "players": 2, "rated": True, "time_control": DAYS}
    )
    assert clocked.json()["created"] is True


def test_a_rated_game_offers_no_hint_even_once_its_other_player_has_left(client: TestClient) -> None:
    """A rated game has no hints (``rated_no_help``): its creation answer says so while its other
    seat is open, and a player left alone with an AI (the other one left) gets none either."""
    log_in_new(client, "Anna")
    made = client.post(
        "/api/games",
        json={"game": "kingdomino", "players": 2, "seats": OPEN_2P, "rated": True, "time_control": DAYS},
    )
    assert made.status_code == 201, made.text
    assert made.json()["hints"] is False
    game_id, anna = made.json()["id"], made.json()["seats"][0]["token"]
    log_in_new(client, "Bela")
    bela = client.post(f"/api/games/{game_id}/join", json={}).json()["token"]
    assert client.post(f"/api/games/{game_id}/leave", json={"token": bela}).status_code == 200
    view = client.get(f"/api/games/{game_id}", params={"token": anna}).json()
    assert view["hints_allowed"] is False
    assert refusal(client.get(f"/api/games/{game_id}/hint", params={"token": anna})) == (403, "hints_off")


def test_an_open_game_shows_no_deal_until_it_starts(client: TestClient) -> None:
    """A rated game waiting for its opponent showed its
    creator its first row (dominoes 4, 13, 47 and 48: two of the best) and who would claim first,
    so a creator could call games off and open others until one dealt in their favour. The deal
    is drawn at the creation and kept, but shown to nobody before the game starts."""
    made = open_game(client, [{"kind": "human", "name": "Anna"}, {"kind": "open"}, {"kind": "open"}])
    game_id, anna = made["id"], made["seats"][0]["token"]
    for token in (anna, made["spectator_token"]):
        view = client.get(f"/api/games/{game_id}", params={"token": token}).json()
        assert (view["status"], view["index"], view["log"], view["current_player"]) == ("open", 0, [], -1)
        assert view["observation"]["next_row"] == [] and view["aids"]["unseen"] == 48
        actions = client.get(f"/api/games/{game_id}/actions", params={"token": token}).json()
        assert (actions["index"], actions["actions"]) == (0, [])
    summary = client.post("/api/games/lookup", json={"games": [{"id": game_id, "token": anna}]}).json()
    assert summary["games"][0]["current_player"] == -1
    with client.websocket_connect(f"/ws/games/{game_id}", params={"tokens": anna}) as socket:
        assert next_message(socket, "the open game's first view")["log"] == []
        socket.send_json({"type": "why", "action": "claim 4"})
        assert next_message(socket, "the refused move's why")["refusal"]["key"] == "not_started"
    client.post(f"/api/games/{game_id}/join", json={"name": "Bela"})
    bela = client.post(f"/api/games/{game_id}/join", json={"name": "Cili"}).json()["token"]
    view = client.get(f"/api/games/{game_id}", params={"token": bela}).json()
    assert view["status"] == "playing" and view["log"][0]["text"].startswith("draw")
    assert view["observation"]["next_row"] != [] and view["current_player"] >= 0


def test_no_seat_of_a_game_waiting_for_players_is_handed_to_an_ai(client: TestClient) -> None:
    """A player who joined a game of three and left it
    before its third player came made it `playing` with a seat still open, whose turn nobody
    could ever play; it stayed in the lobby, where nobody could join it."""
    client.app.state.hub.away_seconds = 0  # type: ignore[attr-defined]
    made = open_game(client, [{"kind": "human", "name": "Anna"}, {"kind": "open"}, {"kind": "open"}])
    game_id, anna = made["id"], made["seats"][0]["token"]
    bela = client.post(f"/api/games/{game_id}/join", json={"name": "Bela"}).json()["token"]
    assert refusal(client.post(f"/api/games/{game_id}/leave", json={"token": bela})) == (409, "not_started")
    for seat, token in ((1, bela), (2, anna)):
        taken = client.post(f"/api/games/{game_id}/seats/{seat}/ai", json={"token": token})
        assert refusal(taken) == (409, "not_started")
    view = client.get(f"/api/games/{game_id}", params={"token": bela}).json()
    assert view["status"] == "open" and not view["can_leave"]
    assert [seat["kind"] for seat in view["seats"]] == ["human", "human", "open"]
    assert [game["id"] for game in client.get("/api/open-games").json()["games"]] == [game_id]


def test_an_open_game_with_hints_gives_none_before_it_starts(client: TestClient) -> None:
    # A hint told the creator the first row while the game waited.
    made = open_game(client, hints=True)
    answer = client.get(f"/api/games/{made['id']}/hint", params={"token": made["seats"][0]["token"]})
    assert refusal(answer) == (409, "not_started")


def test_an_open_game_promises_no_hint_its_players_may_not_get(client: TestClient) -> None:
    assert open_game(client)["hints"] is False
    assert open_game(client, hints=True)["hints"] is True


def test_a_waiting_game_is_called_off_by_its_creator_only(client: TestClient) -> None:
    made = open_game(client)
    game_id = made["id"]
    assert (
        refusal(client.post(f"/api/games/{game_id}/cancel", json={"token": made["spectator_token"]}))[0]
        == 403
    )
    assert (
        client.post(f"/api/games/{game_id}/cancel", json={"token": made["seats"][0]["token"]}).status_code
        == 200
    )
    assert client.get("/api/open-games").json()["games"] == []
    assert refusal(client.post(f"/api/games/{game_id}/join", json={"name": "Bela"})) == (409, "not_open")
    view = client.get(f"/api/games/{game_id}", params={"token": made["seats"][0]["token"]}).json()
    assert view["status"] == "expired"
    assert (view["wait_ended"], view["waited_minutes"]) == ("called_off", None)


def test_a_wait_that_ran_out_is_told_apart_from_a_call_off(client: TestClient) -> None:
    """A game whose wait ran out read "called off", as if its creator had
    called it off. The view, the lookup and the lobby's socket say why it ended, and how long it waited."""
    made = open_game(client, wait_minutes=180)
    game_id, anna = made["id"], made["seats"][0]["token"]
    with client.websocket_connect("/ws/lobby") as lobby:
        assert [g["id"] for g in next_message(lobby, "the lobby's list")["games"]] == [game_id]
        end_the_wait_now(client, game_id)
        view = wait_for(client, game_id, anna, lambda view: view["status"] == "expired")
        unlisted = next_message(lobby, "the lobby's word that the game is unlisted")
        assert unlisted == {"type": "unlisted", "id": game_id, "status": "expired", "wait_ended": "expired"}
    assert (view["wait_ended"], view["waited_minutes"]) == ("expired", 180)
    looked = client.post("/api/games/lookup", json={"games": [{"id": game_id, "token": anna}]})
    (found,) = looked.json()["games"]
    assert (found["wait_ended"], found["waited_minutes"]) == ("expired", 180)


def test_a_joiner_gives_back_their_seat_and_cannot_call_the_game_off(client: TestClient) -> None:
    """A guest who joined someone's game of three called
    it off with their own seat's token. A joiner's cancel gives back only their seat: it is open
    again, their token acts no more, and the game waits on for others."""
    made = open_game(client, [{"kind": "human", "name": "Anna"}, {"kind": "open"}, {"kind": "open"}])
    game_id, anna = made["id"], made["seats"][0]["token"]
    bela = client.post(f"/api/games/{game_id}/join", json={"name": "Bela"}).json()["token"]
    answer = client.post(f"/api/games/{game_id}/cancel", json={"token": bela})
    assert answer.json() == {"ok": True, "called_off": False}
    view = client.get(f"/api/games/{game_id}", params={"token": anna}).json()
    assert view["status"] == "open" and [s["kind"] for s in view["seats"]] == ["human", "open", "open"]
    assert view["creator_seat"] == 0
    (listed,) = client.get("/api/open-games").json()["games"]
    assert (listed["open"], listed["creator"], listed["creator_seat"]) == (2, "Anna", 0)
    assert refusal(client.post(f"/api/games/{game_id}/cancel", json={"token": bela})) == (403, "not_a_seat")
    assert client.post(f"/api/games/{game_id}/join", json={"name": "Cleo"}).json()["seat"] == 1
    answer = client.post(f"/api/games/{game_id}/cancel", json={"token": anna})
    assert answer.json() == {"ok": True, "called_off": True}
    assert client.get("/api/open-games").json()["games"] == []


def test_a_client_or_an_account_has_at_most_a_few_games_waiting(client: TestClient) -> None:
    """Nothing but the rate (10 a minute) bounded the
    games one player kept waiting in the lobby. A client, or an account from any client, has at
    most ``MAX_WAITING`` at once; calling one off (or its filling) makes room."""
    made = [open_game(client) for _ in range(MAX_WAITING)]
    answer = client.post("/api/games", json={"game": "kingdomino", "players": 2, "seats": OPEN_2P})
    assert refusal(answer) == (429, "too_many_waiting")
    assert answer.json()["error"]["values"] == {"n": MAX_WAITING} and "call one off" in answer.text
    pairing = client.post("/api/pairing", json={"game": "duel", "players": 2, "name": "Anna"})
    assert refusal(pairing) == (429, "too_many_waiting")
    cancel = client.post(f"/api/games/{made[0]['id']}/cancel", json={"token": made[0]["seats"][0]["token"]})
    assert cancel.json()["called_off"] is True
    open_game(client)
    # An account's games count from whichever client opens them.
    log_in_new(client, "Anna")
    client.app.state.max_waiting = MAX_WAITING + 1  # type: ignore[attr-defined]  # the client's are full
    open_game(client)
    lobby = client.app.state.hub.lobby  # type: ignore[attr-defined]
    anna = client.get("/api/account").json()["account"]["id"]
    assert lobby.waiting_of("elsewhere", anna) == 1
    assert lobby.waiting_of("testclient", None) == MAX_WAITING + 1


def test_joining_is_limited_per_client(client: TestClient) -> None:
    """One client joined every game of the lobby as a
    guest who never played, unlimited. Joins (and quick games) are limited per client, as logins
    and openings are."""
    client.app.state.max_waiting = 100  # type: ignore[attr-defined]
    four = [{"kind": "human", "name": "Anna"}] + [{"kind": "open"}] * 3
    games = [open_game(client, four)["id"] for _ in range(4)] * 3  # a guest may join one twice
    answers = [client.post(f"/api/games/{game}/join", json={"name": "Ghost"}).status_code for game in games]
    assert answers[: JOINS.amount] == [200] * JOINS.amount and 429 in answers[JOINS.amount :]
    pairing = client.post("/api/pairing", json={"game": "duel", "players": 2, "name": "Ghost"})
    assert refusal(pairing) == (429, "too_many_tries")


def end_the_wait_now(client: TestClient, game_id: str) -> None:
    """The stored wait of ``game_id`` runs out now (the sweep reads it from the store: the server's
    table keeps its own moment, so that the game's pages still tell how long it waited)."""
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    with store.engine.begin() as connection:
        connection.execute(update(GameRow).where(GameRow.id == game_id).values(open_until=time.time() - 1))


def test_a_game_nobody_joined_expires_or_its_ai_seats_play(client: TestClient) -> None:
    alone = open_game(client)
    helped = open_game(client, ai_fill="greedy")
    for made in (alone, helped):
        end_the_wait_now(client, made["id"])
    anna = alone["seats"][0]["token"]
    wait_for(client, alone["id"], anna, lambda view: view["status"] == "expired")
    token = helped["seats"][0]["token"]
    view = wait_for(client, helped["id"], token, lambda view: view["status"] == "playing")
    assert view["seats"][1]["kind"] == "ai" and view["seats"][1]["level"] == "greedy"
    # The AI seat plays its turns: the game goes on to the human's turn, or past the AI's first.
    wait_for(client, helped["id"], token, lambda view: view["current_player"] == 0 or len(view["log"]) > 3)
    assert client.get("/api/open-games").json()["games"] == []


def test_the_lobby_socket_lists_open_games_live(client: TestClient) -> None:
    with client.websocket_connect("/ws/lobby") as lobby:
        assert next_message(lobby, "the lobby's list") == {"type": "open_games", "games": []}
        made = open_game(client, [{"kind": "human"}, {"kind": "open"}, {"kind": "open"}])
        listed = next_message(lobby, "the lobby's word of the new game")
        assert (
            listed["type"] == "listed" and listed["game"]["id"] == made["id"] and listed["game"]["open"] == 2
        )
        client.post(f"/api/games/{made['id']}/join", json={"name": "Bela"})
        assert next_message(lobby, "the lobby's word of the seat taken")["game"]["open"] == 1
        client.post(f"/api/games/{made['id']}/join", json={"name": "Cleo"})
        unlisted = {"type": "unlisted", "id": made["id"], "status": "playing", "wait_ended": None}
        assert next_message(lobby, "the lobby's word that the game is unlisted") == unlisted
        lobby.send_json({"type": "ping"})
        # The pace of the game pages' pings (six to the 60 s a silent socket may last).
        assert next_message(lobby, "the pong of the ping") == {"type": "pong", "ping_every": 10.0}


def test_quick_pairing_joins_the_fitting_game_or_opens_one(client: TestClient) -> None:
    ask = {"game": "kingdomino", "players": 2, "name": "Anna"}
    first = client.post("/api/pairing", json=ask).json()
    assert first["created"] is True and first["status"] == "open"
    # One shape for a client: the player's seat and token at the top, as when joining.
    assert (first["seat"], first["token"]) == (0, first["seats"][0]["token"])
    other = client.post("/api/pairing", json={**ask, "options": {"harmony": True}, "name": "Cleo"}).json()
    assert other["created"] is True  # other options: another table
    second = client.post("/api/pairing", json={**ask, "name": "Bela", "options": {"harmony": False}}).json()
    assert second["created"] is False and second["id"] == first["id"] and second["started"] is True
    assert second["seat"] == 1 and second["token"] not in (first["token"], "")
    assert [g["id"] for g in client.get("/api/open-games").json()["games"]] == [other["id"]]
    assert refusal(client.post("/api/pairing", json={**ask, "players": 9}))[0] in (400, 422)


def test_opening_games_is_limited_per_client(client: TestClient) -> None:
    client.app.state.max_waiting = 100  # type: ignore[attr-defined]  # the rate alone
    answers = [
        client.post("/api/games", json={"game": "kingdomino", "players": 2, "seats": OPEN_2P}).status_code
        for _ in range(11)
    ]
    assert answers == [201] * 10 + [429]
    practice = {"game": "kingdomino", "players": 2, "seats": [{"kind": "human"}, {"kind": "ai"}]}
    assert (
        client.post("/api/games", json=practice).status_code == 201
    )  # a game with no open seat is not limited


def test_a_rated_game_paired_in_the_lobby_moves_both_ratings(client: TestClient) -> None:
    ask = {"game": "duel", "players": 2, "rated": True, "time_control": DAYS}
    log_in_new(client, "Vera")
    first = client.post("/api/pairing", json=ask).json()
    log_in_new(client, "Walt")
    second = client.post("/api/pairing", json=ask).json()
    assert second["id"] == first["id"] and second["started"] is True
    play_out(client, first["id"], [first["seats"][0]["token"], second["token"]])
    deadline = time.monotonic() + 60
    while True:
        pages = [client.get(f"/api/players/{name}").json() for name in ("Vera", "Walt")]
        if all(page["ratings"] for page in pages):
            break
        assert time.monotonic() < deadline, pages
        time.sleep(0.05)
    moved = sorted(page["ratings"][0]["rating"] for page in pages)
    assert moved[0] < 1500 < moved[1] or moved == [1500.0, 1500.0]  # a draw leaves them level
    assert all(page["ratings"][0]["pool"] == "duel" and page["ratings"][0]["games"] == 1 for page in pages)
    board = client.get("/api/leaderboards/duel").json()
    assert {row["name"] for row in board["players"] + board["provisional"]} >= {"Vera", "Walt"}


def test_a_guest_s_rated_quick_game_is_refused_for_being_a_guest_s(client: TestClient) -> None:
    """With no rated game open, a guest's rated quick game was refused for its seats ("log in, take
    one seat and leave every other open", the new game form's words); with one open, for being a
    guest's. Both say now: log in."""
    ask = {"game": "duel", "players": 2, "rated": True, "name": "Gina", "time_control": DAYS}
    assert refusal(client.post("/api/pairing", json=ask)) == (401, "rated_guest")
    log_in_new(client, "Olga")
    assert client.post("/api/pairing", json=ask).json()["created"] is True
    client.cookies.clear()
    assert refusal(client.post("/api/pairing", json=ask)) == (401, "rated_guest")
