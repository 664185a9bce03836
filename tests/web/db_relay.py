"""A TCP relay between a server and its database, which a test cuts and mends: the database away
as the server sees it (connections dropped, new ones closed at once), without stopping a
PostgreSQL that other tests share."""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from tests.web.servers import free_port


class Relay:
    """Listens on a free loopback port (``port``) and pipes each connection to ``target``."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = free_port()
        self.cut = False
        #: Connections closed at once while cut: the server's tries to reach the database.
        self.refused = 0
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._listener = socket.create_server(("127.0.0.1", self.port))
        threading.Thread(target=self._accept, daemon=True).start()

    def cut_off(self) -> None:
        """Drop every connection, and close each new one at once until ``mend``."""
        with self._lock:
            self.cut = True
            for connection in self._open:
                # A shutdown wakes the pipe's thread blocked on it (a close alone would not).
                with contextlib.suppress(OSError):
                    connection.shutdown(socket.SHUT_RDWR)
            self._open.clear()

    def mend(self) -> None:
        with self._lock:
            self.cut = False

    def close(self) -> None:
        self._listener.close()
        self.cut_off()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return  # closed
            with self._lock:
                if self.cut:
                    self.refused += 1
                    client.close()
                    continue
                try:
                    upstream = socket.create_connection(self.target, timeout=5)
                    upstream.settimeout(None)
                except OSError:
                    client.close()
                    continue
                self._open.update((client, upstream))
            threading.Thread(target=self._pipe, args=(client, upstream), daemon=True).start()
            threading.Thread(target=self._pipe, args=(upstream, client), daemon=True).start()

    def _pipe(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        for end in (source, sink):
            with self._lock:
                self._open.discard(end)
            end.close()


@contextmanager
def relay_to(target: tuple[str, int]) -> Iterator[Relay]:
    relay = Relay(target)
    try:
        yield relay
    finally:
        relay.close()
