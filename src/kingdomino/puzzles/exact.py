"""Exact answers for the last decisions of a Kingdomino Duel or Kingdomino Origins game.

Unlike Kingdomino's (:mod:`.solver`), these games let one seat's moves reach another's score: a
Duel player who completes a spellbook line first takes its power, and a map filled ends the game
for both; an Origins totem goes to whoever holds the most of its resource, and a caveman
recruited leaves the cave. So no reasoning about the rules stands in for the search here: the
whole rest of the game is searched. Each legal action of the acting seat is worth the best final
score it can still reach, every later choice of its own made as well as it can, and *every*
choice of the other seats is tried and must give that seat the same best score (were it not so,
the answer would depend on an opponent's play). A chance node on the way (a Duel roll, an Origins
domino or caveman to draw) refuses the position: the goals are free of chance, none is an
expectation. Each final position is scored by the engine's own scorer (``State.score_sheet``).

The search is bounded (``BUDGET`` positions): a position whose proof would take longer is
refused, as one that is not exact is.
"""

from __future__ import annotations

from kingdomino.core.game import CHANCE, State

#: The positions one proof may visit at most (a larger one is refused, not guessed).
BUDGET = 20_000


class NotExact(ValueError):
    """The position's outcome is not the acting seat's alone, or too large to prove."""


class _Search:
    """One proof: the positions visited so far against the budget."""

    def __init__(self, seat: int, budget: int) -> None:
        self.seat = seat
        self.left = budget

    def best_final(self, state: State) -> int:
        """The best final score the seat can reach from ``state``; :class:`NotExact` when chance or
        another seat's choice could change it."""
        self.left -= 1
        if self.left < 0:
            raise NotExact("the proof would visit too many positions")
        if state.is_terminal():
            return state.score_sheet(self.seat).total
        player = state.current_player
        if player == CHANCE:
            raise NotExact("chance is left before the game's end: the outcome depends on it")
        values = []
        for action in state.legal_actions():
            after = state.clone()
            after.apply(action)
            values.append(self.best_final(after))
            if player != self.seat and values[-1] != values[0]:
                raise NotExact(f"seat {player}'s choice changes seat {self.seat}'s final score")
        return max(values)


def answers_of(state: State, budget: int = BUDGET) -> list[tuple[int, int]]:
    """Each legal action of the acting seat (its code) with the best final score it leads to,
    best first (ties in the order of the action codes); :class:`NotExact` when the position's
    outcome is not the seat's alone (module text)."""
    seat = state.current_player
    if seat < 0:
        raise NotExact("no seat acts here")
    actions = state.legal_actions()
    if len(actions) < 2:
        raise NotExact("only one legal action: nothing to decide")
    search = _Search(seat, budget)
    found = []
    for action in actions:
        after = state.clone()
        after.apply(action)
        found.append((action, search.best_final(after)))
    return sorted(found, key=lambda pair: -pair[1])


def decisions_after(state: State, action: int) -> tuple[bool, bool]:
    """Whether the acting seat decides again after ``action`` on the way to the end (the first
    legal line of everyone's moves), and whether one of those decisions is a claim of a domino or
    a draft of dice (a position :func:`answers_of` proved exact)."""
    seat = state.current_player
    after = state.clone()
    after.apply(action)
    again = claims = False
    while not after.is_terminal() and after.current_player != CHANCE:
        if after.current_player == seat and len(after.legal_actions()) > 1:
            again = True
            claims = claims or getattr(after, "phase_name", "") in ("claim", "draft_a", "draft_b")
        after.apply(after.legal_actions()[0])
    return again, claims
