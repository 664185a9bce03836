"""Puzzles on the server: the position as its player sees it, the next puzzle near a player's
rating, the daily puzzle, and an answer checked and rated.

A puzzle is the package's (``kingdomino.puzzles.catalogue``): the engine proved its answers when
the set was made. Its view is built as a game's (``views``: the engine's public view of the
position, the seat's legal moves and score sheets), without what would give the answer away (no
points a move adds, no aids) and without anything hidden (no seed, no deal to come: none is left).
An account's answer rates it as a game against the puzzle (``ratings.glicko2``: a solved puzzle a
win, the puzzle's rating moving the other way), the first answer to each puzzle only. Each set
(``catalogue.KINDS``: Kingdomino, Duel, each mode of Origins) has its own ratings, as each game
has: Kingdomino's in ``puzzle_players``, the others' in ``puzzle_game_players``.
"""

from __future__ import annotations

import hashlib
import random
from datetime import date
from functools import cache
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from kingdomino.puzzles.catalogue import KINDS, Puzzle, shipped, shipped_kind
from kingdomino.ratings.glicko2 import START_RATING, Rating, update
from kingdomino.web.puzzle_tables import (
    PuzzleAnswerRow,
    PuzzleGamePlayerRow,
    PuzzlePlayerRow,
    PuzzleRatingRow,
)
from kingdomino.web.refusals import HubError
from kingdomino.web.store import Store
from kingdomino.web.stored import now
from kingdomino.web.views import sheet_json

#: The puzzles nearest a player's rating among which the next one is drawn.
NEAREST = 12
#: A puzzle's deviation before anyone answered it: its rating is the set's guess.
PUZZLE_DEVIATION = 250.0


def kind_named(kind: str) -> str:
    """``kind`` when it names a set of puzzles; 422 on the field ``game`` for any other."""
    if kind not in KINDS or not shipped_kind(kind):
        raise HubError(422, "game", f"no puzzles of {kind!r}; expected one of {', '.join(KINDS)}")
    return kind


def _player_row(session: Session, account_id: int, kind: str, lock: bool = False) -> Any:
    """The account's rating row in the set ``kind`` (None before its first answer there)."""
    if kind == "kingdomino":
        return session.get(PuzzlePlayerRow, account_id, with_for_update=lock)
    return session.get(PuzzleGamePlayerRow, (account_id, kind), with_for_update=lock)


def _new_player_row(account_id: int, kind: str) -> PuzzlePlayerRow | PuzzleGamePlayerRow:
    if kind == "kingdomino":
        return PuzzlePlayerRow(account_id=account_id, tried=0, solved=0)
    return PuzzleGamePlayerRow(account_id=account_id, kind=kind, tried=0, solved=0)


def puzzle_named(puzzle_id: str) -> Puzzle:
    """The puzzle of that id; 404 ``no_puzzle`` for any other."""
    puzzle = shipped().get(puzzle_id)
    if puzzle is None:
        raise HubError(404, "id", f"no puzzle has the id {puzzle_id!r}", "no_puzzle", {"id": puzzle_id})
    return puzzle


@cache
def puzzle_view(puzzle_id: str) -> dict[str, Any]:
    """The position of a puzzle as its player sees it, shaped as a game's view for the board."""
    puzzle = puzzle_named(puzzle_id)
    state = puzzle.state()
    position = state.view(None)
    position.pop("legal_actions", None)
    return {
        "type": "puzzle",
        "id": puzzle.id,
        "game": puzzle.game,
        "kind": puzzle.kind,
        "description": state.game.describe(),
        "options": dict(puzzle.options),
        "status": "playing",
        "seats": [
            {"seat": s, "name": "You" if s == puzzle.seat else f"Player {s + 1}", "kind": "human"}
            for s in range(puzzle.players)
        ],
        "your_seats": [puzzle.seat],
        "current_player": puzzle.seat,
        "legal_actions": [state.action_text(a) for a in state.legal_actions()],
        "observation": position,
        "scores": state.scores(),
        "score_sheets": [sheet_json(state, s) for s in range(puzzle.players)],
        "aids": None,
        "goal": puzzle.goal,
    }


def _rating_of(row: Any) -> Rating:
    return Rating(row.rating, row.deviation, row.volatility)


def puzzle_ratings(store: Store, kind: str = "kingdomino") -> dict[str, Rating]:
    """Each puzzle's rating in the set ``kind``: its row once answered, else the set's first guess."""
    with store.sessions() as session:
        rows = {row.puzzle_id: _rating_of(row) for row in session.scalars(select(PuzzleRatingRow))}
    return {pid: rows.get(pid, Rating(p.rating, PUZZLE_DEVIATION)) for pid, p in shipped_kind(kind).items()}


def _shown_rating(row: Any) -> dict[str, Any]:
    rating = _rating_of(row)
    return {
        "rating": round(rating.rating),
        "provisional": rating.provisional,
        "tried": row.tried,
        "solved": row.solved,
    }


def player_rating(store: Store, account_id: int, kind: str = "kingdomino") -> dict[str, Any] | None:
    """An account's puzzle rating in the set ``kind`` as a page shows it (None: it answered none
    of that set yet)."""
    with store.sessions() as session:
        row = _player_row(session, account_id, kind)
    return None if row is None else _shown_rating(row)


def player_ratings(store: Store, account_id: int) -> dict[str, dict[str, Any]]:
    """An account's puzzle rating in each set it answered a puzzle of, in the order of the sets."""
    with store.sessions() as session:
        rows: dict[str, Any] = {"kingdomino": session.get(PuzzlePlayerRow, account_id)}
        found = select(PuzzleGamePlayerRow).where(PuzzleGamePlayerRow.account_id == account_id)
        rows.update({row.kind: row for row in session.scalars(found)})
    return {kind: _shown_rating(rows[kind]) for kind in KINDS if rows.get(kind) is not None}


def page_rating(store: Store, account_id: int, kind: str = "kingdomino") -> dict[str, Any]:
    """An account's puzzle rating in the set ``kind`` for the puzzles' page: the starting one
    before its first answer (a logged-in player is rated from the first puzzle on)."""
    start = Rating()
    found = player_rating(store, account_id, kind)
    return found or {"rating": round(start.rating), "provisional": start.provisional, "tried": 0, "solved": 0}


def next_puzzle(store: Store, account_id: int | None, skip: set[str], kind: str = "kingdomino") -> Puzzle:
    """A puzzle of the set ``kind`` near the player's rating in it (a guest's: the starting one)
    that they have not answered (an account) nor skip (the ids a guest's page names), drawn among
    the nearest."""
    ratings = puzzle_ratings(store, kind)
    mine = START_RATING
    if account_id is not None:
        with store.sessions() as session:
            row = _player_row(session, account_id, kind)
            answered = set(
                session.scalars(
                    select(PuzzleAnswerRow.puzzle_id).where(PuzzleAnswerRow.account_id == account_id)
                )
            )
        mine = row.rating if row is not None else START_RATING
        skip = skip | answered
    left = [pid for pid in ratings if pid not in skip] or list(ratings)
    left.sort(key=lambda pid: (abs(ratings[pid].rating - mine), pid))
    return shipped()[random.choice(left[:NEAREST])]


def daily_puzzle(day: date) -> Puzzle:
    """The puzzle of the day: the same for everyone all day (its date's digest picks it), always a
    Kingdomino one (the game the lobby's card names)."""
    ids = sorted(shipped_kind("kingdomino"))
    digest = hashlib.sha256(day.isoformat().encode()).digest()
    return shipped()[ids[int.from_bytes(digest[:8], "big") % len(ids)]]


def answer(store: Store, account_id: int | None, puzzle: Puzzle, action: str) -> dict[str, Any]:
    """Check ``action`` (a legal action's text, as in games) against the puzzle's exact answers;
    for an account, rate its first answer to this puzzle. The answer says every action's points."""
    points = puzzle.points_of(action)
    if points is None:
        raise HubError(422, "action", f"{action!r} is not a legal action of puzzle {puzzle.id}")
    solved = points == puzzle.best
    result: dict[str, Any] = {
        "solved": solved,
        "action": action,
        "points": points,
        "best": puzzle.best,
        "answers": [{"action": a.action, "points": a.points} for a in puzzle.answers],
        "rating": None,
    }
    if account_id is not None:
        result["rating"] = _rate(store, account_id, puzzle, action, solved)
    return result


def settles(player: Rating) -> bool:
    """Whether ``player``'s answers move a puzzle's rating: once their own is settled (not
    provisional). New accounts are free to make, and a dozen of them answering one puzzle wrong
    on purpose would raise its rating for a friend's account to solve it at a profit; an
    account's rating settles after about 16 answers to puzzles of the set's ratings."""
    return not player.provisional


def _rate(
    store: Store, account_id: int, puzzle: Puzzle, action: str, solved: bool, again: bool = True
) -> dict[str, Any]:
    """Rate the account's first answer to ``puzzle`` (a later one moves nothing): both ratings in
    one transaction, the answer's row the once-only key."""
    try:
        with store.sessions.begin() as session:
            player_row = _player_row(session, account_id, puzzle.kind, lock=True)
            puzzle_row = session.get(PuzzleRatingRow, puzzle.id, with_for_update=True)
            player = _rating_of(player_row) if player_row else Rating()
            opponent = _rating_of(puzzle_row) if puzzle_row else Rating(puzzle.rating, PUZZLE_DEVIATION)
            if session.get(PuzzleAnswerRow, (account_id, puzzle.id)) is not None:
                return {
                    "before": round(player.rating),
                    "after": round(player.rating),
                    "rated": False,
                    "provisional": player.provisional,
                }
            mine = update(player, [(opponent, 1.0 if solved else 0.0)])
            # A provisional player moves no puzzle's rating (``settles``).
            theirs = update(opponent, [(player, 0.0 if solved else 1.0)]) if settles(player) else opponent
            session.add(
                PuzzleAnswerRow(
                    account_id=account_id,
                    puzzle_id=puzzle.id,
                    action=action,
                    solved=solved,
                    rating_before=player.rating,
                    rating_after=mine.rating,
                    answered=now(),
                )
            )
            if player_row is None:
                player_row = _new_player_row(account_id, puzzle.kind)
                session.add(player_row)
            player_row.rating, player_row.deviation, player_row.volatility = (
                mine.rating,
                mine.deviation,
                mine.volatility,
            )
            player_row.tried += 1
            player_row.solved += int(solved)
            player_row.updated = now()
            if puzzle_row is None:
                puzzle_row = PuzzleRatingRow(puzzle_id=puzzle.id, plays=0)
                session.add(puzzle_row)
            puzzle_row.rating, puzzle_row.deviation = theirs.rating, theirs.deviation
            puzzle_row.volatility = theirs.volatility
            puzzle_row.plays += 1
    except IntegrityError:
        if not again:
            raise
        # A row made meanwhile by another request (the same first answer, a first rating): read it now.
        return _rate(store, account_id, puzzle, action, solved, again=False)
    return {
        "before": round(player.rating),
        "after": round(mine.rating),
        "rated": True,
        "provisional": mine.provisional,
    }
