"""Games that wait for players: the rules of an open game's creation, a player taking an open
seat (or giving it back), the creator calling the game off, and the end of the wait.

A game created with ``open`` seats is listed in the lobby (``lobby``) with status ``open``: its
deal is drawn and stored, but no seat acts and no AI moves until every seat is taken; then it
is ``playing``. The wait has an end (``open_until``): the open seats then go to AI seats of the
level the creator allowed (``ai_fill``), else the game ``expired`` without being played. Each
change is one write naming the revision it was made on (``Table.write_seats``), so two players
racing for the last seat on two servers never both get it.

A rated game is between accounts only: its creator is logged in, every other seat is open, a
guest may not take one, and no AI fills it (nor gives hints: the seats are the players' own). It
has a clock: without one a losing player could keep their page open and never move, and the game
would wait for them forever (nobody else may hand a seat of a rated game's player to an AI).

A game, rated or casual, may name the ratings of the players who may join it (``seek_ranges``):
a player out of its range is refused a seat, with the range and their rating.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kingdomino.web import vacation_games
from kingdomino.web.clocks import TimeControl
from kingdomino.web.lobby_ratings import Shown
from kingdomino.web.refusals import HubError
from kingdomino.web.seat_agents import check_level
from kingdomino.web.seats import (
    SeatPlayer,
    ai_name,
    ai_seat,
    clean_name,
    human_seat,
    kept_for,
    open_seat,
    reads_as_ai,
)
from kingdomino.web.seek_ranges import check_holds
from kingdomino.web.table import Table

#: How long an open game waits for its players when its creator does not say, and at most.
WAIT_MINUTES = 20
MAX_WAIT_MINUTES = 7 * 24 * 60
#: The open games one client, or one account, may have waiting at once: enough to wait for a
#: duel and a game of four side by side, too few to fill the lobby with games nobody will play.
MAX_WAITING = 3


@dataclass(frozen=True)
class Seeker:
    """Who asks for a seat: a logged-in account (id, name) and its rating, else a guest with the
    name they gave."""

    account: SeatPlayer | None
    name: str = ""
    #: The account's rating in the game's pool (``lobby_ratings.rating_in``), read by the routes
    #: that join a game with a rating range (``seek_ranges``); None for a guest.
    rating: Shown | None = None

    def seat(self) -> dict[str, Any]:
        """The seat row this player takes (an account's bears its name, a guest's the one typed)."""
        if self.account is not None:
            return self.account.seat(True)
        name = clean_name(self.name)
        if not name:
            raise HubError(
                422, "name", "a guest joins with a name: expected 1 to 40 characters", "name_needed"
            )
        if reads_as_ai(name):
            raise HubError(
                422,
                "name",
                "a player's name may not end as an AI seat's does ('(AI, hard)')",
                "name_as_ai",
                {"n": 1},
            )
        return human_seat(name, True)


def check_rated_clock(rated: bool, time_control: Mapping[str, Any] | None) -> None:
    """Refuse a rated game without a clock (a creation's or a quick game's: the module's rules)."""
    if rated and time_control is None:
        raise HubError(
            422,
            "time_control",
            "a rated game needs a clock (time_control): without one a losing player could stall it forever",
            "rated_clock",
        )


def check_open_game(
    seats: list[dict[str, Any]],
    rated: bool,
    ai_fill: str | None,
    hints: bool,
    time_control: Mapping[str, Any] | None = None,
) -> None:
    """Refuse an open or rated game whose seats and options do not fit (the module's rules)."""
    if ai_fill is not None:
        check_level(ai_fill, "ai_fill")
    open_seats = sum(seat["kind"] == "open" for seat in seats)
    if not rated:
        return
    mine = [seat for seat in seats if seat["kind"] != "open"]
    if len(mine) != 1 or mine[0].get("account") is None or open_seats == 0:
        raise HubError(
            422,
            "rated",
            "a rated game is between accounts: log in, take one seat and leave every other open",
            "rated_seats",
        )
    if ai_fill is not None or hints:
        raise HubError(422, "rated", "a rated game has no AI filling its seats and no hints", "rated_no_help")
    check_rated_clock(rated, time_control)


def check_waiting(waiting: int, limit: int = MAX_WAITING) -> None:
    """Refuse opening one more game to a client or account with ``waiting`` games waiting already."""
    if waiting >= limit:
        raise HubError(
            429,
            "seats",
            f"you have {waiting} games waiting for players, the most at once ({limit}): "
            "call one off or wait until one fills before opening another",
            "too_many_waiting",
            {"n": limit},
        )


def wait_until(
    minutes: int | None, moment: float | None = None, time_control: Mapping[str, Any] | None = None
) -> float:
    """When a game opened now (``moment``) stops waiting after ``minutes``. A turn-based game
    (a ``days`` clock) waits at least one turn's days, at most ``MAX_WAIT_MINUTES``: its players
    come by the day, as they will play, and 20 minutes would call it off before they saw it."""
    minutes = WAIT_MINUTES if minutes is None else minutes
    if not 1 <= minutes <= MAX_WAIT_MINUTES:
        raise HubError(422, "wait_minutes", f"expected 1 to {MAX_WAIT_MINUTES} minutes, got {minutes}")
    if time_control is not None and time_control.get("kind") == "days":
        minutes = max(minutes, min(MAX_WAIT_MINUTES, int(time_control.get("days", 0)) * 24 * 60))
    return (time.time() if moment is None else moment) + minutes * 60


def open_count(table: Table) -> int:
    return sum(seat["kind"] == "open" for seat in table.stored.seats)


def seat_for(seats: list[dict[str, Any]], seeker: Seeker) -> int:
    """The open seat ``seeker`` takes: the one kept for their account (a challenge's), else the
    first kept for nobody; refused when every open seat is kept for someone else."""
    mine = seeker.account[0] if seeker.account is not None else None
    kept = [s for s, info in enumerate(seats) if info["kind"] == "open" and info.get("for") is not None]
    for index in kept:
        if seats[index]["for"] == mine:
            return index
    free = [s for s, info in enumerate(seats) if info["kind"] == "open" and info.get("for") is None]
    if free:
        return free[0]
    name = seats[kept[0]]["name"]
    raise HubError(
        403,
        "game",
        f"this seat is kept for {name}, whom the game's creator challenged",
        "seat_kept",
        {"name": name},
    )


async def join(table: Table, seeker: Seeker) -> tuple[int, str]:
    """Seat ``seeker`` in an open seat of ``table``'s game (``seat_for``): the seat and its token.
    The game starts when that was its last open seat, its clock held for a player on vacation."""
    async with table.lock:
        stored = table.stored
        if stored.status != "open" or not open_count(table):
            raise HubError(409, "game", "this game no longer waits for players", "not_open")
        if stored.rated and seeker.account is None:
            raise HubError(401, "session", "a rated game is between accounts: log in to join", "rated_guest")
        check_holds(stored.rating_range, seeker.rating, seeker.account is None)
        if seeker.account is not None and any(
            seat.get("account") == seeker.account[0] for seat in stored.seats
        ):
            raise HubError(409, "game", "you already have a seat at this game", "already_seated")
        seats = [dict(info) for info in stored.seats]
        index = seat_for(seats, seeker)
        # A club tournament's seat keeps naming it (``tournament_rounds``): its game is not aborted.
        marks = {"tournament": seats[index]["tournament"]} if seats[index].get("tournament") else {}
        seats[index] = {**seeker.seat(), **marks}
        still_open = any(info["kind"] == "open" for info in seats)
        status = "open" if still_open else "playing"
        table.write_seats(seats, status, "game", stored.open_until if still_open else None)
    if status == "playing":
        await vacation_games.held_from_the_start(table)
    return index, str(seats[index]["token"])


def given_back(seat: dict[str, Any], seats: list[dict[str, Any]]) -> dict[str, Any]:
    """The open seat ``seat``'s player leaves by giving it back: kept for their account again in a
    challenge (some seat of ``seats`` is kept), else open to anyone."""
    if kept_for(seats) and seat.get("account") is not None:
        return open_seat(SeatPlayer(int(seat["account"]), str(seat["name"]), bool(seat.get("bot"))))
    return open_seat()


async def cancel(table: Table, token: str) -> bool:
    """Before the game starts: its creator calls it off (True), a player who joined gives back
    their seat, open again, and the game waits on (False); a challenged player's seat is kept for
    them again (a challenge has no seat open to the lobby). A joiner calling off someone else's
    game would let one player end every game they could join. A club tournament's game (its seats
    name the tournament) is neither: its wait ends with a result (``tournament_rounds``)."""
    async with table.lock:
        seat = table.seat_for(token)
        stored = table.stored
        if stored.status != "open":
            raise HubError(409, "game", "only a game still waiting for players is called off", "not_open")
        if any(info.get("tournament") for info in stored.seats):
            raise HubError(
                409,
                "game",
                "a tournament's game is not called off, nor its seat given back",
                "tournament_game",
            )
        if seat == stored.creator():
            table.write_seats(stored.seats, "expired", "game")
            return True
        seats = [
            given_back(info, stored.seats) if s == seat else dict(info) for s, info in enumerate(stored.seats)
        ]
        table.write_seats(seats, "open", "game", stored.open_until)
        return False


async def stop_waiting(table: Table) -> bool:
    """End the wait of ``table``'s game, whose time is up (the store says so: it is the truth):
    its open seats go to AI seats (when the creator allowed it) and it starts, or it expires.
    False if it no longer waited."""
    async with table.lock:
        stored = table.stored
        if stored.status != "open":
            return False
        filled = absent_filled(stored.seats, stored.time_control)
        if filled is not None:
            table.write_seats(filled, "playing", "game")
            return True
        if stored.ai_fill is None:
            # The moment the wait ran out is kept: it tells the wait's end from a call-off (wait_end).
            table.write_seats(stored.seats, "expired", "game", stored.open_until)
            return True
        level = stored.ai_fill
        seats = [
            {"kind": "ai", "level": level, "name": ai_name(s, level), "token": None}
            if info["kind"] == "open"
            else info
            for s, info in enumerate(stored.seats)
        ]
        table.write_seats(seats, "playing", "game")
        return True


def absent_filled(
    seats: list[dict[str, Any]], time_control: Mapping[str, Any] | None
) -> list[dict[str, Any]] | None:
    """The seats of a club tournament's table whose wait ran out with two players seated at least:
    each seat of a player who did not come played by an AI of the clock's level, kept for their
    account and forfeited (``ai_since`` 0: it ranks last, ``game_results.final_places``), so
    those who came play their game; None for any other game (it expires as any game does)."""
    if not any(seat.get("tournament") for seat in seats) or sum(s["kind"] == "human" for s in seats) < 2:
        return None
    level = TimeControl.of(dict(time_control)).level if time_control else "medium"
    return [
        {
            **ai_seat({"name": s["name"], "account": s.get("for")}, level, 0),
            "absent": True,
            "tournament": s["tournament"],
        }
        if s["kind"] == "open"
        else dict(s)
        for s in seats
    ]
