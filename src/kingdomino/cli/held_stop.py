"""A stop (Ctrl-C, SIGTERM) held while ``kingdomino bot`` asks the server for a game.

The server pairs the bot (``POST /api/pairing``: a new game waiting for players, or a seat at one)
before the bot reads which game: a bot stopped between the two knew of no game to leave, and the
game it was paired into waited for it, in the lobby or at a table whose players awaited its moves.
Held, a stop is made once the bot knows its game, where it takes the bot out of it
(``Bot.withdraw``); while no pairing can be under way (the server asked the bot to wait and ask
again) a stop is made at once. A second stop is made at once too: a server that does not answer
is not waited for until the request's timeout.

Signals reach the main thread alone: in any other thread (a bot run by a test) nothing is held.
"""

from __future__ import annotations

import signal
import threading
from types import FrameType, TracebackType
from typing import Any

import typer

#: The stops held: Ctrl-C and a service manager's (systemd, ``docker stop``).
STOPS = (signal.SIGINT, signal.SIGTERM)


class HeldStop:
    """``with HeldStop() as held``: a stop that comes inside is held until :meth:`let_go` (which
    makes it) or the block's end (which forgets it: the block failed, and says why itself)."""

    def __init__(self) -> None:
        #: Whether a stop came while held.
        self.came = False
        self._before: dict[int, Any] = {}

    def __enter__(self) -> HeldStop:
        self.hold()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self._restore()

    def hold(self) -> None:
        """Hold the stops that come from now on (one the process ignores stays ignored: a bot
        started in the background of a shell is not stopped by its Ctrl-C)."""
        if threading.current_thread() is threading.main_thread() and not self._before:
            stops = [number for number in STOPS if signal.getsignal(number) is not signal.SIG_IGN]
            self._before = {number: signal.signal(number, self._held) for number in stops}

    def let_go(self) -> None:
        """Stop holding: a stop that came meanwhile is made now (``KeyboardInterrupt``), a later
        one as it comes."""
        self._restore()
        if self.came:
            raise KeyboardInterrupt

    def _held(self, number: int, frame: FrameType | None) -> None:
        if self.came:
            raise KeyboardInterrupt  # asked twice: at once
        self.came = True
        typer.echo("stopping once the server has said which game (stop again to stop now)", err=True)

    def _restore(self) -> None:
        for number, handler in self._before.items():
            signal.signal(number, handler)
        self._before = {}
