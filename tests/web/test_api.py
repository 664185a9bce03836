"""The HTTP and WebSocket API: create, act, AI turns, undo, hint, reconnect, and every bad input."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import create, seeded_secrets, session_workers, wait_for
from tests.web.sockets import next_message, next_of_type

from kingdomino import CHANCE
from kingdomino.core.records import GameRecord, replay
from kingdomino.games.registry import make_game
from kingdomino.web import presence as seat_presence
from kingdomino.web.app import create_app
from kingdomino.web.hints import HINT_AGENT


def human_token(created: dict[str, Any]) -> str:
    return str(next(seat["token"] for seat in created["seats"] if seat["kind"] == "human"))


def test_create_act_and_ai_answers(client: TestClient) -> None:
    created = create(client)
    token = human_token(created)
    view = client.get(f"/api/games/{created['id']}", params={"token": token}).json()
    assert view["your_seats"] == [0] and view["seats"][1]["kind"] == "ai"
    view = wait_for(client, created["id"], token, lambda v: v["current_player"] == 0)
    action = view["legal_actions"][0]
    answer = client.post(f"/api/games/{created['id']}/actions", json={"token": token, "action": action})
    assert answer.status_code == 200 and answer.json()["index"] > view["index"]
    later = wait_for(
        client, created["id"], token, lambda v: v["current_player"] == 0 and v["index"] > view["index"] + 1
    )
    assert any(entry["text"] == action for entry in later["log"])


def test_a_browser_s_games_are_summed_up_with_their_options_and_start(client: TestClient) -> None:
    """The lobby's "Your games" tells two games of one kind apart: by mode, options and start."""
    tribe = create(client, "origins", options={"mode": "tribe"})
    totem = create(client, "origins", options={"mode": "totem", "fire_kingdom": True})
    pairs = [{"id": g["id"], "token": human_token(g)} for g in (tribe, totem)]
    games = client.post("/api/games/lookup", json={"games": pairs}).json()["games"]
    shown = [(g["options"]["mode"], g["options"]["fire_kingdom"]) for g in games]
    assert shown == [("tribe", False), ("totem", True)]
    started = [datetime.fromisoformat(g["created"]) for g in games]
    assert all(s.tzinfo is not None and abs(datetime.now(UTC) - s) < timedelta(minutes=5) for s in started)


def test_two_ai_seats_finish_and_the_record_replays(client: TestClient) -> None:
    created = create(
        client, game="duel", seats=[{"kind": "ai", "level": "greedy"}, {"kind": "ai", "level": "random"}]
    )
    spectator = created["spectator_token"]
    view = wait_for(client, created["id"], spectator, lambda v: v["status"] == "finished", timeout=60)
    record = GameRecord.from_json(client.get(f"/api/games/{created['id']}/record").json())
    outcome = replay(record, make_game("duel", 2))
    assert outcome.ok and outcome.state.scores() == view["scores"]
    frame = client.get(f"/api/games/{created['id']}/replay", params={"step": 10}).json()
    assert frame["step"] == 10 and frame["last"]["text"] == record.actions[9]
    assert frame["next"]["text"] == record.actions[10]
    # Nobody's moves to review: an empty review, not an internal error (it answered 500).
    reviewed = client.get(f"/api/games/{created['id']}/review")
    assert reviewed.status_code == 200
    assert reviewed.json()["status"] == "ready" and reviewed.json()["moves"] == []
    assert reviewed.json()["accuracy"] == {}


def test_bad_inputs_are_refused_with_the_field_and_change_nothing(client: TestClient) -> None:
    created = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    game_id = created["id"]
    first, second = (seat["token"] for seat in created["seats"])
    view = client.get(f"/api/games/{game_id}", params={"token": first}).json()
    acting = [first, second][view["current_player"]]
    waiting = [first, second][1 - view["current_player"]]
    view = client.get(f"/api/games/{game_id}", params={"token": acting}).json()  # its legal actions

    def post(body: object, raw: str | None = None) -> tuple[int, dict[str, Any]]:
        if raw is not None:
            response = client.post(
                f"/api/games/{game_id}/actions", content=raw, headers={"content-type": "application/json"}
            )
        else:
            response = client.post(f"/api/games/{game_id}/actions", json=body)
        return response.status_code, response.json()["error"]

    status, error = post(None, raw="{not json")
    assert status == 400 and "malformed JSON" in error["message"]
    status, error = post({"token": acting})
    assert status == 422 and error["field"] == "action"
    status, error = post({"token": "nope", "action": "claim 1"})
    assert status == 403 and error["field"] == "token"
    status, error = post({"token": created["spectator_token"], "action": "claim 1"})
    assert status == 403 and "spectator" in error["message"] and error["code"] == "spectator_acts"
    status, error = post(
        {"token": waiting, "action": view["legal_actions"][0] if view["legal_actions"] else "claim 1"}
    )
    assert status == 409 and "not your turn" in error["message"] and error["code"] == "not_your_turn"
    # The page says it in its language, with the name of the seat to act.
    assert error["values"] == {
        "name": created["seats"][view["current_player"]]["name"],
        "n": view["current_player"] + 1,
    }
    status, error = post({"token": acting, "action": "fly away"})
    assert status == 400 and error["field"] == "action" and "expected" in error["message"]
    illegal = next(f"claim {n}" for n in range(1, 49) if f"claim {n}" not in view["legal_actions"])
    status, error = post({"token": acting, "action": illegal})
    assert status == 409 and error["message"].startswith("illegal:")
    status, error = post({"token": acting, "action": view["legal_actions"][0], "index": view["index"] + 5})
    assert status == 409 and error["field"] == "index"
    # An index ahead of the game is not one it "moved on" from: a client's own bug, said as one.
    assert error["message"] == (
        f"index {view['index'] + 5} is ahead of the game: it holds {view['index']} actions (the view's index)"
    )
    big = client.post(
        f"/api/games/{game_id}/actions", content="x" * 20000, headers={"content-type": "application/json"}
    )
    assert big.status_code == 413
    after = client.get(f"/api/games/{game_id}", params={"token": acting}).json()
    assert after["index"] == view["index"] and after["legal_actions"] == view["legal_actions"]
    missing = client.get("/api/games/0000", params={"token": first})
    assert missing.status_code == 404 and missing.json()["error"]["field"] == "game"


def test_bad_creation_requests(client: TestClient) -> None:
    def post(body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        response = client.post("/api/games", json=body)
        return response.status_code, response.json()["error"]

    human = [{"kind": "human"}, {"kind": "human"}]
    status, error = post({"game": "chess", "players": 2, "seats": human})
    assert status == 400 and error["field"] == "game" and "unknown game" in error["message"]
    status, error = post({"game": "kingdomino", "players": 2, "seats": human, "options": {"turbo": True}})
    assert status == 400 and error["field"] == "options" and "turbo" in error["message"]
    status, error = post({"game": "duel", "players": 3, "seats": human + human[:1]})
    assert status == 400 and error["field"] == "players"
    status, error = post({"game": "kingdomino", "players": 3, "seats": human})
    assert status == 400 and error["field"] == "seats"
    status, error = post(
        {"game": "kingdomino", "players": 2, "seats": [{"kind": "robot"}, {"kind": "human"}]}
    )
    assert status == 422 and error["field"].startswith("seats")
    # A bad option's value names that option as the field (not "options", nor
    # "options.harmony.bool"); "players": true is refused, not read as 1.
    for value, status_code in ((1, 400), ([1], 422)):
        status, error = post(
            {"game": "kingdomino", "players": 2, "seats": human, "options": {"harmony": value}}
        )
        assert status == status_code and error["field"] == "options.harmony", error
    status, error = post({"game": "kingdomino", "players": True, "seats": human})
    assert status == 422 and error["field"] == "players"
    status, error = post(
        {
            "game": "kingdomino",
            "players": 2,
            "seats": [{"kind": "human", "name": "Bo (AI, hard)"}, {"kind": "human"}],
        }
    )
    assert status == 422 and error["field"] == "seats[0].name" and "AI" in error["message"]


def test_names_are_kept_without_control_or_direction_characters(client: TestClient) -> None:
    """A name cannot hide characters that break lines or turn the text after it around; a blank
    one is the seat's default."""
    seats = [{"kind": "human", "name": "An\u202ena\x00\n"}, {"kind": "human", "name": "   "}]
    created = create(client, seats=seats)
    token = created["seats"][0]["token"]
    view = client.get(f"/api/games/{created['id']}", params={"token": token}).json()
    assert [seat["name"] for seat in view["seats"]] == ["Anna", "Player 2"]


def test_websocket_play_reconnect_and_bad_messages(client: TestClient) -> None:
    created = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    game_id = created["id"]
    tokens = ",".join(seat["token"] for seat in created["seats"])
    with client.websocket_connect(f"/ws/games/{game_id}?tokens={tokens}") as socket:
        state = next_message(socket, "the first view")
        assert state["type"] == "state" and state["your_seats"] == [0, 1]
        socket.send_text("{oops")
        assert next_message(socket, "the refusal of malformed JSON")["message"] == "malformed JSON"
        socket.send_text(json.dumps({"type": "action", "action": "x" * 5000}))
        assert next_message(socket, "the refusal of a long action")["type"] == "error"
        socket.send_text(json.dumps({"type": "dance"}))
        assert next_message(socket, "the refusal of an unknown type")["field"] == "type"
        socket.send_text(json.dumps({"type": "action", "action": "claim 99"}))
        assert next_message(socket, "the refusal of an illegal action")["type"] == "error"
        # "why" is read-only: the engine's words, and the rule named for the page's own words.
        socket.send_text(json.dumps({"type": "why", "action": "place 4,4 E"}))
        why = next_message(socket, "the why of an illegal move")
        assert why["type"] == "why" and "outside the kingdom grid" in why["reason"]
        assert why["refusal"] == {"key": "outside_grid", "values": {}}
        socket.send_text(json.dumps({"type": "why", "action": state["legal_actions"][0]}))
        legal = next_message(socket, "the why of a legal move")
        assert legal["reason"] is None and legal["refusal"] is None
        socket.send_text(json.dumps({"type": "action", "action": state["legal_actions"][0]}))
        messages = [next_message(socket, "the ack and the view of the move") for _ in range(2)]
        assert {m["type"] for m in messages} == {"state", "ack"}
        index = next(m for m in messages if m["type"] == "state")["index"]
    with client.websocket_connect(f"/ws/games/{game_id}?tokens={created['spectator_token']}") as socket:
        again = next_message(socket, "the spectator's first view")
        assert again["index"] == index and again["legal_actions"] == [] and again["your_seats"] == []
    with client.websocket_connect(f"/ws/games/{game_id}?tokens=forged") as socket:
        refused = next_message(socket, "the refusal of a forged token")
        assert refused["type"] == "error" and refused["field"] == "token"


def test_undo_against_ai_and_refused_against_a_human(client: TestClient) -> None:
    created = create(client)
    token = human_token(created)
    view = wait_for(client, created["id"], token, lambda v: v["current_player"] == 0)
    assert not view["undo_allowed"] and view["undo_refused"] in {"undo_nothing", "undo_revealed"}
    # Undo never crosses a draw, so play on until a move of ours is followed by AI moves only.
    for _ in range(30):
        client.post(
            f"/api/games/{created['id']}/actions", json={"token": token, "action": view["legal_actions"][-1]}
        )
        after = wait_for(
            client,
            created["id"],
            token,
            lambda v, i=view["index"]: v["current_player"] == 0 and v["index"] > i,
        )
        if after["undo_allowed"]:
            assert after["undo_refused"] is None
            break
        assert after["undo_refused"] == "undo_revealed"  # said beside the greyed button
        refused = client.post(f"/api/games/{created['id']}/undo", json={"token": token})
        assert refused.status_code == 409 and "revealed" in refused.json()["error"]["message"]
        assert refused.json()["error"]["code"] == "undo_revealed"
        view = after
    assert after["undo_allowed"]
    assert client.post(f"/api/games/{created['id']}/undo", json={"token": token}).status_code == 200
    undone = client.get(f"/api/games/{created['id']}", params={"token": token}).json()
    assert undone["index"] == view["index"] and undone["legal_actions"] == view["legal_actions"]
    two = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    refused = client.post(f"/api/games/{two['id']}/undo", json={"token": two["seats"][0]["token"]})
    assert refused.status_code == 409 and "AI" in refused.json()["error"]["message"]
    assert refused.json()["error"]["code"] == "undo_humans"


def test_hint_suggests_legal_moves(client: TestClient) -> None:
    created = create(client)
    token = human_token(created)
    view = wait_for(client, created["id"], token, lambda v: v["current_player"] == 0)
    hint = client.get(f"/api/games/{created['id']}/hint", params={"token": token}).json()
    assert hint["candidates"] and all(c["action"] in view["legal_actions"] for c in hint["candidates"])


@pytest.mark.parametrize(("game", "options"), [("duel", {}), ("origins", {"mode": "tribe"})])
def test_a_hint_s_win_chance_is_read_against_opponents_who_play(
    database: str, game: str, options: dict[str, Any]
) -> None:
    """The hint's playouts play every seat greedily: against random opponents nearly every playout
    was won, and every Duel and Origins move said "about 100 % to win" from the first one.

    The hint's search, at a fixed number of iterations rather than its time: on a loaded machine
    0.4 s held so few playouts that a candidate won every one. 120 playouts still tell the two
    apart: the best move's value is 0.48 (Duel) and 0.65 (Tribe) with greedy opponents, 1.0 in
    both with random ones (``playout=player-greedy``)."""
    assert "time=0.4," in HINT_AGENT
    hint_agent = HINT_AGENT.replace("time=0.4,", "iterations=120,")
    app = create_app(
        database, secret_seeds=seeded_secrets(), hint_agent=hint_agent, ai_workers=session_workers()
    )
    with TestClient(app) as client:
        check_hint_values(client, game, options)


def check_hint_values(client: TestClient, game: str, options: dict[str, Any]) -> None:
    created = create(client, game, options=options)
    token = human_token(created)
    wait_for(client, created["id"], token, lambda v: v["current_player"] == 0 and v["legal_actions"])
    hint = client.get(f"/api/games/{created['id']}/hint", params={"token": token}).json()
    values = [c["value"] for c in hint["candidates"]]
    assert values and max(values) < 0.95, values


def test_every_configuration_the_lobby_offers_has_its_levels_rated_in_order(client: TestClient) -> None:
    """Every game, player count and Origins mode has a full ladder (a variant falls back to its
    plain one), so the lobby shows each level's rating; and the levels climb."""
    from kingdomino.arena.ladder import ladder_key
    from kingdomino.core.game import GameError
    from kingdomino.games.origins.game import MODES
    from kingdomino.games.registry import game_names

    checked = set()
    for game in game_names():
        for players in range(1, 7):
            try:
                make_game(game, players)
            except GameError:
                continue
            for mode in MODES if game == "origins" else (None,):
                options = {"mode": mode} if mode else {}
                body = {"game": game, "players": players, "options": options}
                ratings = client.post("/api/ratings", json=body).json()["ratings"]
                key = ladder_key(game, players, options)
                checked.add(key)
                assert None not in ratings.values(), (body, ratings)
                assert ratings["random"][0] == 0
                assert ratings["hard"][0] > ratings["medium"][0] > ratings["easy"][0] > 0, (body, ratings)
    assert len(checked) == 1 + 3 + 3 * 3  # Duel; Kingdomino 2-4 players; Origins 2-4 players x 3 modes


def test_each_level_has_its_rating_from_the_ladders(client: TestClient) -> None:
    from kingdomino.arena.ladder import load_ratings

    expected = load_ratings()["kingdomino/4p"]
    answer = client.post("/api/ratings", json={"game": "kingdomino", "players": 4, "options": {}})
    assert answer.status_code == 200
    ratings = answer.json()["ratings"]
    assert ratings["random"] == [0, 0, 0]
    assert None not in expected["hard"]
    assert ratings["hard"] == [round(value or 0) for value in expected["hard"]]
    unrated = client.post("/api/ratings", json={"game": "no-such-game", "players": 2}).json()["ratings"]
    assert set(unrated.values()) == {None}
    refused = client.post("/api/ratings", json={"game": "kingdomino", "players": 99})
    assert refused.status_code == 422 and refused.json()["error"]["field"] == "players"


@pytest.mark.parametrize(("game", "verb"), [("kingdomino", "place"), ("duel", "draw"), ("origins", "place")])
def test_the_view_says_what_each_move_adds_to_the_score(client: TestClient, game: str, verb: str) -> None:
    """``score_gains``: the points each legal move adds at once, for the seat to act only; the move
    that is then played adds exactly that (the page shows it on the ghost before the click)."""
    created = create(client, game=game)
    token = human_token(created)
    checked = 0
    while checked < 3:
        view = wait_for(client, created["id"], token, lambda v: v["current_player"] == 0 or v["winners"])
        assert view["status"] != "finished"
        assert sorted(view["score_gains"]) == sorted(view["legal_actions"])
        placements = [a for a in view["legal_actions"] if a.startswith(verb + " ")]
        action = max(placements, key=view["score_gains"].get) if placements else view["legal_actions"][0]
        client.post(f"/api/games/{created['id']}/actions", json={"token": token, "action": action})
        after = wait_for(client, created["id"], token, lambda v, i=view["index"]: v["index"] > i)
        assert after["scores"][0] - view["scores"][0] == view["score_gains"][action], action
        checked += bool(placements and view["score_gains"][action])
    spectator = client.get(f"/api/games/{created['id']}", params={"token": created["spectator_token"]}).json()
    assert spectator["score_gains"] == {}


def test_a_finished_game_s_view_is_public_and_an_unfinished_one_needs_a_token(client: TestClient) -> None:
    """A shared replay link holds no token: the page reads the finished game's public view, the
    spectator's; an unfinished game and an unknown id give no data away."""
    playing = create(client, game="duel", seats=[{"kind": "human"}, {"kind": "ai", "level": "random"}])
    refused = client.get(f"/api/games/{playing['id']}")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "no_token"
    assert "observation" not in refused.text
    unknown = client.get("/api/games/0123456789abcdef")
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "no_game"
    created = create(
        client, game="duel", seats=[{"kind": "ai", "level": "random"}, {"kind": "ai", "level": "random"}]
    )
    spectator = created["spectator_token"]
    watched = wait_for(client, created["id"], spectator, lambda v: v["status"] == "finished", 60)
    public = client.get(f"/api/games/{created['id']}")
    assert public.status_code == 200
    assert public.json() == watched and public.json()["your_seats"] == []


def play_to_the_end(client: TestClient, game_id: str, token: str, last: bool) -> dict[str, Any]:
    """Play the human seat 0 to the end, always its first legal action (or its last)."""
    while True:
        view = wait_for(
            client, game_id, token, lambda v: v["current_player"] == 0 or v["status"] == "finished"
        )
        if view["status"] == "finished":
            return view
        action = view["legal_actions"][-1 if last else 0]
        answer = client.post(f"/api/games/{game_id}/actions", json={"token": token, "action": action})
        assert answer.status_code == 200, answer.text


def draws(client: TestClient, game_id: str) -> list[str]:
    """The chance actions of a finished game, in order (from its record, replayed)."""
    record = GameRecord.from_json(client.get(f"/api/games/{game_id}/record").json())
    state = make_game(record.game, len(record.players), record.options).new_initial_state()
    found = []
    for text in record.actions:
        if state.current_player == CHANCE:
            found.append(text)
        state.apply_text(text)
    return found


@pytest.mark.parametrize(
    ("game", "options"), [("kingdomino", {}), ("duel", {}), ("origins", {"mode": "tribe"})]
)
def test_a_finished_deal_is_played_again_with_the_same_draws(
    client: TestClient, game: str, options: dict[str, Any]
) -> None:
    created = create(client, game=game, options=options, seed=None)  # the server's secret seed
    token = human_token(created)
    refused = client.post(f"/api/games/{created['id']}/same-deal", json={"token": token})
    assert refused.status_code == 409 and "once it is over" in refused.json()["error"]["message"]
    assert refused.json()["error"]["code"] == "same_deal_playing"
    first = play_to_the_end(client, created["id"], token, last=False)
    assert first["same_deal"] and not first["practice"]
    spectator = client.post(
        f"/api/games/{created['id']}/same-deal", json={"token": created["spectator_token"]}
    )
    assert spectator.status_code == 403
    # The same deal, the same moves: the very same game (the AI seats answer alike).
    again = client.post(f"/api/games/{created['id']}/same-deal", json={"token": token})
    assert again.status_code == 201, again.text
    same = again.json()
    assert same["practice"] and same["id"] != created["id"]
    assert [(s["name"], s["kind"], s["level"]) for s in same["seats"]] == [
        (s["name"], s["kind"], s["level"]) for s in created["seats"]
    ]
    replayed = play_to_the_end(client, same["id"], human_token(same), last=False)
    assert replayed["scores"] == first["scores"] and draws(client, same["id"]) == draws(client, created["id"])
    # The same deal played another way still meets the same draws (Origins: the same dominoes;
    # its cavemen may be taken from the stack, which changes what a reveal draws from).
    other = client.post(f"/api/games/{created['id']}/same-deal", json={"token": token}).json()
    play_to_the_end(client, other["id"], human_token(other), last=True)
    before, after = draws(client, created["id"]), draws(client, other["id"])
    if game == "origins":
        before, after = ([d for d in found if d.startswith("draw")] for found in (before, after))
    common = min(len(before), len(after))
    assert common > 10 and before[:common] == after[:common]


def test_a_deal_is_not_played_again_with_several_humans(client: TestClient) -> None:
    two = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    refused = client.post(f"/api/games/{two['id']}/same-deal", json={"token": two["seats"][0]["token"]})
    assert refused.status_code == 409 and refused.json()["error"]["field"] == "game"
    assert "several humans" in refused.json()["error"]["message"]
    assert refused.json()["error"]["code"] == "same_deal_humans"
    view = client.get(f"/api/games/{two['id']}", params={"token": two["seats"][0]["token"]}).json()
    assert view["same_deal"] is False


def test_a_player_who_left_keeps_their_moves_and_their_open_page_only_watches(client: TestClient) -> None:
    """After Bea left, her page still open is told it holds no seat (no legal moves, no "leave"),
    and Ann's undo never takes back Bea's own moves with hers."""
    created = create(client, seats=[{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}])
    game_id = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    for _ in range(40):  # on until Bea has played after Ann, with nothing drawn between
        view = client.get(f"/api/games/{game_id}", params={"token": tokens[0]}).json()
        log = view["log"]
        since_draw = log[max((i for i, e in enumerate(log) if e["seat"] < 0), default=-1) + 1 :]
        if since_draw and since_draw[-1]["seat"] == 1 and any(e["seat"] == 0 for e in since_draw):
            break
        seat = view["current_player"]
        mine = client.get(f"/api/games/{game_id}", params={"token": tokens[seat]}).json()
        # Ann takes the first domino, Bea the last: Ann plays first in the next round.
        action = mine["legal_actions"][0 if seat == 0 else -1]
        move = {"token": tokens[seat], "action": action, "index": mine["index"]}
        client.post(f"/api/games/{game_id}/actions", json=move)
    else:
        raise AssertionError("Bea never played after Ann")
    with client.websocket_connect(f"/ws/games/{game_id}", params={"tokens": tokens[1]}) as page:
        assert next_message(page, "Bea's first view")["your_seats"] == [1]
        assert client.post(f"/api/games/{game_id}/leave", json={"token": tokens[1]}).status_code == 200
        told = next_of_type(page, "state")
        assert told["your_seats"] == [] and told["legal_actions"] == [] and not told["can_leave"]
    refused = client.post(f"/api/games/{game_id}/undo", json={"token": tokens[0]})
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "undo_left"
    after = client.get(f"/api/games/{game_id}", params={"token": tokens[0]}).json()
    # Nothing taken back; the AI in Bea's seat may have played on meanwhile.
    assert after["log"][: len(log)] == log and after["undo_refused"] == "undo_left"


def test_a_player_who_must_go_hands_the_seat_to_an_ai_and_the_others_finish(
    client: TestClient, database: str
) -> None:
    """Two friends online; Bea must go: her seat goes to an AI, the game plays on to its end with it,
    her token no longer acts (she watches with the spectator token), and a restarted server keeps it."""
    created = create(client, seats=[{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}])
    game_id = created["id"]
    ann, bea = (seat["token"] for seat in created["seats"])
    view = client.get(f"/api/games/{game_id}", params={"token": bea}).json()
    assert view["can_leave"]
    refused = client.post(f"/api/games/{game_id}/leave", json={"token": created["spectator_token"]})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "spectator_acts"
    refused = client.post(f"/api/games/{game_id}/leave", json={"token": bea, "level": "grandmaster"})
    assert refused.status_code == 422 and refused.json()["error"]["field"] == "level"
    left_at = client.get(f"/api/games/{game_id}", params={"token": bea}).json()["index"]
    left = client.post(f"/api/games/{game_id}/leave", json={"token": bea, "level": "greedy"})
    assert left.status_code == 200 and left.json()["spectator_token"] == created["spectator_token"]
    view = client.get(f"/api/games/{game_id}", params={"token": ann}).json()
    handed = {"seat": 1, "name": "Bea (AI, greedy)", "kind": "ai", "level": "greedy", "ai_since": left_at}
    assert view["seats"][1] == handed, view["seats"]  # her own moves before ai_since
    assert not view["can_leave"]  # Ann is the last human: the game needs her
    refused = client.post(f"/api/games/{game_id}/leave", json={"token": ann})
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "leave_alone"
    gone = client.post(f"/api/games/{game_id}/actions", json={"token": bea, "action": "claim 1"})
    assert gone.status_code == 403 and gone.json()["error"]["code"] == "spectator_acts"
    assert gone.json()["error"]["message"].startswith("seat 2 was handed over: an AI plays it now")
    # Her old link still opens the game, to watch it.
    assert client.get(f"/api/games/{game_id}", params={"token": bea}).json()["your_seats"] == []
    # Ann alone against the AI now: her undo and hints are those of a game against AI seats.
    assert view["hints_allowed"]
    finished = play_to_the_end(client, game_id, ann, last=False)
    assert finished["status"] == "finished" and len(finished["scores"]) == 2
    record = GameRecord.from_json(client.get(f"/api/games/{game_id}/record").json())
    assert replay(record, make_game("kingdomino", 2)).ok
    with TestClient(create_app(database)) as restarted:
        again = restarted.get(f"/api/games/{game_id}", params={"token": ann}).json()
        assert again["seats"][1]["kind"] == "ai" and again["scores"] == finished["scores"]
    refused = client.post(f"/api/games/{game_id}/leave", json={"token": ann})
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "game_over"
    # A hint asked at the end says the game is over (it said "a hint is for the seat to act").
    refused = client.get(f"/api/games/{game_id}/hint", params={"token": ann})
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "game_over"


def test_a_seat_is_not_handed_to_an_ai_in_a_game_against_ai_seats(client: TestClient) -> None:
    created = create(client)
    view = client.get(f"/api/games/{created['id']}", params={"token": human_token(created)}).json()
    assert not view["can_leave"]
    refused = client.post(f"/api/games/{created['id']}/leave", json={"token": human_token(created)})
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "leave_alone"


class StoppedClock:
    """A ``time`` module for ``presence`` whose monotonic clock moves only when a test says so:
    the seconds a seat has been away are then the test's, whatever the machine's load."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now


def test_an_away_player_s_seat_is_handed_to_an_ai_by_another_once_awaited_long_enough(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bea is to act with no page of the game open: after ``away_seconds`` Ann may let an AI play
    for her (not before, not while a page of Bea's is open, and never an AI's or her own seat)."""
    clock = StoppedClock()
    monkeypatch.setattr(seat_presence, "time", clock)
    with TestClient(create_app(database, secret_seeds=seeded_secrets(), away_seconds=1.5)) as client:
        created = create(client, seats=[{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}])
        game_id = created["id"]
        tokens = [seat["token"] for seat in created["seats"]]
        view = client.get(f"/api/games/{game_id}", params={"token": tokens[0]}).json()
        away = view["current_player"]
        here = 1 - away
        path = f"/api/games/{game_id}/seats/{away + 1}/ai"
        refused = client.post(f"/api/games/{game_id}/seats/{here + 1}/ai", json={"token": tokens[here]})
        assert refused.status_code == 409 and refused.json()["error"]["code"] == "takeover_seat"
        with client.websocket_connect(f"/ws/games/{game_id}", params={"tokens": tokens[away]}) as socket:
            assert next_message(socket, "the first view")["type"] == "state"
            refused = client.post(path, json={"token": tokens[here]})
            assert refused.status_code == 409 and refused.json()["error"]["code"] == "takeover_not_away"
        refused = client.post(path, json={"token": tokens[here]})
        error = refused.json()["error"]
        assert refused.status_code == 409 and error["code"] == "takeover_wait"
        assert error["values"]["n"] == 2  # seconds still to wait, rounded up
        # The one who stays hears who is away, and when the seat may be handed over.
        with client.websocket_connect(f"/ws/games/{game_id}", params={"tokens": tokens[here]}) as socket:
            assert next_message(socket, "the first view")["type"] == "state"
            presence = next_message(socket, "who is away")
            assert presence["type"] == "presence" and presence["after"] == 1.5
            assert list(presence["away"]) == [str(away)]
            clock.now += 1.4
            refused = client.post(path, json={"token": tokens[here]})
            assert refused.json()["error"]["code"] == "takeover_wait"
            clock.now += 0.2
            taken = client.post(path, json={"token": tokens[here], "level": "greedy"})
            assert taken.status_code == 200, taken.text
            messages = [next_message(socket, "the view or the presence after the handover") for _ in range(2)]
            assert {m["type"] for m in messages} == {"state", "presence"}
            assert next(m for m in messages if m["type"] == "presence")["away"] == {}
        view = client.get(f"/api/games/{game_id}", params={"token": tokens[here]}).json()
        assert view["seats"][away]["kind"] == "ai" and view["seats"][away]["name"].endswith("(AI, greedy)")
        view = wait_for(client, game_id, tokens[here], lambda v: v["current_player"] == here)
        assert view["index"] > 0  # the AI played her turn
        watched = client.get(f"/api/games/{game_id}", params={"token": tokens[away]}).json()
        assert watched["your_seats"] == []  # her link still watches the game


def test_each_page_preloads_its_modules_and_they_go_compressed(client: TestClient) -> None:
    # A game's modules came in a chain four deep (app.js, the language, game.js, the boards,
    # placement.js): each page now names them all in its HTML, to be fetched at once.
    # (tests/web/browser/test_redraws.py checks that every module a page loads is among them.)
    base = client.app.state.static_base  # type: ignore[attr-defined]
    preloads = re.compile(rf'<link rel="modulepreload" href="({base}[\w-]+\.js)">')
    game = preloads.findall(client.get("/game/abc").text)
    lobby = preloads.findall(client.get("/").text)
    scorer = preloads.findall(client.get("/score").text)
    needed = {"app.js", "game.js", "board-kingdoms.js", "placement.js"}
    assert {f"{base}{name}" for name in needed} <= set(game)
    assert f"{base}lobby.js" in lobby and f"{base}game.js" not in lobby
    assert f"{base}scorer.js" in scorer and f"{base}game.js" not in scorer
    assert len(game) == len(set(game))
    for path in game:
        script = client.get(path, headers={"Accept-Encoding": "gzip"})
        assert script.status_code == 200 and script.headers["content-type"].startswith("text/javascript")
        if len(script.content) >= 1024:  # GZipMiddleware's minimum_size
            assert script.headers["content-encoding"] == "gzip", path


def test_each_page_preloads_the_texts_of_the_language_it_will_speak(client: TestClient) -> None:
    # The texts were the loading chain's last link: fetched once every module had come and run.
    # The page asks for English (the fallback) and its language's; it keeps its choice in a cookie.
    base = client.app.state.static_base  # type: ignore[attr-defined]
    texts = re.compile(rf'<link rel="preload" href="{base}i18n/(\w+)\.json" as="fetch" crossorigin>')

    def preloaded(path: str = "/", accept: str | None = None) -> list[str]:
        response = client.get(path, headers={"Accept-Language": accept} if accept else {})
        assert response.status_code == 200 and "Accept-Language" in response.headers["vary"]
        return texts.findall(response.text)

    assert preloaded() == ["en"]
    for path in ("/", "/game/abc", "/game/abc/replay", "/score"):
        assert preloaded(path, "hu-HU,hu;q=0.9,en-US;q=0.8") == ["en", "hu"], path
    assert preloaded(accept="de-DE, uk;q=0.4, RU;q=0.7") == ["en", "ru"]  # by weight, unknown skipped
    assert preloaded(accept="ru;q=0, bg;q=0.1") == ["en", "bg"]  # q=0: not wanted
    assert preloaded(accept="en-GB, hu") == ["en"]
    assert preloaded(accept="hu;q=zz, ;;;, *") == ["en"]  # nonsense is no language
    client.cookies.set("kingdomino.language", "bg")
    assert preloaded(accept="hu") == ["en", "bg"]  # the page's own choice first
    client.cookies.set("kingdomino.language", "../../etc/passwd")
    assert preloaded(accept="hu") == ["en", "hu"]  # a cookie of no language of ours is ignored
    client.cookies.clear()
    for name in ("en", "hu", "bg", "ru", "uk"):
        assert client.get(f"/static/i18n/{name}.json").status_code == 200


def test_the_page_s_files_go_compressed_and_the_api_s_answers_do_not(client: TestClient) -> None:
    # A game page fetched 209 KB uncompressed (153 KB of scripts), 4.7 s on a slow phone network.
    # The API's answers stay as they are: they hold seats' tokens beside text a client chose.
    script = client.get("/static/game.js", headers={"Accept-Encoding": "gzip"})
    assert script.status_code == 200 and script.headers["content-encoding"] == "gzip"
    assert int(script.headers["content-length"]) < len(script.content) / 2  # httpx decompressed it
    plain = client.get("/static/game.js", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.content == script.content
    created = client.post(
        "/api/games",
        json={"game": "kingdomino", "players": 2, "seats": [{"kind": "human"}, {"kind": "ai"}]},
        headers={"Accept-Encoding": "gzip"},
    )
    assert created.status_code == 201 and "content-encoding" not in created.headers
