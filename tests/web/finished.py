"""Finished games written straight into a server's store as a game's end leaves them (its row with
the moment it ended, its seats' accounts and kept results), for the tests of what reads them (a
player's archive, two players' record), which need many games of many kinds."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Connection, insert

from kingdomino.web.store import Store
from kingdomino.web.tables import GameRow, RatingChangeRow, SeatAccountRow, SeatResultRow, seat_accounts


def person(account: int, name: str, bot: bool = False, gave_up: bool = False) -> dict[str, Any]:
    """An account's seat (a bot's if ``bot``); ``gave_up``: an AI finished it (its player left)."""
    seat: dict[str, Any] = {"name": name, "kind": "ai" if gave_up else "human", "account": account}
    if gave_up:
        seat |= {"level": "medium", "ai_since": 5}
    return seat | ({"bot": True} if bot else {})


def ai(name: str = "Bo (AI, medium)") -> dict[str, Any]:
    """The server's AI seat, from the start."""
    return {"name": name, "kind": "ai", "level": "medium"}


def guest(name: str) -> dict[str, Any]:
    """A guest's seat: a person without an account."""
    return {"name": name, "kind": "human"}


def finished_game(
    store: Store,
    seats: list[dict[str, Any]],
    places: list[int],
    *,
    game: str = "kingdomino",
    rated: bool = False,
    time_control: dict[str, Any] | None = None,
    ended: datetime | None = None,
) -> str:
    """A game of ``seats`` ended at ``ended`` (now if not said) in ``places`` (as
    ``game_results.final_places`` keeps them), each seat's score 40 less its place, a rated one's
    ratings' change (as if in Kingdomino with two: unchanged); its id."""
    ended = ended or datetime.now(UTC)
    seats = [{"token": secrets.token_hex(8), **seat} for seat in seats]
    with store.engine.begin() as connection:
        created = ended - timedelta(minutes=20)
        game_id = insert_finished(
            connection, game, seats, created=created, rated=rated, time_control=time_control
        )
        connection.execute(
            insert(SeatResultRow),
            [
                {"game_id": game_id, "seat": seat, "score": 40 - place, "place": place}
                for seat, place in enumerate(places)
            ],
        )
        if rated:  # its ratings moved (a server's start records a rated game's that did not)
            connection.execute(
                insert(RatingChangeRow),
                [
                    {
                        "game_id": game_id,
                        "account_id": seat["account"],
                        "pool": "kingdomino-2",
                        "place": place,
                        "before": 1500.0,
                        "after": 1500.0,
                        "deviation": 300.0,
                        "at": ended,
                    }
                    for seat, place in zip(seats, places)
                ],
            )
    return game_id


def insert_finished(
    connection: Connection,
    game: str,
    seats: list[dict[str, Any]],
    *,
    created: datetime,
    rated: bool,
    options: dict[str, Any] | None = None,
    seed: int = 1,
    time_control: dict[str, Any] | None = None,
) -> str:
    """The row of a finished game of ``seats`` (each with its token) made at ``created`` and ended
    20 minutes later, and its seats' accounts; its id."""
    game_id = secrets.token_hex(8)
    connection.execute(
        insert(GameRow).values(
            id=game_id,
            game=game,
            players=len(seats),
            options=options or {},
            seed=seed,
            seats=seats,
            spectator_token=secrets.token_hex(8),
            status="finished",
            created=created,
            rated=rated,
            time_control=time_control,
            ended=created + timedelta(minutes=20),
        )
    )
    connection.execute(insert(SeatAccountRow), seat_accounts(game_id, seats))
    return game_id
