"""No test reads a test client's socket without a deadline: Starlette's ``receive_json()`` (and
``receive()``, ``receive_text()``) waits for ever, so a test awaiting a message the server never
sent hung the whole run (no test has a timeout of its own). ``tests/web/sockets.py`` reads under
a deadline and says what was awaited."""

from __future__ import annotations

import re
from pathlib import Path

#: A socket read with no deadline: ``socket.receive_json()`` and the like.
UNBOUNDED = re.compile(r"\.receive(_json|_text|_bytes)?\(\)")


def test_every_socket_read_of_the_tests_has_a_deadline() -> None:
    here = Path(__file__).parent
    found = [
        f"{path.relative_to(here)}:{number}: {line.strip()}"
        for path in sorted(here.rglob("*.py"))
        if path.name not in ("sockets.py", Path(__file__).name)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if UNBOUNDED.search(line)
    ]
    assert found == [], "read these through tests/web/sockets.py (next_message, messages_until, ...)"
