"""Following and blocking accounts: who a player follows (the lobby's "Following" card, each with
what they are doing now) and whom they block (kept away from them), as rows of the database.

Both are rows (``follows``, ``blocks``), read at each use and never kept in a server's memory, so
every server sharing one PostgreSQL answers alike the moment one of them wrote. An account
follows at most ``MAX_FOLLOWING`` others and blocks at most ``MAX_BLOCKING``: enough for a club's
regulars and more, and a bound on what a "Following" card reads. A bot's account is followed and
blocked as a person's.

A block keeps two accounts apart wherever the server pairs players: the blocked one cannot
challenge the blocker, quick pairing never seats them together, and neither joins an open game
the other sits at (``apart``). Blocking also ends the following both ways. A club tournament's
games are its pairings', not the players' choice: a block does not touch them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete, func, or_, select
from sqlalchemy.exc import IntegrityError

from kingdomino.web.refusals import HubError
from kingdomino.web.standings import account_named
from kingdomino.web.store import Store
from kingdomino.web.stored import now
from kingdomino.web.tables import AccountRow, BlockRow, FollowRow, GameRow, SeatAccountRow

#: The accounts one account may follow, and block.
MAX_FOLLOWING = 500
MAX_BLOCKING = 500


@dataclass(frozen=True)
class Other:
    """The account a relation names: its id, its name as it shows and whether it is a bot's."""

    id: int
    name: str
    bot: bool


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def other_account(store: Store, me: int, name: str, verb: str) -> Other:
    """The account named ``name`` that ``me`` may follow or block (``verb`` says which, for the
    refusal): 404 ``no_player`` when none reads so, 422 ``relation_yourself`` for one's own."""
    found = account_named(store, name)
    if found is None:
        raise HubError(404, "name", f"no player is named {name!r}", "no_player", {"name": name})
    if found[0] == me:
        raise HubError(422, "name", f"you cannot {verb} yourself", f"{verb}_yourself")
    return Other(found[0], found[1], found[3])


def follow(store: Store, me: int, other: Other) -> bool:
    """``me`` follows ``other`` (True: newly; False: already did). Refused while either blocks
    the other (``follow_blocked``: who blocked whom is not said), and beyond ``MAX_FOLLOWING``."""
    try:
        with store.sessions.begin() as session:
            if session.get(FollowRow, (me, other.id)) is not None:
                return False
            if _blocked_between(session, me, [other.id]):
                message = f"you cannot follow {other.name}"
                raise HubError(409, "name", message, "follow_blocked", {"name": other.name})
            _bounded(session, FollowRow, FollowRow.follower == me, MAX_FOLLOWING)
            session.add(FollowRow(follower=me, followed=other.id, since=now()))
    except IntegrityError:  # the same follow written meanwhile by another request
        return False
    return True


def unfollow(store: Store, me: int, other: Other) -> bool:
    """``me`` no longer follows ``other`` (True: it did)."""
    with store.engine.begin() as connection:
        gone = connection.execute(
            delete(FollowRow).where(FollowRow.follower == me, FollowRow.followed == other.id)
        )
        return bool(gone.rowcount)


def block(store: Store, me: int, other: Other) -> bool:
    """``me`` blocks ``other`` (True: newly), and neither follows the other any more. Refused
    beyond ``MAX_BLOCKING``."""
    try:
        with store.sessions.begin() as session:
            session.execute(
                delete(FollowRow).where(
                    or_(
                        (FollowRow.follower == me) & (FollowRow.followed == other.id),
                        (FollowRow.follower == other.id) & (FollowRow.followed == me),
                    )
                )
            )
            if session.get(BlockRow, (me, other.id)) is not None:
                return False
            _bounded(session, BlockRow, BlockRow.blocker == me, MAX_BLOCKING)
            session.add(BlockRow(blocker=me, blocked=other.id, since=now()))
    except IntegrityError:  # the same block written meanwhile by another request
        return False
    return True


def _bounded(session: Any, table: type[FollowRow] | type[BlockRow], mine: Any, limit: int) -> None:
    """Refuse one more row of ``table`` where ``mine`` holds ``limit`` already (409
    ``too_many_following`` or ``too_many_blocked``, with ``n``)."""
    count = session.scalar(select(func.count()).select_from(table).where(mine))
    if (count or 0) >= limit:
        verb = "follow" if table is FollowRow else "block"
        code = "too_many_following" if table is FollowRow else "too_many_blocked"
        message = f"you {verb} {limit} players, the most: un{verb} one first"
        raise HubError(409, "name", message, code, {"n": limit})


def unblock(store: Store, me: int, other: Other) -> bool:
    """``me`` no longer blocks ``other`` (True: it did)."""
    with store.engine.begin() as connection:
        gone = connection.execute(
            delete(BlockRow).where(BlockRow.blocker == me, BlockRow.blocked == other.id)
        )
        return bool(gone.rowcount)


def apart(store: Store, me: int, seated: dict[int, str], refused: str) -> None:
    """Refuse ``me`` a game with the accounts ``seated`` (id: name) when a block stands between
    ``me`` and one of them: 403 ``you_blocked`` naming the one ``me`` blocked (their own act,
    said plainly), else 403 ``refused`` (``challenge_refused``, ``join_refused``,
    ``rematch_refused``) without saying why, as lichess's "You cannot challenge X": the module's
    docs say why."""

    def refusal(name: str) -> HubError:
        what = {"challenge_refused": f"challenge {name}", "rematch_refused": f"play a rematch with {name}"}
        return HubError(
            403, "name", f"you cannot {what.get(refused, 'join this game')}", refused, {"name": name}
        )

    refuse_across(store, me, seated, ("name", "you_blocked", "play with them"), refusal)


def refuse_across(
    store: Store,
    me: int,
    seated: dict[int, str],
    blocker: tuple[str, str, str],
    refusal: Callable[[str], HubError],
) -> None:
    """Refuse ``me`` an act with the accounts ``seated`` (id: name) when a block stands between
    them, the one way every act a block keeps apart is refused: ``me`` blocked one of them, 403 on
    ``blocker``'s field with its code, naming them and what unblocking them lets ``me`` do (their
    own act, said plainly); else one of them blocks ``me``, ``refusal`` of that one's name (its
    words say no more than the act refused)."""
    field, code, unblock_to = blocker
    pairs = blocks_between(store, me, seated)
    for who, whom in pairs:
        if who == me:
            name = seated[whom]
            message = f"you blocked {name}: unblock them on their page to {unblock_to}"
            raise HubError(403, field, message, code, {"name": name})
    if pairs:
        raise refusal(seated[pairs[0][0]])


def rematch_apart(store: Store, seats: list[dict[str, Any]], seat: int) -> None:
    """Refuse the rematch of a finished game with ``seats`` to the player of ``seat`` when a
    block stands between its account and another human seat's, as ``apart`` refuses a game
    (``rematch_refused``): the rematch's seats are bound to the same accounts at once, so the
    blocked player would put a game with them among the blocker's games again and again."""
    mine = seats[seat].get("account")
    if mine is None:
        return
    others = {
        int(info["account"]): str(info["name"])
        for index, info in enumerate(seats)
        if index != seat and info["kind"] == "human" and info.get("account") is not None
    }
    apart(store, int(mine), others, "rematch_refused")


def _blocked_between(session: Any, me: int, others: Iterable[int]) -> list[tuple[int, int]]:
    """The blocks between ``me`` and any of ``others``, either way: (blocker, blocked) pairs."""
    ids = list(others)
    if not ids:
        return []
    rows = session.execute(
        select(BlockRow.blocker, BlockRow.blocked).where(
            or_(
                (BlockRow.blocker == me) & BlockRow.blocked.in_(ids),
                BlockRow.blocker.in_(ids) & (BlockRow.blocked == me),
            )
        )
    )
    return [(int(row.blocker), int(row.blocked)) for row in rows]


def blocks_between(store: Store, me: int, others: Iterable[int]) -> list[tuple[int, int]]:
    """The blocks between ``me`` and any of ``others``, either way: (blocker, blocked) pairs."""
    with store.sessions() as session:
        return _blocked_between(session, me, others)


def kept_apart(store: Store, me: int) -> set[int]:
    """The accounts a block stands between ``me`` and, either way (quick pairing passes over the
    games they sit at)."""
    with store.engine.connect() as connection:
        mine = or_(BlockRow.blocker == me, BlockRow.blocked == me)
        rows = connection.execute(select(BlockRow.blocker, BlockRow.blocked).where(mine))
        return {int(row.blocked) if row.blocker == me else int(row.blocker) for row in rows}


def blocked_by(store: Store, blockers: Iterable[int]) -> set[int]:
    """The accounts any of ``blockers`` block (a game's chat keeps their lines from them)."""
    ids = list(blockers)
    if not ids:
        return set()
    with store.engine.connect() as connection:
        rows = connection.execute(select(BlockRow.blocked).where(BlockRow.blocker.in_(ids)))
        return {int(row.blocked) for row in rows}


def blockers_of(store: Store, blocked: int, among: Iterable[int]) -> set[int]:
    """Those of ``among`` who block ``blocked`` (the readers a chat line of ``blocked`` skips)."""
    ids = list(among)
    if not ids:
        return set()
    with store.engine.connect() as connection:
        rows = connection.execute(
            select(BlockRow.blocker).where(BlockRow.blocked == blocked, BlockRow.blocker.in_(ids))
        )
        return {int(row.blocker) for row in rows}


def seated_accounts(seats: list[dict[str, Any]]) -> dict[int, str]:
    """The accounts seated at a waiting game that a player joining it must not be kept apart
    from (id: name): none at a club tournament's game (its pairing is the tournament's) or a
    challenge's (its challenger was checked when it was made)."""
    if any(seat.get("tournament") or seat.get("for") is not None for seat in seats):
        return {}
    return {int(seat["account"]): str(seat["name"]) for seat in seats if seat.get("account") is not None}


def relation(store: Store, me: int, other: int) -> dict[str, bool]:
    """What ``me`` has done about ``other``: follows them, blocks them."""
    with store.sessions() as session:
        return {
            "following": session.get(FollowRow, (me, other)) is not None,
            "blocking": session.get(BlockRow, (me, other)) is not None,
        }


def followers(store: Store, account: int) -> int:
    """How many accounts follow ``account`` (its player page says so); closed ones count not."""
    with store.engine.connect() as connection:
        count = connection.scalar(
            select(func.count())
            .select_from(FollowRow)
            .join(AccountRow, AccountRow.id == FollowRow.follower)
            .where(FollowRow.followed == account, AccountRow.closed.is_(None))
        )
    return int(count or 0)


def blocked_list(store: Store, me: int) -> list[dict[str, Any]]:
    """The accounts ``me`` blocks, by name: ``{name, bot, since}``; a closed account is left out
    (nobody meets it; its block stands again if it is reopened)."""
    with store.engine.connect() as connection:
        rows = connection.execute(
            select(AccountRow.name, AccountRow.bot, BlockRow.since)
            .join(BlockRow, BlockRow.blocked == AccountRow.id)
            .where(BlockRow.blocker == me, AccountRow.closed.is_(None))
            .order_by(AccountRow.name_key)
        )
        return [{"name": r.name, "bot": bool(r.bot), "since": _aware(r.since).isoformat()} for r in rows]


def following_list(store: Store, me: int) -> list[dict[str, Any]]:
    """The accounts ``me`` follows, by name, each with what it does now: the public games it
    plays (``playing``: each ``{id, game, players, opponents, watch}``) and when its latest finished game
    began (``last_played``; None: none yet). Three queries whatever the number followed."""
    with store.engine.connect() as connection:
        followed = connection.execute(
            select(AccountRow.id, AccountRow.name, AccountRow.bot, FollowRow.since)
            .join(FollowRow, FollowRow.followed == AccountRow.id)
            .where(FollowRow.follower == me, AccountRow.closed.is_(None))
            .order_by(AccountRow.name_key)
        ).all()
        ids = [int(row.id) for row in followed]
        playing: dict[int, list[dict[str, Any]]] = {}
        last: dict[int, datetime] = {}
        if ids:
            games = connection.execute(
                select(
                    SeatAccountRow.account_id,
                    SeatAccountRow.seat,
                    GameRow.id,
                    GameRow.game,
                    GameRow.players,
                    GameRow.seats,
                )
                .join(GameRow, GameRow.id == SeatAccountRow.game_id)
                .where(
                    SeatAccountRow.account_id.in_(ids),
                    SeatAccountRow.playing,
                    GameRow.status == "playing",
                    GameRow.public,
                )
                .order_by(GameRow.created.desc())
            )
            for row in games:
                # The others' names tell two games of one kind apart; a seat's name is public.
                opponents = [seat["name"] for index, seat in enumerate(row.seats) if index != row.seat]
                playing.setdefault(int(row.account_id), []).append(
                    {
                        "id": row.id,
                        "game": row.game,
                        "players": row.players,
                        "opponents": opponents,
                        "watch": f"/game/{row.id}/watch",
                    }
                )
            latest = connection.execute(
                select(SeatAccountRow.account_id, func.max(GameRow.created))
                .join(GameRow, GameRow.id == SeatAccountRow.game_id)
                .where(SeatAccountRow.account_id.in_(ids), GameRow.status == "finished")
                .group_by(SeatAccountRow.account_id)
            )
            last = {int(account): _aware(moment) for account, moment in latest if moment is not None}
    return [
        {
            "name": row.name,
            "bot": bool(row.bot),
            "since": _aware(row.since).isoformat(),
            "playing": playing.get(int(row.id), []),
            "last_played": last[int(row.id)].isoformat() if int(row.id) in last else None,
        }
        for row in followed
    ]
