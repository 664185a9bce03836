"""Reading a test's child process's output under a deadline. ``process.stdout.readline()`` waits
for ever: a bot that printed nothing (stuck before its first line, or its line gone to a buffer)
hung the test, and the run with it (no test has a timeout of its own). A read here fails instead,
naming what it awaited."""

from __future__ import annotations

import queue
import subprocess
import threading

from tests.web.deadlines import killed

#: The most seconds a test waits for a line of its process (generous: the machine is shared).
LINE_DEADLINE = 120.0


def next_line(process: subprocess.Popen[str], awaited: str, timeout: float = LINE_DEADLINE) -> str:
    """The next line ``process`` prints (``""`` once its output ended), read in a thread so the
    wait has a deadline of ``timeout`` seconds; past it the process is killed and the test fails,
    naming ``awaited`` (what the line should say, as a reader says it: "the bot's game link")."""
    output = process.stdout
    assert output is not None, "the process's output is not piped (stdout=subprocess.PIPE)"
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: lines.put(output.readline()), daemon=True).start()
    try:
        return lines.get(timeout=timeout)
    except queue.Empty:
        killed(process)
        raise AssertionError(f"waited {timeout:g} s for {awaited}; the process printed no line") from None
