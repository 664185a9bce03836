"""Each test's wall time beside the CPU it used, to find the tests that wait rather than work.

On only when ``KINGDOMINO_TEST_TIMES`` names a CSV file (outside the checkout); the root
``conftest.py`` registers it then. Each test (its setup, call and teardown together) appends one
row: its id, the xdist worker, the wall seconds, the worker process's CPU seconds
(``time.process_time()``: the test and the in-process live server's threads), the CPU seconds of
the worker's descendant processes (Chromium and Playwright's driver, subprocess servers, AI
worker processes: their ``utime + stime`` and their reaped children's, read from ``/proc``), the
seconds the threads of both spent runnable but waiting for a core (``/proc/*/task/*/schedstat``:
on a loaded machine, what a busy test loses to the others), and the one-minute load average when
it ended. Not counted: a descendant that exits within the test unreaped by another (Chromium
stopped in the last browser test's teardown), a process that is no descendant. A wall time far
above the CPU figures and the core waits together is a test that sleeps or waits for a clock
(the core waits of threads running side by side add up: a busy test's may exceed its wall time).
Rows are appended in one ``write`` each, so the workers of one run share the file.
"""

from __future__ import annotations

import os
import time
from collections.abc import Generator
from pathlib import Path

import pytest

_TICKS = os.sysconf("SC_CLK_TCK")
HEADER = "test,worker,wall_s,cpu_s,children_cpu_s,core_wait_s,load1\n"


def _core_waits(pids: set[int]) -> float:
    """The seconds the threads of ``pids`` have spent runnable, waiting for a core (``schedstat``)."""
    waited = 0
    for pid in pids:
        try:
            tasks = os.scandir(f"/proc/{pid}/task")
        except OSError:
            continue
        for task in tasks:
            try:
                waited += int(Path(task.path, "schedstat").read_text().split()[1])
            except (OSError, IndexError, ValueError):
                continue
    return waited / 1e9


def _descendants(root: int) -> tuple[float, float]:
    """The CPU seconds of every live descendant of ``root`` (and of what they reaped), and the
    seconds the threads of ``root`` and of its descendants have waited for a core."""
    parents: dict[int, int] = {}
    ticks: dict[int, int] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(entry.path, "stat").read_text()
        except OSError:
            continue
        # The command's name may hold spaces and parentheses: the fields follow its last ")".
        fields = stat[stat.rindex(")") + 2 :].split()
        parents[int(entry.name)] = int(fields[1])
        ticks[int(entry.name)] = sum(int(field) for field in fields[11:15])
    inside = {root}
    grew = True
    while grew:
        grew = False
        for pid, parent in parents.items():
            if parent in inside and pid not in inside:
                inside.add(pid)
                grew = True
    return sum(ticks[pid] for pid in inside - {root}) / _TICKS, _core_waits(inside)


class TimingRecorder:
    """Appends each test's times to ``path``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        if not path.exists():
            path.write_text(HEADER)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> Generator[None]:
        pid = os.getpid()
        wall, cpu, (children, waited) = time.monotonic(), time.process_time(), _descendants(pid)
        yield
        wall = time.monotonic() - wall
        cpu = time.process_time() - cpu
        children_now, waited_now = _descendants(pid)
        children, waited = max(0.0, children_now - children), max(0.0, waited_now - waited)
        row = f'"{item.nodeid}",{self.worker},{wall:.2f},{cpu:.2f},{children:.2f},{waited:.2f},'
        row += f"{os.getloadavg()[0]:.1f}\n"
        with self.path.open("a") as out:
            out.write(row)


def register(config: pytest.Config) -> None:
    """Turns the timing on when ``KINGDOMINO_TEST_TIMES`` names its file."""
    path = os.environ.get("KINGDOMINO_TEST_TIMES")
    if path:
        config.pluginmanager.register(TimingRecorder(Path(path)), "kingdomino-test-times")
