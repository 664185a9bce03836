"""The tests' own servers: the port a ``ServerProcess`` holds while its process starts."""

from __future__ import annotations

import socket

import pytest
from tests.web.servers import free_port, held_port

from kingdomino.cli.listen import listen_problem


def test_a_held_port_is_nobody_elses_while_the_server_binds_it() -> None:
    """A port chosen by ``free_port`` and let go could be another worker's before the process
    bound it: held, no one else binds it, and ``kingdomino serve`` (its check, then uvicorn's bind
    and listen, both with ``SO_REUSEADDR``) still does."""
    with held_port() as held:
        port = int(held.getsockname()[1])
        assert all(free_port() != port for _ in range(50))
        with socket.socket() as other, pytest.raises(OSError):
            other.bind(("127.0.0.1", port))
        assert listen_problem("127.0.0.1", port) is None
        with socket.socket() as server:
            server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            server.bind(("127.0.0.1", port))
            server.listen()
