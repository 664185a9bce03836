"""A spell of passing failures told in two lines: when it began, and when the work went on again.

While the database is away (PostgreSQL restarted, the network to it cut), each of a server's
background tasks fails at every try: the listeners of the other servers' writes and chat lines
each second, the clocks' sweep each second, the AI turns' sweep, the leases' renewal, the
server's beat, and every request of every player. Logged each, with a traceback, 10 seconds away
was two thousand lines a server, which buried what an operator had to read. A server's
:class:`Outage` (``Store.outage``) logs the first failure of a spell as one warning, the others
at ``DEBUG``, and, once a task reaches the database again (``answered``), one warning saying
how long the spell lasted and how many failures it kept quiet. A failure that does not pass (a
bug, ``failures.passing_cause``) is logged each time with its traceback.

>>> outage = Outage()
>>> outage.failed("the clocks' sweep", ConnectionRefusedError(111, "refused"))
>>> outage.failed("the AI turns' sweep", ConnectionRefusedError(111, "refused"))
>>> outage.failures
2
>>> outage.answered()
>>> outage.since is None
True
"""

from __future__ import annotations

import logging
import time

from kingdomino.web.failures import passing_cause

log = logging.getLogger(__name__)


def first_line(error: BaseException) -> str:
    """``error``'s kind and the first line of its words (a driver's message runs on for lines).

    >>> first_line(OSError("connection refused\\n\\tIs the server running?"))
    'OSError: connection refused'
    """
    words = str(error).strip().splitlines()
    return f"{type(error).__name__}: {words[0]}" if words else type(error).__name__


class Outage:
    """One server's current spell of passing failures, if any (``since``, a monotonic time)."""

    def __init__(self) -> None:
        self.since: float | None = None
        #: The failures of the current spell, the first (logged) included.
        self.failures = 0

    def failed(self, where: str, error: BaseException) -> None:
        """Log that ``where`` failed with ``error``: a bug each time with its traceback, a passing
        failure once a spell."""
        cause = passing_cause(error)
        if cause is None:
            log.error("%s failed", where, exc_info=error)
            return
        self.failures += 1
        if self.since is not None:
            log.debug("%s failed: %s (%s)", where, cause, first_line(error))
            return
        self.since = time.monotonic()
        log.warning(
            "%s failed: %s (%s); every task tries again by itself, quietly until one succeeds",
            where,
            cause,
            first_line(error),
        )

    def answered(self) -> None:
        """Note that a task reached the database: the spell, if any, is over (logged once)."""
        if self.since is None:
            return
        log.warning(
            "the database answers again: the failures lasted %.0f s (%d failures, the first logged)",
            time.monotonic() - self.since,
            self.failures,
        )
        self.since = None
        self.failures = 0
