"""Game reviews are bounded work: one review of a client computes at a time (its others queued,
the clients served in turn), at most ``REVIEWS_AT_ONCE`` on a server, a game's review spends at
most ``SEARCHES_PER_GAME`` searches, and ``/api/stats`` shows every lane and the reviews.

Twelve Dynasty games of four human seats on one screen, played to their end through the API,
ask 1,728 ``medium`` searches (about twenty worker-minutes): unbounded, they would all compete
with another client's review, and ``/api/stats`` must count them in every lane, not the
players' alone.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from itertools import groupby
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import create, seeded_secrets
from tests.web.deadlines import within
from tests.web.test_review import ready_review

from kingdomino.core.seeds import derive_seed
from kingdomino.web.ai_workers import AIAnswer, AIJob
from kingdomino.web.app import create_app
from kingdomino.web.review import SEARCHES_PER_GAME
from kingdomino.web.review_queue import ReviewQueue

ATTACKER, VICTIM = "203.0.113.9", "198.51.100.4"


class HeldReviews:
    """Two slots (so reviews hold one); each job is noted as it starts, then answers once ``go``
    is set: the move played valued just below another legal move."""

    slots = 2

    def __init__(self) -> None:
        self.go = threading.Event()
        self.started: list[AIJob] = []

    async def run(self, job: AIJob) -> AIAnswer:
        self.started.append(job)
        while not self.go.is_set():
            await asyncio.sleep(0.01)
        assert job.played is not None
        other = next(a for a in job.state.legal_actions() if a != job.played)
        return AIAnswer(other, ((other, 0.55, 2), (job.played, 0.5, 2)), 4, 0.0)

    def close(self) -> None:
        pass


@pytest.fixture
def held(tmp_path: Path) -> Iterator[tuple[TestClient, HeldReviews]]:
    workers = HeldReviews()
    app = create_app(
        f"sqlite:///{tmp_path / 'games.sqlite3'}", secret_seeds=seeded_secrets(), ai_workers=workers
    )
    with TestClient(app) as client:
        yield client, workers
        workers.go.set()


def hub_of(client: TestClient) -> Any:
    return client.app.state.hub  # type: ignore[attr-defined]


def play_on_one_screen(
    client: TestClient, who: str, players: int = 2, options: dict[str, Any] | None = None
) -> str:
    """A game of ``players`` human seats played to its end by client ``who`` (each seat its first
    legal move); its id."""
    created = create(client, players=players, seats=[{"kind": "human"}] * players, options=options)
    game_id: str = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    hub = hub_of(client)

    async def play() -> None:
        table = hub.table(game_id)
        while not table.state.is_terminal():
            state = table.state
            text = state.action_text(state.legal_actions()[0])
            await table.act(tokens[state.current_player], text, client=who)

    client.portal.call(play)  # type: ignore[union-attr]
    return game_id


def wait_until_reviews_wait(client: TestClient, games: list[str]) -> None:
    """Until the review of each of ``games`` has begun: it waits for its turn or for its first job."""
    hub = hub_of(client)

    def begun() -> bool:
        return all(g in hub.reviews.reviewing and hub.reviews.reviewing[g][1].total > 0 for g in games)

    async def begun_on_the_loop() -> bool:
        return begun()

    deadline = time.monotonic() + 60
    while not client.portal.call(begun_on_the_loop):  # type: ignore[union-attr]
        assert time.monotonic() < deadline, "the reviews did not begin"
        time.sleep(0.01)


def review_games(client: TestClient, workers: HeldReviews, games: list[str]) -> list[str]:
    """The game of each review job started so far, in the order they started (known by its seed)."""
    hub = hub_of(client)
    seeds = {
        derive_seed(hub.table(game).stored.seed, "review", action.index): game
        for game in games
        for action in hub.table(game).stored.actions
    }
    return [seeds[job.seed] for job in workers.started]


def test_one_clients_reviews_compute_one_at_a_time_the_others_queued(
    held: tuple[TestClient, HeldReviews],
) -> None:
    client, workers = held
    games = [play_on_one_screen(client, ATTACKER) for _ in range(3)]
    wait_until_reviews_wait(client, games)
    answers = [client.get(f"/api/games/{game}/review") for game in games]
    assert [a.status_code for a in answers] == [202, 202, 202]
    first, second, third = (a.json() for a in answers)
    assert first["status"] == "pending" and first["done"] == 0
    assert second["status"] == "queued" and second["place"] == 1 and second["done"] == 0
    assert third["status"] == "queued" and third["place"] == 2 and third["total"] > 0
    stats = client.get("/api/stats").json()
    assert stats["reviews"] == {"computing": 1, "queued": 2}
    assert stats["queue"]["lanes"]["background"] == {"waiting": 0, "running": 1}

    workers.go.set()
    for game in games:
        ready_review(client, game)
    order = [game for game, _ in groupby(review_games(client, workers, games))]
    assert order == games  # each review's jobs all together, the reviews first come, first served


def test_another_clients_review_is_not_behind_the_first_clients_many(
    held: tuple[TestClient, HeldReviews],
) -> None:
    """A client finishes three games of four human seats, then another client one of two: the
    second client's review takes turns with the first one's first review only, so all its jobs
    start before any of the first client's second review."""
    client, workers = held
    flood = [play_on_one_screen(client, ATTACKER, players=4) for _ in range(3)]
    mine = play_on_one_screen(client, VICTIM)
    wait_until_reviews_wait(client, [*flood, mine])
    answer = client.get(f"/api/games/{mine}/review")
    assert answer.status_code == 202 and answer.json()["status"] == "pending"
    stats = client.get("/api/stats").json()
    assert stats["reviews"] == {"computing": 2, "queued": 2}
    lanes = stats["queue"]["lanes"]
    assert lanes["background"] == {"waiting": 1, "running": 1}  # the victim's first job waits
    assert lanes["players"] == lanes["watched"] == {"waiting": 0, "running": 0}
    assert stats["queue"]["waiting"] == 1 and stats["queue"]["running"] == 1

    workers.go.set()
    for game in [mine, *flood]:
        ready_review(client, game)
    started = review_games(client, workers, [*flood, mine])
    mine_last = max(n for n, game in enumerate(started) if game == mine)
    second_first = started.index(flood[1])
    assert mine_last < second_first, [game[:4] for game in started]
    assert set(started[:second_first]) == {flood[0], mine}


def test_a_games_review_spends_at_most_its_budget_shared_by_the_seats(
    held: tuple[TestClient, HeldReviews],
) -> None:
    """A Dynasty match of four human seats (288 decisions, over 200 with a choice): 72 searches,
    18 for each seat, spread over the match; the other decisions are listed as not reviewed."""
    client, workers = held
    workers.go.set()
    game = play_on_one_screen(client, ATTACKER, players=4, options={"dynasty": True})
    review = ready_review(client, game)
    moves = review["moves"]
    assert len(workers.started) == SEARCHES_PER_GAME == 72
    assert len(moves) == 288 and review["searches_per_game"] == SEARCHES_PER_GAME
    searched = [m for m in moves if m["reviewed"] and not m["forced"]]
    skipped = [m for m in moves if not m["reviewed"]]
    assert len(searched) == SEARCHES_PER_GAME and review["summary"]["not_reviewed"] == len(skipped) > 100
    assert all(m["mark"] is None and not m["forced"] and "value" not in m for m in skipped)
    assert [sum(m["seat"] == seat for m in searched) for seat in range(4)] == [18] * 4
    # Spread over the match: some decisions of each of its three games are searched.
    indices = [m["index"] for m in searched]
    assert min(indices) < len(moves) // 3 and max(indices) > 2 * len(moves) // 3


def test_at_most_k_reviews_compute_on_a_server_clients_in_turn() -> None:
    """With room for two: the first of each of two clients compute; a third client's review goes
    before the first client's second (clients in turn); a review cancelled while it waits leaves
    its place to the next."""

    async def scenario() -> tuple[list[str], list[int | None]]:
        turns = ReviewQueue(at_once=2, per_client=1)
        started: list[str] = []
        release: dict[str, asyncio.Event] = {}

        async def review(game: str, client: str) -> None:
            release[game] = asyncio.Event()
            async with turns.turn(game, client):
                started.append(game)
                await release[game].wait()

        tasks = {
            game: asyncio.ensure_future(review(game, client))
            for game, client in [("a1", "a"), ("a2", "a"), ("b1", "b"), ("a3", "a"), ("c1", "c"), ("d1", "d")]
        }
        await asyncio.sleep(0)
        places = [turns.place(game) for game in ("a1", "b1", "a2", "a3", "c1", "d1")]
        tasks["d1"].cancel()
        await asyncio.gather(tasks["d1"], return_exceptions=True)
        for game in ("a1", "b1", "c1", "a2", "a3"):
            while game not in started:
                await asyncio.sleep(0)
            release[game].set()
            await tasks[game]
        assert not turns.waiting and not turns.computing
        return started, places

    started, places = asyncio.run(within(scenario(), "the reviews let go in turn"))
    assert started == ["a1", "b1", "c1", "a2", "a3"]
    assert places == [None, None, 3, 4, 1, 2]  # c1 and d1 first: clients with none started


def test_reviews_cancelled_together_at_a_servers_stop_let_each_other_go() -> None:
    """A server stopped with one review computing and another waiting cancels both tasks at
    once: the computing one's exit let the waiting one in, whose future was already cancelled,
    and the stop printed ``InvalidStateError`` (a researcher's bots, Ctrl-C on the server)."""

    async def scenario() -> list[BaseException | None]:
        turns = ReviewQueue(at_once=1, per_client=1)
        computing = asyncio.Event()

        async def review(game: str) -> None:
            async with turns.turn(game, game):
                computing.set()
                await asyncio.Event().wait()

        tasks = [asyncio.ensure_future(review(game)) for game in ("first", "second")]
        await computing.wait()
        for task in tasks:
            task.cancel()
        outcomes = await asyncio.gather(*tasks, return_exceptions=True)
        assert not turns.waiting and not turns.computing
        return [None if isinstance(outcome, asyncio.CancelledError) else outcome for outcome in outcomes]

    assert asyncio.run(within(scenario(), "the cancelled reviews to end")) == [None, None]


def test_a_game_of_bots_alone_is_reviewed_only_when_asked(held: tuple[TestClient, HeldReviews]) -> None:
    """Two bots' game (their seats as ``kingdomino bot`` accounts take them: ``bot`` set) starts no
    review at its end, so a server of bot games keeps its workers for games; asked for, its review
    is computed as any other. A game with a person in it starts its review at its end."""
    client, workers = held
    hub = hub_of(client)
    created = create(client, players=2, seats=[{"kind": "human"}] * 2)
    game_id, tokens = created["id"], [seat["token"] for seat in created["seats"]]
    for seat in hub.table(game_id).stored.seats:
        seat["bot"] = True

    async def play() -> None:
        table = hub.table(game_id)
        while not table.state.is_terminal():
            state = table.state
            await table.act(tokens[state.current_player], state.action_text(state.legal_actions()[0]))

    client.portal.call(play)  # type: ignore[union-attr]
    person = play_on_one_screen(client, VICTIM)
    wait_until_reviews_wait(client, [person])
    assert game_id not in hub.reviews.reviewing and person in hub.reviews.reviewing
    assert set(review_games(client, workers, [person, game_id])) == {person}  # its first job, held
    workers.go.set()
    ready_review(client, person)
    assert client.get(f"/api/games/{game_id}/review").status_code == 202  # asked for: started now
    assert ready_review(client, game_id)["moves"]
