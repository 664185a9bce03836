"""What the app's HTTP middlewares share (``SecurityHeaders``, ``FailureAnswers``): an ASGI app
wrapped for its HTTP requests alone, and a ``send`` through which a middleware sees, or changes,
the start of an answer (its status and headers) before it goes out.

A WebSocket's scope passes through untouched: its answers are messages, not HTTP responses.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class HttpMiddleware(ABC):
    """Wrap ``app``: each HTTP request goes through :meth:`handle`, any other scope straight to ``app``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        await self.handle(scope, receive, send)

    @abstractmethod
    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve one HTTP request, through ``self.app``."""


def on_answer_start(send: Send, seen: Callable[[Message], Message]) -> Send:
    """``send``, with the answer's start (``http.response.start``) given to ``seen`` first, and
    what ``seen`` returns sent in its place."""

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            message = seen(message)
        await send(message)

    return sending
