"""Exact answers for the last decisions of a Kingdomino game.

Only the acting seat's own kingdom makes its score, and once the last row is dealt no chance is
left: from a placement on, a seat's final score depends on its own choices alone as long as no
other seat can take a domino it still means to claim. Such a position is *exact*: each legal
action is worth the best final score the seat can still reach after it (every later choice of
its own made as well as it can), each final kingdom scored by the engine's scorer
(``State.score_sheet``). Another seat's moves in between change nothing of it, so the first legal
one is played for them.

The goals a position can have (:func:`goal_of`): ``last`` (the seat places its last domino),
``then_place`` (it places another held domino after this one) and ``then_claim`` (it claims a
domino of the last row after this placement, and places it).

>>> from kingdomino import make_game
>>> state = make_game("kingdomino", players=2).new_initial_state()
>>> exact_refusal(state)
'no placement to make: the game is at a draw, not a placement'
"""

from __future__ import annotations

from dataclasses import dataclass

from kingdomino.core.game import CHANCE, TERMINAL
from kingdomino.games.classic.state import CLAIM, PLACE, ClassicState

#: The variants whose rules a puzzle may have (a Dynasty's or a Mighty Duel's are left out).
PUZZLE_OPTIONS = frozenset({"harmony", "middle_kingdom"})


class NotExact(ValueError):
    """The position's outcome is not the acting seat's alone: its answers would be guesses."""


@dataclass(frozen=True)
class Answer:
    """A legal action (its text, as a game's actions are written) and the final score it leads to."""

    action: str
    points: int


def _pending(state: ClassicState, seat: int) -> tuple[int, bool]:
    """The placements ``seat`` still has to make and whether it still has a claim to make."""
    acting = state.current_player == seat
    later = [
        i
        for i, owner in enumerate(state.row_owner)
        if owner == seat and (i > state.slot or (i == state.slot and state.phase == PLACE))
    ]
    dealt_next = bool(state.next_row)
    claims = dealt_next and (bool(later) or (acting and state.phase == CLAIM))
    placements = len(later) + state.next_owner.count(seat) + (1 if acting and state.phase == CLAIM else 0)
    return placements, claims


def exact_refusal(state: ClassicState) -> str | None:
    """Why ``state`` is no exact puzzle (None: it is one): a Kingdomino placement of a seat whose
    final score only its own choices decide, among at least two legal actions."""
    chosen = {name for name, value in state.game.options.items() if value}
    if state.game.name != "kingdomino" or chosen - PUZZLE_OPTIONS:
        return f"{state.game.describe()}: only Kingdomino, with Harmony or the Middle Kingdom, has puzzles"
    if state.phase != PLACE or state.current_player < 0:
        return f"no placement to make: the game is at a {state.phase_name}, not a placement"
    if state.rounds_to_deal() > 0:
        return "dominoes are still to be dealt: the outcome depends on chance"
    if len(state.legal_actions()) < 2:
        return "only one legal action: nothing to decide"
    seat = state.current_player
    own = [i for i, owner in enumerate(state.row_owner) if owner == seat and i > state.slot]
    if state.next_row and own:
        return "another seat claims between this seat's claims: the outcome depends on its choice"
    return None


def goal_of(state: ClassicState) -> str:
    """What follows the decision for the acting seat: ``last``, ``then_place`` or ``then_claim``."""
    placements, claims = _pending(state, state.current_player)
    if claims:
        return "then_claim"
    return "then_place" if placements > 1 else "last"


def best_final(state: ClassicState, seat: int) -> int:
    """The best final score ``seat`` can reach from ``state`` by its own choices (the engine's
    scorer on each final kingdom); :class:`NotExact` when anything else could change it."""
    placements, claims = _pending(state, seat)
    if not placements:
        return state.score_sheet(seat).total
    player = state.current_player
    if player in (CHANCE, TERMINAL):
        raise NotExact(f"seat {seat} still has a domino to place at a chance node")
    if player != seat:
        if claims:
            raise NotExact(f"seat {player} acts before seat {seat}'s claim")
        after = state.clone()
        after.apply(after.legal_actions()[0])
        return best_final(after, seat)
    best = None
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        points = best_final(after, seat)
        best = points if best is None else max(best, points)
    assert best is not None  # a seat to act has a legal action
    return best


def solve(state: ClassicState) -> list[Answer]:
    """Every legal action of the acting seat with the final score it leads to, best first (ties in
    the order of the action codes); :class:`NotExact` names why a position has no exact answer."""
    refusal = exact_refusal(state)
    if refusal is not None:
        raise NotExact(refusal)
    seat = state.current_player
    answers = []
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        answers.append(Answer(state.action_text(action), best_final(after, seat)))
    return sorted(answers, key=lambda answer: -answer.points)
