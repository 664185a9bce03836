"""A table's views as sent: each distinct view of a state serialised once, and each broadcast text
stamped once, for every watcher it goes to.

A view is tens of kilobytes of JSON; a popular game's state goes to a thousand spectators, each
of whom sees the same view. It is built and serialised once per state and seat sets
(``text``), and stamped with the game's version once (``stamped``): every spectator's outbox
then holds the same string, not a copy of its own.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from kingdomino.web.live import ViewKey
from kingdomino.web.page_link import stamped


class ViewCache:
    """The serialised views of one version of a game, and the text last stamped."""

    def __init__(self) -> None:
        #: The serialised view of each seat set (a spectator's is ``()``) and former seats held,
        #: for ``version``.
        self.views: dict[tuple[ViewKey, ViewKey], str] = {}
        self.version = -1
        self._last_stamped: tuple[str, int, str] | None = None

    def text(self, version: int, seats: tuple[ViewKey, ViewKey], view: Callable[[], dict[str, Any]]) -> str:
        """The view of ``seats`` (the seats held, the former seats held) at ``version`` as JSON
        text, from ``view`` the first time it is asked at that version."""
        if self.version != version:
            self.views = {}
            self.version = version
        text = self.views.get(seats)
        if text is None:
            text = self.views[seats] = json.dumps(view())
        return text

    def stamped(self, text: str, version: int) -> str:
        """``text`` stamped with ``version`` (``page_link.stamped``): the same string as last time
        for the same text and version, as a broadcast asks it for each of its watchers."""
        last = self._last_stamped
        if last is not None and last[0] is text and last[1] == version:
            return last[2]
        result = stamped(text, version)
        self._last_stamped = (text, version, result)
        return result
