"""A real uvicorn server on a free loopback port, in a thread or a ``kingdomino serve`` process,
and raw HTTP over a socket.

For what Starlette's TestClient cannot show: the bytes a client gets on the wire,
whether the server answers at all, and when it closes the connection.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn
from tests.web.deadlines import killed

from kingdomino.web.probe_clients import wait_until_answering


def free_port() -> int:
    """A port of 127.0.0.1 that nothing listens on (bound, then let go)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def held_port() -> socket.socket:
    """A socket bound to a free port of 127.0.0.1, not listening, that holds the port for a server
    started next: nobody else's ``free_port`` gets it meanwhile (the kernel hands out no port
    bound), while the server binds it all the same, as ``kingdomino serve`` and uvicorn bind
    with ``SO_REUSEADDR`` (allowed beside a bound socket, none listening). Closed once the
    server listens."""
    held = socket.socket()
    held.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    held.bind(("127.0.0.1", 0))
    return held


#: The most seconds a ``kingdomino serve`` of the tests may take to answer: 3 s on a quiet
#: machine, past 30 s when four started at once on a loaded one.
START_SECONDS = 120


class ServerProcess:
    """A ``kingdomino serve`` process on a free loopback port, started and answering (killed, not
    left running, if it does not answer, and its words said).

    The port is held (``held_port``) from its choice until the server listens: chosen by
    ``free_port`` and let go, another xdist worker's server could take it while the process
    started (seconds), and this one then failed, or found the other's server answering there.
    ``kill`` ends it with SIGKILL, as a crash would.
    """

    def __init__(self, database: str, *options: str) -> None:
        with held_port() as held, tempfile.TemporaryFile() as said:
            self.port = int(held.getsockname()[1])
            self.base = f"http://127.0.0.1:{self.port}"
            command = [sys.executable, "-m", "kingdomino", "serve", "--port", str(self.port)]
            self.process = subprocess.Popen(
                [*command, "--database-url", database, *options],
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
                stdout=subprocess.DEVNULL,
                stderr=said,
            )
            try:
                wait_until_answering(self.base, START_SECONDS, self.process)
            except BaseException as error:
                self.kill()
                said.seek(0)
                words = said.read().decode(errors="replace").strip()[-2000:]
                raise RuntimeError(f"{error}; it said: {words or 'nothing'}") from error

    def kill(self) -> None:
        killed(self.process)


@contextmanager
def running(config: uvicorn.Config) -> Iterator[int]:
    """Run the server of ``config`` (host 127.0.0.1) in a thread while the block runs; yields its port."""
    assert config.host == "127.0.0.1"
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield config.port
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def exchange(
    port: int, request: bytes, timeout: float = 3.0, until: bytes | None = None
) -> tuple[bytes, bool, float]:
    """Send ``request``, read until the server closes, the answer ends with ``until``, or ``timeout``.

    Returns what was read, whether the server closed the connection, and the seconds
    until the first byte came (``timeout`` if none did).
    """
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
        start = time.monotonic()
        connection.sendall(request)
        deadline = start + timeout
        data = b""
        first = timeout
        while True:
            connection.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                chunk = connection.recv(65536)
            except TimeoutError:
                return data, False, first
            if not chunk:
                return data, True, first
            if not data:
                first = time.monotonic() - start
            data += chunk
            if until is not None and data.endswith(until):
                return data, False, first
