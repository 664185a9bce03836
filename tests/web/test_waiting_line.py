"""The AI queue's waiting lines: the order the queue documents, at a cost that does not grow with
the jobs waiting (a flood of 5,000 queued games made each change of the queue sort them all)."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from dataclasses import dataclass

from tests.web.test_review import SlowSlots, named

from kingdomino.web.ai_queue import AIQueue, Lane
from kingdomino.web.waiting_line import WaitingLine


@dataclass(eq=False)
class Job:
    client: str
    name: str


def in_turn(jobs: list[Job], last_start: dict[str, int]) -> list[Job]:
    """The order the queue documents, worked out the plain way: round by round, the clients by
    when a job of theirs last started (then by their first job here), each one's jobs in order."""
    first_seen = list(dict.fromkeys(job.client for job in jobs))
    turn = {
        client: place for place, client in enumerate(sorted(first_seen, key=lambda c: last_start.get(c, 0)))
    }
    rounds: Counter[str] = Counter()
    keyed = []
    for job in jobs:
        keyed.append((rounds[job.client], turn[job.client], job))
        rounds[job.client] += 1
    return [job for *_, job in sorted(keyed, key=lambda entry: entry[:2])]


def test_the_line_keeps_the_documented_order_through_any_changes() -> None:
    rng = random.Random(7)
    last_start: dict[str, int] = {}
    line: WaitingLine[Job] = WaitingLine(lambda client: last_start.get(client, 0))
    arrived: list[Job] = []  # the jobs waiting, in the order they came
    starts = 0
    for step in range(3000):
        move = rng.random()
        if move < 0.5 or not arrived:
            job = Job(rng.choice("abcdef"), f"j{step}")
            line.append(job)
            arrived.append(job)
        elif move < 0.8:
            job = line.first()
            assert job is in_turn(arrived, last_start)[0]
            line.remove(job)
            arrived.remove(job)
            starts += 1
            last_start[job.client] = starts
        elif move < 0.9:
            job = rng.choice(arrived)  # given up (a turn taken over, a page closed)
            line.remove(job)
            arrived.remove(job)
        else:
            last_start.pop(rng.choice("abcdef"), None)  # nothing of theirs left running
        expected = in_turn(arrived, last_start)
        assert list(line) == expected and len(line) == len(expected)
        assert [line.before(job) for job in expected] == list(range(len(expected)))


class CountedClient(str):
    """A client's key that counts how often the queue looks it up (hashes it)."""

    looked = 0

    def __hash__(self) -> int:
        CountedClient.looked += 1
        return super().__hash__()


def test_starting_a_job_and_telling_a_place_do_not_walk_the_waiting_jobs() -> None:
    """1,000 jobs of one client run one after the other while the last one is told its place after
    every change: the queue looks the client up a few times a job, not once per job waiting."""

    async def scenario() -> tuple[int, list[int | None]]:
        queue = AIQueue(SlowSlots(1, 0))
        flood = CountedClient("203.0.113.9")
        places: list[int | None] = []
        queue.on_change = lambda: places.append(queue.ahead("g999"))
        tasks = [asyncio.ensure_future(queue.run(named(f"j{n}"), f"g{n}", client=flood)) for n in range(1000)]
        await asyncio.sleep(0)
        CountedClient.looked = 0
        await asyncio.gather(*tasks)
        return CountedClient.looked, places

    looked, places = asyncio.run(scenario())
    assert places[-1] is None and 0 in places and 999 in places
    assert looked < 30 * 1000, looked


def test_a_watched_turn_counts_the_players_jobs_before_it() -> None:
    async def scenario() -> dict[str, int | None]:
        queue = AIQueue(SlowSlots(1, 3600))
        tasks = [asyncio.ensure_future(queue.run(named("running"), "r", client="a"))]
        await asyncio.sleep(0)
        for owner, lane, client in [("w1", Lane.WATCHED, "a"), ("p1", Lane.PLAYERS, "a")]:
            tasks.append(asyncio.ensure_future(queue.run(named(owner), owner, lane=lane, client=client)))
        tasks.append(asyncio.ensure_future(queue.run(named("p2"), "p2", client="b")))
        await asyncio.sleep(0)
        places = {owner: queue.ahead(owner) for owner in ("r", "w1", "p1", "p2", "none")}
        assert places == {owner: queue.positions().get(owner) for owner in places}
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        return places

    assert asyncio.run(scenario()) == {"r": 0, "p2": 1, "p1": 2, "w1": 3, "none": None}
