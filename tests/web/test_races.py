"""Orders of events an unlucky player or an attacker could produce: each one leaves a sound game."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import create, seeded_secrets, wait_for
from tests.web.deadlines import joined
from tests.web.sockets import next_message, next_of_type
from tests.web.test_api import play_to_the_end

from kingdomino.agents import make_agent
from kingdomino.core.game import CHANCE
from kingdomino.core.seeds import derive_seed
from kingdomino.web import admission
from kingdomino.web.ai_workers import AIAnswer, AIJob, run_job
from kingdomino.web.app import create_app
from kingdomino.web.store import Store
from kingdomino.web.stored import StoredGame, now
from kingdomino.web.table import Table


@pytest.fixture
def slow_ai_client(database: str) -> Iterator[TestClient]:
    """AI seats that wait 0.4 s before each move: room for a human to act while they think."""
    app = create_app(database, ai_delay=0.4, hint_agent="greedy", secret_seeds=seeded_secrets())
    with TestClient(app) as test_client:
        yield test_client


def post_action(client: TestClient, game_id: str, token: str, action: str, index: int | None = None) -> Any:
    body: dict[str, Any] = {"token": token, "action": action}
    if index is not None:
        body["index"] = index
    return client.post(f"/api/games/{game_id}/actions", json=body)


def test_the_same_seat_acting_twice_at_once_succeeds_once(client: TestClient) -> None:
    created = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    tokens = [seat["token"] for seat in created["seats"]]
    view = client.get(f"/api/games/{created['id']}", params={"token": tokens[0]}).json()
    token = tokens[view["current_player"]]
    legal = client.get(f"/api/games/{created['id']}", params={"token": token}).json()["legal_actions"]
    answers: list[int] = []

    def act(action: str) -> None:
        answers.append(post_action(client, created["id"], token, action, view["index"]).status_code)

    threads = [threading.Thread(target=act, args=(legal[i % len(legal)],)) for i in range(6)]
    for thread in threads:
        thread.start()
    joined(threads, "the six moves posted at once")
    assert sorted(answers) == [200, 409, 409, 409, 409, 409]
    after = client.get(f"/api/games/{created['id']}", params={"token": tokens[0]}).json()
    assert len([entry for entry in after["log"] if entry["seat"] >= 0]) == 1


def human_move_followed_by_ai(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    """Play the human seat 0 until its move hands the turn to the AI with no draw in between."""
    for _ in range(40):
        view = wait_for(client, game_id, token, lambda v: v["current_player"] == 0)
        post_action(client, game_id, token, view["legal_actions"][0], view["index"])
        after = client.get(f"/api/games/{game_id}", params={"token": token}).json()
        if after["current_player"] == 1 and after["log"][-1]["seat"] == 0:
            return view
    raise AssertionError("no human move was followed by an AI turn")


@pytest.mark.parametrize("game", ["kingdomino", "duel"])
def test_undo_while_the_ai_thinks_never_freezes_the_game(slow_ai_client: TestClient, game: str) -> None:
    client = slow_ai_client
    for seed in range(3):
        created = create(client, game=game, seed=seed)
        game_id, token = created["id"], created["seats"][0]["token"]
        before = human_move_followed_by_ai(client, game_id, token)
        # The AI is thinking about the move just played; take it back and play another one instead.
        assert client.post(f"/api/games/{game_id}/undo", json={"token": token}).status_code == 200
        other = before["legal_actions"][-1]
        assert post_action(client, game_id, token, other, before["index"]).status_code == 200
        # What the AI must answer: its move for this very state, seeded by the game and the index.
        hub = client.app.state.hub  # type: ignore[attr-defined]
        live = hub.tables[game_id]
        state, index = live.state.clone(), len(live.actions)
        agent = make_agent("greedy", derive_seed(seed, "seat", 1, index))
        expected = state.action_text(agent.act(state))
        after = wait_for(
            client,
            game_id,
            token,
            lambda v, i=before["index"]: (
                v["status"] == "finished" or (v["current_player"] == 0 and v["index"] > i)
            ),
            timeout=20,
        )
        assert any(entry["text"] == other and entry["seat"] == 0 for entry in after["log"])
        assert live.actions[index].text == expected
        assert live.ai_task is None or live.ai_task.done() or live.state.current_player == 1


class FlakyWorkers:
    """Searches in a thread, the first of which crashes (as a worker process might)."""

    slots = 1

    def __init__(self) -> None:
        self.calls = 0

    async def run(self, job: AIJob) -> AIAnswer:
        self.calls += 1
        if self.calls == 1:
            raise RuntimeError("the search crashed")
        return await asyncio.to_thread(run_job, job)

    def close(self) -> None:
        pass


def test_a_failing_ai_turn_is_logged_and_tried_again(database: str, caplog: pytest.LogCaptureFixture) -> None:
    workers = FlakyWorkers()
    with TestClient(create_app(database, ai_workers=workers)) as client:
        created = create(client, seats=[{"kind": "ai", "level": "random"}, {"kind": "ai", "level": "random"}])
        spectator = created["spectator_token"]
        view = wait_for(client, created["id"], spectator, lambda v: v["status"] == "finished", 60)
    assert view["winners"] and workers.calls > 1
    assert "AI turn of seat" in caplog.text


def test_undo_after_the_end_is_refused_and_the_game_stays_final(client: TestClient) -> None:
    created = create(client, game="duel", seats=[{"kind": "human"}, {"kind": "ai", "level": "random"}])
    game_id, token = created["id"], created["seats"][0]["token"]
    view = play_to_the_end(client, game_id, token, last=False)
    assert not view["undo_allowed"]
    refused = client.post(f"/api/games/{game_id}/undo", json={"token": token})
    assert refused.status_code == 409 and "over" in refused.json()["error"]["message"]
    after = client.get(f"/api/games/{game_id}", params={"token": token}).json()
    assert after["status"] == "finished" and after["index"] == view["index"]


def test_a_game_stored_without_its_setup_draws_draws_them_from_its_seed(database: str) -> None:
    # What a crash between a game's creation and its setup draws leaves: a game with no action.
    store = Store(database)
    seats: list[dict[str, Any]] = [
        {"kind": "ai", "level": "random", "name": "AI", "token": None},
        {"kind": "human", "name": "Ann", "online": False, "token": "ann-token"},
    ]
    store.create_game(StoredGame("half", "kingdomino", 2, {}, 99, seats, "watch", "playing", now(), []))
    store.close()
    with TestClient(create_app(database)) as client:
        view = client.get("/api/games/half", params={"token": "ann-token"}).json()
        assert view["log"][0]["seat"] == CHANCE and view["current_player"] in (0, 1)
        wait_for(client, "half", "ann-token", lambda v: v["current_player"] == 1)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        fresh = create(client, seats=[{"kind": "ai", "level": "random"}, {"kind": "human"}], seed=99)
        # The same seed gives the same setup draws whether the game was created now or resumed.
        setup = [a.text for a in hub.tables["half"].actions if a.seat == CHANCE][:4]
        assert setup == [a.text for a in hub.tables[fresh["id"]].actions if a.seat == CHANCE][:4]


def test_a_new_game_is_stored_with_its_setup_draws_in_one_transaction(client: TestClient) -> None:
    created = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    hub = client.app.state.hub  # type: ignore[attr-defined]
    stored = hub.store.load(created["id"])
    assert stored is not None and stored.actions and stored.actions[0].seat == CHANCE
    assert [a.index for a in stored.actions] == list(range(len(stored.actions)))


def test_spectator_sockets_are_capped_with_a_clear_error(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(admission, "MAX_SPECTATORS", 2)
    created = create(client)
    url = f"/ws/games/{created['id']}?tokens={created['spectator_token']}"
    with client.websocket_connect(url) as first, client.websocket_connect(url) as second:
        assert [next_message(socket, "the first view")["type"] for socket in (first, second)] == ["state"] * 2
        with client.websocket_connect(url) as third:
            refused = next_message(third, "the refusal of a third spectator")
            assert refused["type"] == "error" and refused["field"] == "tokens"
            assert "2 spectators" in refused["message"]


def test_each_distinct_view_is_built_once_per_state(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    game_id = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    built: list[tuple[int, ...]] = []
    real = Table.view_of

    def counted(table: Table, mine: tuple[int, ...], former: tuple[int, ...] = ()) -> dict[str, Any]:
        built.append(mine)
        return real(table, mine, former)

    monkeypatch.setattr(Table, "view_of", counted)
    spectator = f"/ws/games/{game_id}?tokens={created['spectator_token']}"
    sockets = [client.websocket_connect(spectator) for _ in range(6)]
    opened = [socket.__enter__() for socket in sockets]
    try:
        for socket in opened:
            next_of_type(socket, "state")
        assert built == [()]
        view = client.get(f"/api/games/{game_id}", params={"token": tokens[0]}).json()
        token = tokens[view["current_player"]]
        legal = client.get(f"/api/games/{game_id}", params={"token": token}).json()["legal_actions"]
        built.clear()
        assert post_action(client, game_id, token, legal[0]).status_code == 200
        messages = [next_of_type(socket, "state") for socket in opened]  # past how many watch
        assert all(m == messages[0] and m["index"] > view["index"] for m in messages)
        assert built == [()]
    finally:
        for socket in sockets:
            socket.__exit__(None, None, None)
