"""Games played out by given movers and written straight into a server's store as a finished game
is (its actions with the moments the server took them, its seats' accounts, a rated one's rating
changes), for the tests of what reads a game's moves: the fair-play evidence of a cheating report."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import insert
from tests.web.finished import insert_finished

from kingdomino.agents import make_agent
from kingdomino.core.game import State
from kingdomino.games.registry import make_game
from kingdomino.web.steps import chance_steps, step
from kingdomino.web.store import Store
from kingdomino.web.tables import ActionRow, RatingChangeRow

#: A seat's mover: its action in a state.
Mover = Callable[[State], int]


def hint_follower(agent: str = "greedy") -> Mover:
    """A player who plays the first move ``agent``'s analysis lists: what an engine user does."""
    engine = make_agent(agent, 0)
    return lambda state: engine.analyse(state)[0].action


def random_mover(seed: int) -> Mover:
    rng = random.Random(seed)
    return lambda state: rng.choice(state.legal_actions())


def even_thinker(seconds: float) -> Callable[[int], float]:
    return lambda _: seconds


def uneven_thinker(seed: int) -> Callable[[int], float]:
    rng = random.Random(seed)
    return lambda _: rng.choice([1.0, 2.5, 6.0, 14.0, 30.0])


def played_game(
    store: Store,
    seats: Sequence[dict[str, Any]],
    movers: Sequence[Mover],
    thinkers: Sequence[Callable[[int], float]] | None = None,
    *,
    game: str = "kingdomino",
    options: dict[str, Any] | None = None,
    rated: bool = False,
    seed: int = 1,
    created: datetime | None = None,
) -> str:
    """A game of ``seats`` (``finished.person`` and the like) played to its end, each seat's move
    chosen by its mover and taken after its thinker's seconds (by the action's index; no thinker:
    no moment stored, as in a game stored before they were kept), finished; its id."""
    options = options or {}
    state = make_game(game, len(seats), options).new_initial_state()
    actions = chance_steps(state, seed, 0)
    clock = 1_700_000_000.0
    moments = [clock for _ in actions]
    while not state.is_terminal():
        seat = state.current_player
        if thinkers is not None:
            clock += thinkers[seat](len(actions))
        drawn = [step(state, seat, movers[seat](state), len(actions))]
        drawn += chance_steps(state, seed, len(actions) + 1)
        actions += drawn
        moments += [clock for _ in drawn]
    created = created or datetime.now(UTC)
    seats = [{"token": secrets.token_hex(8), **seat} for seat in seats]
    with store.engine.begin() as connection:
        game_id = insert_finished(
            connection, game, seats, created=created, rated=rated, options=options, seed=seed
        )
        connection.execute(
            insert(ActionRow),
            [
                {
                    "game_id": game_id,
                    "index": a.index,
                    "seat": a.seat,
                    "text": a.text,
                    "description": a.description,
                    "at": moment if thinkers is not None else None,
                }
                for a, moment in zip(actions, moments)
            ],
        )
        if rated:
            changes = [
                {
                    "game_id": game_id,
                    "account_id": seat["account"],
                    "pool": f"{game}-{len(seats)}",
                    "place": place,
                    "before": 1500.0 + 40 * place,
                    "after": 1500.0,
                    "deviation": 100.0,
                    "at": created,
                }
                for place, seat in enumerate(seats, start=1)
                if "account" in seat
            ]
            connection.execute(insert(RatingChangeRow), changes)
    return game_id
