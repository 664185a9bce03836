"""The fair queue of AI jobs in front of the executor's slots (:mod:`kingdomino.web.ai_workers`).

``AIQueue`` hands jobs to a fixed number of workers first come, first served within a lane (a
player's AI turn or hint before an AI-only game's turn, both before a review), the clients taking
turns, and tells each waiting job how many are ahead of it.
"""

from __future__ import annotations

import asyncio
import enum
import itertools
from collections.abc import Callable
from dataclasses import dataclass, field

from kingdomino.web.ai_workers import AIAnswer, AIJob, Executor
from kingdomino.web.waiting_line import WaitingLine


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
