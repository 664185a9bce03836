"""Where work runs: in this process, in a pool of local worker processes, or on a Ray cluster.

The arena's tournament games, the server's AI turns and the helpers of a parallel ``mce``
search all hand their work to a :class:`Workers`, through one interface:

- ``submit(fn, *args)``: a :class:`concurrent.futures.Future` of ``fn(*args)``;
- ``as_completed(fn, calls)``: ``fn`` over a batch of argument tuples, each result yielded with
  its call's number as soon as it is ready (a tournament writes each game down at once);
- ``await run(fn, *args)``: the result, while the event loop serves others (the server);
- ``slots``: how many calls run at once; ``close()`` (or ``with``): stop the workers.

``fn`` and its arguments travel by pickle (a module-level function and plain data), so the
same call gives the same result wherever it runs. :func:`make_workers` reads where from a
spec: ``"N"`` local processes, ``""`` one per core, ``"ray"`` or ``"ray:ADDRESS"``.

>>> with InThisProcess() as here:
...     sorted(here.as_completed(pow, [(2, 3), (3, 2)]))
[(0, 8), (1, 9)]
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import itertools
import logging
import multiprocessing
import os
import signal
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Self, TypeVar

T = TypeVar("T")

log = logging.getLogger(__name__)

#: How many calls of a batch a pool holds per slot (``as_completed``): one running and one
#: queued, so a worker that finishes starts its next call without waiting for this process.
CALLS_PER_SLOT = 2

#: Seconds between two looks of a local worker at whether the process that started it lives.
PARENT_CHECK_SECONDS = 1.0


class Workers(ABC):
    """Somewhere calls run: ``slots`` of them at once."""

    slots: int

    @abstractmethod
    def submit(self, fn: Callable[..., T], /, *args: Any) -> Future[T]:
        """Start ``fn(*args)`` (or queue it until a slot is free)."""

    @abstractmethod
    def close(self) -> None:
        """Stop the workers: calls not started are dropped, a running call's result is not awaited."""

    @property
    def window(self) -> int:
        """How many calls of a batch are submitted at once."""
        return CALLS_PER_SLOT * self.slots

    def as_completed(self, fn: Callable[..., T], calls: Iterable[tuple[Any, ...]]) -> Iterator[tuple[int, T]]:
        """``(number, fn(*args))`` for each ``args`` of ``calls`` (numbered from 0), in the order
        they finish. At most ``window`` calls are out at once: the rest of the batch waits here,
        so a long batch holds no more than that in the workers' queues."""
        waiting = enumerate(calls)
        pending: dict[Future[T], int] = {}
        try:
            while True:
                for number, args in itertools.islice(waiting, self.window - len(pending)):
                    pending[self.submit(fn, *args)] = number
                if not pending:
                    return
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield pending.pop(future), future.result()
        finally:
            for future in pending:
                future.cancel()

    async def run(self, fn: Callable[..., T], /, *args: Any) -> T:
        """``fn(*args)`` computed by a worker; the event loop only awaits it."""
        return await asyncio.wrap_future(self.submit(fn, *args))

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()


class InThisProcess(Workers):
    """Each call runs as it is submitted, in the caller's thread: one slot, no process to start
    (a tournament on one worker, a game played in a test). ``run`` blocks its event loop."""

    slots = 1

    @property
    def window(self) -> int:
        return 1

    def submit(self, fn: Callable[..., T], /, *args: Any) -> Future[T]:
        future: Future[T] = Future()
        try:
            future.set_result(fn(*args))
        except Exception as error:
            future.set_exception(error)
        return future

    def close(self) -> None:
        pass


def start_worker(
    parent: int,
    niceness: int,
    exit_with_parent: bool,
    setup: Callable[..., None] | None = None,
    setup_args: tuple[Any, ...] = (),
    ignore_interrupt: bool = False,
) -> None:
    """Prepare a local worker of the process ``parent``: ``niceness`` lower in priority (where
    the OS has ``nice``), and, with ``exit_with_parent``, an exit as soon as ``parent`` is gone
    (even killed with ``kill -9``, which leaves it no chance to stop its pool), so no worker
    outlives the process it works for, holding CPU and pipes. Then ``setup(*setup_args)``, if
    given: what the pool's user hands every worker as it starts (shared memory, which can
    reach a spawned process only then). With ``ignore_interrupt``, Ctrl-C (SIGINT) is ignored:
    the process that started the worker handles it (:class:`ProcessWorkers`)."""
    if ignore_interrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    if niceness and hasattr(os, "nice"):
        os.nice(niceness)
    if exit_with_parent:
        threading.Thread(target=_exit_with, args=(parent,), name="exit-with-parent", daemon=True).start()
    if setup is not None:
        setup(*setup_args)


def _exit_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


class ProcessWorkers(Workers):
    """A pool of ``slots`` worker processes on this machine (by default one per core).

    The workers are spawned, not forked: the process that starts them may have threads (a
    server's, a progress bar's, a Ray client's), and a fork copies their locks in whatever
    state they are. They run ``niceness`` lower in priority (a server keeps the CPU for its
    answers) and, with ``exit_with_parent``, exit with this process. Each one calls
    ``setup(*setup_args)`` as it starts, if given (see :func:`start_worker`).

    A worker that dies (killed, out of memory) breaks the pool: the calls it held fail with
    ``BrokenProcessPool`` and the next ``submit`` starts a new pool (counted in ``restarts``).

    With ``interrupt_here`` Ctrl-C is this process's alone: a terminal sends SIGINT to every
    process of the command, and a worker would die of it with a traceback (one still importing
    as it starts, too) and go on with the next queued call; so the workers start with SIGINT
    ignored, and ``close`` stops them at once, abandoning their running calls (the interpreter's
    exit would otherwise wait for them: a tournament's game of minutes after the Ctrl-C).
    """

    def __init__(
        self,
        slots: int | None = None,
        *,
        niceness: int = 0,
        exit_with_parent: bool = True,
        setup: Callable[..., None] | None = None,
        setup_args: tuple[Any, ...] = (),
        interrupt_here: bool = False,
    ) -> None:
        self.slots = slots or os.cpu_count() or 1
        self.niceness = niceness
        self.exit_with_parent = exit_with_parent
        self.setup = setup
        self.setup_args = setup_args
        self.interrupt_here = interrupt_here
        #: How many times a dead worker made the pool start anew.
        self.restarts = 0
        self._lock = threading.Lock()
        self._pool = self._new_pool()

    def _new_pool(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            self.slots,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=start_worker,
            initargs=(
                os.getpid(),
                self.niceness,
                self.exit_with_parent,
                self.setup,
                self.setup_args,
                self.interrupt_here,
            ),
        )

    def submit(self, fn: Callable[..., T], /, *args: Any) -> Future[T]:
        with self._lock, self._spawning():
            try:
                return self._pool.submit(fn, *args)
            except BrokenProcessPool:
                log.warning("a worker process died: starting new workers")
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = self._new_pool()
                self.restarts += 1
                return self._pool.submit(fn, *args)

    @contextlib.contextmanager
    def _spawning(self) -> Iterator[None]:
        """With ``interrupt_here``, SIGINT ignored while ``submit`` may start a worker: a process
        inherits an ignored signal, so a worker ignores Ctrl-C from its first instruction on,
        before :func:`start_worker` could say so (only the main thread may set a handler)."""
        if not self.interrupt_here or threading.current_thread() is not threading.main_thread():
            yield
            return
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, previous)

    def close(self, wait: bool = False) -> None:
        """Stop the workers (``wait``: until the running calls are done and the processes gone;
        with ``interrupt_here``, the workers are stopped at once, their running calls abandoned)."""
        processes = list((self._pool._processes or {}).values()) if self.interrupt_here else []
        self._pool.shutdown(wait=wait and not processes, cancel_futures=True)
        for process in processes:
            process.terminate()
        for process in processes:
            process.join()


class RayWorkers(Workers):
    """Calls sent to a Ray cluster as tasks of one CPU each.

    If Ray is not running in this process yet, it is started here (``ray.init`` with
    ``address``: ``None`` starts a local instance; ``init``: more of its options) and
    stopped by ``close``. ``slots`` defaults to the cluster's CPUs.
    """

    def __init__(self, address: str | None = None, slots: int | None = None, **init: Any) -> None:
        import ray

        self._ray = ray
        self._started_here = not ray.is_initialized()
        if self._started_here:
            ray.init(address=address, log_to_driver=False, **init)
        self._call = ray.remote(num_cpus=1)(_call)
        cpus = ray.cluster_resources().get("CPU", 1)  # type: ignore[no-untyped-call]
        self.slots = slots or max(1, int(cpus))

    def submit(self, fn: Callable[..., T], /, *args: Any) -> Future[T]:
        future: Future[T] = self._call.remote(fn, *args).future()
        return future

    def close(self) -> None:
        if self._started_here:
            self._ray.shutdown()


def _call(fn: Callable[..., T], /, *args: Any) -> T:
    """``fn(*args)``: one Ray task function for every ``fn`` (any picklable callable, a
    built-in too, travels with its arguments)."""
    return fn(*args)


@dataclass(frozen=True)
class WorkersSpec:
    """Where work runs, as a command line says it: ``"N"`` local processes (``""`` or ``"0"``:
    one per core), ``"ray"`` (a local Ray instance) or ``"ray:ADDRESS"`` (a Ray cluster).

    >>> WorkersSpec.parse("ray:10.0.0.5:6379"), WorkersSpec.parse("3").local_processes
    (WorkersSpec(ray=True, slots=None, address='10.0.0.5:6379'), 3)
    >>> WorkersSpec.parse("many")
    Traceback (most recent call last):
    ...
    ValueError: expected a number of processes or 'ray', got 'many'
    """

    ray: bool
    slots: int | None = None
    address: str | None = None

    @classmethod
    def parse(cls, spec: str) -> WorkersSpec:
        if spec == "ray" or spec.startswith("ray:"):
            return cls(ray=True, address=spec[4:] or None)
        if spec and not spec.isdigit():
            raise ValueError(f"expected a number of processes or 'ray', got {spec!r}")
        return cls(ray=False, slots=int(spec) if spec else None)

    @property
    def local_processes(self) -> int | None:
        """The worker processes started on this machine (``None``: Ray's, not counted here)."""
        return None if self.ray else self.slots or os.cpu_count() or 1

    def start(
        self, niceness: int = 0, setup: Callable[..., None] | None = None, setup_args: tuple[Any, ...] = ()
    ) -> Workers:
        """The workers this spec names (local ones ``niceness`` lower in priority, each calling
        ``setup(*setup_args)`` as it starts; Ray's are not prepared)."""
        if self.ray:
            return RayWorkers(self.address, self.slots)
        return ProcessWorkers(self.slots, niceness=niceness, setup=setup, setup_args=setup_args)


def make_workers(spec: str, niceness: int = 0) -> Workers:
    """The workers of ``spec`` (see :class:`WorkersSpec`); a ``ValueError`` says what is wrong with it."""
    return WorkersSpec.parse(spec).start(niceness)


_SHARED: dict[int, ProcessWorkers] = {}


def shared_pool(size: int) -> ProcessWorkers:
    """The pool of ``size`` local workers this process's calls share (a parallel search takes
    one for each of its moves, and starting processes costs more than a move's search): started
    on first use, stopped when the process exits."""
    pool = _SHARED.get(size)
    if pool is None:
        if not _SHARED:
            atexit.register(close_shared_pools)
        pool = _SHARED[size] = ProcessWorkers(size)
    return pool


def close_shared_pools() -> None:
    """Stop the shared pools and wait for their processes (before the interpreter's teardown)."""
    while _SHARED:
        _, pool = _SHARED.popitem()
        pool.close(wait=True)
