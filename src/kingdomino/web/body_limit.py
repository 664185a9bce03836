"""An ASGI middleware refusing HTTP request bodies over ``MAX_BODY`` bytes, reading no more than that.

A declared ``Content-Length`` over the limit is refused before anything is read. A
body without one (``Transfer-Encoding: chunked``) or longer than declared is counted
as the app receives it: once over the limit the 413 goes out at once, with
``Connection: close`` so the server stops reading the rest, and the app is told the
client is gone (its own answer is dropped). Every valid request body is far smaller.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from kingdomino.web.errors import error_response

#: The largest request body read, in bytes.
MAX_BODY = 16 * 1024


class BodyLimit:
    """Wrap ``app`` so that no HTTP request body over ``limit`` bytes is read (413 in the error shape)."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.limit:
            await self._refuse(scope, receive, send)
            return
        received = 0
        started = False
        refused = False

        async def counted_receive() -> Message:
            nonlocal received, refused
            if received > self.limit:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    if not started:
                        refused = True
                        await self._refuse(scope, receive, send)
                    return {"type": "http.disconnect"}
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if refused:
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        await self.app(scope, counted_receive, guarded_send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        message = f"request body over {self.limit} bytes"
        response = error_response(413, "body", message, headers={"Connection": "close"})
        await response(scope, receive, send)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope["headers"]:
        if name == b"content-length" and value.isdigit():
            return int(value)
    return None
