"""Club tournaments over HTTP (``web.tournaments``): create one, list them, read one whole (its
players, rounds, games and standings), join or leave it, and its organiser's start and call-off.
Each act is an account's (the ``kd_session`` cookie; a foreign ``Origin`` is refused); reading is
anyone's."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request, Response
from limits import parse
from pydantic import Field

from kingdomino.web import arena_store
from kingdomino.web import tournament_store as records
from kingdomino.web.accounts import Account
from kingdomino.web.arena import MAX_MINUTES, MIN_MINUTES
from kingdomino.web.arena_joins import before_its_end
from kingdomino.web.club_tournaments import admit, led_club
from kingdomino.web.game_requests import game_request
from kingdomino.web.open_seats import MAX_WAIT_MINUTES, WAIT_MINUTES
from kingdomino.web.refusals import HubError
from kingdomino.web.routes.accounts import CurrentAccount, LoggedIn, account_required, limited, same_origin
from kingdomino.web.routes.bodies import Body, GameName, GameOptions, TimeControlRequest
from kingdomino.web.routes.dependencies import Client
from kingdomino.web.routes.team_battles import JoinRequest, TeamBattleRequest, battle_clubs, side_of
from kingdomino.web.seats import clean_name
from kingdomino.web.silences import check_writing
from kingdomino.web.team_battle import clubs_named
from kingdomino.web.tournament_views import settings_json, tournament_json
from kingdomino.web.tournaments import MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, Tournaments

router = APIRouter()

#: Tournaments a client may create, in a moving window (each account has its own bound too), and
#: the joins, leaves, starts and call-offs it may ask for: a club's few, not a loop's.
CREATIONS = parse("5/minute")
ACTS = parse("30/minute")
#: The tournaments a list shows of each status, the newest first.
LISTED = 50
#: The statuses each list of ``GET /api/tournaments`` shows.
LISTS = {"open": ("open",), "running": ("running",), "finished": ("finished",)}


def tournaments_of(request: Request) -> Tournaments:
    tournaments: Tournaments = request.app.state.tournaments
    return tournaments


TournamentsDep = Annotated[Tournaments, Depends(tournaments_of)]
StatusQuery = Annotated[Literal["open", "running", "finished"] | None, Query()]


class TournamentRequest(Body):
    """A new club tournament: games of two, or a Swiss at tables of three or four."""

    name: str = Field(min_length=1, max_length=64, description="The tournament's name.")
    game: GameName
    options: GameOptions = Field(default_factory=dict, description="The game's options by name.")
    rated: bool = Field(default=False, description="Its games are rated (they need a clock).")
    time_control: TimeControlRequest | None = Field(
        default=None, description="The players' clocks, which its games need (`days`: by the day)."
    )
    format: Literal["round_robin", "swiss", "arena"] = Field(
        description="`round_robin`, `swiss` or `arena` (pairing players as they come free, `minutes` long)."
    )
    minutes: int = Field(
        default=60, ge=MIN_MINUTES, le=MAX_MINUTES, description="An arena's length from its start."
    )
    table_size: Literal[2, 3, 4] = Field(
        default=2,
        description="Players at a table: 2, or 3 or 4 (a Swiss by tables, of a game of that many).",
    )
    rounds: int = Field(
        default=5, ge=1, le=MAX_ROUNDS, description="A Swiss tournament's rounds (at most a round robin's)."
    )
    max_players: int = Field(default=20, ge=MIN_PLAYERS, le=MAX_PLAYERS, description="The most players.")
    bots: bool = Field(default=False, description="Bots' accounts may join.")
    public: bool = Field(default=True, description="Anyone may watch its games.")
    wait_minutes: int = Field(
        default=WAIT_MINUTES,
        ge=1,
        le=MAX_WAIT_MINUTES,
        description="How long each game waits for its players to take their seats: one who has not "
        "come by then loses by forfeit (a `days` game waits at least a turn's days).",
    )
    starts_at: float | None = Field(
        default=None, description="When it starts by itself (epoch seconds); none: when you start it."
    )
    play: bool = Field(default=True, description="You play in it too (else you organise it alone).")
    club: str | None = Field(default=None, description="A club you lead: its members alone may join.")
    team_battle: TeamBattleRequest | None = Field(
        default=None, description="An arena where clubs meet: their names, and how many best count."
    )


#: The organising account, as a route's parameter.
_organiser = account_required("log in to organise a tournament", "tournament_guest")
Organiser = Annotated[Account, Depends(_organiser)]


@router.post("/api/tournaments", status_code=201)
async def create(
    body: TournamentRequest,
    request: Request,
    tournaments: TournamentsDep,
    client: Client,
    account: Organiser,
) -> dict[str, Any]:
    """Organise a club tournament: it is open for accounts to join until its start. Refused for a
    guest (401), a game not played at its tables (`table_size`; a round robin by tables), one
    without a clock (its games need one), an arena on a clock by the day (`arena_clock`), a start
    more than 30 days ahead, beyond 3 tournaments not yet over of one organiser, for a `club` you
    do not lead, and to a silenced account (`silenced_writing`: its name is words others read).
    A `team_battle` (an arena) names its clubs instead of a `club`: refused for fewer than 2 or
    more than 10 (`team_battle_clubs`), a club not found (`no_club`), none you lead
    (`team_battle_leader`), another format (`team_battle_arena`); you play for the first you lead."""
    same_origin(request)
    name = clean_name(body.name)
    if not name:
        raise HubError(422, "name", "a tournament's name shows a letter at least")
    await asyncio.to_thread(check_writing, tournaments.store, account.id, "name")
    await limited(request, "tournament", client, CREATIONS)
    settings = {
        **body.model_dump(exclude={"time_control", "play", "name", "club", "minutes", "team_battle"}),
        **({"minutes": body.minutes} if body.format == "arena" else {}),
        "name": name,
        "club": await asyncio.to_thread(led_club, tournaments.store, account.id, body.club)
        if body.club and body.team_battle is None  # a team battle's clubs are its own
        else None,
        "time_control": body.time_control.spec() if body.time_control else None,
    }
    battle = await battle_clubs(tournaments.store, account.id, body.team_battle, body.format, body.play)
    if battle is not None:
        settings["team_battle"] = battle  # written with its arena, in one transaction
    made = await tournaments.create(account.player(), settings, body.play)
    return tournament_json(made, account.id, {})


@router.get("/api/tournaments")
async def listing(
    tournaments: TournamentsDep, account: CurrentAccount, status: StatusQuery = None
) -> dict[str, Any]:
    """The tournaments open to join, running and finished (the newest first, each list at most
    50; `team_battle`: a team battle's clubs' names, else null), or those of one `status`; logged
    in, `awaiting` too: your games of a running round whose seat waits for you (`tournament`,
    `name`, `round`, `game_id`, `opponent`; an arena's game: its number in the arena as its
    `round`)."""
    shown = [status] if status is not None else list(LISTS)
    found: dict[str, Any] = {}
    for kind in shown:
        rows = await asyncio.to_thread(records.listed, tournaments.store, LISTS[kind], LISTED)
        found[kind] = [settings_json(entry["row"], entry["count"]) for entry in rows]
        battles = await asyncio.to_thread(clubs_named, tournaments.store, [t["id"] for t in found[kind]])
        found[kind] = [{**t, "team_battle": battles.get(t["id"])} for t in found[kind]]
    if account is not None:
        found["awaiting"] = await asyncio.to_thread(records.awaiting, tournaments.store, account.id)
        found["awaiting"] += await asyncio.to_thread(arena_store.awaiting, tournaments.store, account.id)
    return found


@router.get("/api/tournaments/{tournament_id}", dependencies=[Depends(game_request)])
async def one(tournament_id: str, tournaments: TournamentsDep, account: CurrentAccount) -> Response:
    """A tournament whole: its settings, players, rounds with their games (each game's id, to watch
    it, and your own games' seat tokens, to play them) and standings. Counted as a game request
    (``game_requests``: a flood is refused 429 `too_many_requests`)."""
    viewer = account.id if account is not None else None
    if viewer is not None:
        tournaments.arena.seen.saw(tournament_id, viewer)
    page = await asyncio.to_thread(tournaments.pages.page, tournament_id, viewer)
    return Response(page, media_type="application/json")


@router.post("/api/tournaments/{tournament_id}/join")
async def join(
    tournament_id: str,
    request: Request,
    tournaments: TournamentsDep,
    account: LoggedIn,
    client: Client,
    body: JoinRequest | None = None,
) -> dict[str, Any]:
    """Join an open tournament, or a running arena until its time is over (refused when it is full,
    started, takes no bots and you are one, or is a club's and you are not its member:
    `tournament_club`; a team battle's, naming the `club` you play for when you are a member of
    several of its clubs: `team_battle_member`, `team_battle_choose`, `team_battle_side`)."""
    same_origin(request)
    await limited(request, "tournament_act", client, ACTS)
    await asyncio.to_thread(admit, tournaments.store, tournament_id, account.id)
    await before_its_end(tournaments.store, tournament_id)
    side = await side_of(tournaments.store, tournament_id, account.id, body.club if body else None)
    await tournaments.join(tournament_id, account.player(), side)
    return {"ok": True}


@router.post("/api/tournaments/{tournament_id}/leave")
async def leave(
    tournament_id: str, request: Request, tournaments: TournamentsDep, account: LoggedIn, client: Client
) -> dict[str, Any]:
    """Leave a tournament before its start, or withdraw after it: your game under way is lost by
    forfeit, and you are paired no more."""
    same_origin(request)
    await limited(request, "tournament_act", client, ACTS)
    await tournaments.leave(tournament_id, account.id)
    return {"ok": True}


@router.post("/api/tournaments/{tournament_id}/start")
async def start(
    tournament_id: str, request: Request, tournaments: TournamentsDep, account: LoggedIn, client: Client
) -> dict[str, Any]:
    """Its organiser starts the tournament now (3 players at least): the first round is paired."""
    same_origin(request)
    await limited(request, "tournament_act", client, ACTS)
    await tournaments.start(tournament_id, account.id)
    return {"ok": True}


@router.post("/api/tournaments/{tournament_id}/cancel")
async def cancel(
    tournament_id: str, request: Request, tournaments: TournamentsDep, account: LoggedIn, client: Client
) -> dict[str, Any]:
    """Its organiser calls the tournament off before its start."""
    same_origin(request)
    await limited(request, "tournament_act", client, ACTS)
    await tournaments.cancel(tournament_id, account.id)
    return {"ok": True}


@router.post("/api/tournaments/{tournament_id}/pause")
async def pause(
    tournament_id: str, request: Request, tournaments: TournamentsDep, account: LoggedIn, client: Client
) -> dict[str, Any]:
    """Pause in a running arena: you are paired no more until you rejoin (a game under way is played on)."""
    same_origin(request)
    await limited(request, "tournament_act", client, ACTS)
    await tournaments.arena.pause(tournament_id, account.id, True)
    return {"ok": True}


@router.post("/api/tournaments/{tournament_id}/rejoin")
async def rejoin(
    tournament_id: str, request: Request, tournaments: TournamentsDep, account: LoggedIn, client: Client
) -> dict[str, Any]:
    """Come back to a running arena after a pause: you are paired again at once."""
    same_origin(request)
    await limited(request, "tournament_act", client, ACTS)
    await tournaments.arena.pause(tournament_id, account.id, False)
    return {"ok": True}
