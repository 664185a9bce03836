"""The review of a finished game: every human decision valued against the best alternative,
computed in the AI queue's background lane, stored, deterministic for a seed."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from tests.web.conftest import QUICK_REVIEW, create, seeded_secrets, wait_for

from kingdomino.web.ai_queue import AIQueue, Lane
from kingdomino.web.ai_workers import AIAnswer, AIJob, make_executor, run_job
from kingdomino.web.app import create_app
from kingdomino.web.review import INACCURACY, MISTAKE, decision_accuracy, entry, mark_of, not_reviewed

REVIEW_AGENT = QUICK_REVIEW


class GatedWorkers:
    """Local workers whose review jobs wait until ``gate`` is set (AI turns run at once)."""

    def __init__(self) -> None:
        self.inner = make_executor("1")
        self.slots = 1
        self.gate = threading.Event()
        self.reviews = 0

    async def run(self, job: AIJob) -> AIAnswer:
        if job.played is not None:
            self.reviews += 1
            while not self.gate.is_set():
                await asyncio.sleep(0.01)
        return await self.inner.run(job)

    def close(self) -> None:
        self.inner.close()


def play_to_the_end(client: TestClient, seed: int = 7) -> tuple[str, int]:
    """A Kingdomino game, the human (seat 0) always playing its first legal move against
    ``greedy``; returns its id and the number of human actions."""
    created = create(client, seed=seed)
    game_id, token = created["id"], created["seats"][0]["token"]
    while True:
        view = wait_for(
            client, game_id, token, lambda v: v["current_player"] == 0 or v["status"] == "finished"
        )
        if view["status"] == "finished":
            break
        assert client.get(f"/api/games/{game_id}/review").status_code == 409
        client.post(
            f"/api/games/{game_id}/actions", json={"token": token, "action": view["legal_actions"][0]}
        )
    frame = client.get(f"/api/games/{game_id}/replay", params={"step": view["index"]}).json()
    return game_id, sum(entry["seat"] == 0 for entry in frame["log"])


def ready_review(client: TestClient, game_id: str, timeout: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        answer = client.get(f"/api/games/{game_id}/review")
        if answer.status_code == 200:
            review: dict[str, Any] = answer.json()
            return review
        assert answer.status_code == 202 and answer.json()["status"] in ("pending", "queued"), answer.text
        assert time.monotonic() < deadline, answer.text
        time.sleep(0.05)


def test_a_finished_game_is_reviewed_stored_and_deterministic(tmp_path: Path) -> None:
    workers = GatedWorkers()
    first = f"sqlite:///{tmp_path / 'a.sqlite3'}"
    app = create_app(first, secret_seeds=seeded_secrets(), ai_workers=workers, review_agent=REVIEW_AGENT)
    with TestClient(app) as client:
        game_id, decisions = play_to_the_end(client)
        pending = client.get(f"/api/games/{game_id}/review")
        assert pending.status_code == 202
        assert pending.json() == {"status": "pending", "done": 0, "total": decisions}
        workers.gate.set()
        review = ready_review(client, game_id)
    moves = review["moves"]
    assert len(moves) == decisions and all(move["seat"] == 0 for move in moves)
    assert [m["index"] for m in moves] == sorted(m["index"] for m in moves)
    searched = [m for m in moves if not m["forced"]]
    assert searched and workers.reviews == len(searched)
    for move in searched:
        assert 0 <= move["value"] <= 1 and move["loss"] >= 0 and move["mark"] == mark_of(move["loss"])
    assert review["thresholds"] == {"inaccuracy": INACCURACY, "mistake": MISTAKE}
    # The human's accuracy: the mean of its searched decisions' (the AI seat has none).
    mean = sum(decision_accuracy(move["loss"]) for move in searched) / len(searched)
    assert review["accuracy"] == {"0": round(mean, 1)} and 0 <= mean <= 100

    # After a restart the stored review is served as it is (the workers' gate is shut: no search).
    again = GatedWorkers()
    app = create_app(first, secret_seeds=seeded_secrets(), ai_workers=again, review_agent=REVIEW_AGENT)
    with TestClient(app) as client:
        assert client.get(f"/api/games/{game_id}/review").json() == review
    assert again.reviews == 0

    # The same game (same seed, same moves) on another server gets the same review.
    second = f"sqlite:///{tmp_path / 'b.sqlite3'}"
    with TestClient(create_app(second, secret_seeds=seeded_secrets(), review_agent=REVIEW_AGENT)) as client:
        other_id, _ = play_to_the_end(client)
        assert ready_review(client, other_id) == review


def test_the_review_is_refused_for_a_game_not_over_and_unknown_games(client: TestClient) -> None:
    created = create(client)
    answer = client.get(f"/api/games/{created['id']}/review")
    assert answer.status_code == 409 and answer.json()["error"]["field"] == "game"
    assert client.get("/api/games/nosuchgame/review").status_code == 404


def test_an_entry_compares_the_move_played_with_the_best() -> None:
    best = entry(5, 0, "claim 3", [("claim 9", 0.7, 30), ("claim 3", 0.5, 10)])
    assert best["best"] == "claim 9" and best["loss"] == 0.2 and best["mark"] == "mistake"
    assert entry(5, 0, "claim 9", [("claim 9", 0.7, 30), ("claim 3", 0.5, 10)])["mark"] is None
    assert entry(6, 0, "discard", None)["forced"] is True


def test_accuracy_is_the_mean_of_each_seats_searched_decisions(tmp_path: Path) -> None:
    """lichess's formula per decision (a loss of 0: 100 %, 0.2: 40 %, 0.06: 76.3 %), averaged per
    seat over its searched decisions, forced ones and those the budget left out aside; served with
    a review stored without it, as is each seat's count of marks."""
    moves = [
        entry(1, 0, "claim 9", [("claim 9", 0.7, 30), ("claim 3", 0.5, 10)]),
        entry(3, 0, "claim 3", [("claim 9", 0.7, 30), ("claim 3", 0.5, 10)]),
        entry(5, 0, "discard", None),
        not_reviewed(7, 0, "claim 4"),
        entry(2, 1, "claim 3", [("claim 9", 0.56, 30), ("claim 3", 0.5, 10)]),
        not_reviewed(4, 2, "claim 1"),
    ]
    url = f"sqlite:///{tmp_path / 'a.sqlite3'}"
    app = create_app(url, secret_seeds=seeded_secrets(), review_agent=REVIEW_AGENT)
    with TestClient(app) as client:
        game_id, _ = play_to_the_end(client)
        ready_review(client, game_id)
        hub = app.state.hub
        hub.store.save_review(game_id, {"summary": {"inaccuracy": 1, "mistake": 1}, "moves": moves})
        served = client.get(f"/api/games/{game_id}/review").json()
    assert served["accuracy"] == {"0": 70.0, "1": 76.3}
    # Each seat's marks apart (a coach reviews each player), the win chance lost in points: in
    # all and on average a searched decision.
    assert served["seats"] == {
        "0": {"inaccuracy": 0, "mistake": 1, "not_reviewed": 1, "lost": 20.0, "lost_each": 10.0},
        "1": {"inaccuracy": 1, "mistake": 0, "not_reviewed": 0, "lost": 6.0, "lost_each": 6.0},
        "2": {"inaccuracy": 0, "mistake": 0, "not_reviewed": 1, "lost": 0.0, "lost_each": 0.0},
    }


class SlowSlots:
    """An executor of ``slots`` slots whose jobs take ``seconds``; it notes the order they start in
    (each job named by its agent)."""

    def __init__(self, slots: int, seconds: float) -> None:
        self.slots = slots
        self.seconds = seconds
        self.started: list[str] = []

    async def run(self, job: AIJob) -> AIAnswer:
        self.started.append(job.agent)
        await asyncio.sleep(self.seconds)
        return AIAnswer(0, (), 0, 0.0)

    def close(self) -> None:
        pass


def named(name: str) -> AIJob:
    """A job known by its name alone (the executor above never runs it)."""
    return AIJob(AIJob.__new__(AIJob), name, 0)  # type: ignore[arg-type]


def test_background_jobs_never_hold_the_last_slot_and_wait_for_live_ones() -> None:
    """With two slots a review holds at most one; a waiting AI turn starts before a waiting review."""

    async def scenario() -> list[str]:
        slow = SlowSlots(2, 0.05)
        queue = AIQueue(slow)
        tasks = [
            asyncio.ensure_future(queue.run(named("review-1"), "a", "review", Lane.BACKGROUND)),
            asyncio.ensure_future(queue.run(named("review-2"), "a", "review", Lane.BACKGROUND)),
        ]
        await asyncio.sleep(0)
        assert len(queue.running) == 1 and len(queue.lanes[Lane.BACKGROUND]) == 1
        tasks.append(asyncio.ensure_future(queue.run(named("ai"), "b")))
        await asyncio.gather(*tasks)
        return slow.started

    assert asyncio.run(scenario()) == ["review-1", "ai", "review-2"]


def test_a_players_ai_turn_goes_before_watched_games_turns() -> None:
    """The AI turns of games of AI seats alone wait after the players' jobs (a client creating a
    dozen of them put a dozen jobs ahead of every player's AI reply), and before reviews."""

    async def scenario() -> tuple[list[str], int | None]:
        slow = SlowSlots(1, 0.02)
        queue = AIQueue(slow)
        tasks = [
            asyncio.ensure_future(queue.run(named(f"watched-{n}"), f"w{n}", lane=Lane.WATCHED))
            for n in range(4)
        ]
        tasks.append(asyncio.ensure_future(queue.run(named("review"), "r", "review", Lane.BACKGROUND)))
        await asyncio.sleep(0)
        tasks.append(asyncio.ensure_future(queue.run(named("player"), "p")))
        await asyncio.sleep(0)
        ahead = queue.ahead("p")
        await asyncio.gather(*tasks)
        return slow.started, ahead

    started, ahead = asyncio.run(scenario())
    assert started == ["watched-0", "player", "watched-1", "watched-2", "watched-3", "review"]
    assert ahead == 1  # first in line, behind the job already running


def test_a_review_job_values_the_move_played_even_if_pruned() -> None:
    import random

    from kingdomino.games.registry import make_game

    state = make_game("kingdomino", 2).new_initial_state()
    rng = random.Random(3)
    while state.is_chance():
        state.apply(state.sample_chance(rng))
    worst = state.legal_actions()[-1]
    answer = run_job(AIJob(state, "mcts:iterations=20,playout=random,prune=1", 5, analyse=True, played=worst))
    assert worst in [action for action, _, _ in answer.candidates]
