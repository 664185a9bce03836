"""The server's AI jobs: what a search is asked and answers, the executor that runs it on
:mod:`kingdomino.workers` (worker processes or a Ray cluster, never the server's event loop),
and the fair queue in front of it.

A job is plain data (a state, an agent spec, a seed) and so is its answer: the same job gives
the same move in a local process pool and on Ray. ``AIQueue`` hands jobs to a fixed number of
workers first come, first served, and tells each waiting job how many are ahead of it.

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
import enum
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Protocol

from kingdomino.agents import make_agent
from kingdomino.agents.levels import LEVELS, game_mode, level_spec
from kingdomino.core.game import State
from kingdomino.web.ai_progress import ProgressBoard, install, reporting_to
from kingdomino.web.seat_agents import allowed_spec
from kingdomino.web.waiting_line import WaitingLine
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
#: priority, see docs/server.md). Levels are fixed budgets, so this delays a move, never weakens it.
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


class Lane(enum.Enum):
    """Where a job waits, in the order the lanes are served.

    ``PLAYERS``: a player's AI turn or hint, someone waits on it. ``WATCHED``: an AI turn of a game
    of AI seats alone, watched at most. ``BACKGROUND``: a game review, the lowest lane.
    """

    PLAYERS = "players"
    WATCHED = "watched"
    BACKGROUND = "background"


@dataclass(eq=False)
class Ticket:
    """A job in the queue: whose it is (a game id), what (an AI turn, a hint, a review), the
    lane it waits in, and the client it is done for (``""``: unknown, e.g. a turn resumed after a
    restart; every such job counts as one client's)."""

    owner: str
    kind: str
    lane: Lane = Lane.PLAYERS
    client: str = ""
    job: AIJob | None = None
    turn: asyncio.Future[None] = field(default_factory=lambda: asyncio.get_running_loop().create_future())


class AIQueue:
    """A fair queue of jobs over an executor's slots: first come, first served within a lane.

    ``on_change`` is called whenever a job enters, starts or leaves, so that the waiting
    players can be told where they stand (``ahead``).

    The AI turns of games of AI seats alone (``Lane.WATCHED``: nobody waits on a move of theirs)
    wait after the players' jobs: one starts only when no player's job waits, so a client that
    creates a dozen such games does not put a dozen jobs ahead of every player's AI reply.

    Background jobs (game reviews, ``Lane.BACKGROUND``) start only when no other job waits, and
    they hold at most ``slots - 1`` slots (at least one), so with two or more workers a live AI
    turn or a hint never waits behind a review (with one worker, behind at most the one review
    job that runs). They are never counted in ``ahead``.

    Within a lane the clients take turns: each client's first waiting job, then each one's second,
    and so on, the clients ordered by when a job of theirs last started (a client with nothing
    here lately first); each client's own jobs first come, first served. A client with a hundred
    jobs waiting gets one slot in turn with a client that has one: a script that creates a
    hundred games of ``hard`` AI seats and one human seat it never plays (so their turns are
    players' turns) does not make every other player wait minutes for an AI reply.
    """

    def __init__(self, executor: Executor, on_change: Callable[[], None] = lambda: None) -> None:
        self.executor = executor
        self.on_change = on_change
        #: The jobs waiting in each lane, in the order they will start (``WaitingLine``).
        self.lanes: dict[Lane, WaitingLine[Ticket]] = {lane: WaitingLine(self._last_start) for lane in Lane}
        self.running: list[Ticket] = []
        #: When a job of each client with jobs here last started (a count of starts).
        self._served: dict[str, int] = {}
        self._starts = itertools.count(1)
        #: The jobs (waiting or running) of each client and of each owner, none kept empty.
        self._of_client: dict[str, int] = {}
        self._of_owner: dict[str, set[Ticket]] = {}

    @property
    def waiting(self) -> WaitingLine[Ticket]:
        """The players' lane."""
        return self.lanes[Lane.PLAYERS]

    def _foreground(self) -> list[Ticket]:
        """The jobs that wait for a slot ahead of any review, in the order they will start."""
        return [*self.lanes[Lane.PLAYERS], *self.lanes[Lane.WATCHED]]

    def _foreground_waits(self) -> bool:
        return bool(self.lanes[Lane.PLAYERS] or self.lanes[Lane.WATCHED])

    def _enter(self, ticket: Ticket) -> None:
        self._of_client[ticket.client] = self._of_client.get(ticket.client, 0) + 1
        self._of_owner.setdefault(ticket.owner, set()).add(ticket)

    def _gone(self, ticket: Ticket) -> None:
        """Forget ``ticket`` (it left the queue, run or given up)."""
        self._of_client[ticket.client] -= 1
        if not self._of_client[ticket.client]:
            del self._of_client[ticket.client]
        tickets = self._of_owner[ticket.owner]
        tickets.discard(ticket)
        if not tickets:
            del self._of_owner[ticket.owner]

    def _last_start(self, client: str) -> int:
        return self._served.get(client, 0)

    def _start(self, ticket: Ticket) -> None:
        self.running.append(ticket)
        self._served[ticket.client] = next(self._starts)

    def _background_may_start(self) -> bool:
        """Whether a review may take a slot now: none other waits, and one slot stays free of them."""
        slots = self.executor.slots
        if self._foreground_waits() or len(self.running) >= slots:
            return False
        return sum(t.lane is Lane.BACKGROUND for t in self.running) < max(1, slots - 1)

    def _may_start(self, lane: Lane) -> bool:
        """Whether a job of ``lane`` that arrives now starts at once (nothing it must wait behind)."""
        if lane is Lane.BACKGROUND:
            return self._background_may_start()
        if len(self.running) >= self.executor.slots:
            return False
        return not (self.waiting if lane is Lane.PLAYERS else self._foreground_waits())

    def lane_counts(self, lane: Lane) -> dict[str, int]:
        """The jobs of ``lane`` waiting and running (``/api/stats``)."""
        return {"waiting": len(self.lanes[lane]), "running": sum(t.lane is lane for t in self.running)}

    def count(self, kind: str) -> int:
        return sum(t.kind == kind for t in self.waiting) + sum(t.kind == kind for t in self.running)

    def ahead(self, owner: str, kind: str = "ai") -> int | None:
        """Jobs before ``owner``'s job of ``kind`` (0: it is running); None if it has none (a review
        only while it runs), as ``positions`` tells it, but walking only the clients of its lane and
        its own client's jobs up to it."""
        places = [
            place
            for ticket in self._of_owner.get(owner, ())
            if ticket.kind == kind and (place := self._place(ticket)) is not None
        ]
        return min(places, default=None)

    def _place(self, ticket: Ticket) -> int | None:
        """0 if ``ticket`` runs, else 1 + the jobs that start before it (None: a review waiting)."""
        if ticket in self.running:
            return 0
        line = self.lanes[ticket.lane]
        if ticket.lane is Lane.BACKGROUND or ticket not in line:
            return None
        before = line.before(ticket)
        if ticket.lane is Lane.WATCHED:
            before += len(self.waiting)
        return before + 1

    def positions(self, kind: str = "ai") -> dict[str, int]:
        """For each owner with a job of ``kind`` running or waiting (reviews aside), the jobs
        before it (0: running), worked out in one pass: a hub asks after every change of the
        queue for every game in it, and asking game by game would go over the whole queue for
        each (seconds of the event loop for a queue of 700 jobs)."""
        found: dict[str, int] = {}
        for position, ticket in enumerate(self._foreground(), start=1):
            if ticket.kind == kind:
                found.setdefault(ticket.owner, position)
        for ticket in self.running:
            if ticket.kind == kind:
                found[ticket.owner] = 0
        return found

    @property
    def follows_progress(self) -> bool:
        """Whether the executor tells how far its jobs are (``AIWorkers`` over local processes)."""
        return getattr(self.executor, "board", None) is not None

    def progress(self, owner: str, kind: str = "ai") -> float | None:
        """How far ``owner``'s running job of ``kind`` is, in [0, 1] (None: none runs, or the
        executor does not say: only some have a ``progress`` of their jobs)."""
        read = getattr(self.executor, "progress", None)
        if read is None:
            return None
        for ticket in self._of_owner.get(owner, ()):
            if ticket.kind == kind and ticket.job is not None and ticket in self.running:
                found: float | None = read(ticket.job)
                return found
        return None

    def owners(self) -> set[str]:
        """The games with a job waiting or running, reviews aside."""
        return {t.owner for t in self._foreground()} | {
            t.owner for t in self.running if t.lane is not Lane.BACKGROUND
        }

    async def run(
        self, job: AIJob, owner: str, kind: str = "ai", lane: Lane = Lane.PLAYERS, client: str = ""
    ) -> AIAnswer:
        """``job``'s answer once a worker computed it, after the jobs ahead of it in ``lane``
        (``client``'s turn among the clients with jobs there) and the lanes before it."""
        ticket = Ticket(owner, kind, lane, client, job)
        waiting = self.lanes[lane]
        self._enter(ticket)
        if self._may_start(lane):
            self._start(ticket)
        else:
            waiting.append(ticket)
            self.on_change()
            try:
                await ticket.turn
            except asyncio.CancelledError:
                if ticket in waiting:
                    waiting.remove(ticket)
                    self._gone(ticket)
                else:
                    self._leave(ticket)
                raise
        self.on_change()
        try:
            return await self.executor.run(job)
        finally:
            self._leave(ticket)

    def _leave(self, ticket: Ticket) -> None:
        if ticket in self.running:
            self.running.remove(ticket)
        self._gone(ticket)
        if ticket.client not in self._of_client:
            self._served.pop(ticket.client, None)  # nothing of theirs here: they come back first
        for lane in Lane:
            waiting = self.lanes[lane]
            while waiting and (
                self._background_may_start()
                if lane is Lane.BACKGROUND
                else len(self.running) < self.executor.slots
            ):
                following = waiting.first()
                waiting.remove(following)
                if not following.turn.done():
                    self._start(following)
                    following.turn.set_result(None)
        self.on_change()
