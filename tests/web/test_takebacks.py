"""Takebacks between people: a player asks, every other person at the table accepts or one
declines; any action voids the request; its bounds and refusals; the socket's broadcast; a
server restart."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient
from tests.web.conftest import create, new_app, wait_for
from tests.web.sockets import messages_until, next_of_type
from tests.web.test_challenges import account
from tests.web.test_tournaments import act, current_games, seated, tournament
from tests.web.test_tournaments import create as create_tournament


def view(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    found: dict[str, Any] = client.get(f"/api/games/{game_id}", params={"token": token}).json()
    return found


def play(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    """The token's seat plays its first legal action; the view after it."""
    before = view(client, game_id, token)
    played = client.post(
        f"/api/games/{game_id}/actions", json={"token": token, "action": before["legal_actions"][0]}
    )
    assert played.status_code == 200, played.text
    return view(client, game_id, token)


def ask(client: TestClient, game_id: str, token: str) -> Any:
    return client.post(f"/api/games/{game_id}/takeback", json={"token": token})


def answer(client: TestClient, game_id: str, token: str, accept: bool) -> Any:
    return client.post(f"/api/games/{game_id}/takeback/answer", json={"token": token, "accept": accept})


def refusal(response: Any) -> tuple[int, str]:
    return response.status_code, response.json()["error"]["code"]


def people_game(
    client: TestClient, seats: list[dict[str, Any]], game: str = "kingdomino", **fields: Any
) -> tuple[str, list[str]]:
    """A new ``game`` of ``seats`` (made with ``fields``): its id and each seat's token (None: an AI's)."""
    body = {"game": game, "players": len(seats), "seats": seats, "options": {}, **fields}
    made = client.post("/api/games", json=body)
    assert made.status_code == 201, made.text
    return made.json()["id"], [seat.get("token") for seat in made.json()["seats"]]


def two_people(client: TestClient, **fields: Any) -> tuple[str, str, str]:
    """A game of two people: its id, the token of the seat to act first and the other's. A game of
    Kingdomino Duel, whose first moves no draw follows."""
    game_id, tokens = people_game(client, [{"kind": "human"}, {"kind": "human"}], "duel", **fields)
    first = view(client, game_id, tokens[0])["current_player"]
    return game_id, tokens[first], tokens[1 - first]


def test_two_people_take_back_with_consent(client: TestClient) -> None:
    game_id, mia, ben = two_people(client)
    start = view(client, game_id, mia)
    assert start["takeback"] == {"allowed": True, "asks": True, "refused": "undo_nothing", "request": None}
    assert refusal(ask(client, game_id, mia)) == (409, "undo_nothing")
    played = play(client, game_id, mia)
    assert played["takeback"]["refused"] is None
    assert ask(client, game_id, mia).json() == {"ok": True, "outcome": "asked"}
    asked = view(client, game_id, ben)
    mia_seat, ben_seat = start["your_seats"][0], asked["your_seats"][0]
    assert asked["takeback"]["request"] == {
        "by": mia_seat,
        "outcome": None,
        "answered_by": None,
        "accepted": [],
        "awaited": [ben_seat],
    }
    assert view(client, game_id, mia)["takeback"]["refused"] == "takeback_open"
    assert refusal(ask(client, game_id, ben)) == (409, "takeback_open")
    assert refusal(answer(client, game_id, mia, True)) == (409, "takeback_not_yours")
    assert answer(client, game_id, ben, True).json() == {"ok": True, "outcome": "accepted"}
    back = view(client, game_id, mia)
    assert back["index"] == start["index"] and back["legal_actions"] == start["legal_actions"]
    assert back["takeback"]["request"]["outcome"] == "accepted"
    record = client.get(f"/api/games/{game_id}/actions", params={"token": mia}).json()
    assert len(record["actions"]) == start["index"], "the move taken back leaves the record"
    played = play(client, game_id, mia)
    assert played["takeback"]["request"] is None, "the answer shows until the next move"


def test_against_ai_seats_alone_asking_is_an_undo(client: TestClient) -> None:
    created = create(client)
    token = next(seat["token"] for seat in created["seats"] if seat["kind"] == "human")
    start = wait_for(client, created["id"], token, lambda v: v["current_player"] == 0)
    assert start["takeback"]["asks"] is False
    play(client, created["id"], token)
    undone = wait_for(client, created["id"], token, lambda v: v["current_player"] == 0)
    if undone["undo_allowed"]:
        assert ask(client, created["id"], token).json()["outcome"] == "undone"
    else:
        assert refusal(ask(client, created["id"], token)) == (409, undone["undo_refused"])


def test_three_people_and_an_ai_all_people_accept(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}, {"kind": "ai", "level": "random"}]
    game_id, tokens = people_game(client, seats)
    people = [token for token in tokens if token]
    for _ in range(40):
        now = wait_for(client, game_id, people[0], lambda v: tokens[v["current_player"]] is not None)
        asker = tokens[now["current_player"]]
        assert asker is not None
        after = play(client, game_id, asker)
        if tokens[after["current_player"]] is not None and after["takeback"]["refused"] is None:
            break
    else:
        raise AssertionError("no move of a person was followed by a person's turn")
    others = [token for token in people if token != asker]
    assert ask(client, game_id, asker).json()["outcome"] == "asked"
    assert answer(client, game_id, others[0], True).json()["outcome"] == "waiting"
    waiting = view(client, game_id, others[1])["takeback"]["request"]
    assert waiting["accepted"] == view(client, game_id, others[0])["your_seats"]
    assert waiting["awaited"] == view(client, game_id, others[1])["your_seats"], "the AI does not vote"
    assert refusal(answer(client, game_id, others[0], True)) == (409, "takeback_not_yours")
    assert answer(client, game_id, others[1], True).json()["outcome"] == "accepted"
    back = view(client, game_id, asker)
    assert back["index"] == after["index"] - 1 and back["legal_actions"]


def test_a_decline_bars_the_asker_until_they_play_again(client: TestClient) -> None:
    game_id, mia, ben = two_people(client)
    played = play(client, game_id, mia)
    assert ask(client, game_id, mia).json()["outcome"] == "asked"
    assert answer(client, game_id, ben, False).json() == {"ok": True, "outcome": "declined"}
    declined = view(client, game_id, mia)
    assert declined["index"] == played["index"], "nothing taken back"
    assert declined["takeback"]["request"]["outcome"] == "declined"
    assert declined["takeback"]["refused"] == "takeback_declined"
    assert refusal(ask(client, game_id, mia)) == (409, "takeback_declined")
    assert refusal(answer(client, game_id, ben, True)) == (409, "takeback_none")
    tokens = {view(client, game_id, t)["your_seats"][0]: t for t in (mia, ben)}
    for _ in range(20):  # play on until Mia has played again and her move may be taken back
        acting = tokens[view(client, game_id, mia)["current_player"]]
        after = play(client, game_id, acting)
        refused = view(client, game_id, mia)["takeback"]["refused"]
        if acting == mia:
            assert refused != "takeback_declined"
            if refused is None:
                break
        else:
            assert refused == "takeback_declined", "Ben's moves are not Mia's"
    else:
        raise AssertionError("Mia never had a move to take back again")
    assert after["takeback"]["request"] is None
    assert ask(client, game_id, mia).json()["outcome"] == "asked"


def test_any_action_voids_the_request(client: TestClient) -> None:
    game_id, mia, ben = two_people(client)
    play(client, game_id, mia)
    assert ask(client, game_id, mia).json()["outcome"] == "asked"
    assert view(client, game_id, ben)["current_player"] == view(client, game_id, ben)["your_seats"][0]
    play(client, game_id, ben)
    assert view(client, game_id, mia)["takeback"]["request"] is None
    assert refusal(answer(client, game_id, ben, True)) == (409, "takeback_none")


def test_refused_without_takebacks_and_when_over(client: TestClient) -> None:
    game_id, mia, _ben = two_people(client, takebacks=False)
    play(client, game_id, mia)
    assert view(client, game_id, mia)["takeback"]["allowed"] is False
    refused = ask(client, game_id, mia)
    assert refusal(refused) == (409, "takeback_off")
    assert refused.json()["error"]["message"] == "this game allows no takebacks"
    game_id, mia, ben = two_people(client)
    play(client, game_id, mia)
    assert ask(client, game_id, mia).json()["outcome"] == "asked"
    assert answer(client, game_id, ben, False).json()["outcome"] == "declined"
    assert client.post(f"/api/games/{game_id}/resign", json={"token": ben}).status_code == 200
    assert view(client, game_id, mia)["takeback"]["request"] is None, "the end screen says no takeback"
    assert refusal(ask(client, game_id, mia)) == (409, "undo_over")


def test_refused_to_a_spectator(client: TestClient) -> None:
    made = client.post(
        "/api/games",
        json={"game": "kingdomino", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]},
    ).json()
    assert refusal(ask(client, made["id"], made["spectator_token"])) == (403, "spectator_acts")
    assert refusal(ask(client, made["id"], "not-a-token")) == (403, "not_a_seat")


def test_a_tournament_game_allows_no_takebacks(client: TestClient) -> None:
    client = client
    sessions = {name: account(client, name) for name in ("Kira", "Boris", "Cleo")}
    tournament_id = create_tournament(client, sessions["Kira"], format="swiss", rounds=2)["id"]
    for name in ("Boris", "Cleo"):
        act(client, sessions[name], tournament_id, "join")
    assert act(client, sessions["Kira"], tournament_id, "start").status_code == 200
    game = next(g for g in current_games(tournament(client, tournament_id)) if g["second"] is not None)
    players = (game["first"], game["second"])
    tokens = {name: seated(client, sessions[name], game["game_id"]) for name in players}
    first = view(client, game["game_id"], tokens[players[0]])
    acting = next(
        t
        for t in tokens.values()
        if view(client, game["game_id"], t)["your_seats"] == [first["current_player"]]
    )
    play(client, game["game_id"], acting)
    assert view(client, game["game_id"], acting)["takeback"]["allowed"] is False
    assert refusal(ask(client, game["game_id"], acting)) == (409, "takeback_off")


def test_the_socket_tells_every_page(client: TestClient) -> None:
    made = client.post(
        "/api/games",
        json={"game": "duel", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]},
    ).json()
    game_id, tokens = made["id"], [seat["token"] for seat in made["seats"]]
    first = view(client, game_id, tokens[0])["current_player"]
    mia, ben = tokens[first], tokens[1 - first]
    play(client, game_id, mia)
    base = f"/ws/games/{game_id}?tokens="
    with (
        client.websocket_connect(base + mia) as mine,
        client.websocket_connect(base + ben) as theirs,
        client.websocket_connect(base + made["spectator_token"]) as watching,
    ):
        index = int(next_of_type(mine, "state")["index"])
        for socket in (theirs, watching):
            next_of_type(socket, "state")
        mine.send_json({"type": "takeback"})
        heard = messages_until(mine, lambda m: m["type"] == "ack", "the ack of the takeback asked")
        assert heard[-1]["takeback"] == "asked"

        def asked(message: dict[str, Any]) -> bool:
            return message["type"] == "state" and message["takeback"]["request"] is not None

        for socket in (theirs, watching):
            request = messages_until(socket, asked, "the takeback asked")[-1]["takeback"]["request"]
            assert request["by"] == first and request["awaited"] == [1 - first]
        theirs.send_json({"type": "takeback_answer", "accept": True})

        def taken(message: dict[str, Any]) -> bool:
            return bool(message["type"] == "state" and message["index"] < index)

        answered = messages_until(theirs, lambda m: m["type"] == "ack", "the ack of the answer")
        assert answered[-1]["takeback"] == "accepted"
        for socket, heard in ((mine, []), (theirs, answered), (watching, [])):
            back = (
                next((m for m in heard if taken(m)), None)
                or messages_until(socket, taken, "the move taken back")[-1]
            )
            assert back["takeback"]["request"]["outcome"] == "accepted"


def test_a_request_and_the_option_survive_a_restart(database: str) -> None:
    with TestClient(new_app(database)) as client:
        game_id, mia, ben = two_people(client)
        played = play(client, game_id, mia)
        assert ask(client, game_id, mia).json()["outcome"] == "asked"
        strict, first, _ = two_people(client, takebacks=False)
    with TestClient(new_app(database)) as client:
        again = view(client, game_id, ben)
        assert again["takeback"]["request"]["awaited"] == again["your_seats"]
        assert view(client, strict, first)["takeback"]["allowed"] is False
        assert answer(client, game_id, ben, True).json()["outcome"] == "accepted"
        assert view(client, game_id, mia)["index"] == played["index"] - 1


def test_a_player_leaving_voids_the_request(client: TestClient) -> None:
    game_id, mia, ben = two_people(client)
    play(client, game_id, mia)
    assert ask(client, game_id, mia).json()["outcome"] == "asked"
    assert client.post(f"/api/games/{game_id}/leave", json={"token": ben}).status_code == 200
    assert view(client, game_id, mia)["takeback"]["request"] is None, "an AI plays Ben's seat: nobody answers"
    assert refusal(answer(client, game_id, ben, True)) == (403, "spectator_acts")


def test_the_clock_runs_on_while_a_takeback_waits(client: TestClient) -> None:
    """The time Ben thinks over Mia's request is his: taken off his clock once he accepts, and
    asking, then answering, leaves the clock running as it was (a write of the request does not
    begin his turn anew)."""
    game_id, mia, ben = two_people(client, time_control={"kind": "game", "minutes": 5, "increment": 0})
    play(client, game_id, mia)
    ben_seat = view(client, game_id, ben)["your_seats"][0]
    before = view(client, game_id, ben)["clock"]
    assert before["running"] == ben_seat
    assert ask(client, game_id, mia).json()["outcome"] == "asked"
    assert view(client, game_id, ben)["clock"] == before, "asking begins nobody's turn anew"
    time.sleep(0.5)
    assert answer(client, game_id, ben, True).json()["outcome"] == "accepted"
    after = view(client, game_id, mia)["clock"]
    assert after["running"] == 1 - ben_seat
    assert after["remaining"][ben_seat] <= before["remaining"][ben_seat] - 0.5


def test_a_game_without_takebacks_has_no_undo_against_ai_seats_either(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "ai", "level": "greedy"}]
    game_id, tokens = people_game(client, seats, "duel", takebacks=False, seed=3)
    token = tokens[0]
    start = wait_for(client, game_id, token, lambda v: v["current_player"] == 0)
    assert start["undo_refused"] == "takeback_off" and not start["undo_allowed"]
    play(client, game_id, token)
    wait_for(client, game_id, token, lambda v: v["current_player"] == 0)
    refused = client.post(f"/api/games/{game_id}/undo", json={"token": token})
    assert refusal(refused) == (409, "takeback_off")


def test_an_answer_on_the_socket_says_yes_or_no(client: TestClient) -> None:
    """An answer without ``accept`` is refused: read as a no, it declined the request."""
    game_id, mia, ben = two_people(client)
    play(client, game_id, mia)
    assert ask(client, game_id, mia).json()["outcome"] == "asked"
    with client.websocket_connect(f"/ws/games/{game_id}?tokens={ben}") as socket:
        socket.send_json({"type": "takeback_answer"})
        refused = next_of_type(socket, "error")
        assert refused["field"] == "accept"
    assert view(client, game_id, mia)["takeback"]["request"]["outcome"] is None, "still waiting"


def test_the_lobby_lists_whether_an_open_game_allows_takebacks(client: TestClient) -> None:
    seats = [{"kind": "human", "name": "Mia"}, {"kind": "open"}]
    for allowed in (True, False):
        body = {"game": "duel", "players": 2, "seats": seats, "takebacks": allowed}
        assert client.post("/api/games", json=body).status_code == 201
    listed = client.get("/api/open-games").json()["games"]
    assert sorted(game["takebacks"] for game in listed) == [False, True]


def test_a_shared_screen_undoes_its_last_move_whoever_made_it(client: TestClient) -> None:
    """Dad and Dóra at one tablet (both seats of a Duel held by one page) take a mis-tap back at
    once, whoever of them made it: nobody elsewhere is asked. A page holding one of the seats
    alone still may not undo."""
    game_id, tokens = people_game(client, [{"kind": "human"}, {"kind": "human"}], "duel")
    shared = [token or "" for token in tokens]
    with client.websocket_connect(f"/ws/games/{game_id}?tokens={','.join(shared)}") as socket:
        first = next_of_type(socket, "state")
        assert first["your_seats"] == [0, 1]
        assert not first["undo_allowed"] and first["undo_refused"] == "undo_nothing"
        acting = first["current_player"]
        socket.send_json({"type": "action", "action": first["legal_actions"][0], "index": first["index"]})
        start = first["index"]
        after = messages_until(socket, lambda m: m["type"] == "state" and m["index"] > start, "the move")[-1]
        assert after["undo_allowed"] and after["undo_refused"] is None
        assert not after["takeback"]["asks"], "a shared screen asks nobody"
        socket.send_json({"type": "undo"})
        back = "the undo"
        undone = messages_until(socket, lambda m: m["type"] == "state" and m["index"] == start, back)[-1]
        assert undone["current_player"] == acting and undone["legal_actions"] == first["legal_actions"]
    alone = view(client, game_id, tokens[acting] or "")
    assert alone["undo_refused"] == "undo_humans" and not alone["undo_allowed"]
