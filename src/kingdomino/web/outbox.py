"""A WebSocket's outgoing messages, written in order by a task of its own.

A broadcast only queues a message for each client, so a client that stops reading holds up no
one: were a broadcast to await each watcher's send, a spectator that sends small messages and
never reads would fill its socket's buffer in seconds, and from then on the game's players would
get no answer and its AI seats would stop, until that spectator closed its socket.

A message the game broadcasts (a ``state``, ``presence``, ``watching`` or ``thinking``: each says
all there is to say of its kind) is sent with its ``kind``, and a newer one of the same kind
replaces it while it still waits here: a client that reads slowly skips to the newest state
rather than being sent every one it missed, so what waits for it stays a few messages however
many moves it missed (the answers to its own messages, ``ack``, ``error``..., all go out).

A client that falls ``limit`` messages or ``max_bytes`` bytes behind, or whose one message takes
``timeout`` seconds to go out, is cut off (closed with 1013, "try again later"): its page
reconnects and gets the game's state afresh. The bytes behind are those of the messages waiting
here and those handed over but not yet taken by the client (``backlog``: the transport's buffer
and the kernel's send queue, ``web/send_backlog.py``): the kernel alone accepts megabytes for a
client that never reads, while the outbox sees every message go out at once.

>>> async def demo() -> list[str]:
...     written: list[str] = []
...     async def write(text: str) -> None:
...         written.append(text)
...     async def close(code: int) -> None:
...         pass
...     box = Outbox(write, close)
...     await box.send("hello")
...     await box.flush()
...     await box.aclose()
...     return written
>>> asyncio.run(demo())
['hello']
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Awaitable, Callable

#: Messages a client may fall behind by before it is cut off; a page that reads keeps up easily
#: (a game sends a few messages a second at most).
OUTBOX_LIMIT = 64
#: Bytes a client may fall behind by (waiting here, in the transport's buffer or the kernel's send
#: queue) before it is cut off: about ten of the largest views (25 KB); a page that reads has one
#: or two in flight at most.
MAX_BYTES_BEHIND = 256 * 1024
#: Seconds one message may take to go out before its client is cut off.
SEND_TIMEOUT = 10.0
#: Seconds the closing of a cut-off client may take (its buffer may be full).
CLOSE_TIMEOUT = 1.0
#: The WebSocket close code of a client cut off for not reading: "try again later".
SLOW_CLIENT_CODE = 1013


class SlowClient(Exception):
    """The client fell too far behind (or stopped reading) and was cut off."""


class Outbox:
    """The messages waiting for one client, and the task that writes them in order."""

    def __init__(
        self,
        write: Callable[[str], Awaitable[None]],
        close: Callable[[int], Awaitable[None]],
        limit: int = OUTBOX_LIMIT,
        timeout: float | None = None,
        backlog: Callable[[], int] = lambda: 0,
        max_bytes: int | None = None,
    ) -> None:
        self._write = write
        self._close = close
        self._timeout = SEND_TIMEOUT if timeout is None else timeout
        self._backlog = backlog
        self._max_bytes = MAX_BYTES_BEHIND if max_bytes is None else max_bytes
        self._limit = limit
        #: The characters of the messages queued and of the one being written.
        self._held = 0
        #: The messages waiting, each with its kind (None: an answer, never replaced).
        self._waiting: deque[tuple[str, str | None]] = deque()
        self._arrived = asyncio.Event()
        #: Set while nothing waits and nothing is being written.
        self._idle = asyncio.Event()
        self._idle.set()
        self.cut_off = asyncio.Event()
        self._closing: asyncio.Task[None] | None = None
        self._task = asyncio.create_task(self._write_all())

    async def send(self, text: str, kind: str | None = None) -> None:
        """Queue ``text`` without waiting for the client, in place of the waiting message of the
        same ``kind`` if there is one; a client too far behind is cut off."""
        if self.cut_off.is_set():
            raise SlowClient("the client was cut off")
        if kind is not None:
            self._drop_waiting(kind)
        behind = self.bytes_behind()
        if behind and behind + len(text) > self._max_bytes:  # with nothing behind, any message goes
            await self.cut()
            raise SlowClient(f"the client fell {behind} bytes behind")
        if len(self._waiting) >= self._limit:
            await self.cut()
            raise SlowClient(f"the client fell {self._limit} messages behind")
        self._waiting.append((text, kind))
        self._held += len(text)
        self._idle.clear()
        self._arrived.set()

    def _drop_waiting(self, kind: str) -> None:
        """Drop the waiting message of ``kind`` (at most one waits: each send replaces it)."""
        for position, (text, waiting) in enumerate(self._waiting):
            if waiting == kind:
                del self._waiting[position]
                self._held -= len(text)
                return

    def bytes_behind(self) -> int:
        """The bytes queued here (counted as characters: JSON is nearly all ASCII) and those
        handed over that the client has not yet taken."""
        return self._held + self._backlog()

    async def flush(self) -> None:
        """Wait until every queued message has gone out (or the client was cut off)."""
        done = asyncio.create_task(self._idle.wait())
        cut = asyncio.create_task(self.cut_off.wait())
        await asyncio.wait({done, cut}, return_when=asyncio.FIRST_COMPLETED)
        for task in (done, cut):
            task.cancel()

    async def aclose(self) -> None:
        """Stop writing (the socket has ended)."""
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task

    async def _write_all(self) -> None:
        while True:
            if not self._waiting:
                self._idle.set()
                self._arrived.clear()
                await self._arrived.wait()
                continue
            text, _ = self._waiting.popleft()
            try:
                async with asyncio.timeout(self._timeout):  # in this task: no task a message
                    await self._write(text)
            except asyncio.CancelledError:
                raise
            except Exception:  # a timeout, or a socket gone: either way this client is done
                await self.cut()
                return
            finally:
                self._held -= len(text)

    async def cut(self, code: int = SLOW_CLIENT_CODE) -> None:
        """Cut the client off: nothing more is sent, and its socket is closed with ``code`` in the
        background (a full buffer may hold the closing frame up too; no broadcast waits for it)."""
        if self.cut_off.is_set():
            return
        self.cut_off.set()
        self._closing = asyncio.create_task(self._close_quietly(code))

    async def _close_quietly(self, code: int) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._close(code), CLOSE_TIMEOUT)
