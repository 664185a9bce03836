"""A test's waits on its threads, processes and coroutines, each under a deadline that fails
naming what it awaited. ``thread.join()``, ``process.wait()``, a ``Barrier`` and an ``Event``
wait for ever: a thread stuck on a lock, a process that ignores its signal, a party that never
came hung the test, and the run with it (pytest-timeout's 10 minutes then name no cause)."""

from __future__ import annotations

import asyncio
import subprocess
import threading
from collections.abc import Awaitable, Iterable
from typing import TypeVar

T = TypeVar("T")

#: The most seconds a test waits for its own threads, processes or coroutines (generous: the
#: machine is shared, and a loaded one is many times slower than a quiet one).
WAIT_SECONDS = 60.0
#: The most seconds a process killed (SIGKILL) may take to be gone.
KILL_SECONDS = 30.0


def joined(threads: Iterable[threading.Thread], awaited: str, timeout: float = WAIT_SECONDS) -> None:
    """Wait for each of ``threads`` to end, each within ``timeout`` seconds; past it the test fails
    naming ``awaited`` (what the threads do, as a reader says it) and the threads still running."""
    running = list(threads)
    for thread in running:
        thread.join(timeout)
    stuck = [thread.name for thread in running if thread.is_alive()]
    assert not stuck, f"waited {timeout:g} s for {awaited}; still running: {', '.join(stuck)}"


def ended(process: subprocess.Popen[str], awaited: str, timeout: float = WAIT_SECONDS) -> int:
    """``process``'s exit status once it ends; past ``timeout`` seconds it is killed and the test
    fails naming ``awaited`` (what the process should have done: "the bot to stop")."""
    try:
        return process.wait(timeout)
    except subprocess.TimeoutExpired:
        killed(process)
        raise AssertionError(f"waited {timeout:g} s for {awaited}; the process was killed") from None


def killed(process: subprocess.Popen[str] | subprocess.Popen[bytes]) -> None:
    """``process`` killed (SIGKILL) if it still runs, and gone (``KILL_SECONDS`` at most)."""
    if process.poll() is None:
        process.kill()
    try:
        process.wait(KILL_SECONDS)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"process {process.pid} still runs {KILL_SECONDS:g} s after SIGKILL") from None


def barrier(parties: int = 2) -> threading.Barrier:
    """A barrier of ``parties`` threads that waits ``WAIT_SECONDS`` at most (then each waiter's
    ``wait`` raises ``BrokenBarrierError``): a party that failed before it came fails the others."""
    return threading.Barrier(parties, timeout=WAIT_SECONDS)


async def within(work: Awaitable[T], awaited: str, timeout: float = WAIT_SECONDS) -> T:
    """``await work`` under a deadline of ``timeout`` seconds, past which the test fails naming
    ``awaited`` (a scenario whose events the test sets itself: a bug leaves one unset)."""
    try:
        return await asyncio.wait_for(work, timeout)
    except TimeoutError:
        raise AssertionError(f"waited {timeout:g} s for {awaited}") from None
