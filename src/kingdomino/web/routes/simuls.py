"""Simultaneous exhibitions over HTTP (``web.simuls``): create one, list them, read one (its
players and, once started, its games and results), apply to one, and the host's answers, start
and call-off. Each act is an account's (the ``kd_session`` cookie; a foreign ``Origin`` is
refused); reading is anyone's."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Request
from limits import parse
from pydantic import Field

from kingdomino.web import simul_store
from kingdomino.web.accounts import Account
from kingdomino.web.routes.accounts import CurrentAccount, account_required, limited, same_origin
from kingdomino.web.routes.bodies import AccountName, Body, GameName, GameOptions, TimeControlRequest
from kingdomino.web.routes.dependencies import Client
from kingdomino.web.seats import clean_name
from kingdomino.web.silences import check_writing
from kingdomino.web.simul_views import simul_json
from kingdomino.web.simuls import Simuls

router = APIRouter()

#: Simuls a client may create in a moving window (each account hosts two at once besides), and
#: the applications, answers and starts it may ask for.
CREATIONS = parse("5/minute")
ACTS = parse("60/minute")
#: The longest words a host writes for their simul.
MAX_TEXT = 400


def simuls_of(request: Request) -> Simuls:
    simuls: Simuls = request.app.state.simuls
    return simuls


SimulsDep = Annotated[Simuls, Depends(simuls_of)]


class SimulRequest(Body):
    """A new simul: the game of two every board plays, its clock and the host's extra time, who
    moves first, a few words."""

    game: GameName
    options: GameOptions = Field(default_factory=dict, description="The game's options by name.")
    time_control: TimeControlRequest | None = Field(
        default=None, description="Every board's clocks, which a simul needs (`days`: by the day)."
    )
    host_extra: int = Field(
        default=0, description="Minutes added to the host's clock in every game (0 to 60; a `game` clock)."
    )
    extra_per_challenger: int = Field(
        default=0,
        description="Seconds added to the host's clock in every game, for each game (0 to 60; `game` clock).",
    )
    first: Literal["host", "challengers", "alternate"] = Field(
        default="host",
        description="Who moves first on each board: the `host`, the `challengers`, or `alternate`.",
    )
    rated: bool = Field(default=False, description="Its games are rated (they need a clock).")
    text: str = Field(default="", max_length=MAX_TEXT, description="A few words of the host's.")


class AnswerRequest(Body):
    """The host's answer to a player who applied."""

    name: AccountName = Field(description="The player's name.")
    accept: bool = Field(description="true: a board at the start; false: none.")


#: The acting account, as a route's parameter: a guest is refused in words.
_host = account_required("log in to host a simul: a simul is an account's", "simul_guest")
Host = Annotated[Account, Depends(_host)]
_applicant = account_required("log in to play in a simul: its games are between accounts", "simul_guest")
Applicant = Annotated[Account, Depends(_applicant)]


@router.post("/api/simuls", status_code=201)
async def create(
    body: SimulRequest, request: Request, simuls: SimulsDep, client: Client, account: Host
) -> dict[str, Any]:
    """Host a simul: it is listed, taking applicants, until you start it. Refused for a guest
    (401), a game not played by two (`simul_game`), one without a clock (`simul_clock`), extra
    time out of bounds (`simul_host_extra`, `simul_extra_per_challenger`) or on a clock of a move's
    time (`simul_extra_clock`), a third simul not yet over (`too_many_simuls`), and words from a
    silenced account."""
    same_origin(request)
    text = clean_name(body.text)
    if text:
        await asyncio.to_thread(check_writing, simuls.store, account.id, "text")
    await limited(request, "simul", client, CREATIONS)
    settings = {
        **body.model_dump(exclude={"time_control", "text"}),
        "text": text,
        "time_control": body.time_control.spec() if body.time_control else None,
    }
    made = await simuls.create(account.player(), settings)
    return simul_json(made, account.id, simuls.table_of)


@router.get("/api/simuls")
async def listing(simuls: SimulsDep) -> dict[str, Any]:
    """The simuls taking players and under way (the newest first), then the last ten finished."""
    return {"simuls": await asyncio.to_thread(simul_store.listed, simuls.store)}


@router.get("/api/simuls/{simul_id}")
async def one(simul_id: str, simuls: SimulsDep, account: CurrentAccount) -> dict[str, Any]:
    """The simul whole: its settings, players, games (in the simul's order, each marked when it
    awaits the host) and the host's results; `you` says whether you host it and where your
    application stands, and each game you play holds your seat's `token`."""
    found = await simuls.settle(simul_id)
    return simul_json(found, account.id if account else None, simuls.table_of)


async def _act(request: Request, client: str) -> None:
    same_origin(request)
    await limited(request, "simul_act", client, ACTS)


@router.post("/api/simuls/{simul_id}/apply")
async def apply(
    simul_id: str, request: Request, simuls: SimulsDep, client: Client, account: Applicant
) -> dict[str, Any]:
    """Apply to play the host: once, not your own simul, while it takes players."""
    await _act(request, client)
    await simuls.apply(simul_id, account.player())
    return simul_json(await simuls.read(simul_id), account.id, simuls.table_of)


@router.post("/api/simuls/{simul_id}/withdraw")
async def withdraw(
    simul_id: str, request: Request, simuls: SimulsDep, client: Client, account: Applicant
) -> dict[str, Any]:
    """Take your application back while the simul takes players, answered or not."""
    await _act(request, client)
    await simuls.withdraw(simul_id, account.id)
    return simul_json(await simuls.read(simul_id), account.id, simuls.table_of)


@router.post("/api/simuls/{simul_id}/answer")
async def answer(
    simul_id: str, body: AnswerRequest, request: Request, simuls: SimulsDep, client: Client, account: Host
) -> dict[str, Any]:
    """The host accepts or declines a player who applied (at most 30 accepted)."""
    await _act(request, client)
    await simuls.answer(simul_id, account.id, body.name, body.accept)
    return simul_json(await simuls.read(simul_id), account.id, simuls.table_of)


@router.post("/api/simuls/{simul_id}/accept-all")
async def accept_all(
    simul_id: str, request: Request, simuls: SimulsDep, client: Client, account: Host
) -> dict[str, Any]:
    """The host accepts every player still waiting for an answer (refused beyond 30 in all)."""
    await _act(request, client)
    await simuls.accept_all(simul_id, account.id)
    return simul_json(await simuls.read(simul_id), account.id, simuls.table_of)


@router.post("/api/simuls/{simul_id}/start")
async def start(
    simul_id: str, request: Request, simuls: SimulsDep, client: Client, account: Host
) -> dict[str, Any]:
    """The host starts the simul: a game for each accepted player (2 to 30), the host in each."""
    await _act(request, client)
    started = await simuls.start(simul_id, account.player())
    return simul_json(started, account.id, simuls.table_of)


@router.post("/api/simuls/{simul_id}/cancel")
async def cancel(
    simul_id: str, request: Request, simuls: SimulsDep, client: Client, account: Host
) -> dict[str, Any]:
    """The host calls the simul off before its start: no game is made."""
    await _act(request, client)
    await simuls.cancel(simul_id, account.id)
    return simul_json(await simuls.read(simul_id), account.id, simuls.table_of)
