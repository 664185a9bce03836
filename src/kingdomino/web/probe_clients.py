"""Clients that probe a running ``kingdomino serve`` from outside, shared by the benchmarks
(``bench/``) and the tests: waiting until the server answers, and the abusive clients the attack
benchmark (``bench/bench_abuse.py``) and the tests of the server's limits use (a socket that never
reads and reading it dry afterwards, or reading its messages once it reads again, a slowloris
connection that reopens). Loopback only; the
standard library alone, so that it imports wherever the package does.
"""

from __future__ import annotations

import asyncio
import base64
import os
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator

#: What a server answers once it is up: the request :func:`wait_until_answering` sends.
READY_PATH = "/api/meta"
#: The receive buffer of a never-reading socket, in bytes, set before it connects (the kernel's
#: smallest useful size: the server's side must hold what the client does not take).
NEVER_READING_BUFFER = 4096
#: A half-sent request line: the server waits for the rest, which never comes.
HALF_REQUEST = b"GET /api/meta HTT"


def wait_until_answering(
    base: str, seconds: float, process: subprocess.Popen[bytes] | None = None, pause: float = 0.05
) -> None:
    """Return once ``GET {base}/api/meta`` is answered (any status); ``RuntimeError`` if ``seconds``
    pass first, or the server's ``process`` (when given) ends meanwhile."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(f"{base}{READY_PATH}", timeout=1):
                return
        except urllib.error.HTTPError:
            return  # an answer, if not a 200
        except OSError:
            if time.monotonic() > deadline or (process is not None and process.poll() is not None):
                raise RuntimeError(f"the server at {base} did not start") from None
            time.sleep(pause)


def upgrade_request(game_id: str, token: str) -> bytes:
    """The HTTP request that opens game ``game_id``'s WebSocket for the seats of ``token``."""
    key = base64.b64encode(os.urandom(16)).decode()
    return (
        f"GET /ws/games/{game_id}?tokens={token} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
    ).encode()


def never_reading_socket(port: int, game_id: str, token: str) -> socket.socket:
    """A game's WebSocket, opened with a small receive buffer (``NEVER_READING_BUFFER``), that its
    caller will not read: every view the server sends it stays on the server's side."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, NEVER_READING_BUFFER)
    sock.connect(("127.0.0.1", port))
    sock.sendall(upgrade_request(game_id, token))
    return sock


def drain(sock: socket.socket, silence: float, most: int | None = None) -> tuple[int, bool]:
    """The bytes read from ``sock`` until the server closes it (or it falls silent for ``silence``
    seconds, or it gave more than ``most``), and whether the server closed it."""
    sock.settimeout(silence)
    total = 0
    while most is None or total <= most:
        try:
            chunk = sock.recv(1 << 16)
        except TimeoutError:
            return total, False
        except ConnectionResetError:
            return total, True
        if not chunk:
            return total, True
        total += len(chunk)
    return total, False


async def hold_half_sent(
    port: int, address: str, stop: asyncio.Event, pause: float, opened: Callable[[], None]
) -> None:
    """A slowloris connection from ``address``: half a request line, held until the server closes
    it, then opened again after ``pause`` seconds, until ``stop``. ``opened`` is told each time
    the connection is made."""
    while not stop.is_set():
        try:
            connecting = asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
            reader, writer = await asyncio.wait_for(connecting, 5)
        except (OSError, TimeoutError):
            await asyncio.sleep(pause)
            continue
        opened()
        try:
            writer.write(HALF_REQUEST)
            reading = asyncio.ensure_future(reader.read())
            stopping = asyncio.ensure_future(stop.wait())
            await asyncio.wait({reading, stopping}, return_when=asyncio.FIRST_COMPLETED)
            reading.cancel()
            stopping.cancel()
        except OSError:
            pass
        finally:
            writer.transport.abort()
        await asyncio.sleep(pause)


def text_frames(sock: socket.socket, seconds: float) -> Iterator[str]:
    """The text messages the server sends on ``sock``, a WebSocket opened by hand
    (``never_reading_socket``) and read from now on, until the server closes it; ``TimeoutError``
    once ``seconds`` pass with no end. The server's answer to the upgrade is read first."""
    deadline = time.monotonic() + seconds
    buffer = b""

    def more() -> None:
        nonlocal buffer
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"the server sent no end within {seconds:g} s")
        sock.settimeout(left)
        chunk = sock.recv(1 << 16)
        if not chunk:
            raise EOFError("the server closed the connection")
        buffer += chunk

    while b"\r\n\r\n" not in buffer:
        more()
    buffer = buffer.split(b"\r\n\r\n", 1)[1]
    while True:
        while len(buffer) < 2:
            more()
        opcode, size = buffer[0] & 0x0F, buffer[1] & 0x7F  # a server's frames are not masked
        head = 2 + {126: 2, 127: 8}.get(size, 0)
        while len(buffer) < head:
            more()
        if size >= 126:
            size = int.from_bytes(buffer[2:head], "big")
        while len(buffer) < head + size:
            more()
        payload, buffer = buffer[head : head + size], buffer[head + size :]
        if opcode == 0x8:  # the close
            return
        if opcode == 0x1:
            yield payload.decode()
