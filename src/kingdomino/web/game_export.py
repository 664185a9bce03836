"""The finished games of a server's database as game records, one JSON object a line: a data set
of people's games for research (learning a policy from their moves, opening statistics), as
lichess's database of games is.

Each line is a game record (``core.records``, ``kingdomino-record/1``, as
``/api/games/{id}/record`` answers it: ``GameRecord.from_json`` reads the line) with what the
server knows of its seats besides::

    {"format": "kingdomino-record/1", "game": "kingdomino", "options": {}, "players": ["Kira",
     "AI (hard)"], "seed": 123..., "actions": ["draw 5", ...], "result": {"scores": [...],
     "winners": [0], "places": [1, 2]}, "id": "4f0c...", "created": "2026-11-30T18:02:11+00:00",
     "rated": false, "time_control": null,
     "seats": [{"kind": "human", "account": "Kira", "bot": false, "level": null, "ai_from": null,
                "rating": null}, {"kind": "ai", "account": null, "bot": false, "level": "hard",
                "ai_from": null, "rating": null}]}

A seat an account sat in is named by the account's name (the game may show another: a seat
claimed keeps its name). ``ai_from`` is the index of the first action an AI played for a
person's seat (they left, were away or ran out of time): the moves before it are the person's
(a seat an AI played from the first action, a tournament's no-show, is an AI's). No seat's
token is written.
Only the games anyone may watch are written unless the operator says otherwise (``private``):
a game among friends is theirs. A closed account's name is never written (a pseudonym stands for
it), and with a ``salt`` no player's name is: each account is a pseudonym, the same for one salt
(``player-`` and ten hex digits of an HMAC of its id; a closed account's, without a salt, is
new at each export), and a guest's chosen name is "Guest".
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Select, func, select

from kingdomino.web.live import LiveGame
from kingdomino.web.replaying import rebuild
from kingdomino.web.store import Store
from kingdomino.web.tables import AccountRow, GameRow, RatingChangeRow, SeatAccountRow
from kingdomino.web.views import record

#: How many games' rows are read from the database at once.
BATCH = 200


@dataclass(frozen=True)
class Choice:
    """Which finished games to write: of one ``game`` and number of ``players`` (None: all),
    created from ``since`` and before ``until``, rated ones alone (``rated``), those every seat of
    which a person began (``people``: no AI's seat from the start, no bot's account), the private
    ones too (``private``), at most ``limit``."""

    game: str | None = None
    players: int | None = None
    since: datetime | None = None
    until: datetime | None = None
    rated: bool = False
    people: bool = False
    private: bool = False
    limit: int | None = None


class Names:
    """Who an account is in the export: its name, or its pseudonym (a closed account's always, and
    every account's with a salt)."""

    def __init__(self, store: Store, salt: bytes | None) -> None:
        self.store = store
        self.salt = salt
        self.key = salt if salt is not None else secrets.token_bytes(16)
        self.known: dict[int, tuple[str, bool]] = {}

    def pseudonym(self, account_id: int) -> str:
        digest = hmac.new(self.key, f"account:{account_id}".encode(), hashlib.sha256).hexdigest()
        return f"player-{digest[:10]}"

    def of(self, account_ids: set[int]) -> None:
        """Read the names and kinds of ``account_ids`` not read yet."""
        missing = account_ids - set(self.known)
        if not missing:
            return
        with self.store.engine.connect() as connection:
            for row in connection.execute(
                select(AccountRow.id, AccountRow.name, AccountRow.bot, AccountRow.closed).where(
                    AccountRow.id.in_(missing)
                )
            ):
                shown = self.pseudonym(row.id) if self.salt is not None or row.closed else row.name
                self.known[int(row.id)] = (str(shown), bool(row.bot))

    def name(self, account_id: int) -> str:
        return self.known.get(account_id, (self.pseudonym(account_id), False))[0]

    def bot(self, account_id: int) -> bool:
        return self.known.get(account_id, ("", False))[1]


def exported(store: Store, choice: Choice, salt: bytes | None = None) -> Iterator[dict[str, Any]]:
    """The ``choice`` of the finished games of ``store``, oldest first, each as its line's object."""
    names = Names(store, salt)
    query = _chosen(select(GameRow.id), choice).order_by(GameRow.created, GameRow.id)
    if not choice.private:
        query = query.where(GameRow.public.is_(True))
    with store.engine.connect() as connection:
        game_ids = list(connection.scalars(query))
    written = 0
    for start in range(0, len(game_ids), BATCH):
        batch = game_ids[start : start + BATCH]
        accounts, ratings = _seat_accounts(store, batch)
        names.of({account for seats in accounts.values() for account in seats.values()})
        for game_id in batch:
            line = _line(store, game_id, accounts.get(game_id, {}), ratings, names)
            if line is None or (choice.people and not all(_a_person(seat) for seat in line["seats"])):
                continue
            yield line
            written += 1
            if choice.limit is not None and written >= choice.limit:
                return


def private_left_out(store: Store, choice: Choice) -> int:
    """How many finished games of ``choice`` no one but their players could watch: those the
    export leaves out without ``private`` (every game of a database an earlier version made,
    which kept no game open to anyone), for the command to say so rather than write nothing."""
    if choice.private:
        return 0
    query = _chosen(select(func.count()).select_from(GameRow), choice).where(GameRow.public.is_(False))
    with store.engine.connect() as connection:
        return int(connection.scalar(query) or 0)


def _chosen(query: Select[Any], choice: Choice) -> Select[Any]:
    """``query`` of the finished games narrowed to ``choice``'s game, players, days and rating."""
    query = query.where(GameRow.status == "finished")
    if choice.game is not None:
        query = query.where(GameRow.game == choice.game)
    if choice.players is not None:
        query = query.where(GameRow.players == choice.players)
    if choice.since is not None:
        query = query.where(GameRow.created >= choice.since)
    if choice.until is not None:
        query = query.where(GameRow.created < choice.until)
    if choice.rated:
        query = query.where(GameRow.rated.is_(True))
    return query


def _a_person(seat: dict[str, Any]) -> bool:
    """Whether a person began ``seat``: a human's seat, not an AI's nor a bot's account's."""
    return bool(seat["kind"] == "human" and not seat["bot"])


def _seat_accounts(
    store: Store, game_ids: list[str]
) -> tuple[dict[str, dict[int, int]], dict[tuple[str, int], dict[str, Any]]]:
    """For ``game_ids``: the account of each seat an account sat in, by game and seat, and the
    rating changes by game and account."""
    accounts: dict[str, dict[int, int]] = {}
    ratings: dict[tuple[str, int], dict[str, Any]] = {}
    with store.engine.connect() as connection:
        for row in connection.execute(select(SeatAccountRow).where(SeatAccountRow.game_id.in_(game_ids))):
            accounts.setdefault(str(row.game_id), {})[int(row.seat)] = int(row.account_id)
        for change in connection.execute(
            select(RatingChangeRow).where(RatingChangeRow.game_id.in_(game_ids))
        ):
            ratings[(str(change.game_id), int(change.account_id))] = {
                "pool": change.pool,
                "before": round(float(change.before), 1),
                "after": round(float(change.after), 1),
            }
    return accounts, ratings


def _line(
    store: Store,
    game_id: str,
    accounts: dict[int, int],
    ratings: dict[tuple[str, int], dict[str, Any]],
    names: Names,
) -> dict[str, Any] | None:
    """The line of the finished game ``game_id`` (None: it is gone, or its actions no longer
    replay, which the operator's ``kingdomino replay`` of its record would tell)."""
    stored = store.load(game_id)
    if stored is None:
        return None
    game, state = rebuild(stored)
    line = record(LiveGame(stored, game, state)).to_json()
    seats = []
    for index, info in enumerate(stored.seats):
        account = accounts.get(index)
        person = info["kind"] == "human" or (info.get("ai_since") or 0) > 0
        seats.append(
            {
                "kind": "human" if person else "ai",
                "account": None if account is None else names.name(account),
                "bot": account is not None and names.bot(account),
                "level": None if person else info.get("level"),
                "ai_from": info.get("ai_since"),
                "rating": None if account is None else ratings.get((game_id, account)),
            }
        )
        if account is not None:
            line["players"][index] = names.name(account)
        elif person and names.salt is not None:
            line["players"][index] = "Guest"
    created = stored.created.isoformat()
    return {
        **line,
        "id": game_id,
        "created": created,
        "rated": stored.rated,
        "time_control": stored.time_control,
        "seats": seats,
    }
