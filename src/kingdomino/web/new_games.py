"""A new game's request checked before anything is stored: its game and options, its seats' rows
(the creator's seat among them), who may play them, its clocks, and its seed, which is the server's
secret unless the creator of a practice game against AI seats chose it.

A refusal names the field at fault (``HubError``); what is stored is ``Hub.create``'s.
"""

from __future__ import annotations

import secrets
from typing import Any

from kingdomino.core.game import Game, GameError
from kingdomino.games.registry import make_game
from kingdomino.web.clocks import TimeControl
from kingdomino.web.open_seats import check_open_game
from kingdomino.web.refusals import HubError
from kingdomino.web.seat_agents import check_plays
from kingdomino.web.seats import SeatPlayer, seat_row

#: Bits of secret in a seed the server draws: past any search of every seed against a game's first
#: draws.
SECRET_SEED_BITS = 128


def new_seed() -> int:
    """A secret seed for a game whose creator chose none."""
    return secrets.randbits(SECRET_SEED_BITS)


def checked_request(
    game_name: str,
    players: int,
    options: dict[str, Any],
    seats: list[dict[str, Any]],
    account: SeatPlayer | None,
    seed: int | None,
    *,
    rated: bool,
    hints: bool,
    ai_fill: str | None,
    time_control: dict[str, Any] | None,
) -> tuple[Game, list[dict[str, Any]], int | None]:
    """The game asked for, its seats' rows and the creator's seat (the first human seat on this
    screen, their ``account``'s; None: they took none), or the refusal of what is wrong in it (the
    other arguments as ``Hub.create`` took them)."""
    try:
        game = make_game(game_name, players, options)
    except GameError as error:
        raise HubError(400, error.field or "options", str(error)) from None
    if len(seats) != game.num_players:
        raise HubError(400, "seats", f"{game.describe()} needs {game.num_players} seats, got {len(seats)}")
    mine = next(
        (i for i, seat in enumerate(seats) if seat["kind"] == "human" and not seat.get("online")), None
    )
    rows = [seat_row(index, seat, account if index == mine else None) for index, seat in enumerate(seats)]
    check_open_game(rows, rated, ai_fill, hints, time_control)
    check_plays(game, rows, ai_fill, time_control)
    if seed is not None and sum(row["kind"] in ("human", "open") for row in rows) > 1:
        raise HubError(
            400,
            "seed",
            "a chosen seed makes every draw predictable, so it is only for practice games with one "
            "human against AI seats; with several humans the server draws a secret seed",
        )
    if time_control is not None:
        TimeControl.of(time_control)
    return game, rows, mine
