"""Where work runs (``kingdomino.workers``): this process, local worker processes or Ray give the
same results through one interface; a local pool replaces a dead worker and yields the CPU."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Iterator
from concurrent.futures.process import BrokenProcessPool

import pytest

from kingdomino.workers import (
    CALLS_PER_SLOT,
    InThisProcess,
    ProcessWorkers,
    RayWorkers,
    Workers,
    WorkersSpec,
    close_shared_pools,
    make_workers,
    shared_pool,
)

CALLS = [(base, exponent) for base in range(2, 7) for exponent in range(3)]
EXPECTED = {number: base**exponent for number, (base, exponent) in enumerate(CALLS)}


def check_contract(workers: Workers) -> None:
    """``submit``, ``as_completed`` and ``run`` give ``pow``'s results, each batch call once."""
    assert workers.submit(pow, 3, 4).result(timeout=60) == 81
    seen = list(workers.as_completed(pow, CALLS))
    assert sorted(number for number, _ in seen) == list(range(len(CALLS)))
    assert dict(seen) == EXPECTED
    assert asyncio.run(workers.run(pow, 2, 10)) == 1024


def test_this_process_runs_each_call_as_it_is_submitted() -> None:
    with InThisProcess() as here:
        check_contract(here)
        assert here.submit(os.getpid).result(timeout=60) == os.getpid()
        with pytest.raises(ZeroDivisionError):
            here.submit(divmod, 1, 0).result(timeout=60)
        assert here.slots == here.window == 1


def test_local_workers_run_calls_in_other_processes() -> None:
    with ProcessWorkers(2) as workers:
        check_contract(workers)
        assert workers.slots == 2
        assert workers.submit(os.getpid).result(timeout=60) != os.getpid()


def counted(calls: list[tuple[int, int]], taken: list[int]) -> Iterator[tuple[int, int]]:
    """``calls``, noting in ``taken`` how many have been handed out."""
    for call in calls:
        taken[0] += 1
        yield call


def test_a_batch_holds_at_most_a_window_of_calls_in_the_workers() -> None:
    """A long tournament must not queue all its games in the pool at once."""
    taken = [0]
    with ProcessWorkers(2) as workers:
        results = workers.as_completed(pow, counted(CALLS, taken))
        next(results)
        assert taken[0] <= workers.window == CALLS_PER_SLOT * 2 < len(CALLS)
        assert len(list(results)) == len(CALLS) - 1
    taken = [0]
    with InThisProcess() as here:
        results = here.as_completed(pow, counted(CALLS, taken))
        next(results)
        assert taken[0] == 1


def test_a_dead_local_worker_fails_its_call_and_the_next_call_gets_a_new_one() -> None:
    with ProcessWorkers(1) as workers:
        pid = workers.submit(os.getpid).result(timeout=60)
        with pytest.raises(BrokenProcessPool):
            workers.submit(os.kill, pid, signal.SIGKILL).result(timeout=60)
        assert workers.restarts == 0
        replacement = workers.submit(os.getpid).result(timeout=60)
        assert replacement not in (pid, os.getpid()) and workers.restarts == 1
        assert dict(workers.as_completed(pow, CALLS)) == EXPECTED


@pytest.mark.skipif(not hasattr(os, "nice"), reason="the OS has no process priorities")
def test_local_workers_run_at_the_priority_they_are_given() -> None:
    with ProcessWorkers(1, niceness=3) as workers:
        assert workers.submit(os.nice, 0).result(timeout=60) == min(os.nice(0) + 3, 19)
    with ProcessWorkers(1) as workers:
        assert workers.submit(os.nice, 0).result(timeout=60) == os.nice(0)


def test_the_shared_pool_is_one_per_size_and_closed_on_demand() -> None:
    first = shared_pool(2)
    assert shared_pool(2) is first and shared_pool(1) is not first
    assert first.submit(pow, 2, 5).result(timeout=60) == 32
    close_shared_pools()
    assert shared_pool(2) is not first
    close_shared_pools()


def test_a_spec_names_local_processes_or_ray() -> None:
    assert WorkersSpec.parse("") == WorkersSpec(ray=False)
    assert WorkersSpec.parse("").local_processes == (os.cpu_count() or 1)
    assert WorkersSpec.parse("0").local_processes == (os.cpu_count() or 1)
    assert WorkersSpec.parse("ray") == WorkersSpec(ray=True)
    assert WorkersSpec.parse("ray").local_processes is None
    assert WorkersSpec.parse("ray:head:6379").address == "head:6379"
    with make_workers("2") as workers:
        assert isinstance(workers, ProcessWorkers) and workers.slots == 2
    with pytest.raises(ValueError, match="expected a number of processes or 'ray', got 'two'"):
        make_workers("two")


def test_ray_workers_keep_the_contract_and_leave_a_ray_they_did_not_start_running() -> None:
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        workers = RayWorkers()
        assert workers.slots == 1
        check_contract(workers)
        workers.close()
        assert ray.is_initialized()
    finally:
        ray.shutdown()


def test_workers_that_leave_ctrl_c_here_ignore_it_and_stop_at_once_on_close() -> None:
    """A terminal's Ctrl-C reaches every process of a tournament: its workers must not die of it
    with tracebacks, and the command must not wait, after it, for the games they were playing."""
    here = signal.getsignal(signal.SIGINT)
    workers = ProcessWorkers(2, interrupt_here=True)
    assert workers.submit(signal.getsignal, signal.SIGINT).result(timeout=60) == signal.SIG_IGN
    pids = {workers.submit(os.getpid).result(timeout=60) for _ in range(4)}
    for _ in range(3):
        workers.submit(time.sleep, 3600)
    assert signal.getsignal(signal.SIGINT) == here  # this process still handles it
    workers.close()
    assert pids and all(not process_alive(pid) for pid in pids)


def process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True
