"""The AI queue serves clients in turn: a client with many games waiting holds up no one else.

The attack it guards against: a script creates a hundred games of three ``hard`` AI seats and one
human seat it never plays (so their AI turns are players' turns, ahead of games of AI seats
alone); served in order of arrival, every other player would wait minutes for an AI reply. And
telling each waiting game its place must not walk the whole queue once per game at every change.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import create, free_port, on_the_server_loop, seeded_secrets, served_in_a_thread
from tests.web.sockets import messages_until, next_message, next_of_type
from tests.web.test_review import SlowSlots, named

from kingdomino.web.ai_queue import AIQueue, Lane
from kingdomino.web.ai_workers import AIAnswer, AIJob, run_job
from kingdomino.web.app import create_app


def test_clients_take_turns_within_a_lane() -> None:
    """Five jobs of one client, then one of another: the second client's starts next, and its
    place is told so; first come, first served among each client's own jobs."""

    async def scenario() -> tuple[list[str], int | None, int | None]:
        slow = SlowSlots(1, 0.01)
        queue = AIQueue(slow)
        tasks = [
            asyncio.ensure_future(queue.run(named(f"flood-{n}"), f"f{n}", client="203.0.113.9"))
            for n in range(5)
        ]
        await asyncio.sleep(0)
        tasks.append(asyncio.ensure_future(queue.run(named("player"), "p", client="198.51.100.4")))
        await asyncio.sleep(0)
        ahead, last = queue.ahead("p"), queue.ahead("f4")
        await asyncio.gather(*tasks)
        return slow.started, ahead, last

    started, ahead, last = asyncio.run(scenario())
    assert started == ["flood-0", "player", "flood-1", "flood-2", "flood-3", "flood-4"]
    assert ahead == 1 and last == 5


def test_every_lane_takes_clients_in_turn_and_lanes_keep_their_order() -> None:
    async def scenario() -> list[str]:
        slow = SlowSlots(1, 0.01)
        queue = AIQueue(slow)
        tasks = [
            asyncio.ensure_future(queue.run(named(f"a-watched-{n}"), f"w{n}", lane=Lane.WATCHED, client="a"))
            for n in range(3)
        ]
        await asyncio.sleep(0)
        watched = queue.run(named("b-watched"), "wb", lane=Lane.WATCHED, client="b")
        tasks.append(asyncio.ensure_future(watched))
        tasks.append(asyncio.ensure_future(queue.run(named("a-player"), "pa", client="a")))
        await asyncio.sleep(0)
        await asyncio.gather(*tasks)
        return slow.started

    assert asyncio.run(scenario()) == ["a-watched-0", "a-player", "b-watched", "a-watched-1", "a-watched-2"]


def test_every_place_in_a_long_queue_is_told() -> None:
    """Each of 3,000 waiting jobs has its place, the clients in turn. What telling them costs is
    counted, not timed, in ``test_waiting_line.py``."""

    async def scenario() -> dict[str, int]:
        slow = SlowSlots(1, 3600)
        queue = AIQueue(slow)
        tasks = [
            asyncio.ensure_future(queue.run(named(f"j{n}"), f"g{n}", client=f"c{n % 7}")) for n in range(3000)
        ]
        await asyncio.sleep(0)
        positions = queue.positions()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        return positions

    positions = asyncio.run(scenario())
    assert sorted(positions.values()) == list(range(3000))
    assert positions["g0"] == 0 and positions["g7"] == 7  # c0's second job, after one of each client


class Paced:
    """One worker whose every job takes ``seconds`` more than its search: an AI turn holds the
    slot as long as a real ``hard`` search would, on any machine."""

    slots = 1

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    async def run(self, job: AIJob) -> AIAnswer:
        await asyncio.sleep(self.seconds)
        return run_job(job)

    def close(self) -> None:
        pass


@pytest.fixture
def paced_server(tmp_path: Path) -> Iterator[tuple[str, object]]:
    port = free_port()
    app = create_app(
        f"sqlite:///{tmp_path / 'games.sqlite3'}", secret_seeds=seeded_secrets(), ai_workers=Paced(0.25)
    )
    with served_in_a_thread(app, port) as base:
        yield base, app.state.hub


def test_a_flood_of_games_from_one_address_does_not_hold_up_another_player(
    paced_server: tuple[str, object],
) -> None:
    """A script at 127.0.0.2 creates 12 games of three AI seats and one human seat it never plays
    (about 30 AI turns of 0.25 s each); a player at 127.0.0.1 then plays against an AI, whose
    replies wait behind at most the one job that runs and one of the flood's."""
    base, hub = paced_server
    flood = httpx.Client(base_url=base, transport=httpx.HTTPTransport(local_address="127.0.0.2"))
    player = httpx.Client(base_url=base)
    four = [{"kind": "ai", "level": "greedy"}] * 3 + [{"kind": "human", "online": True}]
    for _ in range(12):
        answer = flood.post("/api/games", json={"game": "kingdomino", "players": 4, "seats": four})
        assert answer.status_code == 201
    two = [{"kind": "human"}, {"kind": "ai", "level": "greedy"}]
    body = {"game": "kingdomino", "players": 2, "seats": two}
    created = player.post("/api/games", json=body).json()
    game_id, token = created["id"], created["seats"][0]["token"]
    places = []
    for _ in range(3):
        deadline = time.monotonic() + 20
        while True:
            view = player.get(f"/api/games/{game_id}", params={"token": token}).json()
            if view["current_player"] == 0:
                break
            place = on_the_server_loop(base, lambda: hub.queue.ahead(game_id))  # type: ignore[attr-defined]
            if place is not None:
                places.append(place)
            assert time.monotonic() < deadline, f"the AI reply waited behind the flood: places {places}"
            time.sleep(0.02)
        assert on_the_server_loop(base, lambda: len(hub.queue.waiting))  # type: ignore[attr-defined]  # the flood still waits
        action = {"token": token, "action": view["legal_actions"][0]}
        assert player.post(f"/api/games/{game_id}/actions", json=action).status_code == 200
    assert places and max(places) <= 2, places
    flood.close()
    player.close()


class Held:
    """One worker whose jobs wait until the test lets them go."""

    slots = 1

    def __init__(self) -> None:
        self.go = threading.Event()

    async def run(self, job: AIJob) -> AIAnswer:
        while not self.go.is_set():
            await asyncio.sleep(0.01)
        return run_job(job)

    def close(self) -> None:
        pass


def test_a_page_opening_while_its_ai_turn_waits_hears_its_place_then_the_changes(tmp_path: Path) -> None:
    """Where a game's AI turn stands is told to its pages only (a game nobody watches is looked at
    when a page of it opens), and each change of its place reaches the pages already open."""
    held = Held()
    database = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    with TestClient(create_app(database, secret_seeds=seeded_secrets(), ai_workers=held)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        seats = [{"kind": "ai", "level": "random"}] * 2
        first, second = create(client, seats=seats), create(client, seats=seats)
        deadline = time.monotonic() + 10
        while client.portal.call(hub.queue.ahead, second["id"]) != 1:  # type: ignore[union-attr]
            assert time.monotonic() < deadline
            time.sleep(0.01)
        link = f"/ws/games/{second['id']}?tokens={second['spectator_token']}"
        with client.websocket_connect(link) as socket:
            assert next_message(socket, "the game's first view")["type"] == "state"
            told = next_of_type(socket, "thinking")  # past how many watch: this page
            assert told["ahead"] == 1 and told["seat"] in (0, 1)
            held.go.set()  # the first game's turn goes, then this one's (random moves: at once)
            message = messages_until(
                socket,
                lambda m: m["type"] == "thinking" and m["ahead"] != 1,
                "the AI's turn no longer queued behind one",
            )[-1]
            # its turn runs (0), or ran and the next is not queued yet (null: told at once, as one change)
            assert message["ahead"] in (0, None) and first["id"] != second["id"]
