"""A rematch waiting for its players, as the pages of both games say it.

A rematch (``rematch``) is playing from its offer, but each invited human seat is ``to_join`` until
its player joins it: the new game's view names those seats (``awaited``), and the finished game
keeps a note of its rematch (:func:`note`) that its end screen reads: the new game's id, the seat
that offered it, the seats not joined yet, and how it was called off if it was (``called_off``:
``{"by": "no_show" | "abort", "seat"}``, ``game_results.ended_by`` of the rematch). The note is
written as a new revision of the finished game (``Store.note_rematch``) whenever the rematch's
seats or end change (:func:`tell_old_game`), so every page of the finished game, on any server,
hears at once that Ben joined or that the rematch was called off, and may offer a new one.

A timed rematch some player has not joined by its join deadline (``clocks.timing``) is called off
(``endings.no_show``): aborted, no result, no rating, nobody charged a loss.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kingdomino.web.game_results import ended_by
from kingdomino.web.refusals import HubError
from kingdomino.web.store import StaleGame
from kingdomino.web.stored import StoredGame

if TYPE_CHECKING:  # the hub imports this module
    from kingdomino.web.hub import Hub
    from kingdomino.web.table import Table

#: How often the note is written again when another server wrote the finished game first.
NOTE_TRIES = 3


def awaited(seats: list[dict[str, Any]]) -> list[int]:
    """The human seats whose player has not joined the rematch (``to_join``), in seat order."""
    return [seat for seat, info in enumerate(seats) if info["kind"] == "human" and info.get("to_join")]


def note(rematch: StoredGame, by: int) -> dict[str, Any]:
    """The finished game's note of its rematch ``rematch``, offered by the seat ``by``: its id,
    the seats not joined yet, and how it was called off (None: it was not)."""
    called_off = ended_by(rematch.seats) if rematch.status == "aborted" else None
    return {"id": rematch.id, "by": by, "awaited": awaited(rematch.seats), "called_off": called_off}


def offer_view(offer: dict[str, Any] | None) -> dict[str, Any] | None:
    """The finished game's note of its rematch as its pages read it (None: none offered): the
    new game's id, the seat that offered it (``by``), the seats not joined yet (``awaited``) and
    how it was called off (``called_off``, None: it was not); no token, no seed."""
    if offer is None:
        return None
    return {
        "id": str(offer["id"]),
        "by": int(offer["by"]),
        "awaited": [int(seat) for seat in offer.get("awaited", [])],
        "called_off": offer.get("called_off"),
    }


def called_off(offer: dict[str, Any] | None) -> bool:
    """Whether the note ``offer`` is of a rematch called off (a new one may be offered then)."""
    return offer is not None and offer.get("called_off") is not None


async def tell_old_game(hub: Hub, rematch: Table) -> None:
    """Write the finished game's note of ``rematch`` anew if it changed (a player joined it, or it
    was called off), and tell the finished game's pages here; nothing for a game that is no
    rematch, or whose finished game notes a newer one."""
    old_id = rematch.stored.rematch_of
    if old_id is None:
        return
    try:
        old = hub.table(old_id)
    except HubError:
        return
    for _ in range(NOTE_TRIES):
        async with old.lock:
            offer = old.stored.rematch
            if offer is None or offer.get("id") != rematch.id:
                return
            fresh = note(rematch.stored, int(offer["by"]))
            if fresh == offer:
                return
            try:
                old.version = old.store.note_rematch(old.id, old.version, fresh)
            except StaleGame:
                old.reload()  # another server wrote it first: its note is read, then compared
                continue
            old.stored.rematch = fresh
        await old.publish()
        return
