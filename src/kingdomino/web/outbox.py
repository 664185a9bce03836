"""A WebSocket's outgoing messages, written in order by a task of its own.

A broadcast only queues a message for each client, so a client that stops reading holds up no
one. Before this, the server awaited every watcher's send: a spectator that sent small messages
and never read filled its socket's buffer in seconds, and from then on the game's players got no
answer and its AI seats stopped, until that spectator closed its socket.

A client that falls ``limit`` messages behind, or whose one message takes ``timeout`` seconds to
go out, is cut off (closed with 1013, "try again later"): its page reconnects and gets the game's
state afresh.

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
from collections.abc import Awaitable, Callable

#: Messages a client may fall behind by before it is cut off; a page that reads keeps up easily
#: (a game sends a few messages a second at most).
OUTBOX_LIMIT = 64
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
        timeout: float = SEND_TIMEOUT,
    ) -> None:
        self._write = write
        self._close = close
        self._timeout = timeout
        self._queue: asyncio.Queue[str] = asyncio.Queue(maxsize=limit)
        self.cut_off = asyncio.Event()
        self._closing: asyncio.Task[None] | None = None
        self._task = asyncio.create_task(self._write_all())

    async def send(self, text: str) -> None:
        """Queue ``text`` without waiting for the client; a client too far behind is cut off."""
        if self.cut_off.is_set():
            raise SlowClient("the client was cut off")
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            await self._cut()
            raise SlowClient(f"the client fell {self._queue.maxsize} messages behind") from None

    async def flush(self) -> None:
        """Wait until every queued message has gone out (or the client was cut off)."""
        done = asyncio.create_task(self._queue.join())
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
            text = await self._queue.get()
            try:
                await asyncio.wait_for(self._write(text), self._timeout)
            except asyncio.CancelledError:
                raise
            except Exception:  # a timeout, or a socket gone: either way this client is done
                await self._cut()
                return
            finally:
                self._queue.task_done()

    async def _cut(self) -> None:
        """Cut the client off: nothing more is sent, and its socket is closed in the background
        (a full buffer may hold the closing frame up too; no broadcast waits for it)."""
        if self.cut_off.is_set():
            return
        self.cut_off.set()
        self._closing = asyncio.create_task(self._close_quietly())

    async def _close_quietly(self) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._close(SLOW_CLIENT_CODE), CLOSE_TIMEOUT)
