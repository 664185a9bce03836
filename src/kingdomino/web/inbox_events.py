"""The events kept in an account's inbox (``inbox_store``), so that a player who comes back sees
what happened while away, with or without Web Push: a challenge received, accepted or declined;
in a turn-based game, their move (one entry per game, unread again at each turn, gone once they
moved: it says "your move" no more) and its end with their place; in a club tournament, its
start, each round's game with whom, and its end with their place.

Each is noted where the push of the same moment is made (``push_events``) or where the game's
result and the tournament's rounds are kept, a line there. A write that fails is logged and
dropped: the move, the seat or the round it tells of is kept already, and an inbox entry is not
worth refusing it (but a tournament's end, written with its entries in one transaction:
``tournament_end``; nothing would ever tell it again). The writes go to the database, so every
server of it reads the same inbox: those of a move or of a game's seats within the table's write,
on the event loop as its own commit is (a turn-based game's moves, a few a day, and a challenge's
answers: a move of any other game writes nothing), those of a result or of a tournament's rounds
in a thread.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from kingdomino.web.club_pairing import standings
from kingdomino.web.failures import log_failure
from kingdomino.web.inbox_store import Event, drop_key, mark_key_read, note
from kingdomino.web.store import Store
from kingdomino.web.stored import StoredGame
from kingdomino.web.table_pairing import table_standings

if TYPE_CHECKING:
    from kingdomino.web.table import Table
    from kingdomino.web.tournament_store import Tournament


def kept(store: Store, writes: Callable[[], None], what: str) -> None:
    """Run ``writes`` (the inbox's notes of one event), logging a failure rather than raising it."""
    try:
        writes()
    except Exception as error:  # the database away a moment: this entry is lost, not the event
        log_failure(error, f"the inbox's note of {what}")


def about(stored: StoredGame) -> dict[str, Any]:
    """What an entry of a game says of it: its id, game, options and number of players."""
    return {"game_id": stored.id, "game": stored.game, "options": stored.options, "players": stored.players}


def others(seats: Sequence[dict[str, Any]], seat: int) -> list[str]:
    """The names of the seats other than ``seat`` (an unnamed one left out)."""
    return [str(info["name"]) for i, info in enumerate(seats) if i != seat and info.get("name")]


def turn_based(stored: StoredGame) -> bool:
    """Whether ``stored`` is played by the day, among people (a human's or an open seat besides
    one): a game at one sitting needs no inbox, its page says it all."""
    people = sum(
        info["kind"] in ("human", "open") or info.get("account") is not None for info in stored.seats
    )
    return (stored.time_control or {}).get("kind") == "days" and people > 1


def turn_passed(table: Table, before: int | None) -> None:
    """A move of seat ``before`` (None: the game has begun) was written in ``table``: its player's
    turn entry is dropped once the turn passed to another seat (whichever page or server stored
    the move: a "Your move" kept, even read, would still say it), read while the turn is still
    theirs (a domino placed, one to choose). The player to act now is told it is their move,
    unless a page of their seat is open here (it says so itself) or they moved twice in a row."""
    stored = table.stored
    if not turn_based(stored):
        return
    seat, key = table.state.current_player, f"turn:{stored.id}"

    def writes() -> None:
        mover = stored.seats[before].get("account") if before is not None else None
        if mover is not None:
            (mark_key_read if seat == before else drop_key)(table.store, int(mover), key)
        account = stored.seats[seat].get("account") if 0 <= seat < len(stored.seats) else None
        if stored.status != "playing" or seat == before or account is None:
            return
        if seat in table.presence.open_here():
            return
        if stored.seats[seat]["kind"] != "human":
            return
        event = Event("your_turn", key, {**about(stored), "others": others(stored.seats, seat)})
        note(table.store, int(account), event, renewed=True)

    kept(table.store, writes, "a turn")


def page_left(table: Table, seats: Iterable[int]) -> None:
    """The last page here of each of ``seats`` closed: a seat whose move it still is in ``table``'s
    turn-based game is told it is their move, as if the turn came now, unless an entry of the
    turn is kept already. Its turn came while the page was open, so ``turn_passed`` noted none,
    and the mail of moves (``mail_notice_sweep``), which follows the inbox, would never tell a
    player who saw the move and walked away; the mail's wait counts from now, when they left."""
    stored = table.stored
    if not turn_based(stored) or stored.status != "playing":
        return
    seat = table.state.current_player
    if seat not in seats or stored.seats[seat]["kind"] != "human":
        return
    account = stored.seats[seat].get("account")
    if account is None:
        return
    event = Event("your_turn", f"turn:{stored.id}", {**about(stored), "others": others(stored.seats, seat)})
    kept(table.store, lambda: note(table.store, int(account), event), "a turn left open")


def seats_written(table: Table, status: str, seats: Sequence[dict[str, Any]]) -> None:
    """``table``'s seats were ``seats`` (its status ``status``) before a write: a challenged player
    who took their kept seat accepted (the challenger is told), one whose seat is now marked
    ``declined`` declined (the challenger and those who accepted are told). Either reads the
    player's entry of the challenge. Its end unplayed (declined, called off, unanswered) reads
    the entries of those who answered, and drops those of the players who had not: it is answered
    no more, and an account that challenges and calls off in a loop fills nobody's inbox with
    challenges gone. A tournament's game is no challenge."""
    stored = table.stored
    creator = stored.creator()
    if status != "open" or creator is None or any(info.get("tournament") for info in seats):
        return
    by = stored.seats[creator].get("account")
    creator_name = str(stored.seats[creator].get("name") or "")

    def writes() -> None:
        for seat, (was, now) in enumerate(zip(seats, stored.seats, strict=False)):
            answered = was.get("for") if was["kind"] == "open" else None
            if answered is None or seat == creator:
                continue
            name = str(now.get("name") or was.get("name") or "")
            if now.get("declined") and not was.get("declined"):
                mark_key_read(table.store, int(answered), f"challenge:{stored.id}")
                for account, yours in challenge_accounts(stored.seats, creator, answered):
                    mark_key_read(table.store, account, f"challenge:{stored.id}")  # no longer answered
                    params = {**about(stored), "name": name, "creator": creator_name, "yours": yours}
                    note(table.store, account, Event("challenge_declined", f"declined:{stored.id}", params))
            elif now["kind"] == "human" and now.get("account") == answered and by is not None:
                mark_key_read(table.store, int(answered), f"challenge:{stored.id}")
                params = {**about(stored), "name": name}
                note(
                    table.store,
                    int(by),
                    Event("challenge_accepted", f"accepted:{stored.id}:{answered}", params),
                )
        if stored.status == "expired":  # declined, called off or unanswered: answered no more
            for info in stored.seats:
                if info["kind"] == "human" and info.get("account") is not None:
                    mark_key_read(table.store, int(info["account"]), f"challenge:{stored.id}")
                elif info["kind"] == "open" and info.get("for") is not None:
                    read = mark_key_read if info.get("declined") else drop_key
                    read(table.store, int(info["for"]), f"challenge:{stored.id}")

    kept(table.store, writes, "a challenge's answer")


def challenge_accounts(
    seats: Sequence[dict[str, Any]], creator: int, declined: int
) -> Iterable[tuple[int, bool]]:
    """The accounts of a challenge's ``seats`` that took part in it, the challenger and those who
    accepted, but the one that ``declined`` it, each with whether it made the challenge (seat
    ``creator``)."""
    for seat, info in enumerate(seats):
        account = info.get("account") if info["kind"] == "human" else None
        if account is not None and int(account) != declined:
            yield int(account), seat == creator


def challenge_made(table: Table) -> None:
    """Each account a seat of ``table``'s new game is kept for is told who challenges it, and
    whether its game allows takebacks (``takebacks``: the entry says "No takebacks" before the
    challenge is accepted, as the lobby's challenge card does)."""
    stored = table.stored
    creator = stored.creator()
    by = str(stored.seats[creator]["name"]) if creator is not None else ""
    params = {**about(stored), "name": by, "takebacks": stored.takebacks}

    def writes() -> None:
        for info in stored.seats:
            if info["kind"] == "open" and info.get("for") is not None:
                event = Event("challenged", f"challenge:{stored.id}", params)
                note(table.store, int(info["for"]), event)

    kept(table.store, writes, "a challenge")


def game_ended(store: Store, game: StoredGame, places: Sequence[int]) -> None:
    """A turn-based ``game`` ended with its seats' ``places`` (1 first): each account playing it is
    told its place (``won``: first alone), and its turn entry is dropped: nobody's move now."""
    if not turn_based(game):
        return

    def writes() -> None:
        for seat, info in enumerate(game.seats):
            if info.get("account") is None:
                continue
            account, place = int(info["account"]), places[seat]
            won = place == 1 and list(places).count(1) == 1
            params = {**about(game), "others": others(game.seats, seat), "place": place, "won": won}
            drop_key(store, account, f"turn:{game.id}")
            note(store, account, Event("game_ended", f"ended:{game.id}", params))

    kept(store, writes, "a game's end")


def tournament_began(store: Store, tournament: Tournament) -> None:
    """``tournament`` has begun: each of its players is told."""
    params = {"tournament": tournament.id, "name": tournament.name}
    event = Event("tournament_started", f"tournament:{tournament.id}:start", params)

    def writes() -> None:
        for player in tournament.players:
            note(store, player.account_id, event)

    kept(store, writes, "a tournament's start")


def paired(store: Store, tournament: Tournament, players: Sequence[int], game_id: str) -> None:
    """``players`` were paired in ``tournament``'s current round, at the game ``game_id``: each is
    told whom they play."""
    names = tournament.names()

    def writes() -> None:
        for account in players:
            params = {
                "tournament": tournament.id,
                "name": tournament.name,
                "round": tournament.round,
                "game_id": game_id,
                "others": [names[other] for other in players if other != account],
            }
            note(
                store,
                account,
                Event("tournament_round", f"tournament:{tournament.id}:{tournament.round}", params),
            )

    kept(store, writes, "a round's pairing")


def tournament_places(tournament: Tournament) -> list[tuple[int, int]]:
    """Each player of the round tournament ``tournament`` and their place in its standings (one
    ``tournament_ended`` entry each at its end: ``tournament_end``)."""
    names = tournament.names()
    lines = (
        table_standings(names, tournament.table_played())
        if tournament.table_size > 2
        else standings(names, tournament.played())
    )
    return [(line.player, line.rank) for line in lines]


def place_events(tournament: Tournament, places: Sequence[tuple[int, int]]) -> list[tuple[int, Event]]:
    """The ``tournament_ended`` entry of each player of ``places`` (account, rank): their
    ``place`` ``of`` how many."""
    params = {"tournament": tournament.id, "name": tournament.name, "of": len(places)}
    key = f"tournament:{tournament.id}:end"
    return [(player, Event("tournament_ended", key, {**params, "place": rank})) for player, rank in places]
