"""The Kingdomino Origins rules: flow, volcanoes, totems, cavemen, scoring, ranking.

Flow (RULES.md "Kingdomino Origins"; 48 dominoes, rows of 4, 12 rounds):

1. *draw* (chance, one domino at a time) the first row; it is sorted ascending.
   Tribe: *reveal* (chance) cavemen from the face-down stack until 4 lie face up.
2. *chief* (chance): a random chief is drawn and its owner *claims* a domino of the
   row, until every chief stands on the row. With 2 players (Neolithic: 2 chiefs
   each, 7x7) one *chief* draw picks the first player, who claims ``1+4`` or ``2+3``
   (positions in the row); the other player gets the remaining two.
3. each round: the next row is drawn (if dominoes remain); with 3 players the
   domino left unclaimed in the row is discarded (``discarded``). Tribe: the cave
   is refilled to 4 face-up cavemen. Then, chief by chief in row order, the owner
   *places* the domino (or discards it when no legal placement exists);
   for each volcano half placed, whose marker is still in the supply, chooses
   *fire R,C*, *no-fire* or, when no square can take it, *fire-to-box*;
   Totem: every totem is re-assigned (a holder facing a tie among new leaders
   chooses with *totem S*); then *claims* a domino of the next row; Tribe: may
   *recruit* (face-up slot, paying 2 different resources, or any kind left in the
   stack, paying 4), *pays* each resource square by square, and puts the caveman
   on a square (*caveman R,C*).

Choices where RULES.md is silent (documented here; options in :mod:`.game`):

* A fire marker goes on a domino square (not the hut, not an empty square).
  ``fire-to-box`` lets a player take a marker that cannot be placed, which only
  empties the supply (RULES.md: "if no such square exists the marker goes back
  to the box").
* Totems are re-assigned after each placement and its fires, resource by resource
  in data order. A totem with no holder goes to a strict leader only; when no
  player holds any of a resource, its totem returns to the supply. A holder tied
  for the lead keeps it (option ``totem_tie=choose``: it chooses among the tied).
* A caveman goes on a domino square (not the hut) without printed fire, marker,
  resource or another caveman (a volcano square is allowed: RULES.md forbids only
  fire, markers and resources); the resources just paid free their squares.
  A player may recruit after each claim (one per chief); not after the last
  round's placement unless ``final_recruit``. The face-down stack's composition is
  public (all 22 cavemen are known and every revealed one is seen), so
  ``recruit-stack`` names a kind still in the stack; its order never exists.
* Fire Woman counts fire symbols printed and on markers. The tie-break "largest
  region" counts regions of every terrain, "whether or not it has fire" (seed 004):
  a group of volcano squares is a region of its own that scores 0 but counts here
  (RULES.md).
* Homo Habilis counts the player's own discards only (the 3-player unclaimed
  domino is nobody's discard).

Chance is lazy (a domino or caveman is chosen only when drawn) and single-outcome
chance nodes are applied at once.

The domino flow is :class:`~kingdomino.games.domino.flow.DominoFlow`'s; this class fills its
hooks. Why an action is illegal: :mod:`.reasons`; greedy support: :mod:`.gains`; what players
see: :mod:`.view`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, cast

from kingdomino.core.game import CHANCE, ScoreSheet, check_seat
from kingdomino.games.domino.flow import DominoFlow, Values
from kingdomino.games.domino.memo import GainMemo
from kingdomino.games.domino.state import FREE as FREE
from kingdomino.games.domino.territory import DominoKingdom
from kingdomino.games.origins import gains, reasons, view
from kingdomino.games.origins.components import (
    BONUSES,
    CAVE_FACE_UP,
    CAVEMEN,
    COST_FACE_UP,
    COST_STACK,
    DOMINOES,
    MARKERS,
    NUM_DOMINOES,
    NUM_RESOURCES,
    RESOURCES,
    Domino,
    domino_text,
)
from kingdomino.games.origins.kingdom import Kingdom
from kingdomino.games.origins.phases import (
    CAVEMAN,
    CHIEF,
    CLAIM,
    DRAW,
    FIRE,
    FIRST,
    NOBODY,
    OVER,
    PAY,
    PHASE_NAMES,
    PLACE,
    RECRUIT,
    REVEAL,
    TOTEM,
)
from kingdomino.games.origins.text import kingdom_text
from kingdomino.games.origins.view import score_sheet

if TYPE_CHECKING:
    from kingdomino.games.origins.game import OriginsGame

__all__ = [
    "CAVEMAN",
    "CHIEF",
    "CLAIM",
    "DRAW",
    "FIRE",
    "FIRST",
    "FREE",
    "NOBODY",
    "OVER",
    "PAY",
    "PHASE_NAMES",
    "PLACE",
    "PLACEMENT_VALUES",
    "RECRUIT",
    "REVEAL",
    "TOTEM",
    "OriginsState",
    "score_sheet",
]

#: Remembered placement values (``DominoFlow._placement_values``): codes and values by key.
PLACEMENT_VALUES: GainMemo[tuple[object, ...], Values] = GainMemo(16_384)


class OriginsState(DominoFlow):
    """A Kingdomino Origins position. See the module text for the flow.

    The flow, rows, claims, cloning their part and the shared checks of actions come from
    :class:`~kingdomino.games.domino.flow.DominoFlow`; this class adds volcanoes and fire,
    totems and the tribe through its hooks.
    """

    __slots__ = (
        "cave",
        "holders",
        "paid",
        "pay_left",
        "recruit_kind",
        "stack",
        "supply",
        "totem_next",
        "volcanoes",
    )

    OVER = OVER
    CHANCE_PHASES = (DRAW, CHIEF, REVEAL)
    PHASE_NAMES = PHASE_NAMES
    KING_WORD = "chief"
    DOMINOES = DOMINOES
    PLACEMENT_VALUES = PLACEMENT_VALUES
    _domino_text = staticmethod(domino_text)

    game: OriginsGame
    kingdoms: list[Kingdom]

    def __init__(self, game: OriginsGame) -> None:
        self.game = game
        kingdoms = [Kingdom(game.geometry) for _ in range(game.num_players)]
        self._deal(kingdoms, NUM_DOMINOES, game.chiefs_per_player)
        #: Fire markers left, ``supply[k - 1]`` of the marker with ``k`` fires.
        self.supply = [m.copies for m in MARKERS]
        #: Volcanoes of the domino just placed still to erupt: ``(bit index, craters)``.
        self.volcanoes: list[tuple[int, int]] = []
        #: Totem holder per resource (``NOBODY``: in the supply).
        self.holders = [NOBODY] * NUM_RESOURCES
        self.totem_next = 0
        #: Face-up caveman kind per cave slot (``-1``: empty).
        self.cave = [-1] * CAVE_FACE_UP if game.tribe_on else []
        #: Cavemen left in the face-down stack, per kind.
        self.stack = [c.copies for c in CAVEMEN] if game.tribe_on else [0] * len(CAVEMEN)
        self.recruit_kind = -1
        self.pay_left = 0
        #: Bit set of the resource kinds paid for the current recruit.
        self.paid = 0

    # --- protocol: what is legal (who acts: DominoState) ----------------------------------------

    def stack_size(self) -> int:
        return sum(self.stack)

    def _cells(self, base: int, mask: int) -> list[int]:
        cell_of = self.game.cell_of_bit_length
        codes = []
        while mask:
            low = mask & -mask
            codes.append(base + cell_of[low.bit_length()])
            mask ^= low
        return codes

    def fire_targets(self) -> int:
        """Squares the pending volcano's marker may go on (``FIRE`` phase)."""
        index, craters = self.volcanoes[0]
        return self.kingdoms[self.player].fire_targets(index, craters)

    def can_recruit(self, seat: int) -> bool:
        if not self.game.tribe_on:
            return False
        kinds = self.kingdoms[seat].resource_kinds()
        if kinds >= COST_FACE_UP and any(k >= 0 for k in self.cave):
            return True
        return kinds >= COST_STACK and any(self.stack)

    def totem_candidates(self, resource: int) -> list[int]:
        """The tied leaders of ``resource`` (the seats the holder may hand its totem to)."""
        counts = [k.resources[resource].bit_count() for k in self.kingdoms]
        best = max(counts)
        return [seat for seat, count in enumerate(counts) if count == best]

    # --- the flow's hooks: legal actions and chance -------------------------------------------

    def _own_legal_actions(self) -> list[int]:
        phase, game = self.phase, self.game
        if phase == FIRE:
            targets = self.fire_targets()
            if targets:
                return [*self._cells(game.fire_base, targets), game.no_fire]
            return [game.no_fire, game.fire_to_box]
        if phase == PAY:
            kingdom = self.kingdoms[self.player]
            mask = 0
            for k in range(NUM_RESOURCES):
                if not self.paid >> k & 1:
                    mask |= kingdom.resources[k]
            return self._cells(game.pay_base, mask)
        if phase == CAVEMAN:
            return self._cells(game.caveman_base, self.kingdoms[self.player].caveman_squares())
        if phase == RECRUIT:
            kinds = self.kingdoms[self.player].resource_kinds()
            codes = []
            if kinds >= COST_FACE_UP:
                codes = [game.recruit_base + i for i, k in enumerate(self.cave) if k >= 0]
            if kinds >= COST_STACK:
                codes += [game.stack_base + k for k, n in enumerate(self.stack) if n]
            codes.append(game.no_recruit)
            return codes
        if phase == TOTEM:
            return [game.totem_base + s for s in self.totem_candidates(self.totem_next)]
        if phase == REVEAL:
            return [game.reveal_base + k for k, n in enumerate(self.stack) if n]
        if phase == FIRST:
            return [game.pair_base + i for i in range(len(game.first_pairs))]
        return []

    def _own_chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == REVEAL:
            total = sum(self.stack)
            base = self.game.reveal_base
            return [(base + k, n / total) for k, n in enumerate(self.stack) if n]
        return []

    def _own_chance_key(self) -> str:
        """A caveman turned face up, named by the cavemen left face down (fewer at each draw)."""
        if self.phase == REVEAL:
            return f"caveman {sum(self.stack)}"
        return super()._own_chance_key()

    def sample_chance(self, rng: random.Random) -> int:
        if self.phase == REVEAL:
            pick = int(rng.random() * sum(self.stack))
            for kind, count in enumerate(self.stack):
                if pick < count:
                    return self.game.reveal_base + kind
                pick -= count
        return super().sample_chance(rng)

    def _own_single_outcome(self) -> int | None:
        if self.phase == REVEAL and sum(1 for n in self.stack if n) == 1:
            return self.game.reveal_base + next(k for k, n in enumerate(self.stack) if n)
        return None

    # --- the flow's hooks: applying actions -----------------------------------------------------

    def _place(self, action: int, number: int) -> None:
        """Place the domino (with its resources, in Totem and Tribe); its volcanoes wait to erupt."""
        game = self.game
        domino = DOMINOES[number]
        self.kingdoms[self.player].place(action, domino, game.resources_on)
        if domino.first.craters or domino.second.craters:
            p = game.geometry.placements[action]
            assert p is not None
            if domino.first.craters:
                self.volcanoes.append((p.first_index, domino.first.craters))
            if domino.second.craters:
                self.volcanoes.append((p.second_index, domino.second.craters))

    def _after_place(self) -> None:
        """Each volcano placed may throw its fire marker; then the totems move; then the claim."""
        self._next_fire()

    def _king_drawn(self, seat: int) -> None:
        """A chief of ``seat`` is drawn; with 2 players, that seat makes the first claim (a pair)."""
        if self.game.first_pairs:
            self.phase = FIRST
            self.player = seat
        else:
            super()._king_drawn(seat)

    def _apply_own(self, phase: int, action: int) -> None:
        game = self.game
        if phase == FIRE:
            _, craters = self.volcanoes.pop(0)
            if action != game.no_fire:
                self.supply[craters - 1] -= 1
                if action != game.fire_to_box:
                    bit = game.cell_bits[action - game.fire_base]
                    self.kingdoms[self.player].put_marker(bit, craters)
            self._next_fire()
        elif phase == PAY:
            bit = game.cell_bits[action - game.pay_base]
            resources = self.kingdoms[self.player].resources
            for k in range(NUM_RESOURCES):
                if resources[k] & bit:
                    resources[k] ^= bit
                    self.paid |= 1 << k
                    break
            self.pay_left -= 1
            if not self.pay_left:
                self.phase = CAVEMAN
        elif phase == CAVEMAN:
            self.kingdoms[self.player].cavemen[self.recruit_kind] |= game.cell_bits[
                action - game.caveman_base
            ]
            self.recruit_kind = -1
            self.paid = 0
            self._next_slot()
        elif phase == RECRUIT:
            if action == game.no_recruit:
                self._next_slot()
                return
            if action < game.stack_base:
                slot = action - game.recruit_base
                self.recruit_kind = self.cave[slot]
                self.cave[slot] = -1
                self.pay_left = COST_FACE_UP
            else:
                self.recruit_kind = action - game.stack_base
                self.stack[self.recruit_kind] -= 1
                self.pay_left = COST_STACK
            self.paid = 0
            self.phase = PAY
        elif phase == TOTEM:
            self.holders[self.totem_next] = action - game.totem_base
            self.totem_next += 1
            self._check_totems()
        elif phase == REVEAL:
            kind = action - game.reveal_base
            self.stack[kind] -= 1
            self.cave[self.cave.index(-1)] = kind
            self._row_drawn()
        elif phase == FIRST:
            positions = game.first_pairs[action - game.pair_base]
            other = (self.player + 1) % game.num_players
            self.next_owner = [
                self.player if i + 1 in positions else other for i in range(len(self.next_row))
            ]
            self.unordered = [0] * game.num_players
            self._start_round()

    def _row_drawn(self) -> None:
        """Tribe: turn cavemen face up until the cave is full, then go on with the round."""
        game = self.game
        if game.tribe_on and -1 in self.cave and any(self.stack) and (self.next_row or game.final_recruit):
            self.phase = REVEAL
            self.player = CHANCE
            self._settle()
            return
        super()._row_drawn()

    def _next_fire(self) -> None:
        volcanoes = self.volcanoes
        while volcanoes:
            if self.supply[volcanoes[0][1] - 1]:
                self.phase = FIRE
                return
            volcanoes.pop(0)
        if self.game.totems_on:
            self.totem_next = 0
            self._check_totems()
        else:
            self._after_totems()

    def _check_totems(self) -> None:
        """Re-assign totems from ``totem_next`` on; stop at a holder's choice."""
        holders, kingdoms = self.holders, self.kingdoms
        keep = self.game.totem_tie == "keep"
        for resource in range(self.totem_next, NUM_RESOURCES):
            counts = [k.resources[resource].bit_count() for k in kingdoms]
            best = max(counts)
            holder = holders[resource]
            if not best:
                holders[resource] = NOBODY
                continue
            leaders = [seat for seat, count in enumerate(counts) if count == best]
            if len(leaders) == 1:
                holders[resource] = leaders[0]
            elif holder == NOBODY or (keep and holder in leaders):
                continue
            else:
                self.totem_next = resource
                self.phase = TOTEM
                self.player = holder
                return
        self.totem_next = NUM_RESOURCES
        self._after_totems()

    def _after_totems(self) -> None:
        self.player = self.row_owner[self.slot]
        if not self.next_row and self.game.final_recruit:
            self._after_claim()
        else:
            self._to_claim()

    def _after_claim(self) -> None:
        if self.can_recruit(self.player):
            self.phase = RECRUIT
        else:
            self._next_slot()

    def clone(self) -> OriginsState:
        other = OriginsState.__new__(OriginsState)
        self._clone_into(other)
        other.supply = self.supply.copy()
        other.volcanoes = self.volcanoes.copy()
        other.holders = self.holders.copy()
        other.totem_next = self.totem_next
        other.cave = self.cave.copy()
        other.stack = self.stack.copy()
        other.recruit_kind = self.recruit_kind
        other.pay_left = self.pay_left
        other.paid = self.paid
        return other

    def kingdom_texts(self) -> list[str]:
        return [kingdom_text(kingdom) for kingdom in self.kingdoms]

    # --- checking and describing actions --------------------------------------------------------

    def _own_rule_reason(self, action: int, text: str) -> str:
        return reasons.rule_reason(self, action, text)

    def _describe_own(self, action: int) -> str:
        return view.describe(self, action)

    # --- scores -------------------------------------------------------------------------------

    def kingdom_score(self, seat: int, kingdom: Kingdom | None = None) -> int:
        """A seat's score with its territory (or ``kingdom`` in its place), bonuses included."""
        return self.territory_score(kingdom or self.kingdoms[seat]) + self.totem_points(seat)

    def territory_score(self, kingdom: Kingdom) -> int:
        """What a territory scores by itself: its regions and its bonuses (no totems)."""
        return kingdom.region_points() + self.kingdom_bonus(kingdom)

    def kingdom_bonus(self, kingdom: Kingdom) -> int:
        """The points a territory earns beyond its regions, from its own squares alone: resources
        (Totem), cavemen (Tribe), the Fire Kingdom and Homo Habilis bonuses."""
        game = self.game
        total = 0
        if game.totems_on:
            total += BONUSES["resource"] * kingdom.resource_count()
        elif game.tribe_on:
            total += kingdom.caveman_points()
        if game.fire_kingdom and kingdom.is_centred():
            total += BONUSES["fire_kingdom"]
        if game.homo_habilis and kingdom.is_complete():
            total += BONUSES["homo_habilis"]
        return total

    def totem_points(self, seat: int) -> int:
        """The points of the totems ``seat`` holds (Totem mode; 0 otherwise)."""
        if not self.game.totems_on:
            return 0
        return sum(RESOURCES[r].totem for r, holder in enumerate(self.holders) if holder == seat)

    def scores(self) -> list[int]:
        return [self.kingdom_score(seat) for seat in range(self.game.num_players)]

    def tie_break(self, seat: int) -> tuple[int, ...]:
        """The kingdom's largest region, then its fires."""
        return self.kingdoms[seat].tie_break()

    def score_sheet(self, player: int) -> ScoreSheet:
        game = self.game
        check_seat(game.num_players, player, allow_none=False)
        totems = [r for r, holder in enumerate(self.holders) if holder == player]
        return score_sheet(self.kingdoms[player], game.mode, game.fire_kingdom, game.homo_habilis, totems)

    # --- what players see -----------------------------------------------------------------------

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return view.seat_view(self, seat)

    # --- greedy support -------------------------------------------------------------------------

    def score_gains(self) -> list[tuple[int, float]]:
        """Score change for the acting seat; claims: the best placement of the claimed domino."""
        return gains.score_gains(self)

    def fast_estimates(self) -> list[tuple[int, float]]:
        """Immediate gains plus the outlook for placements and claims (:mod:`.gains`)."""
        return gains.fast_estimates(self)

    def placement_score_changes(self, kingdom: DominoKingdom, number: int, codes: list[int]) -> list[int]:
        """The territory's score change for each placement: its regions (merged with the new
        squares, :meth:`Kingdom.placement_gains`) and its bonuses (:meth:`kingdom_bonus`: the
        resources the domino brings, the Fire Kingdom kept or lost, Homo Habilis won; in Tribe
        mode the cavemen, who count what lands around them, on a copy with the domino placed
        where it lands next to one).

        The totems a placement may win are left out, and measured better so: valued too
        (claims counting the totems their resources would win at once), the one-ply players won
        19.7 % [17.3, 22.2] (``heuristic``) and 20.7 % [18.3, 23.3] (``greedy``) of 1,000
        4-player Totem games against three of their own kind without (a fair share is 25 %;
        2026-11-25): a totem changes hands until the end, so one won now is worth less than its
        value. Left out, the gains depend on this territory alone and are remembered by its
        contents (``PLACEMENT_VALUES``).
        """
        own = cast(Kingdom, kingdom)
        game = self.game
        domino = DOMINOES[number]
        gains = own.placement_gains(domino, codes)
        if game.fire_kingdom or game.homo_habilis:
            fire = BONUSES["fire_kingdom"] if game.fire_kingdom else 0
            habilis = BONUSES["homo_habilis"] if game.homo_habilis and own.discards == 0 else 0
            gains = [g + b for g, b in zip(gains, own.bonus_changes(codes, fire, habilis))]
        if game.totems_on:
            gains = [g + BONUSES["resource"] * resources_on(domino) for g in gains]
        elif game.tribe_on and any(own.cavemen):
            watched, base = own.caveman_surroundings(), own.caveman_points()
            placements = own.geometry.placements
            for i, code in enumerate(codes):
                p = placements[code]
                assert p is not None
                if (p.first_bit | p.second_bit) & watched:
                    gains[i] += self._placed(own, number, code).caveman_points() - base
        return gains

    def placement_score_change_bound(self, kingdom: DominoKingdom, number: int) -> int | None:
        """At least every value :meth:`placement_score_changes` gives for domino ``number``;
        ``None`` (no bound) in Tribe mode once a caveman watches the territory."""
        own = cast(Kingdom, kingdom)
        game = self.game
        if game.tribe_on and any(own.cavemen):
            return None
        domino = DOMINOES[number]
        bound = own.merge_gain_bound(domino, (domino.first.fires, domino.second.fires))
        if game.homo_habilis and own.discards == 0:
            bound += own.bonus_change_bound(BONUSES["homo_habilis"])
        if game.totems_on:
            bound += BONUSES["resource"] * resources_on(domino)
        return bound

    def _placed_gain(self, seat: int, number: int, code: int, base: int) -> int:
        """The change of ``seat``'s score (now ``base``) when it places domino ``number`` as ``code``."""
        return self.kingdom_score(seat, self._placed(self.kingdoms[seat], number, code)) - base

    def _placed(self, kingdom: Kingdom, number: int, code: int) -> Kingdom:
        """A copy of ``kingdom`` with domino ``number`` placed as ``code``."""
        trial = kingdom.copy()
        trial.place(code, DOMINOES[number], self.game.resources_on)
        return trial


def resources_on(domino: Domino) -> int:
    """How many of a domino's halves bring a resource (Totem mode)."""
    return sum(1 for half in (domino.first, domino.second) if half.resource >= 0)
