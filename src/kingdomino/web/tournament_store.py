"""The club tournaments in the database (``tables``: ``tournaments``, ``tournament_players``,
``tournament_games``): short reads and writes, each one transaction, run off the event loop by
``tournaments``. A tournament is read whole (:class:`Tournament`): its settings, its players and
its games, which is all its page and its next pairing need.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, func, insert, or_, select, update
from sqlalchemy.sql.elements import ColumnElement

from kingdomino.web.club_pairing import Played
from kingdomino.web.club_tournaments import club_name
from kingdomino.web.refusals import HubError
from kingdomino.web.store import Store
from kingdomino.web.table_pairing import TablePlayed
from kingdomino.web.tables import AccountRow, GameRow
from kingdomino.web.tournament_tables import TournamentGameRow, TournamentPlayerRow, TournamentRow


@dataclass
class Tournament:
    """A tournament as stored: its row's settings, its players in starting order (their seeds
    from the start, the order they joined before) and its games."""

    id: str
    name: str
    organiser: int
    game: str
    options: dict[str, Any]
    time_control: dict[str, Any] | None
    rated: bool
    public: bool
    format: str
    rounds: int
    max_players: int
    bots: bool
    wait_minutes: int
    status: str
    starts_at: float | None
    created: datetime
    round: int
    #: Players at a table: 2, or 3 or 4 (a Swiss by tables: ``table_pairing``).
    table_size: int = 2
    #: The club whose members alone may join (``club_tournaments``), by id and name.
    club: int | None = None
    club_name: str | None = None
    #: The organiser's account name.
    organiser_name: str = ""
    players: list[Any] = field(default_factory=list)
    games: list[Any] = field(default_factory=list)

    def active(self) -> list[int]:
        """The players still playing (not withdrawn), in starting order."""
        return [p.account_id for p in self.players if p.withdrew is None]

    def names(self) -> dict[int, str]:
        return {p.account_id: p.name for p in self.players}

    def played(self) -> list[Played]:
        """The games ended so far, as the pairing and the standings read them."""
        return [
            Played(
                g.round,
                g.first,
                g.second,
                g.first_points,
                g.second_points or 0.0,
                g.first_score,
                g.second_score,
                g.forfeit,
            )
            for g in self.games
            if g.first_points is not None
        ]

    def table_played(self) -> list[TablePlayed]:
        """A tournament by tables' games ended so far, as its pairing and standings read them."""
        return [table_played(g) for g in self.games if g.first_points is not None]

    def of_round(self, round_: int) -> list[Any]:
        return [g for g in self.games if g.round == round_]


def seated(game: Any) -> list[int]:
    """The accounts of a round's game (a row) in seat order: its table's, else its two (a bye's one)."""
    if game.table_players:
        return [int(p) for p in game.table_players]
    return [game.first] if game.second is None else [game.first, game.second]


def table_played(game: Any) -> TablePlayed:
    """A tournament by tables' ended game (a row) as the pairing and standings read it."""
    outcome = game.outcome or {}
    players = tuple(seated(game))
    points = outcome.get("points") or [game.first_points]
    return TablePlayed(
        game.round,
        players,
        tuple(float(p) for p in points),
        tuple(int(s) for s in outcome.get("scores") or [0] * len(players)),
        tuple(bool(f) for f in outcome.get("forfeits") or [True] * len(players)),
    )


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


#: A game's columns before its end (every row of one insert names the same columns).
UNPLAYED = {
    "game_id": None,
    "first_points": None,
    "second_points": None,
    "forfeit": False,
    "table_players": None,
    "outcome": None,
}


def create(
    store: Store, settings: dict[str, Any], first: dict[str, Any] | None = None, most: int = 0
) -> None:
    """Store a new tournament (``settings``: its row's columns) and its organiser's join if they
    play in it (``first``: ``tournament_players.first_player``), in one transaction, its
    organiser's count within ``most`` (``organise``; 0: no bound)."""
    with store.engine.begin() as connection:
        organise(connection, int(settings["organiser"]), most)
        connection.execute(insert(TournamentRow).values(**settings))
        if first is not None:
            connection.execute(insert(TournamentPlayerRow).values(tournament_id=settings["id"], **first))


def organise(connection: Connection, account_id: int, most: int) -> None:
    """Count the tournaments ``account_id`` organises that are open or running under a lock on
    its account's row (``FOR UPDATE`` on PostgreSQL; SQLite serialises writes anyway), in the
    transaction that writes a new one: of creations sent through two servers at once, each counts
    those made before it, and one past ``most`` is refused 429 ``too_many_tournaments``."""
    if most <= 0:
        return
    connection.execute(select(AccountRow.id).where(AccountRow.id == account_id).with_for_update())
    found = connection.scalar(
        select(func.count()).where(
            TournamentRow.organiser == account_id, TournamentRow.status.in_(("open", "running"))
        )
    )
    if int(found or 0) >= most:
        raise too_many(most)


def organised(store: Store, account_id: int) -> int:
    """How many tournaments ``account_id`` organises that are open or running."""
    with store.engine.connect() as connection:
        found = connection.execute(
            select(func.count()).where(
                TournamentRow.organiser == account_id, TournamentRow.status.in_(("open", "running"))
            )
        ).scalar()
    return int(found or 0)


def too_many(most: int) -> HubError:
    """The refusal of a tournament to an organiser of ``most`` not yet over."""
    words = f"you organise {most} tournaments not yet over, the most at once"
    return HubError(429, "tournament", words, "too_many_tournaments", {"n": most})


def load(store: Store, tournament_id: str) -> Tournament | None:
    """The tournament ``tournament_id`` whole, or None."""
    with store.engine.connect() as connection:
        found = _head(connection, tournament_id)
        if found is not None:
            found.games = games_of(connection, tournament_id)
    return found


def load_head(store: Store, tournament_id: str) -> Tournament | None:
    """The tournament ``tournament_id`` without its games (``games`` empty), or None: its row,
    its players and its organiser's name, a few rows where its games may be thousands."""
    with store.engine.connect() as connection:
        return _head(connection, tournament_id)


def load_games(store: Store, tournament_id: str, after: int = 0) -> list[Any]:
    """The games of the tournament ``tournament_id`` of its rounds after ``after``, by round and board."""
    with store.engine.connect() as connection:
        return games_of(connection, tournament_id, after)


def _head(connection: Connection, tournament_id: str) -> Tournament | None:
    row = connection.execute(
        select(TournamentRow, club_name()).where(TournamentRow.id == tournament_id)
    ).first()
    if row is None:
        return None
    players = connection.execute(
        select(TournamentPlayerRow)
        .where(TournamentPlayerRow.tournament_id == tournament_id)
        .order_by(TournamentPlayerRow.seed, TournamentPlayerRow.joined, TournamentPlayerRow.account_id)
    ).all()
    organiser = connection.execute(select(AccountRow.name).where(AccountRow.id == row.organiser)).scalar()
    columns = dict(row._mapping)
    columns["created"] = _aware(columns["created"])
    return Tournament(**columns, organiser_name=str(organiser or ""), players=list(players))


def games_of(connection: Connection, tournament_id: str, after: int = 0) -> list[Any]:
    return list(
        connection.execute(
            select(TournamentGameRow)
            .where(TournamentGameRow.tournament_id == tournament_id, TournamentGameRow.round > after)
            .order_by(TournamentGameRow.round, TournamentGameRow.board)
        ).all()
    )


def listed(store: Store, statuses: tuple[str, ...], limit: int) -> list[dict[str, Any]]:
    """The tournaments of ``statuses``, the newest first, each with its count of places taken
    (an arena's withdrawn players hold none: ``arena_joins.places_taken``)."""
    holding = or_(TournamentRow.format != "arena", TournamentPlayerRow.withdrew.is_(None))
    count = (
        select(func.count())
        .where(TournamentPlayerRow.tournament_id == TournamentRow.id, holding)
        .scalar_subquery()
        .label("entrants")
    )
    with store.engine.connect() as connection:
        rows = connection.execute(
            select(TournamentRow, count, club_name())
            .where(TournamentRow.status.in_(statuses))
            .order_by(TournamentRow.created.desc())
            .limit(limit)
        ).all()
    return [{"row": row, "count": int(row.entrants)} for row in rows]


def ids_of(store: Store, status: str) -> list[str]:
    """Every tournament of ``status`` (at a start: the ones to resume)."""
    with store.engine.connect() as connection:
        found = connection.execute(select(TournamentRow.id).where(TournamentRow.status == status))
        return [str(row[0]) for row in found]


def set_state(store: Store, tournament_id: str, **values: Any) -> None:
    """Write the tournament's ``status``, ``round`` or ``rounds``."""
    with store.engine.begin() as connection:
        connection.execute(update(TournamentRow).where(TournamentRow.id == tournament_id).values(**values))


def leave_open(store: Store, tournament_id: str, status: str) -> bool:
    """Move the tournament from ``open`` to ``status`` (``running`` at its start, ``cancelled``)
    unless another server did first: True if moved. Its row's write waits for a join holding its
    lock (``tournament_players.take_place``), and a join after it finds it no longer open."""
    with store.engine.begin() as connection:
        moved = connection.execute(
            update(TournamentRow)
            .where(TournamentRow.id == tournament_id, TournamentRow.status == "open")
            .values(status=status)
        )
    return bool(moved.rowcount)


def add_round(store: Store, tournament_id: str, round_: int, games: list[dict[str, Any]]) -> None:
    """Store round ``round_``'s games (each: ``first``, ``second`` and, a bye or a forfeit, its
    points) and make it the tournament's round, in one transaction: a round is paired once."""
    with store.engine.begin() as connection:
        connection.execute(
            insert(TournamentGameRow),
            [
                {**UNPLAYED, "tournament_id": tournament_id, "round": round_, "board": n, **g}
                for n, g in enumerate(games, 1)
            ],
        )
        this = TournamentRow.id == tournament_id
        connection.execute(update(TournamentRow).where(this).values(round=round_))


def set_game(store: Store, tournament_id: str, round_: int, board: int, game_id: str) -> bool:
    """Link the server's game ``game_id`` to its row unless one is linked (another server made
    the same row's game first): True if linked."""
    unset = TournamentGameRow.game_id.is_(None)
    return _set_once(store, tournament_id, round_, board, unset, {"game_id": game_id})


def set_result(store: Store, tournament_id: str, round_: int, board: int, result: dict[str, Any]) -> bool:
    """Keep a game's ``result`` (points, kingdom points, ``forfeit``) unless it has one: True if kept."""
    unset = TournamentGameRow.first_points.is_(None)
    return _set_once(store, tournament_id, round_, board, unset, result)


def _set_once(
    store: Store,
    tournament_id: str,
    round_: int,
    board: int,
    unset: ColumnElement[bool],
    values: dict[str, Any],
) -> bool:
    """Write ``values`` into a round's game row while ``unset`` holds of it (the first write wins
    between servers): True if written."""
    with store.engine.begin() as connection:
        done = connection.execute(
            update(TournamentGameRow)
            .where(
                TournamentGameRow.tournament_id == tournament_id,
                TournamentGameRow.round == round_,
                TournamentGameRow.board == board,
                unset,
            )
            .values(**values)
        )
    return bool(done.rowcount)


def game_of(store: Store, game_id: str) -> tuple[str, int, int] | None:
    """The tournament, round and board of the server's game ``game_id``, if it is a tournament's."""
    with store.engine.connect() as connection:
        row = connection.execute(
            select(TournamentGameRow.tournament_id, TournamentGameRow.round, TournamentGameRow.board).where(
                TournamentGameRow.game_id == game_id
            )
        ).first()
    return None if row is None else (str(row[0]), int(row[1]), int(row[2]))


def games_now(store: Store, game_ids: list[str]) -> dict[str, tuple[str, list[dict[str, Any]]]]:
    """The status and seats of the server's games ``game_ids``, by id."""
    if not game_ids:
        return {}
    with store.engine.connect() as connection:
        rows = connection.execute(
            select(GameRow.id, GameRow.status, GameRow.seats).where(GameRow.id.in_(game_ids))
        )
        return {str(row.id): (str(row.status), list(row.seats)) for row in rows}


def awaiting(store: Store, account_id: int) -> list[dict[str, Any]]:
    """The games of the running tournaments' current rounds whose seat still waits for
    ``account_id``: each one's tournament (id, name), round, game id and opponent's name."""
    # A table's players are in its JSON list, looked at here rather than queried: a JSON
    # membership test is written differently on SQLite and PostgreSQL.
    mine = (
        (TournamentGameRow.first == account_id)
        | (TournamentGameRow.second == account_id)
        | (TournamentRow.table_size > 2)
    )
    with store.engine.connect() as connection:
        rows = connection.execute(
            select(TournamentRow.id, TournamentRow.name, TournamentGameRow)
            .join(TournamentGameRow, TournamentGameRow.tournament_id == TournamentRow.id)
            .where(
                TournamentRow.status == "running",
                TournamentGameRow.round == TournamentRow.round,
                TournamentGameRow.first_points.is_(None),
                TournamentGameRow.game_id.is_not(None),
                mine,
            )
        ).all()
        opponents = {
            (row.tournament_id, row.account_id): row.name
            for row in connection.execute(
                select(TournamentPlayerRow).where(TournamentPlayerRow.tournament_id.in_([r[0] for r in rows]))
            )
        }
    games = games_now(store, [str(row.game_id) for row in rows])
    found = []
    for row in rows:
        status, seats = games.get(str(row.game_id), ("", []))
        if status != "open" or not any(seat.get("for") == account_id for seat in seats):
            continue
        others = [p for p in seated(row) if p != account_id]
        found.append(
            {
                "tournament": str(row[0]),
                "name": str(row[1]),
                "round": int(row.round),
                "game_id": str(row.game_id),
                "opponent": ", ".join(opponents.get((str(row[0]), p)) or "" for p in others),
            }
        )
    return found
