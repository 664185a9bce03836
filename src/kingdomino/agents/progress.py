"""How far a running search is, told to whoever asked for it while it runs.

A search counts its iterations in a :class:`~kingdomino.agents.search.Budget`; inside
``reporting(sink)``, every budget made in that context calls ``sink(fraction)`` after each
iteration: the iterations done of its budget (or, for a search timed in seconds, the share of
its time spent), from above 0 up to 1. The sink only learns: it takes nothing from the search's
random numbers nor its clock, so a search gives the same move whether anyone follows it or not.

The server's AI workers use it to show a player how far an AI's move is
(``kingdomino.web.ai_progress``).

>>> seen = []
>>> with reporting(seen.append):
...     current()(0.5)
>>> seen, current() is None
([0.5], True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

#: Takes a search's progress, a fraction in (0, 1].
Sink = Callable[[float], None]

_SINK: ContextVar[Sink | None] = ContextVar("search_progress_sink", default=None)


@contextmanager
def reporting(sink: Sink) -> Iterator[None]:
    """Have the searches started in this context tell ``sink`` how far they are."""
    token = _SINK.set(sink)
    try:
        yield
    finally:
        _SINK.reset(token)


def current() -> Sink | None:
    """The sink a search started now reports to (None: nobody follows it)."""
    return _SINK.get()
