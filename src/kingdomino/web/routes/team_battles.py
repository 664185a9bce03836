"""A team battle over HTTP (``web.team_battle``), as ``routes.tournaments`` makes and joins one:
the bodies that name its clubs and the club a player plays for, and the acts that check them
before the tournament's own (which keeps them: the battle's rows with its arena, a side with its
player's join)."""

from __future__ import annotations

import asyncio
from typing import Annotated

from pydantic import Field

from kingdomino.web import team_battle
from kingdomino.web.refusals import HubError
from kingdomino.web.routes.bodies import Body
from kingdomino.web.store import Store
from kingdomino.web.team_battle import LEADERS, MAX_CLUBS, MAX_LEADERS, MIN_LEADERS


class TeamBattleRequest(Body):
    """An arena where clubs meet: the clubs by name (yours among them) and how many best count."""

    clubs: list[Annotated[str, Field(max_length=64)]] = Field(
        max_length=MAX_CLUBS * 2, description="The clubs' names: 2 to 10, a club you lead among them."
    )
    leaders: int = Field(
        default=LEADERS,
        ge=MIN_LEADERS,
        le=MAX_LEADERS,
        description="How many of each club's best players' points make its score.",
    )


class JoinRequest(Body):
    """A join: in a team battle, the club you play for when you are a member of several of its."""

    club: str | None = Field(default=None, max_length=64, description="The club you play for.")


async def battle_clubs(
    store: Store, organiser: int, battle: TeamBattleRequest | None, format_: str, play: bool
) -> team_battle.Battle | None:
    """The team battle asked for, its clubs checked (``team_battle.checked_clubs``; a team
    battle is an arena: else 422 ``team_battle_arena``), before the tournament is made with it;
    its ``organiser`` plays for the first of its clubs they lead, if they ``play``."""
    if battle is None:
        return None
    if format_ != "arena":
        raise HubError(422, "format", "a team battle is an arena", "team_battle_arena")
    clubs, own = await asyncio.to_thread(team_battle.checked_clubs, store, organiser, battle.clubs)
    return team_battle.Battle(battle.leaders, clubs, (organiser, own) if play else None)


async def side_of(store: Store, tournament_id: str, account_id: int, wanted: str | None) -> int | None:
    """The club ``account_id`` plays for as they join a team battle (the refusals of
    ``team_battle.side_for``), kept with their join (``Tournaments.join``); None: it is no team
    battle."""
    return await asyncio.to_thread(team_battle.side_for, store, tournament_id, account_id, wanted)
