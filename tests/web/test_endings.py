"""Resign and abort (``web/endings.py``): how an online game ends before its last move, over HTTP
and the socket, recorded once or not at all, and refused to whoever may not end it."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from starlette.testclient import WebSocketTestSession
from tests.web.conftest import assert_error_shape, assert_socket_error, create, seeded_secrets, wait_for
from tests.web.sockets import messages_until, next_of_type
from tests.web.test_players_api import log_in, rated_game
from typer.testing import CliRunner

from kingdomino.cli.app import app as cli
from kingdomino.core.records import GameRecord, replay
from kingdomino.games.registry import make_game
from kingdomino.web import endings
from kingdomino.web.app import create_app
from kingdomino.web.live import AWAY_SECONDS
from kingdomino.web.tables import RatingChangeRow, SeatResultRow

#: A live clock: ten minutes a player, five seconds more a move.
LIVE = {"kind": "game", "minutes": 10, "increment": 5}


def stayed_away(client: TestClient, game_id: str, seat: int) -> None:
    """No page of ``seat`` open here for longer than the wait: as if its player never came (a
    rated game is called off only then: ``endings.rated_abort_refusal``)."""
    presence = client.app.state.hub.table(game_id).presence  # type: ignore[attr-defined]
    long_ago = time.monotonic() - AWAY_SECONDS - 1
    presence.loaded_at = presence.turn_since = long_ago
    presence.left_at[seat] = long_ago


def humans(client: TestClient, players: int = 2) -> tuple[str, list[str], str]:
    """A game of ``players`` humans: its id, the seats' tokens, the spectator's."""
    created = create(client, players=players, seats=[{"kind": "human", "online": True}] * players)
    return created["id"], [seat["token"] for seat in created["seats"]], created["spectator_token"]


def view_of(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    answer = client.get(f"/api/games/{game_id}", params={"token": token})
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def play_until_each_moved(client: TestClient, game_id: str, tokens: list[str]) -> dict[str, Any]:
    """Play every seat's first legal move until each seat has made one; the last view."""
    while True:
        view = view_of(client, game_id, tokens[0])
        if {entry["seat"] for entry in view["log"]} >= set(range(len(tokens))):
            return view
        token = tokens[view["current_player"]]
        mine = view_of(client, game_id, token)
        answer = client.post(
            f"/api/games/{game_id}/actions",
            json={"token": token, "action": mine["legal_actions"][0], "index": mine["index"]},
        )
        assert answer.status_code == 200, answer.text


def post(client: TestClient, game_id: str, what: str, token: str) -> Any:
    return client.post(f"/api/games/{game_id}/{what}", json={"token": token})


def refused(answer: Any, status: int, code: str) -> None:
    assert answer.status_code == status, answer.text
    assert assert_error_shape(answer.json())["code"] == code


def next_state(socket: WebSocketTestSession, kind: str = "state") -> dict[str, Any]:
    """The socket's next message of type ``kind`` (a view by default), past presence and the rest."""
    return next_of_type(socket, kind)


def test_a_rated_two_player_game_resigned_ends_at_once_with_the_resigner_last(api: TestClient) -> None:
    """The resigner ranks last whatever the points, the result and the ratings are recorded once,
    the game replays up to its last move; a second resignation is refused."""
    (anna, anna_session), (bela, bela_session) = log_in(api), log_in(api)
    game_id, tokens = rated_game(api, [anna_session, bela_session])
    before = play_until_each_moved(api, game_id, tokens)
    answer = post(api, game_id, "resign", tokens[1])
    assert answer.status_code == 200, answer.text
    assert answer.json()["ended"] is True
    view = view_of(api, game_id, tokens[0])
    assert view["status"] == "finished" and view["ended"] == {"by": "resign", "seat": 1}
    assert view["places"] == [1, 2] and view["winners"] == [0]
    assert view["scores"] == before["scores"] and view["index"] == before["index"]
    assert view["legal_actions"] == [] and not view["can_resign"] and not view["can_abort"]
    refused(post(api, game_id, "resign", tokens[1]), 409, "game_over")
    refused(post(api, game_id, "resign", tokens[0]), 409, "game_over")
    moved = api.post(f"/api/games/{game_id}/actions", json={"token": tokens[0], "action": "claim 1"})
    refused(moved, 409, "game_over")
    store = api.app.state.hub.store  # type: ignore[attr-defined]
    deadline = time.monotonic() + 60
    while api.get(f"/api/games/{game_id}/ratings").status_code != 200:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    with store.engine.connect() as connection:
        changes = connection.execute(select(RatingChangeRow.place).where(RatingChangeRow.game_id == game_id))
        assert sorted(row[0] for row in changes) == [1, 2]
        results = connection.execute(
            select(SeatResultRow.seat, SeatResultRow.place).where(SeatResultRow.game_id == game_id)
        )
        assert sorted(tuple(row) for row in results) == [(0, 1), (1, 2)]
    ratings = api.get(f"/api/games/{game_id}/ratings").json()["seats"]
    assert ratings[0]["after"] > ratings[0]["before"] and ratings[1]["after"] < ratings[1]["before"]
    # Recorded once: a server starting again finds nothing left to record.
    assert api.app.state.hub.results.unrecorded_rated() == []  # type: ignore[attr-defined]
    last = api.get(f"/api/games/{game_id}/replay", params={"step": view["index"]})
    assert last.status_code == 200 and last.json()["scores"] == before["scores"]
    finished = api.get("/api/account/games", headers=anna_session).json()["finished"]
    assert [(g["id"], g["places"], g["ended"]) for g in finished] == [
        (game_id, [1, 2], {"by": "resign", "seat": 1})
    ]
    assert api.get(f"/api/players/{anna}").json()["games"][0]["place"] == 1
    (played,) = api.get(f"/api/players/{bela}").json()["games"]
    assert (played["place"], played["ended"], played["left"]) == (2, {"by": "resign", "seat": 1}, False)


def test_a_resigned_game_s_record_ranks_the_resigner_last(api: TestClient, tmp_path: Path) -> None:
    """The record saved from the end screen (``/record``) ranked a resigned game by points: the
    leader who resigned was its winner, and ``kingdomino replay`` called the record wrong, its
    actions ending before the game does. It now ranks as the end screen does and replays."""
    game_id, tokens, _ = humans(api)
    play_until_each_moved(api, game_id, tokens)
    leader = api.app.state.hub.table(game_id).state.winners()[0]  # type: ignore[attr-defined]
    assert post(api, game_id, "resign", tokens[leader]).status_code == 200
    other = 1 - leader
    view = view_of(api, game_id, tokens[other])
    answer = api.get(f"/api/games/{game_id}/record")
    assert answer.status_code == 200, answer.text
    result = answer.json()["result"]
    assert result["winners"] == view["winners"] == [other]
    assert result["places"] == view["places"] and result["places"][leader] == 2
    assert result["ended"] == {"by": "resign", "seat": leader} and result["scores"] == view["scores"]
    record = GameRecord.from_json(answer.json())
    outcome = replay(record, make_game(record.game, len(record.players), record.options))
    assert outcome.ok and not outcome.state.is_terminal(), outcome.result_mismatch
    saved = tmp_path / "resigned.json"
    saved.write_text(json.dumps(answer.json()), encoding="utf-8")
    printed = CliRunner().invoke(cli, ["replay", str(saved), "--json"])
    assert printed.exit_code == 0, printed.output
    replayed = json.loads(printed.output)
    assert replayed["winners"] == [other] and replayed["ended"] == result["ended"]
    table = CliRunner().invoke(cli, ["replay", str(saved)])
    assert table.exit_code == 0 and "resigned: the game ended there" in table.output, table.output


def test_resigning_over_the_socket_tells_every_page_of_the_game(client: TestClient) -> None:
    game_id, tokens, spectator = humans(client)
    with (
        client.websocket_connect(f"/ws/games/{game_id}", params={"tokens": tokens[0]}) as anna,
        client.websocket_connect(f"/ws/games/{game_id}", params={"tokens": spectator}) as watcher,
    ):
        assert next_state(anna)["can_resign"] and next_state(watcher)["status"] == "playing"
        watcher.send_text(json.dumps({"type": "resign"}))
        assert assert_socket_error(next_state(watcher, "error"))["code"] == "spectator_acts"
        anna.send_text(json.dumps({"type": "resign"}))
        kinds: set[str] = set()

        def both_heard(message: dict[str, Any]) -> bool:
            kinds.add(message.get("status", message["type"]))
            return {"ack", "finished"} <= kinds

        heard = messages_until(anna, both_heard, "the ack and the finished view")
        (ack,) = [m for m in heard if m["type"] == "ack"]
        assert ack["resign"] is True and ack["ended"] is True
        told = messages_until(
            watcher, lambda m: m["type"] == "state" and m["status"] == "finished", "the finished view"
        )[-1]
        (mine,) = [m for m in heard if m.get("status") == "finished"]
        for view in (told, mine):
            assert view["ended"] == {"by": "resign", "seat": 0} and view["places"] == [2, 1]
        anna.send_text(json.dumps({"type": "abort"}))
        assert assert_socket_error(next_state(anna, "error"))["code"] == "game_over"


def test_an_aborted_game_ends_with_no_result_and_no_rating(api: TestClient) -> None:
    (anna, anna_session), (_, bela_session) = log_in(api), log_in(api)
    game_id, tokens = rated_game(api, [anna_session, bela_session], control=LIVE)
    view = view_of(api, game_id, tokens[0])
    assert view["ended"] is None
    # Moves of one player leave the other's first move to come: abortable once they stay away.
    acting = view["current_player"]
    first = tokens[acting]
    while (mine := view_of(api, game_id, first))["current_player"] == acting:
        post_move = {"token": first, "action": mine["legal_actions"][0], "index": mine["index"]}
        assert api.post(f"/api/games/{game_id}/actions", json=post_move).status_code == 200
    stayed_away(api, game_id, 1 - acting)
    assert post(api, game_id, "abort", first).status_code == 200
    view = view_of(api, game_id, tokens[1])
    assert view["status"] == "aborted" and view["ended"]["by"] == "abort"
    assert view["places"] == [] and view["winners"] == [] and view["legal_actions"] == []
    refused(post(api, game_id, "abort", tokens[1]), 409, "game_over")
    refused(post(api, game_id, "resign", tokens[1]), 409, "game_over")
    assert api.get(f"/api/games/{game_id}/ratings").status_code == 409
    store = api.app.state.hub.store  # type: ignore[attr-defined]
    with store.engine.connect() as connection:
        assert not connection.execute(select(SeatResultRow).where(SeatResultRow.game_id == game_id)).all()
        assert not connection.execute(select(RatingChangeRow).where(RatingChangeRow.game_id == game_id)).all()
    games = api.get("/api/account/games", headers=anna_session).json()
    assert games["playing"] == [] and [(g["id"], g["status"]) for g in games["finished"]] == [
        (game_id, "aborted")
    ]
    page = api.get(f"/api/players/{anna}").json()
    assert page["ratings"] == [] and page["stats"] == []  # counted nowhere
    (listed,) = page["games"]
    assert (listed["id"], listed["status"], listed["replay"], listed["place"]) == (
        game_id,
        "aborted",
        None,
        None,
    )
    assert api.app.state.hub.results.unrecorded_rated() == []  # type: ignore[attr-defined]


def test_abort_is_refused_once_every_player_has_moved(client: TestClient) -> None:
    game_id, tokens, _ = humans(client)
    play_until_each_moved(client, game_id, tokens)
    assert not view_of(client, game_id, tokens[0])["can_abort"]
    answer = post(client, game_id, "abort", tokens[0])
    refused(answer, 409, "abort_too_late")
    assert "resign" in answer.json()["error"]["message"]


def test_only_a_seated_player_of_a_started_unfinished_game_ends_it(client: TestClient) -> None:
    game_id, tokens, spectator = humans(client, players=3)
    for what in ("resign", "abort"):
        refused(post(client, game_id, what, spectator), 403, "spectator_acts")
        refused(post(client, game_id, what, "made-up"), 403, "not_a_seat")
    # Three players: resigning is leaving, said as resigning, and the others play on.
    assert post(client, game_id, "resign", tokens[2]).json()["ended"] is False
    view = view_of(client, game_id, tokens[0])
    assert view["status"] == "playing" and view["ended"] is None
    assert view["seats"][2]["kind"] == "ai" and view["seats"][2]["resigned"]
    for what in ("resign", "abort"):  # the former player's link only watches now
        refused(post(client, game_id, what, tokens[2]), 403, "spectator_acts")
    # The last human but one resigns: Bela is left against an AI, the game goes on for him.
    assert post(client, game_id, "resign", tokens[1]).json()["ended"] is False
    # Alone against AI seats, Anna's resignation ends the game: she ranks last.
    assert post(client, game_id, "resign", tokens[0]).json()["ended"] is True
    view = view_of(client, game_id, tokens[0])
    assert view["status"] == "finished" and view["places"][0] == 3
    # A game still waiting for its players has not started.
    opened = client.post(
        "/api/games",
        json={
            "game": "kingdomino",
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "open"}],
            "wait_minutes": 5,
        },
    ).json()
    creator = opened["seats"][0]["token"]
    for what in ("resign", "abort"):
        refused(post(client, opened["id"], what, creator), 409, "not_started")


@pytest.fixture
def slow_ai(database: str) -> Iterator[TestClient]:
    """AI seats that wait a while before each move: room to resign while one thinks."""
    app = create_app(database, ai_delay=0.5, hint_agent="greedy", secret_seeds=seeded_secrets())
    with TestClient(app) as test_client:
        yield test_client


def test_resigning_while_the_ai_thinks_ends_the_game_and_the_ai_never_moves(slow_ai: TestClient) -> None:
    created = create(slow_ai, seed=3)
    game_id, token = created["id"], created["seats"][0]["token"]
    view = wait_for(slow_ai, game_id, token, lambda v: v["current_player"] in (0, 1))
    for _ in range(20):  # until it is the AI's turn: it thinks for a while
        if view["current_player"] == 1:
            break
        move = {"token": token, "action": view["legal_actions"][0], "index": view["index"]}
        assert slow_ai.post(f"/api/games/{game_id}/actions", json=move).status_code == 200
        view = wait_for(slow_ai, game_id, token, lambda v: v["current_player"] in (0, 1))
    assert view["current_player"] == 1
    assert post(slow_ai, game_id, "resign", token).json()["ended"] is True
    ended = view_of(slow_ai, game_id, token)
    time.sleep(1.5)  # longer than the AI's pace: a move it computed would have been played by now
    after = view_of(slow_ai, game_id, token)
    assert after["index"] == ended["index"] and after["status"] == "finished"
    assert after["places"] == [2, 1] and after["clock"] is None


def test_two_resignations_at_once_end_the_game_once(client: TestClient) -> None:
    game_id, tokens, _ = humans(client)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table = hub.table(game_id)

    async def both() -> list[Any]:
        calls = endings.resign(table, tokens[0]), endings.resign(table, tokens[1])
        return list(await asyncio.gather(*calls, return_exceptions=True))

    answers = client.portal.call(both)  # type: ignore[union-attr]
    assert sum(answer is True for answer in answers) == 1
    (error,) = [answer for answer in answers if answer is not True]
    assert error.code == "game_over"
    view = view_of(client, game_id, tokens[0])
    assert view["ended"]["seat"] in (0, 1) and sorted(view["places"]) == [1, 2]


@pytest.mark.parametrize(
    "seats",
    [
        [{"kind": "ai", "level": "medium"}, {"kind": "human"}, {"kind": "ai", "level": "medium"}],
        [{"kind": "ai", "level": "medium"}, {"kind": "ai", "level": "greedy"}, {"kind": "human"}],
    ],
)
def test_the_last_human_resigning_among_ais_ends_the_game_and_every_watcher_hears_it(
    client: TestClient, seats: list[dict[str, Any]]
) -> None:
    """A game of three where an AI plays first and the one human seat is another: with no other
    human to play on, her resignation ends the game at once (``endings.ends_at_once``: the AIs do
    not play on among themselves), and a spectator's page hears the end with its result, the
    resigner last, whatever move of the AIs was in flight."""
    created = create(client, players=3, seats=seats, seed=5)
    game_id, spectator = created["id"], created["spectator_token"]
    human = next(i for i, seat in enumerate(seats) if seat["kind"] == "human")
    token = created["seats"][human]["token"]
    with client.websocket_connect(f"/ws/games/{game_id}", params={"tokens": spectator}) as watcher:
        assert next_state(watcher)["status"] == "playing"
        assert post(client, game_id, "resign", token).json()["ended"] is True
        told = messages_until(
            watcher, lambda m: m["type"] == "state" and m["status"] == "finished", "the finished view"
        )[-1]
    assert told["ended"] == {"by": "resign", "seat": human}
    assert told["places"][human] == 3  # the AIs by their points then, tied when equal
    assert all(place < 3 for seat, place in enumerate(told["places"]) if seat != human), told["places"]
    view = view_of(client, game_id, token)
    assert view["status"] == "finished"
    assert (view["ended"], view["places"]) == (told["ended"], told["places"])
