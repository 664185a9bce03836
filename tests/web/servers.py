"""A real uvicorn server on a free loopback port, in a thread, and raw HTTP over a socket.

For what Starlette's TestClient cannot show: the bytes a client gets on the wire,
whether the server answers at all, and when it closes the connection.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn


def free_port() -> int:
    """A port of 127.0.0.1 that nothing listens on (bound, then let go)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


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
