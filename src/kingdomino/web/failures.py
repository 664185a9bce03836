"""Failures answered for what they are: a passing one (the database unreachable, the disk full, an
AI worker gone) is ``503`` with ``Retry-After``, a bug ``500``; both in the error shape, and the
connection kept.

A failure that reaches Starlette's outermost middleware is answered 500 and raised again, and
uvicorn then closes the keep-alive connection, so the client's next request meets a reset as
well. :class:`FailureAnswers` answers every failure the handlers leave and logs it, raising
nothing; the socket words its messages' failures with :func:`failure_error` the same way.

>>> failure_error(ConnectionRefusedError(111, "refused")).to_json()["error"]["code"]
'unavailable'
>>> failure_error(KeyError("a bug")).status
500
"""

from __future__ import annotations

import errno
import functools
import logging
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING

from sqlalchemy.exc import DisconnectionError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from kingdomino.web.http_middleware import HttpMiddleware, on_answer_start
from kingdomino.web.refusals import HubError

if TYPE_CHECKING:
    from kingdomino.web.outage import Outage

log = logging.getLogger(__name__)

#: Seconds a client is told to wait (``Retry-After``) before it asks again after a passing failure.
RETRY_SECONDS = 2

#: The operating system's errors that pass: the disk full or over quota, a connection refused,
#: reset or timed out (a database restarting).
_PASSING_ERRNOS = frozenset(
    {
        errno.ENOSPC,
        errno.EDQUOT,
        errno.ECONNREFUSED,
        errno.ECONNRESET,
        errno.ETIMEDOUT,
        errno.EPIPE,
        errno.EAGAIN,
    }
)


def passing_cause(error: BaseException) -> str | None:
    """What passing failure ``error`` is, in a few words, or None if it is not one (a bug)."""
    if isinstance(error, (OperationalError, DisconnectionError, PoolTimeout, *_driver_errors())):
        return "the database cannot be reached or written"
    if isinstance(error, BrokenProcessPool):
        return "an AI worker stopped"
    if isinstance(error, OSError) and error.errno in _PASSING_ERRNOS:
        return "the server's disk or network failed"
    if type(error).__module__.startswith("ray."):
        return "the AI cluster failed"
    return None


@functools.cache
def _driver_errors() -> tuple[type[BaseException], ...]:
    """psycopg's own error of a connection lost or refused, raised outside SQLAlchemy (the
    listening connection of ``notify.listen``); none without the PostgreSQL extra."""
    try:
        import psycopg
    except ImportError:
        return ()
    return (psycopg.OperationalError,)


def failure_error(error: BaseException) -> HubError:
    """The refusal a failure is answered with: ``unavailable`` (503) if it passes, else ``internal``."""
    cause = passing_cause(error)
    if cause is None:
        return HubError(500, "server", "internal error; the server logged it", "internal")
    message = f"{cause}; try again in {RETRY_SECONDS} s"
    return HubError(503, "server", message, "unavailable", {"seconds": RETRY_SECONDS})


def log_failure(error: BaseException, where: str, outage: Outage | None = None) -> None:
    """Log a failure: a passing one in a line (once a spell with ``outage``: ``web.outage``), a bug
    with its traceback."""
    if outage is not None:
        outage.failed(where, error)
        return
    cause = passing_cause(error)
    if cause is None:
        log.error("%s failed", where, exc_info=error)
    else:
        log.warning("%s failed: %s (%s: %s)", where, cause, type(error).__name__, error)


class FailureAnswers(HttpMiddleware):
    """Wrap ``app`` so that an HTTP request whose handling raised is answered, not dropped; a
    passing failure logged once a spell of them (``outage``: every player's request fails while
    the database is away)."""

    def __init__(self, app: ASGIApp, outage: Outage | None = None) -> None:
        super().__init__(app)
        self.outage = outage

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = False

        def starting(message: Message) -> Message:
            nonlocal started
            started = True
            return message

        try:
            await self.app(scope, receive, on_answer_start(send, starting))
        except Exception as error:
            if started:  # half an answer went out: only closing the connection can end it
                raise
            log_failure(error, f"{scope['method']} {scope['path']}", self.outage)
            refusal = failure_error(error)
            headers = {"Retry-After": str(RETRY_SECONDS)} if refusal.status == 503 else None
            await JSONResponse(refusal.to_json(), refusal.status, headers=headers)(scope, receive, send)
