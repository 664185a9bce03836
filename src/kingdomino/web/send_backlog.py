"""How far behind a WebSocket's client is: the bytes written for it that it has not yet taken.

The outbox (``web/outbox.py``) counts the messages it still holds; once it hands one over, the
bytes wait in the transport's buffer (asyncio) and then in the kernel's send queue. Linux grows
a socket's send buffer to megabytes for a peer that reads slowly (autotuning), so a client that
never reads could hold megabytes in the kernel per socket while the outbox saw every message go
out at once. So the server

* gives each WebSocket a fixed send buffer of ``SEND_BUFFER`` bytes (fixing it turns the
  kernel's autotuning off for that socket), which bounds the kernel's part on every system;
* and counts, for each socket, the transport's buffer and the kernel's bytes not yet
  acknowledged by the client (the ``SIOCOUTQ`` ioctl, on Linux; elsewhere the kernel's part is
  taken as nothing, and ``SEND_BUFFER`` bounds it), which the app reads through the ASGI scope
  extension ``BACKLOG_EXTENSION`` (absent under a test client: nothing behind).
"""

from __future__ import annotations

import contextlib
import socket
import struct
import sys
from collections.abc import Callable, Mapping
from typing import Any

#: The send buffer of a WebSocket, in bytes (the kernel doubles it for its bookkeeping): a few
#: of the largest views (about 25 KB), far more than a page that reads ever has in flight.
SEND_BUFFER = 64 * 1024
#: The ASGI scope extension by which the server tells the app a socket's bytes not yet taken:
#: ``scope["extensions"][BACKLOG_EXTENSION]["unsent"]()``.
BACKLOG_EXTENSION = "kingdomino.send_backlog"

if sys.platform == "linux":
    import fcntl
    import termios

    def kernel_unsent(sock: Any) -> int:
        """The bytes in the kernel's send queue of ``sock`` not yet acknowledged by its peer."""
        buffer = struct.pack("i", 0)
        try:
            answer = fcntl.ioctl(sock.fileno(), termios.TIOCOUTQ, buffer)  # SIOCOUTQ for a socket
        except OSError:
            return 0
        return int(struct.unpack("i", answer)[0])

else:

    def kernel_unsent(sock: Any) -> int:
        """Not readable here: ``SEND_BUFFER`` bounds the kernel's part."""
        del sock
        return 0


def fix_send_buffer(sock: Any) -> None:
    """Give ``sock`` a send buffer of ``SEND_BUFFER`` bytes, which also stops the kernel growing it."""
    with contextlib.suppress(OSError, AttributeError):
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)


def abort_at_once(sock: Any) -> None:
    """Make closing ``sock`` drop what its kernel queue still holds (a reset), not keep it for a
    peer that will not read it."""
    with contextlib.suppress(OSError, AttributeError):
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))


def backlog_of(scope: Mapping[str, Any]) -> Callable[[], int]:
    """The function that counts a socket's bytes handed to the server but not yet taken by its
    client, from the socket's ASGI scope; nothing behind where the server does not tell."""
    extension = scope.get("extensions", {}).get(BACKLOG_EXTENSION)
    if extension is None:
        return lambda: 0
    unsent: Callable[[], int] = extension["unsent"]
    return unsent
