"""The server's log lines on standard error: when, how grave and which part of the server, then the
message (``2026-12-02 01:07:12+0000 WARNING kingdomino.web.reports: report 1 made: ...``).

Without it a warning came out bare (Python's last-resort handler): an operator reading a log
redirected to a file could not tell when a failure happened, nor a warning from an error. Under
systemd, whose journal stamps the time itself, each line instead starts with its syslog priority
(``<4>`` a warning, ``<3>`` an error), which the journal takes for the line's own priority and
strips: ``journalctl -u kingdomino@8001 -p warning`` then shows the warnings and errors alone,
tracebacks whole.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

#: Syslog's priorities of Python's levels (an unknown level is a notice).
PRIORITIES = {logging.CRITICAL: 2, logging.ERROR: 3, logging.WARNING: 4, logging.INFO: 6, logging.DEBUG: 7}
PLAIN = "%(asctime)s %(levelname)s %(name)s: %(message)s"
JOURNAL = "%(levelname)s %(name)s: %(message)s"
TIME = "%Y-%m-%d %H:%M:%S%z"
#: Loggers whose warnings the server leaves out: psycopg's are of a connection failing ("query
#: cancellation failed", "error ignored in rollback"), a spell ``web/outage.py`` logs in two lines.
QUIET = ("psycopg",)


class JournalFormatter(logging.Formatter):
    """Each line of a record (a traceback's too) prefixed with the record's syslog priority."""

    def format(self, record: logging.LogRecord) -> str:
        priority = PRIORITIES.get(record.levelno, 5)
        return "\n".join(f"<{priority}>{line}" for line in super().format(record).splitlines())


def to_journal(stream: TextIO, environ: dict[str, str] | os._Environ[str] = os.environ) -> bool:
    """Whether ``stream`` is systemd's journal: ``JOURNAL_STREAM`` names its device and inode."""
    try:
        status = os.fstat(stream.fileno())
    except (OSError, ValueError, AttributeError):
        return False
    return environ.get("JOURNAL_STREAM", "") == f"{status.st_dev}:{status.st_ino}"


@contextmanager
def logged(stream: TextIO | None = None, level: int = logging.WARNING) -> Iterator[logging.Handler]:
    """Every logger's records of ``level`` and graver go to ``stream`` (standard error), in the
    journal's form or with their time, until the block ends."""
    stream = stream if stream is not None else sys.stderr
    handler = logging.StreamHandler(stream)
    if to_journal(stream):
        handler.setFormatter(JournalFormatter(JOURNAL))
    else:
        handler.setFormatter(logging.Formatter(PLAIN, TIME))
    root = logging.getLogger()
    quiet = [logging.getLogger(name) for name in QUIET]
    before = [root.level, *(logger.level for logger in quiet)]
    root.addHandler(handler)
    root.setLevel(level)
    for logger in quiet:
        logger.setLevel(max(level, logging.ERROR))
    try:
        yield handler
    finally:
        root.removeHandler(handler)
        for logger, was in zip([root, *quiet], before, strict=True):
            logger.setLevel(was)
