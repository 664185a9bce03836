"""The arenas in the database (``arena_tables``): short reads and writes, each one transaction,
run off the event loop by ``arena``. An arena is read whole (:class:`ArenaState`): its window,
its games in the order paired and its paused players."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from kingdomino.web import tournament_store as records
from kingdomino.web.arena_pairing import outcome_of
from kingdomino.web.arena_tables import ArenaCallOffRow, ArenaGameRow, ArenaPauseRow, ArenaRow
from kingdomino.web.store import Store
from kingdomino.web.store_leases import takeable
from kingdomino.web.tournament_tables import TournamentPlayerRow, TournamentRow

if TYPE_CHECKING:
    from kingdomino.web.team_battle import Battle


@dataclass
class ArenaState:
    """An arena's window (``ends_at`` None before its start), games, paused accounts and the
    accounts held back from pairing for calling games off (until when, epoch seconds)."""

    minutes: int
    ends_at: float | None
    games: list[Any] = field(default_factory=list)
    paused: set[int] = field(default_factory=set)
    held: dict[int, float] = field(default_factory=dict)

    def held_now(self, now: float) -> set[int]:
        """The accounts not to be paired at ``now`` for the games they called off."""
        return {player for player, until in self.held.items() if until > now}

    def busy(self) -> set[int]:
        """The accounts in a game of the arena not over yet."""
        return {p for g in self.games if g.first_points is None for p in (g.first, g.second)}

    def outcomes(self) -> dict[int, list[tuple[float, float]]]:
        """Each player's ended games in the order paired: (their points, their opponent's)."""
        found: dict[int, list[tuple[float, float]]] = {}
        for g in self.games:
            if g.first_points is not None:
                found.setdefault(g.first, []).append((g.first_points, g.second_points))
                found.setdefault(g.second, []).append((g.second_points, g.first_points))
        return found

    def results(self) -> dict[int, list[str]]:
        """Each player's ended games' outcomes in the order paired (``arena_pairing.OUTCOMES``)."""
        return {
            player: [str(outcome_of(mine, other)) for mine, other in games]
            for player, games in self.outcomes().items()
        }

    def recent_opponents(self, games: int) -> dict[int, frozenset[int]]:
        """Each player's opponents in their last ``games`` games paired."""
        found: dict[int, list[int]] = {}
        for g in self.games:
            found.setdefault(g.first, []).append(g.second)
            found.setdefault(g.second, []).append(g.first)
        return {player: frozenset(met[-games:]) for player, met in found.items()}

    def last_opponents(self) -> dict[int, int]:
        """Each player's opponent in their last game paired."""
        last: dict[int, int] = {}
        for g in self.games:
            last[g.first], last[g.second] = g.second, g.first
        return last


def create(
    store: Store, settings: dict[str, Any], first: dict[str, Any] | None = None, most: int = 0
) -> None:
    """Store a new arena: its tournament's row (``settings`` but ``minutes``) and its window, a
    team battle's rows (``settings``' ``team_battle``: ``team_battle.Battle``, its organiser's
    side among them) and its organiser's join (``first``, as ``tournament_store.create``) in
    the same transaction: a side is never stored without its join; its organiser's count within
    ``most`` (``tournament_store.organise``)."""
    minutes = int(settings.pop("minutes"))
    battle: Battle | None = settings.pop("team_battle", None)
    with store.engine.begin() as connection:
        records.organise(connection, int(settings["organiser"]), most)
        connection.execute(insert(TournamentRow).values(**settings))
        connection.execute(insert(ArenaRow).values(tournament_id=settings["id"], minutes=minutes))
        if battle is not None:
            battle.write(connection, settings["id"])
        if first is not None:
            connection.execute(insert(TournamentPlayerRow).values(tournament_id=settings["id"], **first))


def load(store: Store, tournament_id: str) -> ArenaState | None:
    """The arena of the tournament ``tournament_id``, or None (not an arena)."""
    with store.engine.connect() as connection:
        row = connection.execute(select(ArenaRow).where(ArenaRow.tournament_id == tournament_id)).first()
        if row is None:
            return None
        games = connection.execute(
            select(ArenaGameRow)
            .where(ArenaGameRow.tournament_id == tournament_id)
            .order_by(ArenaGameRow.number)
        ).all()
        paused = connection.execute(
            select(ArenaPauseRow.account_id).where(ArenaPauseRow.tournament_id == tournament_id)
        )
        held = connection.execute(
            select(ArenaCallOffRow.account_id, ArenaCallOffRow.held_until).where(
                ArenaCallOffRow.tournament_id == tournament_id, ArenaCallOffRow.held_until > 0
            )
        )
        return ArenaState(
            row.minutes,
            row.ends_at,
            list(games),
            {int(p[0]) for p in paused},
            {int(h[0]): float(h[1]) for h in held},
        )


def running(store: Store) -> list[str]:
    """The arenas running (at a server's start: the ones to go on with)."""
    with store.engine.connect() as connection:
        rows = connection.execute(
            select(TournamentRow.id).where(TournamentRow.status == "running", TournamentRow.format == "arena")
        )
        return [str(row[0]) for row in rows]


def set_ends(store: Store, tournament_id: str, ends_at: float) -> None:
    with store.engine.begin() as connection:
        connection.execute(
            update(ArenaRow).where(ArenaRow.tournament_id == tournament_id).values(ends_at=ends_at)
        )


def take_pairing(store: Store, tournament_id: str, seconds: float) -> bool:
    """Hold (or renew) the right to pair the arena ``tournament_id`` for ``seconds``, as
    ``store.server``: whether this server holds it (free, its own, or lapsed: its holder stopped)."""
    moment = time.time()
    with store.engine.begin() as connection:
        taken = connection.execute(
            update(ArenaRow)
            .where(
                ArenaRow.tournament_id == tournament_id,
                takeable(ArenaRow.pairer, ArenaRow.pairer_until, store.server, moment),
            )
            .values(pairer=store.server, pairer_until=moment + seconds)
        )
        return bool(taken.rowcount == 1)


def give_up_pairing(store: Store) -> None:
    """Give up every arena's pairing lease ``store.server`` holds (the server stops)."""
    with store.engine.begin() as connection:
        connection.execute(
            update(ArenaRow).where(ArenaRow.pairer == store.server).values(pairer=None, pairer_until=0)
        )


def add_game(store: Store, tournament_id: str, first: int, second: int, game_id: str, at: float) -> bool:
    """Store a new game of the arena, numbered after the last, while this server holds its
    pairing's lease and neither player is in a game of it not over: whether it was stored. The
    lease's row is written first, so that two such writes (a lease that lapsed mid-pairing) are
    one after the other: PostgreSQL locks the row, SQLite the database, until the commit."""
    with store.engine.begin() as connection:
        held = connection.execute(
            update(ArenaRow)
            .where(ArenaRow.tournament_id == tournament_id, ArenaRow.pairer == store.server)
            .values(pairer=store.server)
        )
        if held.rowcount != 1:
            return False
        playing = connection.scalar(
            select(func.count()).where(
                ArenaGameRow.tournament_id == tournament_id,
                ArenaGameRow.first_points.is_(None),
                or_(ArenaGameRow.first.in_([first, second]), ArenaGameRow.second.in_([first, second])),
            )
        )
        if playing:
            return False
        last = connection.scalar(
            select(func.max(ArenaGameRow.number)).where(ArenaGameRow.tournament_id == tournament_id)
        )
        connection.execute(
            insert(ArenaGameRow).values(
                tournament_id=tournament_id,
                number=int(last or 0) + 1,
                first=first,
                second=second,
                game_id=game_id,
                paired=at,
            )
        )
        return True


def set_result(
    store: Store, game_id: str, first: float, second: float, absent: tuple[bool, bool] | None = None
) -> tuple[str, tuple[int, int]] | None:
    """Keep the result of the arena's game ``game_id`` unless it has one, with its players who
    never sat paused (``absent``, by seat; None: it was played), in one transaction: if kept, its
    arena and its two accounts in seat order."""
    with store.engine.begin() as connection:
        row = connection.execute(
            select(ArenaGameRow.tournament_id, ArenaGameRow.first, ArenaGameRow.second).where(
                ArenaGameRow.game_id == game_id, ArenaGameRow.first_points.is_(None)
            )
        ).first()
        if row is None:
            return None
        connection.execute(
            update(ArenaGameRow)
            .where(ArenaGameRow.game_id == game_id)
            .values(first_points=first, second_points=second, forfeit=absent is not None)
        )
        tournament_id, players = str(row[0]), (int(row[1]), int(row[2]))
        paused = select(ArenaPauseRow.account_id).where(ArenaPauseRow.tournament_id == tournament_id)
        already = {int(p[0]) for p in connection.execute(paused)}
        for player, away in zip(players, absent or (False, False), strict=True):
            if away and player not in already:
                connection.execute(
                    insert(ArenaPauseRow).values(
                        tournament_id=tournament_id, account_id=player, since=time.time()
                    )
                )
    return tournament_id, players


def drop_game(store: Store, game_id: str) -> bool:
    """Forget the arena's game ``game_id`` while it has no result (called off, counted for
    neither); whether it was there to forget."""
    with store.engine.begin() as connection:
        gone = connection.execute(
            delete(ArenaGameRow).where(ArenaGameRow.game_id == game_id, ArenaGameRow.first_points.is_(None))
        )
    return bool(gone.rowcount)


def called_off(store: Store, tournament_id: str, account_id: int, free: int, held_until: float) -> None:
    """Count a game ``account_id`` called off by pausing before they sat; past the ``free`` first,
    they are not paired again before ``held_until``."""
    key = (ArenaCallOffRow.tournament_id == tournament_id, ArenaCallOffRow.account_id == account_id)
    with store.engine.begin() as connection:
        count = connection.scalar(select(ArenaCallOffRow.count).where(*key))
        if count is None:
            connection.execute(
                insert(ArenaCallOffRow).values(tournament_id=tournament_id, account_id=account_id, count=0)
            )
        count = int(count or 0) + 1
        held = {"held_until": held_until} if count > free else {}
        connection.execute(update(ArenaCallOffRow).where(*key).values(count=count, **held))


def pause(store: Store, tournament_id: str, account_id: int) -> None:
    try:
        with store.engine.begin() as connection:
            connection.execute(
                insert(ArenaPauseRow).values(
                    tournament_id=tournament_id, account_id=account_id, since=time.time()
                )
            )
    except IntegrityError:  # paused already
        pass


def paused_since(store: Store, tournament_id: str) -> dict[int, float]:
    """The arena's paused accounts and when each paused (epoch seconds)."""
    with store.engine.connect() as connection:
        rows = connection.execute(
            select(ArenaPauseRow.account_id, ArenaPauseRow.since).where(
                ArenaPauseRow.tournament_id == tournament_id
            )
        )
        return {int(row[0]): float(row[1]) for row in rows}


def rejoin(store: Store, tournament_id: str, account_id: int) -> None:
    with store.engine.begin() as connection:
        connection.execute(
            delete(ArenaPauseRow).where(
                ArenaPauseRow.tournament_id == tournament_id, ArenaPauseRow.account_id == account_id
            )
        )


def awaiting(store: Store, account_id: int) -> list[dict[str, Any]]:
    """The running arenas' games whose seat still waits for ``account_id``, as
    ``tournament_store.awaiting`` lists a round's (``round``: the game's number in its arena), so
    that a bot's program takes its seat as it takes a round's; ``arena`` says it is an arena's
    (a page says "arena", not "round 7": a number no player counts)."""
    with store.engine.connect() as connection:
        rows = connection.execute(
            select(TournamentRow.id, TournamentRow.name, ArenaGameRow)
            .join(ArenaGameRow, ArenaGameRow.tournament_id == TournamentRow.id)
            .where(
                TournamentRow.status == "running",
                ArenaGameRow.first_points.is_(None),
                (ArenaGameRow.first == account_id) | (ArenaGameRow.second == account_id),
            )
        ).all()
        names = {
            (str(row.tournament_id), int(row.account_id)): str(row.name)
            for row in connection.execute(
                select(TournamentPlayerRow).where(TournamentPlayerRow.tournament_id.in_([r[0] for r in rows]))
            )
        }
    games = records.games_now(store, [str(row.game_id) for row in rows])
    found = []
    for row in rows:
        status, seats = games.get(str(row.game_id), ("", []))
        if status != "open" or not any(seat.get("for") == account_id for seat in seats):
            continue
        other = row.second if row.first == account_id else row.first
        found.append(
            {
                "tournament": str(row[0]),
                "name": str(row[1]),
                "round": int(row.number),
                "arena": True,
                "game_id": str(row.game_id),
                "opponent": names.get((str(row[0]), int(other)), ""),
            }
        )
    return found
