"""How an online game ends before its last move: a player resigns, or a game not yet under way is
aborted.

**Resign** (``resign``): a seated human gives the game up. In a game of two seats, or when no
other human would be left to play on, the game ends at once (status ``finished``): the seat that
resigned ranks last, the others by the points they have then (``game_results.final_places``),
and the game is recorded as any finished game is (``Hub.game_over``: ``seat_results``, ratings if
rated, its review), replayable up to its last move. In a game of three or four with another human
seat, resigning is leaving: an AI of the table's level plays the seat on (``resigned`` in its
row) and it ranks last, so the others finish their game.

**Abort** (``abort``): while some person's seat of a started game has not made a move of its own
yet, any seated human may call the game off: it ends with no result (status ``aborted``), no
``seat_results``, never rated. Lichess's rule: the answer to an opponent who never shows up.
Once every person has moved, resigning is what is left (``abort_too_late``). A rated game is
called off only for that (``rated_abort_refusal``): the deal is on the board from the start,
and a player who could call off every game whose first row or first roll they disliked, at no
cost, would choose their deals. So the seat to act must be another person's, with no move of
theirs yet and no page of theirs open here for ``away_seconds`` (the wait a seat is handed to an
AI after); a turn-based game's no-show is answered by their clock. A timed rematch some
invited player has not joined in time is aborted the same way by the clocks' sweep (``no_show``):
it counts for nobody, the absent player included.

The seat that ended the game bears how (``ended``: ``resign``, ``abort``, ``no_show``) in its stored row, so
the end is one write of the seats and status (``Table.write_seats``), under the game's lock and
naming the revision it was made on: of two requests at once (here or on two servers), the first
ends the game and the other is refused (``game_over`` or ``changed_elsewhere``), and an AI move
computed before it is stale. A view says it as ``ended: {by, seat}`` (``game_results.ended_by``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from kingdomino.web.clocks import TIMEOUT_LEVEL, TimeControl, joining
from kingdomino.web.live import LiveGame, simul_game
from kingdomino.web.refusals import HubError, not_started
from kingdomino.web.rematch_wait import awaited
from kingdomino.web.seats import ai_seat

if TYPE_CHECKING:  # the table's views say what these allow: views imports this module
    from kingdomino.web.table import Table


def resign_refusal(live: LiveGame, seat: int) -> HubError | None:
    """Why ``seat`` (a seated human's) may not resign now (None: it may): the game must have
    started and not be over."""
    if live.over():
        return HubError(409, "game", "the game is over", "game_over")
    if live.stored.status != "playing":
        return not_started()
    return None


def ends_at_once(live: LiveGame, seat: int) -> bool:
    """Whether ``seat`` resigning ends the game: a game of two seats, or one with no other human
    seat to play on (else the seat goes to an AI and the others play on)."""
    return len(live.stored.seats) == 2 or not [s for s in live.humans() if s != seat]


def person_seats(live: LiveGame) -> list[int]:
    """The seats people play or played: human seats, and those an AI took over from one."""
    return [
        seat
        for seat, info in enumerate(live.stored.seats)
        if info["kind"] == "human" or info.get("ai_since") is not None
    ]


def has_moved(live: LiveGame, seat: int) -> bool:
    """Whether the person of ``seat`` made a move of their own (not one of the AI that took over)."""
    since = live.stored.seats[seat].get("ai_since")
    return any(a.seat == seat and (since is None or a.index < int(since)) for a in live.actions)


def abort_refusal(live: LiveGame, seat: int) -> HubError | None:
    """Why ``seat`` may not abort the game now (None: it may): the game must have started, not
    be over, not be a club tournament's (its seats name the tournament: one that ended without a
    result would hold up the tournament's round), and some person's seat not have moved yet."""
    refused = resign_refusal(live, seat)
    if refused is not None:
        return refused
    if any(info.get("tournament") for info in live.stored.seats):
        return HubError(409, "game", "a tournament's game is not called off: resign it", "tournament_game")
    if all(has_moved(live, s) for s in person_seats(live)):
        return HubError(
            409,
            "game",
            "every player has moved: the game can no longer be called off, but it can be resigned",
            "abort_too_late",
        )
    return None


def rated_abort_refusal(live: LiveGame, seat: int, waited: float | None, after: float) -> HubError | None:
    """Why ``seat`` may not call off the rated game ``live`` now that ``abort_refusal`` lets it
    (None: it may): the seat to act must be another person's who has not moved, awaited with no
    page of theirs open for ``after`` seconds (``waited``: for how long,
    ``presence.Presence.awaited_away``; None: a page is open). Not with a ``days`` clock (refused
    whatever ``waited``), nor in a simul (its host, at another board, is away from this one by
    design: a challenger would call off any board before the host's first move on it, as its
    deal showed), nor a rematch not joined by all yet (its deal is shown to nobody)."""
    if not live.stored.rated or joining(live.stored.seats):
        return None
    if live.stored.time_control is not None and live.stored.time_control.get("kind") == "days":
        message = "a turn-based rated game is not called off: a player who never comes runs out of time"
        return HubError(409, "game", message, "abort_days")
    if simul_game(live.stored):
        message = "a rated simul's game is not called off: its host plays from elsewhere: play or resign"
        return HubError(409, "game", message, "abort_simul")
    acting = live.state.current_player
    if acting == seat or acting not in person_seats(live) or has_moved(live, acting) or waited is None:
        message = (
            "a rated game is called off only when the player to act stays away without a first move: "
            "play or resign"
        )
        return HubError(409, "game", message, "abort_rated")
    if waited < after:
        wait = math.ceil(after - waited)
        message = f"the player to act may still come: wait {wait} s more"
        return HubError(409, "game", message, "abort_wait", {"n": wait})
    return None


def allowed(live: LiveGame, mine: tuple[int, ...]) -> dict[str, bool]:
    """What the holder of the seats ``mine`` may do to end the game now, for its view: resign,
    abort (one seat held: a screen shared by several humans resigns for nobody)."""
    seat = mine[0] if len(mine) == 1 else None
    # A rated game's wait for the player to act is not counted here (no view is sent when it
    # passes): the button shows, and a call-off too early says how long is left.
    can_abort = (
        seat is not None
        and abort_refusal(live, seat) is None
        and rated_abort_refusal(live, seat, 0.0, 0.0) is None
    )
    return {"can_resign": seat is not None and resign_refusal(live, seat) is None, "can_abort": can_abort}


async def resign(table: Table, token: str, client: str = "") -> bool:
    """The seat of ``token`` resigns (see the module); True if that ended the game."""
    async with table.lock:
        seat, seats = _ending_seat(table, token, resign_refusal)
        ended = ends_at_once(table, seat)
        if ended:
            seats[seat]["ended"] = "resign"
            table.write_seats(seats, "finished", "token")
            table.host.game_over(table)
        else:
            level = _table_level(table.stored.time_control)
            seats[seat] = {**ai_seat(seats[seat], level, len(table.actions)), "resigned": True}
            table.write_seats(seats, "playing", "token")
        table.client = client
    await table.publish()
    table.host.start_ai_turn(table)
    return ended


async def abort(table: Table, token: str) -> None:
    """The seat of ``token`` aborts the game (see the module): it ends with no result."""
    async with table.lock:
        seat, seats = _ending_seat(table, token, abort_refusal)
        acting = table.state.current_player
        await table.presence.look_elsewhere(acting)
        waited = table.presence.awaited_away(acting) if acting >= 0 else None
        refused = rated_abort_refusal(table, seat, waited, table.presence.away_seconds)
        if refused is not None:
            raise refused
        seats[seat]["ended"] = "abort"
        table.write_seats(seats, "aborted", "token")
    await table.publish()


async def no_show(table: Table, moment: float) -> bool:
    """Call off ``table``'s rematch if some invited player has not joined it by its deadline
    (``clocks.join_deadline``, before ``moment``): an abort, with no result, no rating and nobody
    charged a loss, each absent seat bearing ``ended: no_show``. False: it is not due, or every
    player joined meanwhile."""
    async with table.lock:
        stored = table.stored
        due = stored.status == "playing" and stored.deadline is not None and stored.deadline <= moment
        if not due or not joining(stored.seats):
            return False
        seats = [dict(info) for info in stored.seats]
        for seat in awaited(seats):
            seats[seat]["ended"] = "no_show"
        table.write_seats(seats, "aborted", "time")
        return True


def _ending_seat(
    table: Table, token: str, refusal: Callable[[LiveGame, int], HubError | None]
) -> tuple[int, list[dict[str, Any]]]:
    """The seat of ``token`` that ends the game and a copy of the seats to write, or the
    ``refusal`` of ending it now (the caller holds the game's lock): what resigning and
    aborting share before their writes differ."""
    seat = table.seat_for(token)
    refused = refusal(table, seat)
    if refused is not None:
        raise refused
    return seat, [dict(info) for info in table.stored.seats]


def _table_level(time_control: dict[str, Any] | None) -> str:
    """The level of the AI that plays a resigned seat on: the time control's, else the default."""
    return TimeControl.of(time_control).level if time_control is not None else TIMEOUT_LEVEL
