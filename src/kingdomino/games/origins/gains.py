"""What each Kingdomino Origins move gains the acting seat: the engine's greedy support.

Placements and claims are valued by the shared :class:`~kingdomino.games.domino.flow.DominoFlow`
(remembered in ``PLACEMENT_VALUES``, with the outlook's terms for ``fast_estimates``); this
module adds the first claim of 2 players (a pair of dominoes), recruits (the best square for
the caveman) and the other choices (fire, totem, pay, caveman), tried on a copy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kingdomino.core.grid import bit_indices
from kingdomino.games.origins.phases import FIRST, RECRUIT

if TYPE_CHECKING:
    from kingdomino.games.origins.state import OriginsState


def score_gains(state: OriginsState) -> list[tuple[int, float]]:
    """Score change for the acting seat; claims: the best placement of the claimed domino(es)."""
    if state.player < 0:
        return []
    shared = state._place_claim_gains(outlook=False)
    if shared is not None:
        return shared
    phase, game, seat = state.phase, state.game, state.player
    kingdom = state.kingdoms[seat]
    if phase == FIRST:
        result = []
        for code in state.legal_actions():
            gain = 0.0
            for position in game.first_pairs[code - game.pair_base]:
                number = state.next_row[position - 1]
                gain += max(state._placement_values(kingdom, number, False)[1], default=0.0)
            result.append((code, gain))
        return result
    base = state.kingdom_score(seat)
    if phase == RECRUIT:
        result = []
        for code in state.legal_actions():
            if code == game.no_recruit:
                result.append((code, 0.0))
                continue
            kind = state.cave[code - game.recruit_base] if code < game.stack_base else code - game.stack_base
            result.append((code, float(best_caveman_gain(state, seat, kind, base))))
        return result
    gains = []
    for code in state.legal_actions():
        other = state.clone()
        other.apply_unchecked(code)
        gains.append((code, float(other.kingdom_score(seat) - base)))
    return gains


def fast_estimates(state: OriginsState) -> list[tuple[int, float]]:
    """Immediate gains plus the outlook for placements and claims.

    Joined squares and dead squares (``domino.outlook``) mean the same on a territory; the
    row place has its own weight here. Recruits, fire markers and totem choices keep their
    immediate gains.
    """
    if state.player < 0:
        return []
    shared = state._place_claim_gains(outlook=True)
    return shared if shared is not None else score_gains(state)


def best_caveman_gain(state: OriginsState, seat: int, kind: int, base: int) -> int:
    """The most a caveman of ``kind`` adds to ``seat``'s score (``base``) on any square it may take."""
    kingdom = state.kingdoms[seat]
    best = 0
    for index in bit_indices(kingdom.caveman_squares()):
        trial = kingdom.copy()
        trial.cavemen[kind] |= 1 << index
        best = max(best, state.kingdom_score(seat, trial) - base)
    return best
