"""An account's games, wherever they were opened: the ones it plays (whose turn it is), the open
ones waiting for players, its recent finished ones, each with its seat's token so that any of the
player's devices opens it; and a guest's games claimed for an account.

Claiming is how a guest turns the games of a browser into an account's: the browser sends the
seat tokens it keeps, and each human seat whose token it holds and that no account plays yet
becomes the account's (``account`` in the seat's row, stored with ``Store.set_seats``, a new
revision of the game, so the other servers read it again). A token proves the seat as it proves
it for a move. An account holds one seat of a game; a seat another account holds is refused,
and a rated game's seats, bound to their accounts when it was made, are never bound again.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from sqlalchemy import select

from kingdomino.core.game import CHANCE
from kingdomino.web.game_results import ended_by, final_places, resigned_seats
from kingdomino.web.hub import Hub
from kingdomino.web.live import ViewKey
from kingdomino.web.refusals import HubError
from kingdomino.web.seats import SeatPlayer, default_name, kept_for
from kingdomino.web.store import Store
from kingdomino.web.stored import StoredGame
from kingdomino.web.table import Table
from kingdomino.web.tables import GameRow, SeatAccountRow

#: The unfinished games listed (the newest first), and the finished ones.
UNFINISHED_GAMES = 50
FINISHED_GAMES = 10


def _account_game_ids(store: Store, account_id: int, finished: bool, limit: int) -> list[str]:
    status = GameRow.status.in_(("finished", "aborted") if finished else ("open", "playing"))
    with store.engine.connect() as connection:
        found = connection.execute(
            select(GameRow.id)
            .join(SeatAccountRow, SeatAccountRow.game_id == GameRow.id)
            .where(SeatAccountRow.account_id == account_id, status)
            .order_by(GameRow.created.desc())
            .limit(limit)
        )
        return [str(row[0]) for row in found]


def game_entry(table: Table, account_id: int) -> dict[str, Any] | None:
    """What the account's list says of ``table``'s game: its seat, the seat's token (a seat an AI
    took over keeps the token that watches), whether the account is to act now, and who is to act
    until when (``current_player``, ``deadline``: the moment their clock runs out, None without
    one; ``away_until``: the return of that player if on vacation, their clock standing still until
    then), so that a turn-based game says the time left, and whether the account's own time ran
    out (``timed_out``: an AI plays its seat on), said to a player who comes back; the game's
    revision (``version``) and whether people play its other seats (``with_people``: a human's or
    an open seat), for the lobby's notifications of what changed in it; the scores, the players'
    moves so far and when it began, which tell apart two games of the same players; and whether it
    is a challenge still awaiting answers (``challenge``), which the lobby lists with the
    challenges rather than with the games."""
    seat = next((s for s, info in enumerate(table.stored.seats) if info.get("account") == account_id), None)
    if seat is None:
        return None
    info = table.stored.seats[seat]
    state = table.shown()[0]
    playing = info["kind"] == "human"
    acting = table.stored.status == "playing" and not state.is_terminal()
    away = (table.stored.clock or {}).get("away", {})
    return {
        "id": table.id,
        "game": table.game.name,
        "options": dict(table.game.options),
        "created": table.stored.created.isoformat(),
        "status": table.stored.status,
        "rated": table.stored.rated,
        "seat": seat,
        "token": info.get("token") if playing else info.get("former_token"),
        "left": not playing,
        "timed_out": bool(info.get("timed_out")),
        "your_turn": playing and not table.over() and state.current_player == seat,
        "players": [str(other["name"]) for other in table.stored.seats],
        "current_player": state.current_player if acting else None,
        "time_control": table.stored.time_control,
        "deadline": table.stored.deadline if acting else None,
        "away_until": away.get(str(state.current_player)) if acting else None,
        "scores": state.scores(),
        "moves": sum(action.seat != CHANCE for action in table.actions),
        "places": final_places(state.places(), table.stored.seats)
        if table.stored.status == "finished"
        else None,
        "ended": ended_by(table.stored.seats),
        "resigned": resigned_seats(table.stored.seats),
        "version": table.version,
        "challenge": table.stored.status == "open" and bool(kept_for(table.stored.seats)),
        "with_people": any(
            other["kind"] in ("human", "open") for at, other in enumerate(table.stored.seats) if at != seat
        ),
    }


async def account_games(hub: Hub, account_id: int) -> dict[str, list[dict[str, Any]]]:
    """The account's games: ``playing`` (those where it is to act first), ``open`` and ``finished``
    (the newest first). A game read from the database lets the event loop serve others first."""
    unfinished = await asyncio.to_thread(_account_game_ids, hub.store, account_id, False, UNFINISHED_GAMES)
    finished = await asyncio.to_thread(_account_game_ids, hub.store, account_id, True, FINISHED_GAMES)
    found: list[dict[str, Any]] = []
    for game_id in unfinished + finished:
        stored = not hub.in_memory(game_id)
        with contextlib.suppress(HubError):
            entry = game_entry(hub.table(game_id), account_id)
            if entry is not None:
                found.append(entry)
        if stored:
            await asyncio.sleep(0)
    playing = [g for g in found if g["status"] == "playing"]
    return {
        "playing": [g for g in playing if g["your_turn"]] + [g for g in playing if not g["your_turn"]],
        "open": [g for g in found if g["status"] == "open"],
        "finished": [g for g in found if g["status"] in ("finished", "aborted")],
    }


def seats_of_account(stored: StoredGame, account_id: int) -> tuple[ViewKey, ViewKey]:
    """The seat the account played in ``stored``'s game, as a view is asked for it: as ``mine``
    while a human's seat, as ``former`` once an AI took it over; none if it sat in no seat. A
    finished game opened without its seat's token (from the account's archive, its page's games,
    another device) is shown to its player as theirs, not as a spectator's."""
    for seat, info in enumerate(stored.seats):
        if info.get("account") == account_id:
            return ((seat,), ()) if info["kind"] == "human" else ((), (seat,))
    return (), ()


async def claim_seat(table: Table, token: str, account: SeatPlayer) -> int:
    """Make the human seat of ``token`` in ``table``'s game the account's; its seat number. A
    seat left with its default name ("Player 1") takes the account's, as a seat the account
    joins does; a name its player typed stays, the one the others knew them by."""
    account_id = account.id
    async with table.lock:
        seat = table.seat_of(token)
        if seat is None or table.stored.seats[seat]["kind"] != "human":
            raise HubError(403, "token", "this token is not a seat of this game", "not_a_seat")
        holder = table.stored.seats[seat].get("account")
        if holder == account_id:
            return seat
        if holder is not None or table.stored.rated:
            raise HubError(409, "token", "another account plays this seat", "claim_taken")
        if any(info.get("account") == account_id for info in table.stored.seats):
            raise HubError(409, "token", "this account already plays a seat of this game", "claim_one_seat")
        seats = [dict(info) for info in table.stored.seats]
        seats[seat]["account"] = account_id
        renamed = seats[seat]["name"] == default_name(seat)
        if renamed:
            seats[seat]["name"] = account.name
        table.write_seats(seats, table.stored.status, "token", table.stored.open_until)
    if renamed:
        await table.publish()
    # A new revision: an AI turn computed for the one before is stale, and starts again.
    table.host.start_ai_turn(table)
    return seat


async def claim(
    hub: Hub, account: SeatPlayer, items: list[tuple[str, str]]
) -> dict[str, list[dict[str, Any]]]:
    """Claim for the account the seat of each (game id, token) of ``items``: the seats
    ``claimed`` (those the account held already too, said ``already``: a page says "now among
    your games" only once), and each item ``refused`` with why."""
    claimed: list[dict[str, Any]] = []
    refused: list[dict[str, Any]] = []
    for game_id, token in items:
        stored = not hub.in_memory(game_id)
        try:
            table = hub.table(game_id, frozenset([token]))
            held = table.seat_of(token)
            already = held is not None and table.stored.seats[held].get("account") == account.id
            seat = await claim_seat(table, token, account)
            claimed.append({"id": game_id, "seat": seat, "already": already})
        except HubError as error:
            refused.append({"id": game_id, **error.to_json()})
        if stored:
            await asyncio.sleep(0)
    return {"claimed": claimed, "refused": refused}
