"""The server's AI jobs: what a search is asked and answers, and the executor that runs it on
:mod:`kingdomino.workers` (worker processes or a Ray cluster, never the server's event loop).

A job is plain data (a state, an agent spec, a seed) and so is its answer: the same job gives
the same move in a local process pool and on Ray. The fair queue in front of the executor is
:mod:`kingdomino.web.ai_queue`.

>>> from kingdomino.games.registry import make_game
>>> state = make_game("kingdomino", 2).new_initial_state()
>>> import random
>>> while state.is_chance():
...     state.apply(state.sample_chance(random.Random(1)))
>>> answer = run_job(AIJob(state, "greedy", seed=3))
>>> state.illegal_reason(answer.action) is None
True
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, replace
from typing import Protocol

from kingdomino.agents import make_agent
from kingdomino.agents.levels import LEVELS, game_mode, level_spec
from kingdomino.core.game import State
from kingdomino.web.ai_progress import ProgressBoard, install, reporting_to
from kingdomino.web.seat_agents import allowed_spec
from kingdomino.workers import ProcessWorkers, Workers, WorkersSpec

#: How many candidates a hint lists.
HINT_CANDIDATES = 5


@dataclass(frozen=True)
class AIJob:
    """One search: the move of ``agent`` (seeded) in ``state``, or with ``analyse`` its ranked candidates.

    ``played`` (a review): an action searched even if the agent would prune it, and listed among
    the candidates even if it is not one of the best. ``progress_place``: where on the server's
    progress board the search writes how far it is (``ai_progress``; None: nowhere).
    """

    state: State
    agent: str
    seed: int
    analyse: bool = False
    played: int | None = None
    progress_place: int | None = None


@dataclass(frozen=True)
class AIAnswer:
    """A job's answer: the move, the ranked candidates (hints), the iterations searched and the time."""

    action: int
    candidates: tuple[tuple[int, float, int], ...]
    iterations: int
    seconds: float


def agent_spec(level: str, state: State) -> str:
    """The agent an AI seat of ``level`` plays ``state``'s game with (levels: the game's budget)."""
    allowed = allowed_spec(level)
    if allowed is not None:
        return allowed
    return level_spec(level, state.game.name, game_mode(state)) if level in LEVELS else level


def run_job(job: AIJob) -> AIAnswer:
    """Run one search (in whichever process or Ray worker this is called)."""
    with reporting_to(job.progress_place):
        return _search(job)


def _search(job: AIJob) -> AIAnswer:
    agent = make_agent(job.agent, job.seed)
    start = time.perf_counter()
    if job.analyse:
        ranked = agent.analyse(job.state, keep=job.played)
        listed = ranked[:HINT_CANDIDATES] + [
            c for c in ranked[HINT_CANDIDATES:] if job.played is not None and c.action == job.played
        ]
        candidates = tuple((c.action, c.value, c.visits) for c in listed)
        return AIAnswer(
            ranked[0].action, candidates, sum(c.visits for c in ranked), time.perf_counter() - start
        )
    action = agent.act(job.state)
    iterations = int(getattr(agent, "last_iterations", 0))
    return AIAnswer(action, (), iterations, time.perf_counter() - start)


class Executor(Protocol):
    """Runs jobs somewhere else than the event loop."""

    slots: int

    async def run(self, job: AIJob) -> AIAnswer: ...

    def close(self) -> None: ...


#: How much the local workers yield the CPU to the server (``os.nice`` increment). A search
#: holds a core for a second or more while an acknowledgement needs a few milliseconds: with
#: one worker per core at the server's own priority, the scheduler made acknowledgements wait
#: behind searches (``bench_web.py --level hard --games 20 --think 0.3``: p99 139 ms at equal
#: priority, see docs/server/measured.md). Levels are fixed budgets, so this delays a move, never weakens it.
WORKER_NICENESS = 10


class AIWorkers:
    """The server's executor: each job's ``run_job`` on ``workers`` (local processes, spawned at
    ``WORKER_NICENESS`` and exiting with the server, or Ray tasks), ``workers.slots`` at once.

    With a ``board`` (installed in the workers as they start: ``make_executor``), each job is
    given a place on it while it runs, and ``progress`` tells how far its search is.
    """

    def __init__(self, workers: Workers, board: ProgressBoard | None = None) -> None:
        self.workers = workers
        self.slots = workers.slots
        self.board = board
        #: The board's place of each job running here (by the job's identity).
        self._places: dict[int, int] = {}

    async def run(self, job: AIJob) -> AIAnswer:
        board = self.board
        place = board.take() if board is not None else None
        if board is None or place is None:
            return await self.workers.run(run_job, job)
        try:
            future = self.workers.submit(run_job, replace(job, progress_place=place))
        except BaseException:
            board.give_back(place)
            raise
        # Given back once the worker is done with the job, not when its awaiting is cancelled.
        future.add_done_callback(lambda _: board.give_back(place))
        self._places[id(job)] = place
        try:
            return await asyncio.wrap_future(future)
        finally:
            del self._places[id(job)]

    def progress(self, job: AIJob) -> float | None:
        """How far ``job``'s search is, in [0, 1] (None: not known, e.g. not begun, or on Ray)."""
        place = self._places.get(id(job))
        if place is None or self.board is None:
            return None
        return self.board.read(place)

    def close(self) -> None:
        """Stop the workers; local ones are waited for (a running search ends first, within its
        level's time cap). uvicorn ends a server stopped by a signal by raising that signal again,
        which leaves no exit handler to take a pool down (Python's resource tracker reports its
        queues as leaked semaphores)."""
        if isinstance(self.workers, ProcessWorkers):
            self.workers.close(wait=True)
        else:
            self.workers.close()


class WorkersUnavailable(Exception):
    """The Ray cluster named for the AI workers could not be used, in Ray's first words (not
    installed, its client missing, the cluster not answering)."""


def make_executor(workers: str) -> Executor:
    """``"ray"`` or ``"ray:ADDRESS"``: a Ray cluster; a number N: N local processes; ``""``: one per core."""
    try:
        spec = WorkersSpec.parse(workers)
    except ValueError as error:
        raise ValueError(f"AI workers: {error}") from None
    if spec.local_processes is None:
        try:
            ray_workers = spec.start(niceness=WORKER_NICENESS)
        # Ray's start raises what it likes: ImportError, ValueError, ConnectionError...
        except Exception as error:
            said = str(error).strip().splitlines()
            raise WorkersUnavailable(said[0] if said else type(error).__name__) from error
        return AIWorkers(ray_workers)
    # Twice the slots: the jobs given up while they run hold their places until they end.
    board = ProgressBoard(2 * spec.local_processes)
    return AIWorkers(spec.start(WORKER_NICENESS, install, (board.values,)), board)
