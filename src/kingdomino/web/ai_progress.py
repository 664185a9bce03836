"""How far each running AI search of this server is: a board in shared memory that the local
worker processes write and the server reads.

Every local worker process gets the board as it starts (``install``). A job is given a free
place on it (``AIJob.progress_place``), and its search writes there, after each playout, the
share of its budget it has spent (``agents.progress``). The server reads a place only for a
game a page watches (``ThinkingNotices``, on a timer): one number read, nothing sent by the
workers, no work for the event loop, and the search itself unchanged by being followed.

A place is taken when a job is handed to the workers and given back only once its worker is
done with it (a job whose AI turn was given up, after an undo, still runs to its end in its
worker, writing on): no two searches ever share a place. A worker that dies leaves its place's
last value, which nobody reads any more, and the place is given back with its failed job.

Under Ray there is no board (the searches may run on other machines): the page shows that the
AI thinks, without how far.

>>> board = ProgressBoard(2)
>>> place = board.take()
>>> board.read(place) is None  # nothing written yet: a search that has not begun, or no search
True
>>> board.values[place] = 0.25
>>> board.read(place)
0.25
"""

from __future__ import annotations

import ctypes
import multiprocessing
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from kingdomino.agents import progress

#: A place's value before its search reports (and for a job that does not search: greedy).
NOTHING_YET = -1.0


class ProgressBoard:
    """``places`` numbers in memory shared with the worker processes started after it, each
    a running search's progress in [0, 1], or ``NOTHING_YET``."""

    def __init__(self, places: int) -> None:
        #: The shared numbers (handed to each worker process as it starts: ``install``).
        self.values: Any = multiprocessing.get_context("spawn").RawArray(ctypes.c_double, places)
        self._free = list(range(places))
        # Places come back from the pool's threads (a job's future is done there).
        self._lock = threading.Lock()

    def take(self) -> int | None:
        """A free place, cleared for a new search (None: all are held)."""
        with self._lock:
            if not self._free:
                return None
            place = self._free.pop()
        self.values[place] = NOTHING_YET
        return place

    def give_back(self, place: int) -> None:
        """``place`` is free again (its job's worker is done with it)."""
        with self._lock:
            self._free.append(place)

    def read(self, place: int) -> float | None:
        """How far the search at ``place`` is (None: it has not reported)."""
        value = float(self.values[place])
        return None if value < 0 else value


#: The board's numbers in a worker process (set by ``install`` as it starts; None elsewhere).
_WORKER_VALUES: Any = None


def install(values: Any) -> None:
    """Keep the board's ``values`` in this worker process, for its jobs' searches to write."""
    global _WORKER_VALUES
    _WORKER_VALUES = values


@contextmanager
def reporting_to(place: int | None) -> Iterator[None]:
    """Have the searches run in this context write their progress at ``place`` of the board
    installed in this process (nowhere if there is none, or no place)."""
    values = _WORKER_VALUES
    if values is None or place is None:
        yield
        return

    def write(fraction: float) -> None:
        values[place] = fraction

    with progress.reporting(write):
        yield
