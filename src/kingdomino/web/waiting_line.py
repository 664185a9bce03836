"""The jobs waiting in one lane of the AI queue, in the order they will start: the clients take turns.

Round by round, one job of each client with jobs waiting, the clients ordered by ``last_start``
(when a job of theirs last started: lower first), those with equal ones by when their first
waiting job came; each client's own jobs first come, first served.

Each client's jobs wait in a line of their own, so that adding a job, removing one and finding the
next walk no other client's jobs, only the clients: a change of a queue of thousands of jobs costs
the event loop next to nothing.

>>> from dataclasses import dataclass
>>> @dataclass(eq=False)
... class Job:
...     client: str
...     name: str
>>> line: WaitingLine[Job] = WaitingLine(lambda client: {"b": 7}.get(client, 0))
>>> for client, name in [("b", "b1"), ("b", "b2"), ("a", "a1"), ("c", "c1"), ("a", "a2")]:
...     line.append(Job(client, name))
>>> [job.name for job in line]
['a1', 'c1', 'b1', 'a2', 'b2']
>>> line.first().name, [line.before(job) for job in line]
('a1', [0, 1, 2, 3, 4])
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from typing import Generic, Protocol, TypeVar


class Waiting(Protocol):
    """A job as the line sees it: whose it is."""

    @property
    def client(self) -> str: ...


J = TypeVar("J", bound=Waiting)


class WaitingLine(Generic[J]):
    """The jobs of one lane: ``append``, ``remove``, ``first`` (the next to start), ``before`` (how
    many start before one), iterated in the order they will start. A job is told apart from another
    by identity (it must be hashable)."""

    def __init__(self, last_start: Callable[[str], int]) -> None:
        self.last_start = last_start
        #: Each client's jobs, first come first.
        self._lines: dict[str, deque[J]] = {}
        #: When each job came (a count of the jobs added).
        self._came: dict[J, int] = {}
        self._count = 0

    def __len__(self) -> int:
        return len(self._came)

    def __contains__(self, job: object) -> bool:
        return job in self._came

    def append(self, job: J) -> None:
        self._count += 1
        self._came[job] = self._count
        self._lines.setdefault(job.client, deque()).append(job)

    def remove(self, job: J) -> None:
        """Take ``job`` out (the next one, or one given up: walks its client's line up to it)."""
        del self._came[job]
        line = self._lines[job.client]
        line.remove(job)
        if not line:
            del self._lines[job.client]

    def _turn(self, client: str) -> tuple[int, int]:
        """What orders the clients: when a job of theirs last started, then when their first job here came."""
        return self.last_start(client), self._came[self._lines[client][0]]

    def first(self) -> J:
        """The job that starts next (the line must not be empty)."""
        return self._lines[min(self._lines, key=self._turn)][0]

    def before(self, job: J) -> int:
        """How many of the jobs here start before ``job`` (which waits here)."""
        rounds = self._lines[job.client].index(job)
        mine = self._turn(job.client)
        count = rounds
        for client, line in self._lines.items():
            if client != job.client:
                count += min(len(line), rounds)
                if len(line) > rounds and self._turn(client) < mine:
                    count += 1
        return count

    def __iter__(self) -> Iterator[J]:
        lines = [iter(self._lines[client]) for client in sorted(self._lines, key=self._turn)]
        while lines:
            going_on = []
            for line in lines:
                job = next(line, None)
                if job is not None:
                    yield job
                    going_on.append(line)
            lines = going_on
