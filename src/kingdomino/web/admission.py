"""Who may open a socket on a game: the tokens it holds, and room for one more page of them.

A socket holds seats' tokens or the spectator link's, or none at all for a public game being
played or finished (``watchable``: anyone may watch it, ``live_games``); a game has room for
``MAX_SPECTATORS`` spectator sockets, with a token or without, and ``MAX_SOCKETS_PER_SEAT``
sockets of each seat (a player's tabs and devices), so that one game's pages cannot take the
server's sockets; and the server for ``MAX_SPECTATORS_IN_ALL`` spectator sockets over all its
games (its ``Audience``), so that an attacker who opens spectators on many games of their own
cannot take the memory they hold (each spectator's socket may hold what its client has not read:
``outbox.MAX_BYTES_BEHIND``).
"""

from __future__ import annotations

from collections.abc import Collection

from kingdomino.web.live import ViewKey, Watcher
from kingdomino.web.refusals import HubError
from kingdomino.web.stored import StoredGame
from kingdomino.web.tokens import is_spectator_token, seat_of

#: Spectator sockets per game: a club final streamed to hundreds. Each costs a broadcast about
#: 40 microseconds of the 2-core server's CPU (its socket's write, mostly), so a move goes out
#: to 1,000 for about 40 ms of CPU, the players' requests answered between (``fanout``;
#: ``bench/bench_spectators.py``, figures in docs/server/watching.md).
MAX_SPECTATORS = 1_000
#: Spectator sockets over every game of the server: at most about 50 KB each for a page that
#: reads and 256 KiB more for one that does not (``outbox.MAX_BYTES_BEHIND``), so 2,000 hold at
#: most about 600 MB, and a move of each of two full games costs the CPU under 0.1 s.
MAX_SPECTATORS_IN_ALL = 2_000
#: Sockets per seat (a player's tabs and devices).
MAX_SOCKETS_PER_SEAT = 4


class Audience:
    """The spectator sockets open on this server, over every game (its tables count them in and
    out as they join and part, and as a player's page becomes a spectator's: its seat handed to
    an AI)."""

    def __init__(self) -> None:
        self.count = 0

    def note(self, spectators: set[Watcher], watcher: Watcher, watching: bool) -> None:
        """Count ``watcher`` in a table's ``spectators`` and in this server's count if it watches
        there as a spectator now (``watching``: its page is open there; and it holds no seat),
        else out of both; once, however often it is noted."""
        spectator = watching and not watcher.seats
        if spectator and watcher not in spectators:
            spectators.add(watcher)
            self.count += 1
        elif not spectator and watcher in spectators:
            spectators.discard(watcher)
            self.count -= 1


def watchable(stored: StoredGame) -> bool:
    """Anyone may watch ``stored`` without a token: it is public and being played or finished (a
    public game still waiting for players shows nothing yet; an aborted one has no replay)."""
    return stored.public and stored.status in ("playing", "finished")


def check_tokens(stored: StoredGame, tokens: frozenset[str]) -> None:
    """Every token must be a seat's of ``stored`` or its spectator link's; at least one is needed,
    but for a game anyone may watch (``watchable``)."""
    if not tokens and not watchable(stored):
        raise HubError(403, "token", "a seat token or the spectator token is needed", "no_token")
    for token in tokens:
        if seat_of(stored, token) is None and not is_spectator_token(stored, token):
            raise HubError(
                403, "token", "this token is not a seat or the spectator link of this game", "not_a_seat"
            )


def check_room(watchers: Collection[Watcher], seats: ViewKey, spectating: int, audience: Audience) -> None:
    """Refuse one more socket watching as ``seats`` (``()``: a spectator) when the game's
    ``watchers`` already fill one of those seats' share, or its ``spectating`` spectators its
    spectators' share, or the server's ``audience`` every spectator it takes."""
    if not seats and audience.count >= MAX_SPECTATORS_IN_ALL:
        raise HubError(
            429,
            "tokens",
            f"this server already has {MAX_SPECTATORS_IN_ALL} spectators over all its games, the most "
            "it allows: try again in a while",
            "server_spectators_full",
            {"n": MAX_SPECTATORS_IN_ALL},
        )
    if not seats and spectating >= MAX_SPECTATORS:
        raise HubError(
            429,
            "tokens",
            f"this game already has {MAX_SPECTATORS} spectators, the most it allows",
            "spectators_full",
            {"n": MAX_SPECTATORS},
        )
    for seat in seats:
        if sum(1 for w in watchers if seat in w.seats) >= MAX_SOCKETS_PER_SEAT:
            raise HubError(
                429,
                "tokens",
                f"player {seat + 1} already has {MAX_SOCKETS_PER_SEAT} connections open, "
                "the most a seat allows: close another tab first",
                "seat_connections_full",
                {"n": MAX_SOCKETS_PER_SEAT},
            )
