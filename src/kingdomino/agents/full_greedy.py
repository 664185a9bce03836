"""``full-greedy``: the "full greedy" player of Gedda, Lagerkvist and Butler (2018).

Our ``greedy`` is a plain one-ply player: it places where its score gains most, then
claims the domino whose best placement gains most, each choice on its own. The paper's
full greedy (its text, and the behaviour of its published player) differs in three ways,
all kept here:

1. **Two dominoes at once.** A move of the paper's game server is a placement of the
   domino in hand *and* a claim of the next row. Full greedy values every pair: the
   kingdom after placing the current domino and then the claimed domino at its best
   placement (the score of the kingdom after both, bonuses of the game included). It
   places by the best pair, and later claims by it. A claimed domino that fits nowhere
   in that kingdom drops out of the pairs while any other pair exists; in the last
   round, with nothing to claim, a placement is valued on its own.
2. **No destructive kingdoms.** Of the pairs it drops those whose kingdom breaks the
   Middle Kingdom (a square more than ``frame // 2`` rows or columns from the castle)
   when others keep it, and then those that leave a single-square hole (an empty square
   of the castle-centred frame whose every neighbour is taken, the castle, or outside
   that frame) when others leave none. The filters hold in every rule set, as in the
   paper, whose server always scored both bonuses.
3. **The very first pick** (the setup claims, before any domino is placed) goes to the
   domino with the most crowns on one square; ties are broken by the agent's seeded
   generator, as are ties everywhere else.

One reading of the published code is ours: the first placement of a game uses the
two-domino look-ahead too (the published player placed it by the next claim's crowns
alone, i.e. anywhere).

Where it plays:

- **Kingdomino**, every player count and variant (2 players x 2 kings, Mighty Duel's
  7x7: the frame and the centre come from the game). Dynasty: each game of the match
  starts with a fresh first pick.
- **Kingdomino Origins**, every mode: fires stand for crowns and the territory's score
  (with the mode's bonuses, the totems held and the cavemen) for the kingdom's. The
  Fire Kingdom is the Middle Kingdom's filter. The other decisions (fire markers,
  totems, recruiting, paying, cavemen) are the plain greedy's immediate gains; a
  volcano's marker is not foreseen by the look-ahead.
- **Kingdomino Duel** has no idea of its own here: a round's two dice *are* the domino,
  drafted and drawn at once, and the plain greedy already values a draft by the best
  drawing of the dice it gives. ``full-greedy`` plays Duel as ``greedy``.

>>> from kingdomino import make_game
>>> from kingdomino.agents import make_agent
>>> state = make_game("kingdomino", 4, {"middle_kingdom": True}).new_initial_state()
>>> agent = make_agent("full-greedy", seed=1)
>>> while state.is_chance():
...     state.apply(state.sample_chance(agent.rng))
>>> state.illegal_reason(agent.act(state)) is None
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any, NamedTuple

from kingdomino.agents.base import Agent, Candidate, best_by_gain, no_params, ranked_by_gain
from kingdomino.core.game import State
from kingdomino.games.domino.geometry import Geometry
from kingdomino.games.domino.memo import GainMemo
from kingdomino.games.domino.state import CLAIM, FREE, PLACE, DominoState
from kingdomino.games.domino.territory import DominoKingdom

#: A pair's sort key: (keeps the Middle Kingdom, leaves no single-square hole, score).
Key = tuple[bool, bool, float]


class Bounded(NamedTuple):
    """A pair not yet valued: the action, the domino it plans to claim, the kingdom that domino
    would be placed in and its key, and a key no placement of it there beats (``bound_key``)."""

    bound: Key
    action: int
    claim: int
    kingdom: DominoKingdom
    kingdom_key: Key


class Pair(NamedTuple):
    """One candidate of the look-ahead: the action now, the domino it plans to claim (0: none),
    and the key of the kingdom after both placements (the claimed domino at its best one)."""

    action: int
    claim: int
    key: Key


def single_holes(geometry: Geometry, occupied: int, frame: int) -> int:
    """The empty squares of the castle-centred ``frame`` with no empty neighbour in it (the
    paper's "single-tile holes")."""
    empty = frame & ~occupied
    return empty & ~geometry.grid.spread(empty)


def has_single_hole(geometry: Geometry, occupied: int, frame: int) -> bool:
    """Whether the kingdom has a single hole (:func:`single_holes`): the paper's full greedy
    avoids kingdoms where no domino inside the frame can cover a square."""
    return bool(single_holes(geometry, occupied, frame))


def may_lose_its_holes(geometry: Geometry, occupied: int, frame: int) -> bool:
    """Whether a kingdom could have no single hole (:func:`has_single_hole`) after one more domino:
    it has none, or just one, next to an empty square outside the ``frame`` (a domino that breaks
    the Middle Kingdom may cover the two). Two holes are never neighbours, so a domino covers one
    at most."""
    holes = single_holes(geometry, occupied, frame)
    if not holes:
        return True
    if holes & (holes - 1):
        return False
    return bool(geometry.grid.spread(holes) & ~occupied & ~frame)


class FullGreedyAgent(Agent):
    """The paper's full greedy; plays as plain greedy where its idea does not apply."""

    name = "full-greedy"

    def act(self, state: State) -> int:
        return full_greedy_move(state, self.rng)

    def analyse(self, state: State, keep: int | None = None) -> list[Candidate]:
        """Legal actions by their best pair's key; the value shown is that pair's score."""
        pairs = decision_pairs(state)
        if pairs is None:
            return ranked_by_gain(state, state.score_gains())
        best: dict[int, Key] = {}
        for pair in pairs:
            if pair.action not in best or pair.key > best[pair.action]:
                best[pair.action] = pair.key
        ranked = sorted(best.items(), key=lambda item: item[1], reverse=True)
        return [Candidate(action, key[2], 0) for action, key in ranked]


#: Full greedy's best actions (its ties) by what decides them (``decision_key``). A search whose
#: playouts play full greedy meets the same decisions again and again (every playout from a
#: position starts from the same kingdoms and rows), and a decision costs a few milliseconds.
BEST_ACTIONS: GainMemo[tuple[object, ...], list[int]] = GainMemo(65_536)


def full_greedy_move(state: State, rng: random.Random) -> int:
    """Full greedy's move in ``state``, its ties broken by ``rng`` (plain greedy where its idea
    does not apply): the agent's move, and a playout's (``playouts.POLICIES["full-greedy"]``)."""
    ties = best_actions(state)
    if ties is None:
        return best_by_gain(state, state.score_gains(), rng)
    return ties[int(rng.random() * len(ties))] if len(ties) > 1 else ties[0]


def best_actions(state: State) -> list[int] | None:
    """The actions of full greedy's best pairs, in order; ``None`` where it plays plain greedy."""
    key = decision_key(state)
    if key is not None:
        found = BEST_ACTIONS.get(key)
        if found is not None:
            return found
    ties = decision_ties(state)
    if ties is None:
        return None
    return ties if key is None else BEST_ACTIONS.put(key, ties)


def decision_key(state: State) -> tuple[object, ...] | None:
    """Everything a placement or a claim of full greedy depends on, once the rows are dealt: the
    game's scoring settings, the legal actions, the seat's kingdom, the domino in hand and the
    dominoes free to claim (a seat's totems, in Origins, add the same points to every pair).
    ``None`` for the other decisions, which are not remembered."""
    if not isinstance(state, DominoState) or state.current_player < 0 or not state.row:
        return None
    if state.phase == PLACE:
        hand = state.row[state.slot]
        free = tuple(number for number, owner in zip(state.next_row, state.next_owner) if owner == FREE)
    elif state.phase == CLAIM:
        hand, free = 0, ()
    else:
        return None
    kingdom = state.kingdoms[state.current_player].contents()
    legal = tuple(state.legal_actions())
    return (state.game.name, state.game.values_key, state.phase, hand, free, legal, kingdom)


def decision_ties(state: State) -> list[int] | None:
    """The actions of the best candidates of :func:`decision_pairs`, in order, found without
    valuing the candidates a bound rules out (``DominoRules.best_of``); ``None`` elsewhere."""
    rules = DominoRules.of(state)
    if rules is not None and isinstance(state, DominoState) and state.row:
        if state.phase == PLACE:
            return rules.best_placements(state)
        if state.phase == CLAIM:
            return rules.best_claims(state)
    pairs = decision_pairs(state)
    if pairs is None:
        return None
    best = max(pair.key for pair in pairs)
    return sorted({pair.action for pair in pairs if pair.key == best})


def decision_pairs(state: State) -> list[Pair] | None:
    """The candidates of a placement or a claim in a domino game, one for each action and domino
    it plans to claim (that domino at its best placement); ``None`` elsewhere."""
    rules = DominoRules.of(state)
    if rules is None:
        return None
    assert isinstance(state, DominoState)
    if state.phase == PLACE:
        return rules.placement_pairs(state)
    if state.phase == CLAIM:
        if not state.row:
            numbers = [[code - rules.claim_base + 1] for code in state.legal_actions()]
            return rules.first_pick(state, numbers)
        return rules.claim_pairs(state)
    if state.phase_name == "first_claim":  # Origins, 2 players: the first claim takes two dominoes
        return rules.first_pick(state, rules.first_pairs(state))
    return None


class DominoRules:
    """What full greedy asks of a domino game: place a domino on a copy, score a kingdom."""

    def __init__(
        self,
        place: Callable[[DominoKingdom, int, int], None],
        score: Callable[[DominoKingdom], float],
        multiplier: Callable[[int], int],
        changes: Callable[[DominoKingdom, int, list[int]], list[int]],
        bound: Callable[[DominoKingdom, int], int | None],
        dominoes: Any,
        claim_base: int,
        geometry: Geometry,
    ) -> None:
        self.dominoes = dominoes
        self.place = place
        self.score = score
        self.multiplier = multiplier
        self.changes = changes
        self.bound = bound
        self.claim_base = claim_base
        self.geometry = geometry
        self.frame = geometry.castle_frame

    @classmethod
    def of(cls, state: State) -> DominoRules | None:
        """The rules of a Kingdomino or Origins state; ``None`` for another game."""
        if not isinstance(state, DominoState) or state.current_player < 0:
            return None
        game: Any = state.game
        seat = state.current_player
        dominoes = state.DOMINOES
        if game.name == "kingdomino":
            classic: Any = state

            def place(kingdom: DominoKingdom, code: int, number: int) -> None:
                kingdom.place(code, dominoes[number])  # type: ignore[attr-defined]

            def score(kingdom: DominoKingdom) -> float:
                return float(kingdom.region_points() + classic.kingdom_bonus(kingdom))  # type: ignore[attr-defined]

            def crowns(number: int) -> int:
                domino: Any = dominoes[number]
                return max(domino.first.crowns, domino.second.crowns)  # type: ignore[no-any-return]

            return cls(
                place,
                score,
                crowns,
                classic.placement_score_changes,
                classic.placement_score_change_bound,
                dominoes,
                game.claim_base,
                game.geometry,
            )
        if game.name == "origins":
            origins: Any = state
            resources = bool(game.resources_on)

            def place_origins(kingdom: DominoKingdom, code: int, number: int) -> None:
                kingdom.place(code, dominoes[number], resources)  # type: ignore[attr-defined]

            def score_origins(kingdom: DominoKingdom) -> float:
                return float(origins.kingdom_score(seat, kingdom))

            def fires(number: int) -> int:
                domino: Any = dominoes[number]
                return max(domino.first.fires, domino.second.fires)  # type: ignore[no-any-return]

            changes, bound = origins.placement_score_changes, origins.placement_score_change_bound
            return cls(
                place_origins, score_origins, fires, changes, bound, dominoes, game.claim_base, game.geometry
            )
        return None

    # --- the candidates -------------------------------------------------------------------

    def key(self, kingdom: DominoKingdom) -> Key:
        return (
            kingdom.is_centred(),
            not has_single_hole(self.geometry, kingdom.occupied, self.frame),
            self.score(kingdom),
        )

    def placed(self, kingdom: DominoKingdom, code: int, number: int) -> DominoKingdom:
        """A copy of ``kingdom`` with domino ``number`` placed as ``code``."""
        after = kingdom.copy()
        self.place(after, code, number)
        return after

    def placement_keys(self, kingdom: DominoKingdom, kingdom_key: Key, number: int) -> list[Key]:
        """The key of each placement of domino ``number`` in ``kingdom`` (whose own key is
        ``kingdom_key``; empty: it fits nowhere). The score after a placement is the kingdom's
        plus the game's score change for it (``placement_score_changes``), as if the domino were
        placed on a copy and scored afresh (a test holds the two equal), at a fraction of the cost:
        this is where full greedy spends its time."""
        codes = kingdom.legal_placements(self.dominoes[number])
        if not codes:
            return []
        centred, _, score = kingdom_key
        occupied, frame, geometry = kingdom.occupied, self.frame, self.geometry
        placements, centred_codes = geometry.placements, geometry.centred_codes
        keys = []
        for code, change in zip(codes, self.changes(kingdom, number, codes)):
            p = placements[code]
            assert p is not None
            holed = has_single_hole(geometry, occupied | p.first_bit | p.second_bit, frame)
            keys.append((centred and centred_codes[code], not holed, score + change))
        return keys

    def placement_pairs(self, state: DominoState) -> list[Pair]:
        seat = state.current_player
        kingdom = state.kingdoms[seat]
        number = state.row[state.slot]
        legal = state.legal_actions()
        if legal == [state.game.discard_action]:
            return [Pair(legal[0], 0, self.key(kingdom))]
        free = [n for n, owner in zip(state.next_row, state.next_owner) if owner == FREE]
        pairs: list[Pair] = []
        alone: list[Pair] = []
        for code in legal:
            after = self.placed(kingdom, code, number)
            after_key = self.key(after)
            alone.append(Pair(code, 0, after_key))
            for claim in free:
                keys = self.placement_keys(after, after_key, claim)
                if keys:
                    pairs.append(Pair(code, claim, max(keys)))
        return pairs or alone

    def claim_pairs(self, state: DominoState) -> list[Pair]:
        kingdom = state.kingdoms[state.current_player]
        kingdom_key = self.key(kingdom)
        pairs: list[Pair] = []
        alone: list[Pair] = []
        for code in state.legal_actions():
            number = code - self.claim_base + 1
            alone.append(Pair(code, number, kingdom_key))
            keys = self.placement_keys(kingdom, kingdom_key, number)
            if keys:
                pairs.append(Pair(code, number, max(keys)))
        return pairs or alone

    # --- the best candidates, skipping those a bound rules out --------------------------------

    def best_placements(self, state: DominoState) -> list[int]:
        """The actions of :meth:`placement_pairs`'s best pairs, in order."""
        kingdom = state.kingdoms[state.current_player]
        number = state.row[state.slot]
        legal = state.legal_actions()
        if legal == [state.game.discard_action]:
            return legal
        # The legal actions are the domino's legal placements, in the order placement_keys values them.
        placed_keys = dict(zip(legal, self.placement_keys(kingdom, self.key(kingdom), number)))
        free = [n for n, owner in zip(state.next_row, state.next_owner) if owner == FREE]
        candidates = []
        for code in legal:
            after_key = placed_keys[code]
            after = self.placed(kingdom, code, number)
            for claim in free:
                bound = self.bound_key(after, after_key, claim)
                candidates.append(Bounded(bound, code, claim, after, after_key))
        found = self.best_of(candidates)
        if found is not None:
            return found
        best = max(placed_keys[code] for code in legal)
        return sorted(code for code in legal if placed_keys[code] == best)

    def best_claims(self, state: DominoState) -> list[int]:
        """The actions of :meth:`claim_pairs`'s best pairs, in order."""
        kingdom = state.kingdoms[state.current_player]
        kingdom_key = self.key(kingdom)
        legal = state.legal_actions()
        candidates = []
        for code in legal:
            claim = code - self.claim_base + 1
            bound = self.bound_key(kingdom, kingdom_key, claim)
            candidates.append(Bounded(bound, code, claim, kingdom, kingdom_key))
        found = self.best_of(candidates)
        return sorted(legal) if found is None else found

    def bound_key(self, kingdom: DominoKingdom, kingdom_key: Key, number: int) -> Key:
        """A key no placement of domino ``number`` in ``kingdom`` beats: a kingdom off centre stays
        so, single holes stay unless :func:`may_lose_its_holes`, and the score grows by at most the
        game's bound (``placement_score_change_bound``)."""
        centred, whole, score = kingdom_key
        if not whole:
            whole = may_lose_its_holes(self.geometry, kingdom.occupied, self.frame)
        bound = self.bound(kingdom, number)
        return (centred, whole, math.inf if bound is None else score + bound)

    def best_of(self, candidates: list[Bounded]) -> list[int] | None:
        """The actions of the best pairs among ``candidates``, in order (``None``: no claimed domino
        fits anywhere). They are valued in the order of their bounds until no bound reaches the
        best key found: the pairs left can neither beat nor tie it."""
        candidates.sort(key=lambda candidate: candidate.bound, reverse=True)
        best: Key | None = None
        ties: set[int] = set()
        for candidate in candidates:
            if best is not None and candidate.bound < best:
                break
            keys = self.placement_keys(candidate.kingdom, candidate.kingdom_key, candidate.claim)
            if not keys:
                continue
            top = max(keys)
            if best is None or top > best:
                best, ties = top, {candidate.action}
            elif top == best:
                ties.add(candidate.action)
        return None if best is None else sorted(ties)

    def first_pick(self, state: DominoState, options: list[list[int]]) -> list[Pair]:
        """The setup claims: each legal option (a claim, or the first claim of two dominoes), its
        dominoes' numbers in ``options``, keyed by the most crowns (fires) on one of their squares."""
        pairs = []
        for option, numbers in zip(state.legal_actions(), options):
            most = max(self.multiplier(number) for number in numbers)
            pairs.append(Pair(option, 0, (True, True, float(most))))
        return pairs

    def first_pairs(self, state: DominoState) -> list[list[int]]:
        """Origins, 2 players: the domino numbers each first-claim option takes."""
        game: Any = state.game
        return [
            [state.next_row[position - 1] for position in game.first_pairs[code - game.pair_base]]
            for code in state.legal_actions()
        ]


def make_full_greedy(params: dict[str, str], seed: int | None) -> Agent:
    """The ``full-greedy`` kind (no parameters)."""
    no_params("full-greedy", params)
    return FullGreedyAgent(seed)
