"""Who may open a socket on a game: the tokens it holds, and room for one more page of them.

A socket holds seats' tokens or the spectator link's, or none at all for a public game being
played or finished (``watchable``: anyone may watch it, ``live_games``); a game has room for
``MAX_SPECTATORS`` spectator sockets, with a token or without, and ``MAX_SOCKETS_PER_SEAT``
sockets of each seat (a player's tabs and devices), so that one game's pages cannot take the
server's sockets.
"""

from __future__ import annotations

from collections.abc import Iterable

from kingdomino.web.live import ViewKey, Watcher, is_spectator_token, seat_of
from kingdomino.web.refusals import HubError
from kingdomino.web.stored import StoredGame

#: Spectator sockets per game, and sockets per seat (a player's tabs and devices).
MAX_SPECTATORS = 32
MAX_SOCKETS_PER_SEAT = 4


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


def check_room(watchers: Iterable[Watcher], seats: ViewKey) -> None:
    """Refuse one more socket watching as ``seats`` (``()``: a spectator) when the game's
    ``watchers`` already fill its spectators' or one of those seats' share."""
    watching = list(watchers)
    if not seats and sum(1 for w in watching if not w.seats) >= MAX_SPECTATORS:
        raise HubError(
            429,
            "tokens",
            f"this game already has {MAX_SPECTATORS} spectators, the most it allows",
            "spectators_full",
            {"n": MAX_SPECTATORS},
        )
    for seat in seats:
        if sum(1 for w in watching if seat in w.seats) >= MAX_SOCKETS_PER_SEAT:
            raise HubError(
                429,
                "tokens",
                f"player {seat + 1} already has {MAX_SOCKETS_PER_SEAT} connections open, "
                "the most a seat allows: close another tab first",
                "seat_connections_full",
                {"n": MAX_SOCKETS_PER_SEAT},
            )
