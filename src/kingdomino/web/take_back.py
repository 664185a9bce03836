"""Taking moves back: a player's last action, and every action after it, taken back from a game.

Against AI seats alone a player takes back at once (``undo``), and so do the seats of one screen
shared by a family or friends (every person's seat held by that page): their last action, whoever
of them made it, is taken back as one player's would be. With other people at the table a
player asks (``ask``), as on lichess: every other seat a person holds must accept (AI seats do
not vote), and one decline ends the request (``answer``). The game goes on meanwhile: any action,
a seat handed to an AI (a player leaving, resigning, out of time) or the game's end voids the
request, which was for that position (``Request.pending``); the clocks run on.

Bounds: one request open at a time; a player whose request was declined asks again only once they
have played another action; a game made without takebacks, and every club tournament's or
arena's game, allows none (``allowed``).

A take-back never crosses a chance event (a draw, a roll, a revealed caveman): a player never
sees a draw and then chooses again before it. Each draw is keyed by its name (``steps``), so
the moves played again meet the same draws: taking back reveals nothing. A finished game is
final. The actions taken back leave the game's record: its replay and export show it as played.
"""

from __future__ import annotations

import time
from collections.abc import Collection
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from kingdomino.core.game import CHANCE
from kingdomino.web import clocks
from kingdomino.web.live import LiveGame, tournament_of
from kingdomino.web.refusals import HubError, not_started
from kingdomino.web.replaying import rebuild
from kingdomino.web.stored import StoredGame

if TYPE_CHECKING:
    from kingdomino.web.table import Table


@dataclass(frozen=True)
class Request:
    """A takeback asked in a game, as its record keeps it (``StoredGame.takeback``)."""

    #: The seat that asked, and the number of the game's actions then: it is for that position.
    by: int
    at: int
    #: The index of the first action it takes back (the asker's last one).
    keep: int
    #: The seats people held when it was asked: a seat handed to an AI since voids it.
    people: tuple[int, ...]
    accepted: tuple[int, ...] = ()
    #: None while it waits, else "accepted" or "declined" (by ``answered_by``).
    outcome: str | None = None
    answered_by: int | None = None
    #: Each seat whose request was declined, with the number of the game's actions then: it asks
    #: again once it has played another action.
    declined: dict[int, int] = field(default_factory=dict)

    @classmethod
    def of(cls, note: dict[str, Any] | None) -> Request | None:
        """The request a game's record notes (None: none was ever asked)."""
        if not note:
            return None
        return cls(
            int(note["by"]),
            int(note["at"]),
            int(note["keep"]),
            tuple(note["people"]),
            tuple(note.get("accepted", ())),
            note.get("outcome"),
            note.get("answered_by"),
            {int(seat): int(at) for seat, at in note.get("declined", {}).items()},
        )

    def note(self) -> dict[str, Any]:
        """The request as the game's record keeps it (JSON)."""
        return {
            "by": self.by,
            "at": self.at,
            "keep": self.keep,
            "people": list(self.people),
            "accepted": list(self.accepted),
            "outcome": self.outcome,
            "answered_by": self.answered_by,
            "declined": {str(seat): at for seat, at in self.declined.items()},
        }

    def awaited(self) -> list[int]:
        """The seats whose answer it waits for: every other person's not yet accepted."""
        return [seat for seat in self.people if seat != self.by and seat not in self.accepted]

    def pending(self, live: LiveGame) -> bool:
        """Whether it still waits for an answer: unanswered, and the game where it was asked (no
        action since, the same seats people's, still played)."""
        return (
            self.outcome is None
            and not live.over()
            and live.stored.status == "playing"
            and len(live.actions) == self.at
            and tuple(live.humans()) == self.people
        )


def allowed(stored: StoredGame) -> bool:
    """Whether the game's players may ask each other to take a move back: as it was made, and
    never in a club tournament's or an arena's game (its standings count every move as played)."""
    return stored.takebacks and tournament_of(stored) is None


def request_of(live: LiveGame) -> Request | None:
    return Request.of(live.stored.takeback)


def undo_refusal(live: LiveGame, seats: Collection[int]) -> HubError | None:
    """Why the holder of ``seats`` (one, or several on one shared screen) may not take back their
    last action at once now (None: it may): only against AI seats alone (with people elsewhere,
    one asks them: ``ask``), in a game that allows takebacks."""
    if live.over():
        return HubError(409, "undo", "the game is over: a finished game is final", "undo_over")
    if not allowed(live.stored):
        return HubError(409, "undo", "this game allows no takebacks", "takeback_off")
    if any(s not in seats and not live.is_ai(s) for s in range(live.game.num_players)):
        return HubError(409, "undo", "undo is only allowed when every other seat is an AI", "undo_humans")
    return last_action_refusal(live, latest_of(live, seats), "undo")


def latest_of(live: LiveGame, seats: Collection[int]) -> int:
    """Of ``seats``, the one whose action came last (the lowest when none of them has acted): the
    seat a shared screen's undo takes back."""
    acted = [a.seat for a in live.actions if a.seat in seats]
    return acted[-1] if acted else min(seats)


def last_action_refusal(live: LiveGame, seat: int, field: str) -> HubError | None:
    """Why ``seat``'s last action, with every action after it, cannot be taken back, whoever
    agrees (None: it can): there is none, or a chance event or a player who left came after it.
    ``field``: the refusal's ("undo", "takeback")."""
    mine = [a.index for a in live.actions if a.seat == seat]
    if not mine:
        return HubError(409, field, "you have no action to take back", "undo_nothing")
    later = live.actions[mine[-1] :]
    if any(a.seat == CHANCE for a in later):
        message = "new pieces were revealed since your last action, so it can no longer be taken back"
        return HubError(409, field, message, "undo_revealed")
    if any(a.index < int(live.stored.seats[a.seat].get("ai_since", 0)) for a in later if a.seat >= 0):
        message = "a player who has left made moves since your last action: theirs are not taken back"
        return HubError(409, field, message, "undo_left")
    return None


def ask_refusal(live: LiveGame, seat: int) -> HubError | None:
    """Why ``seat`` may not ask the other people of its game to take its last action back now
    (None: it may)."""
    if live.over():
        return HubError(409, "takeback", "the game is over: a finished game is final", "undo_over")
    if live.stored.status != "playing":
        return not_started()
    if not allowed(live.stored):
        return HubError(409, "takeback", "this game allows no takebacks", "takeback_off")
    request = request_of(live)
    if request is not None and request.pending(live):
        message = "a takeback is already asked in this game: it waits for its answer"
        return HubError(409, "takeback", message, "takeback_open")
    declined = request.declined.get(seat) if request is not None else None
    if declined is not None and not any(a.seat == seat and a.index >= declined for a in live.actions):
        message = "your last takeback was declined: play another move before you ask again"
        return HubError(409, "takeback", message, "takeback_declined")
    return last_action_refusal(live, seat, "takeback")


async def undo(table: Table, tokens: Collection[str], client: str = "") -> None:
    """Take back the last action of the seats of ``tokens`` (one seat's, or a shared screen's)
    and everything after it (only against AI seats).

    Refused when the game is over, or when a chance event (a draw, a roll, a revealed
    caveman) came after that action: undoing it would let a player look ahead and choose again.
    """
    async with table.lock:
        seats = [table.seat_for(token) for token in tokens if table.seat_of(token) is not None]
        if not seats:
            table.seat_for(next(iter(tokens), ""))  # the refusal that says why these tokens act not
        refused = undo_refusal(table, seats)
        if refused is not None:
            raise refused
        _take_back(table, latest_of(table, seats), None)
        table.client = client
    await table.publish()


async def ask(table: Table, token: str, client: str = "") -> str:
    """The caller asks to take back its last action and every action after it: ``"asked"``, the
    other people's answers awaited, or ``"undone"`` at once when every other seat is an AI's."""
    async with table.lock:
        seat = table.seat_for(token)
        if not [s for s in table.humans() if s != seat]:
            refused = undo_refusal(table, (seat,))
            if refused is not None:
                raise refused
            _take_back(table, seat, None)
            outcome = "undone"
        else:
            refused = ask_refusal(table, seat)
            if refused is not None:
                raise refused
            before = request_of(table)
            keep = [a.index for a in table.actions if a.seat == seat][-1]
            declined = dict(before.declined) if before is not None else {}
            declined.pop(seat, None)
            request = Request(seat, len(table.actions), keep, tuple(table.humans()), declined=declined)
            _note(table, request)
            outcome = "asked"
        table.client = client
    await table.publish()
    return outcome


async def answer(table: Table, token: str, accept: bool, client: str = "") -> str:
    """The caller accepts or declines the takeback asked: ``"declined"`` (it ends), ``"waiting"``
    (accepted, other people still to answer) or ``"accepted"`` (the moves taken back)."""
    async with table.lock:
        seat = table.seat_for(token)
        request = request_of(table)
        if request is None or not request.pending(table):
            message = "no takeback is asked now: it was answered, or the game moved on"
            raise HubError(409, "takeback", message, "takeback_none")
        if seat not in request.awaited():
            message = "this takeback is not yours to answer: you asked it, or accepted it already"
            raise HubError(409, "takeback", message, "takeback_not_yours")
        if not accept:
            declined = {**request.declined, request.by: request.at}
            _note(table, replace(request, outcome="declined", answered_by=seat, declined=declined))
            outcome = "declined"
        else:
            request = replace(request, accepted=(*request.accepted, seat))
            if request.awaited():
                _note(table, request)
                outcome = "waiting"
            else:
                refused = last_action_refusal(table, request.by, "takeback")
                if refused is not None:
                    raise refused
                _take_back(table, request.by, replace(request, outcome="accepted", answered_by=seat))
                outcome = "accepted"
        table.client = client
    await table.publish()
    return outcome


def _note(table: Table, request: Request) -> None:
    """Store ``request`` as the game's takeback, a new revision (the caller holds the lock)."""
    note = request.note()
    ai_turn = table.is_ai(table.state.current_player)
    table.version = table.committed(
        lambda: table.store.note_takeback(table.id, table.version, note, ai_turn), "takeback"
    )
    table.stored.takeback = note


def _take_back(table: Table, seat: int, granted: Request | None) -> None:
    """Forget ``seat``'s last action and every action after it, in the store then here, with the
    takeback ``granted`` noted (None: an undo against AI seats). The time the seat to act used
    meanwhile is taken off its clock, and ``seat``'s turn begins. The caller holds the lock."""
    keep = [a.index for a in table.actions if a.seat == seat][-1]
    kept = replace(table.stored, actions=table.actions[:keep], status="playing")
    game, state = rebuild(kept)
    moment = time.time()
    charged = replace(table.stored, clock=_charged(table, moment))
    timed = clocks.timing(charged, table.stored.seats, "playing", state.current_player, moment)
    # An undo forgets any takeback noted before: its answer was for a position gone now.
    note = granted.note() if granted is not None else None
    version = table.committed(
        lambda: table.store.note_takeback(table.id, table.version, note, False, keep, timed),
        "undo" if note is None else "takeback",
    )
    table.stored.takeback = note
    table.keep_timing(timed)
    table.stored.actions, table.stored.status = kept.actions, kept.status
    table.game, table.state, table.version = game, state, version
    table.presence.turn_began()


def _charged(table: Table, moment: float) -> dict[str, Any] | None:
    """The game's clock with the time the seat to act used until ``moment`` taken off (a move
    time given afresh each move, as by the day, is not: the next turn gets its own)."""
    clock, control = table.stored.clock, table.stored.time_control
    acting = table.state.current_player
    if clock is None or control is None or acting < 0 or table.is_ai(acting):
        return clock
    if clocks.TimeControl.of(control).per_move:
        return clock
    remaining = list(clock["remaining"])
    remaining[acting] = max(0.0, float(remaining[acting]) - (moment - float(clock["since"])))
    return {**clock, "remaining": remaining, "since": moment}


def view(live: LiveGame, mine: tuple[int, ...]) -> dict[str, Any]:
    """The game's takebacks as the holder of the seats ``mine`` sees them: whether the game allows
    them, whether its one seat would ask people (``asks``; else Undo acts at once, against AI
    seats) and why it may not now (``refused``, a refusal's code), and the request every page
    shows: waiting, or its answer until the next action (None: none, or voided)."""
    # Several seats on one screen ask nobody: they undo at once when nobody else plays (``undo_refusal``).
    asks = len(mine) == 1 and any(s not in mine for s in live.humans())
    why = ask_refusal(live, mine[0]) if asks else None
    refused = why.code if why is not None else None
    return {"allowed": allowed(live.stored), "asks": asks, "refused": refused, "request": _shown(live)}


def answering_token(live: LiveGame, tokens: frozenset[str]) -> str:
    """Of the tokens a page holds, the one of a seat the takeback waiting awaits (else any, for a
    clear refusal): a screen shared by several seats answers for the one asked."""
    request = request_of(live)
    awaited = request.awaited() if request is not None else []
    seated = sorted(token for token in tokens if live.seat_of(token) is not None)
    fallback = seated[0] if seated else next(iter(tokens), "")
    return next((token for token in seated if live.seat_of(token) in awaited), fallback)


def _shown(live: LiveGame) -> dict[str, Any] | None:
    """The takeback every page of the game shows while it is played: one waiting, or one answered
    with no action since (declined: the position it was asked in; accepted: the one it took back to)."""
    request = request_of(live)
    if request is None or live.over():
        return None
    waiting = request.pending(live)
    declined = request.outcome == "declined" and len(live.actions) == request.at
    accepted = request.outcome == "accepted" and len(live.actions) == request.keep
    if not (waiting or declined or accepted):
        return None
    return {
        "by": request.by,
        "outcome": request.outcome,
        "answered_by": request.answered_by,
        "accepted": list(request.accepted),
        "awaited": request.awaited() if waiting else [],
    }
