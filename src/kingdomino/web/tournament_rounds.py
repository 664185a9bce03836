"""A club tournament's rounds on the server: the games a round pairs (``club_pairing``; a
tournament by tables, ``table_pairing``), each made as a game whose seats are kept for its paired
accounts, and the result a game's end gives the tournament.

A round's game waits for its two players (``open_seats``: each seat kept ``for`` its account, the
seat row marked with the tournament's id, which keeps it out of the lobby's lists); it starts once
both took their seats (from the tournament's page, or as any kept seat is taken:
``POST /api/games/{id}/join``). Its wait is the tournament's (``wait_minutes``; a game by the day
waits at least a turn's days): a player who has not come by then loses by forfeit, 1-0 for the
one who came, 0-0 if neither did (no rating moves: the game was not played). A game played ends as
any game does: the engine's places among the seats still played (``game_results.final_places``:
a player who resigned or ran out of time ranks last) make a win, a loss or, a shared first place,
a draw; a game neither finished on their own is a loss for both. A round robin's game of a
player who withdrew is a forfeit without a game; a bye is its point without one.

At a table of three or four the same rules give points by place (``table_pairing.place_points``:
the share of the opponents beaten, which at two is the win, draw and loss above). Its wait ends
otherwise: when at least two of its players came, the game starts, each seat of a player who did
not come played by an AI that ranks last (``open_seats.absent_filled``); with fewer it ends
unplayed, the one who came taking a whole point.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Sequence
from typing import Any

from kingdomino.core.game import Game, GameError, State
from kingdomino.games.registry import make_game
from kingdomino.ratings.glicko2 import Rating
from kingdomino.web import inbox_events
from kingdomino.web.clocks import TimeControl
from kingdomino.web.club_pairing import BYE, WIN, Pairing, round_robin, swiss_round
from kingdomino.web.game_results import final_places, forfeited
from kingdomino.web.hub import Hub
from kingdomino.web.lobby_ratings import pool_or_none, read_ratings
from kingdomino.web.open_seats import wait_until
from kingdomino.web.refusals import HubError
from kingdomino.web.seats import SeatPlayer, open_seat
from kingdomino.web.store import Store
from kingdomino.web.stored import StoredGame, now
from kingdomino.web.table_pairing import TABLE_BYE, place_points, table_round, table_sizes
from kingdomino.web.tournament_store import Tournament

#: The key of a tournament game's seat rows naming their tournament.
MARK = "tournament"


def tournament_of(seats: Sequence[dict[str, Any]]) -> str | None:
    """The tournament whose game has these seats (None: not a tournament's game)."""
    return next((str(seat[MARK]) for seat in seats if seat.get(MARK)), None)


def result_of(stored: StoredGame, state: State | None) -> dict[str, Any] | None:
    """What the end of a tournament's game ``stored`` (its final ``state`` if it was played) gives
    the tournament (the module's rules): the first two seats' points and kingdom points, whether
    a seat was forfeited, and every seat's (``outcome``: ``points``, ``scores``, ``places``,
    ``forfeits``, in seat order); None while it goes on."""
    seats = stored.seats
    if stored.status == "finished" and state is not None:
        places = final_places(state.places(), seats)
        scores = [int(score) for score in state.scores()]
        forfeits = [forfeited(seat) for seat in seats]
    elif stored.status in ("expired", "aborted"):
        came = [seat["kind"] == "human" and not seat.get("ended") for seat in seats]
        places = [1 if here else len(seats) for here in came]
        scores = [0] * len(seats)
        forfeits = [not here for here in came]
    else:
        return None
    points = place_points(places, forfeits)
    return {
        "first_points": points[0],
        "second_points": points[1],
        "first_score": scores[0],
        "second_score": scores[1],
        "forfeit": any(forfeits) or stored.status != "finished",
        "outcome": {"points": points, "scores": scores, "places": places, "forfeits": forfeits},
    }


def forfeit(first_wins: bool, second_wins: bool) -> dict[str, Any]:
    """A game's result without play: the point to whoever ``..._wins``, none to the other."""
    return {
        "first_points": WIN if first_wins else 0.0,
        "second_points": WIN if second_wins else 0.0,
        "forfeit": True,
    }


def pairings(tournament: Tournament, round_: int) -> list[dict[str, Any]]:
    """The games of ``tournament``'s round ``round_`` as stored: ``first``, ``second`` and, for a
    game nobody plays (a bye, a game of a withdrawn player), its result already."""
    active = set(tournament.active())
    if tournament.table_size > 2:
        seated = table_round(tournament.active(), tournament.table_played(), tournament.table_size)
        return [_stored_table(table) for table in seated]
    if tournament.format == "round_robin":
        paired = round_robin([p.account_id for p in tournament.players])[round_ - 1]
    else:
        paired = swiss_round(tournament.active(), tournament.played())
    return [_stored_pairing(pairing, active) for pairing in paired]


def _stored_pairing(pairing: Pairing, active: set[int]) -> dict[str, Any]:
    first, second = pairing.first, pairing.second
    row: dict[str, Any] = {"first": first, "second": second}
    if second is None:
        return {**row, "first_points": BYE if first in active else 0.0, "second_points": None}
    if first not in active or second not in active:
        return {**row, **forfeit(first in active, second in active)}
    return row


def _stored_table(players: tuple[int, ...]) -> dict[str, Any]:
    """A table of a tournament by tables as stored; one player alone is a bye, its points kept."""
    row: dict[str, Any] = {
        "first": players[0],
        "second": players[1] if len(players) > 1 else None,
        "table_players": list(players),
    }
    if len(players) > 1:
        return row
    outcome = {"points": [TABLE_BYE], "scores": [0], "places": [1], "forfeits": [False]}
    return {**row, "first_points": TABLE_BYE, "second_points": None, "outcome": outcome}


def fewest(tournament: Tournament, players: int) -> int:
    """The fewest players ``tournament`` starts with: two make an arena's game, ``players`` others'."""
    return 2 if tournament.format == "arena" else players


def joined_late(tournament: Tournament) -> bool:
    """Whether ``tournament`` takes players after its start: a running arena does, until its end."""
    return tournament.format == "arena" and tournament.status == "running"


def joined_again(tournament: Tournament, account_id: int) -> HubError:
    """The refusal of a join by ``account_id``, on ``tournament``'s list already: one who withdrew
    (or was withdrawn from an arena to free a place) is told so, not that they play in it."""
    if any(p.account_id == account_id and p.withdrew is not None for p in tournament.players):
        message = "you withdrew from this tournament: a player who withdraws does not come back"
        return HubError(409, "tournament", message, "tournament_withdrew")
    return HubError(409, "tournament", "you are in this tournament already", "tournament_joined")


def seeded(store: Store, tournament: Tournament) -> list[int]:
    """The players in their starting order: by rating in the game's pool, best first (one not
    rated there as a new player), then in the order they joined (a read: run in a thread)."""
    players = [p.account_id for p in tournament.players]
    if pool_or_none(tournament.game, tournament.table_size) is None:
        return players
    ratings = pool_ratings(store, tournament, players)
    return sorted(players, key=lambda p: -ratings[p])


def pool_ratings(store: Store, tournament: Tournament, players: list[int]) -> dict[int, float]:
    """The ``players``' ratings in the pool of ``tournament``'s game (a new player's where they
    have none, or the game has no pool; a read: run in a thread)."""
    new = Rating().rating
    pool = pool_or_none(tournament.game, tournament.table_size)
    if pool is None:
        return dict.fromkeys(players, new)
    rated = read_ratings(store, [(p, pool) for p in players])
    return {p: rated[(p, pool)].rating if (p, pool) in rated else new for p in players}


def start_plan(store: Store, tournament: Tournament) -> tuple[list[int], int]:
    """The players' starting order (``seeded``) and how many rounds they play (``round_count``),
    as the tournament's start writes them (``tournament_players.begin``)."""
    return seeded(store, tournament), round_count(tournament)


def goes_on(tournament: Tournament) -> bool:
    """Whether ``tournament``'s players still playing make a game: two of them, or at tables of
    four, one table of three at least."""
    active = len(tournament.active())
    return bool(table_sizes(active, tournament.table_size)) if tournament.table_size > 2 else active >= 2


def round_count(tournament: Tournament) -> int:
    """How many rounds ``tournament`` plays from its start: a round robin's every round, a Swiss
    one's as its organiser said but no more than a round robin's (more would force rematches);
    by tables, as its organiser said (some meet again however the tables are cut)."""
    if tournament.table_size > 2:
        return tournament.rounds
    every = len(round_robin([p.account_id for p in tournament.players]))
    return every if tournament.format == "round_robin" else min(tournament.rounds, every)


async def make_pairing_game(
    hub: Hub, tournament: Tournament, players: Sequence[int], open_until: float | None = None
) -> str:
    """A new game of ``tournament`` of ``players`` (in their seats), waiting for them until
    ``open_until`` (None: the tournament's wait), each told of it in their inbox but in an arena
    (it pairs them again and again, its page is their news): the new game's id."""
    names = tournament.names()
    bots = {p.account_id: bool(p.bot) for p in tournament.players}
    game = make_game_of(tournament, len(players))
    seats = [
        {**open_seat(SeatPlayer(account, names[account], bots[account])), MARK: tournament.id}
        for account in players
    ]
    stored = StoredGame(
        id=secrets.token_hex(8),
        game=game.name,
        players=len(players),
        options=dict(game.options),
        seed=hub.secret_seeds(),
        seats=seats,
        spectator_token=secrets.token_urlsafe(16),
        status="open",
        created=now(),
        actions=[],
        rated=tournament.rated,
        open_until=open_until or wait_until(tournament.wait_minutes, time_control=tournament.time_control),
        time_control=tournament.time_control,
        public=tournament.public,
    )
    table = await hub.start_game(stored, game)
    if tournament.format != "arena":
        await asyncio.to_thread(inbox_events.paired, hub.store, tournament, players, table.id)
    return table.id


def make_game_of(tournament: Tournament, players: int = 2) -> Game:
    """The game of ``players`` that ``tournament`` plays (its rules and options)."""
    return make_game(tournament.game, players, dict(tournament.options))


def checked_options(settings: dict[str, Any]) -> dict[str, Any]:
    """The options of a new tournament's game as the game reads them, or the refusal of its game,
    options, table size or clock. Every tournament's games have a clock, rated or not: a player who
    sat and never moved would otherwise hold up the round, and the tournament, for good. A
    tournament by tables is a Swiss one (no round robin's schedule seats everyone at tables of
    three or four meeting each other once), of a game that has tables of its size and one fewer.
    An arena is played in one sitting: its clock is real-time, not by the day."""
    size = int(settings.get("table_size", 2))
    if size > 2 and settings.get("format") != "swiss":
        raise HubError(
            422, "format", "a tournament by tables is a Swiss one: no round robin", "tournament_tables_format"
        )
    try:
        game = make_game(settings["game"], size, dict(settings["options"]))
        if size > 2:
            make_game(settings["game"], size - 1, dict(settings["options"]))
    except GameError as error:
        if error.field == "players":
            raise HubError(
                422,
                "table_size",
                f"{settings['game']} is not played at tables of {size} and {size - 1}",
                "tournament_table_size",
                {"n": size},
            ) from None
        raise HubError(400, error.field or "options", str(error)) from None
    time_control = settings.get("time_control")
    if settings.get("format") == "arena" and (time_control or {}).get("kind") == "days":
        raise HubError(
            422,
            "time_control",
            "an arena is played in one sitting: a clock by the day is none",
            "arena_clock",
        )
    if time_control is None:
        raise HubError(
            422,
            "time_control",
            "a tournament's games need a clock: a player who never moved would hold up its rounds",
            "tournament_clock",
        )
    TimeControl.of(time_control)
    return dict(game.options)
