"""The tests' own waits (``deadlines.py``) end at their deadline, naming what they awaited, and
leave nothing running: a thread stuck, a process that ignores its stop, an event never set."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from tests.web.deadlines import barrier, ended, joined, killed, within


def test_a_thread_still_running_at_the_deadline_fails_naming_it() -> None:
    release = threading.Event()
    stuck = threading.Thread(target=release.wait, name="the stuck one", daemon=True)
    stuck.start()
    with pytest.raises(AssertionError, match=r"0\.1 s for the moves posted; still running: the stuck one"):
        joined([stuck], "the moves posted", timeout=0.1)
    release.set()
    joined([stuck], "the stuck one, let go")


def test_a_process_that_does_not_end_is_killed_and_named() -> None:
    process = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"], text=True)
    with pytest.raises(AssertionError, match=r"waited 0\.2 s for the bot to stop; the process was killed"):
        ended(process, "the bot to stop", timeout=0.2)
    assert process.returncode is not None
    killed(process)  # gone already: nothing to do


def test_a_party_that_never_comes_breaks_the_barrier() -> None:
    both = barrier()
    with pytest.raises(threading.BrokenBarrierError):
        both.wait(timeout=0.1)


def test_a_coroutine_past_its_deadline_fails_naming_what_it_awaited() -> None:
    with pytest.raises(AssertionError, match=r"waited 0\.1 s for the gate to open"):
        asyncio.run(within(asyncio.Event().wait(), "the gate to open", timeout=0.1))
    assert asyncio.run(within(asyncio.sleep(0, "done"), "a sleep")) == "done"


#: A wait with no deadline: a thread's ``join()``, a pipe's ``readline()``, ``communicate()``, a
#: future's ``result()``, a barrier without a timeout.
UNBOUNDED = re.compile(r"\.(join|readline|communicate|result)\(\)|Barrier\(\d+\)")
#: The files allowed one, and why.
BOUNDED_ELSEWHERE = {
    "deadlines.py": "the waits under deadlines themselves",
    "process_lines.py": "a line read in a thread of its own, awaited under a deadline",
    "test_passing_failures.py": "a socket's lines, read under the socket's own 30 s timeout",
}


def test_no_test_waits_without_a_deadline() -> None:
    tests = Path(__file__).parents[1]
    found = [
        f"{path.relative_to(tests)}:{number}: {line.strip()}"
        for path in sorted(tests.rglob("*.py"))
        if path.name not in BOUNDED_ELSEWHERE
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if UNBOUNDED.search(line)
    ]
    assert found == [], "wait through tests/web/deadlines.py (joined, ended, killed, barrier, within)"
