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
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from kingdomino.core.game import (
    CHANCE,
    TERMINAL,
    RegionScore,
    ScoreSheet,
    ranked_winners,
)
from kingdomino.core.grid import bit_indices
from kingdomino.games.domino.memo import GainMemo
from kingdomino.games.domino.outlook import claim_outlook, valued_placements
from kingdomino.games.domino.rules import FREE as FREE
from kingdomino.games.domino.rules import DominoState
from kingdomino.games.origins.components import (
    BONUSES,
    CAVE_FACE_UP,
    CAVEMEN,
    COST_FACE_UP,
    COST_STACK,
    DOMINOES,
    HUT_LETTER,
    MARKERS,
    NUM_DOMINOES,
    NUM_RESOURCES,
    RESOURCES,
    TERRAINS,
    VOLCANO,
    domino_text,
)
from kingdomino.games.origins.kingdom import Kingdom

if TYPE_CHECKING:
    from kingdomino.games.origins.game import OriginsGame

DRAW, CHIEF, FIRST, CLAIM, PLACE, FIRE, TOTEM, RECRUIT, PAY, CAVEMAN, REVEAL, OVER = range(12)
PHASE_NAMES = (
    "draw",
    "chief",
    "first_claim",
    "claim",
    "place",
    "fire",
    "totem",
    "recruit",
    "pay",
    "caveman",
    "reveal",
    "over",
)

#: Remembered placement values (``OriginsState._placement_values``): codes and values by key.
PLACEMENT_VALUES: GainMemo[tuple[object, ...], tuple[tuple[int, ...], tuple[float, ...]]] = GainMemo(16_384)

NOBODY = -1


class OriginsState(DominoState):
    """A Kingdomino Origins position. See the module text for the flow.

    Rows, claims, cloning their part and the shared checks of actions come from
    :class:`~kingdomino.games.domino.rules.DominoState`.
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

    DRAW, CLAIM, PLACE, OVER = DRAW, CLAIM, PLACE, OVER
    CHANCE_PHASES = (DRAW, CHIEF, REVEAL)
    PHASE_NAMES = PHASE_NAMES
    DOMINOES = DOMINOES
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

    def legal_actions(self) -> list[int]:
        phase, game = self.phase, self.game
        if phase == PLACE:
            codes = self.kingdoms[self.player].legal_placements(DOMINOES[self.row[self.slot]])
            return codes or [game.discard_action]
        if phase == CLAIM:
            base = game.claim_base - 1
            return [base + n for n, owner in zip(self.next_row, self.next_owner) if owner == FREE]
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
        if phase == DRAW:
            base = game.draw_base - 1
            return [base + n for n in self.pool]
        if phase == CHIEF:
            return [game.chief_base + s for s, chiefs in enumerate(self.unordered) if chiefs]
        if phase == REVEAL:
            return [game.reveal_base + k for k, n in enumerate(self.stack) if n]
        if phase == FIRST:
            return [game.pair_base + i for i in range(len(game.first_pairs))]
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == DRAW:
            pool = self.pool
            p, base = 1.0 / len(pool), self.game.draw_base - 1
            return [(base + n, p) for n in pool]
        if self.phase == CHIEF:
            total = sum(self.unordered)
            base = self.game.chief_base
            return [(base + s, k / total) for s, k in enumerate(self.unordered) if k]
        if self.phase == REVEAL:
            total = sum(self.stack)
            base = self.game.reveal_base
            return [(base + k, n / total) for k, n in enumerate(self.stack) if n]
        return []

    def sample_chance(self, rng: random.Random) -> int:
        if self.phase == DRAW:
            return self.game.draw_base - 1 + self.pool[int(rng.random() * len(self.pool))]
        if self.phase == REVEAL:
            pick = int(rng.random() * sum(self.stack))
            for kind, count in enumerate(self.stack):
                if pick < count:
                    return self.game.reveal_base + kind
                pick -= count
        return super().sample_chance(rng)

    # --- protocol: applying actions ------------------------------------------------------------

    def apply_unchecked(self, action: int) -> None:
        game = self.game
        phase = self.phase
        if phase == PLACE:
            number = self.row[self.slot]
            kingdom = self.kingdoms[self.player]
            if action == game.discard_action:
                kingdom.discards += 1
                self.discarded.append(number)
            else:
                domino = DOMINOES[number]
                kingdom.place(action, domino, game.resources_on)
                if domino.first.craters or domino.second.craters:
                    p = game.geometry.placements[action]
                    assert p is not None
                    if domino.first.craters:
                        self.volcanoes.append((p.first_index, domino.first.craters))
                    if domino.second.craters:
                        self.volcanoes.append((p.second_index, domino.second.craters))
            self._next_fire()
        elif phase == CLAIM:
            self.next_owner[self.next_row.index(action - game.claim_base + 1)] = self.player
            if self.row:
                self._after_claim()
            elif any(self.unordered):
                self.phase = CHIEF
                self.player = CHANCE
                self._settle()
            else:
                self._start_round()
        elif phase == FIRE:
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
        elif phase == DRAW:
            number = action - game.draw_base + 1
            self.pool.remove(number)
            self.next_row.append(number)
            self.next_owner.append(FREE)
            self.drawn += 1
            if len(self.next_row) == game.row_size:
                self.next_row.sort()
                self._refill()
            else:
                self._settle()
        elif phase == REVEAL:
            kind = action - game.reveal_base
            self.stack[kind] -= 1
            self.cave[self.cave.index(-1)] = kind
            self._refill()
        elif phase == CHIEF:
            seat = action - game.chief_base
            if game.first_pairs:
                self.phase = FIRST
            else:
                self.unordered[seat] -= 1
                self.phase = CLAIM
            self.player = seat
        elif phase == FIRST:
            positions = game.first_pairs[action - game.pair_base]
            other = (self.player + 1) % game.num_players
            self.next_owner = [
                self.player if i + 1 in positions else other for i in range(len(self.next_row))
            ]
            self.unordered = [0] * game.num_players
            self._start_round()

    def _settle(self) -> None:
        """Apply chance nodes that have a single outcome."""
        while self.player == CHANCE:
            phase = self.phase
            if phase == DRAW and len(self.pool) == 1:
                self.apply_unchecked(self.game.draw_base - 1 + self.pool[0])
            elif phase == CHIEF and sum(1 for k in self.unordered if k) == 1:
                self.apply_unchecked(
                    self.game.chief_base + next(s for s, k in enumerate(self.unordered) if k)
                )
            elif phase == REVEAL and sum(1 for n in self.stack if n) == 1:
                self.apply_unchecked(self.game.reveal_base + next(k for k, n in enumerate(self.stack) if n))
            else:
                return

    def _refill(self) -> None:
        """Tribe: turn cavemen face up until the cave is full, then go on with the round."""
        game = self.game
        if game.tribe_on and -1 in self.cave and any(self.stack) and (self.next_row or game.final_recruit):
            self.phase = REVEAL
            self.player = CHANCE
            self._settle()
            return
        if self.row:
            self._begin_placing()
        else:
            self.phase = CHIEF
            self.player = CHANCE
            self._settle()

    def _start_round(self) -> None:
        row, owners = [], []
        for number, owner in zip(self.next_row, self.next_owner):
            if owner == FREE:
                self.discarded.append(number)
            else:
                row.append(number)
                owners.append(owner)
        self.row, self.row_owner = row, owners
        self.next_row, self.next_owner = [], []
        if self.drawn < self.game.deck_size:
            self.phase = DRAW
            self.player = CHANCE
            self._settle()
        else:
            self._refill()

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
        if self.next_row:
            self.phase = CLAIM
        elif self.game.final_recruit:
            self._after_claim()
        else:
            self._next_slot()

    def _after_claim(self) -> None:
        if self.can_recruit(self.player):
            self.phase = RECRUIT
        else:
            self._next_slot()

    def _next_slot(self) -> None:
        self.slot += 1
        if self.slot < len(self.row):
            self.phase = PLACE
            self.player = self.row_owner[self.slot]
        elif self.next_row:
            self._start_round()
        else:
            self.phase = OVER
            self.player = TERMINAL

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

    # --- checking actions ---------------------------------------------------------------------

    def _rule_reason(self, action: int, text: str) -> str:
        game = self.game
        phase = self.phase
        if phase == PLACE:
            return self._placement_reason(action, text)
        if phase == CLAIM:
            return self._claim_reason(action, text, game.pair_base)
        expected = f"expected {self._expected()}"
        who = f"seat {self.player}"
        if phase == FIRST:
            return f"{text!r}: {who} makes the first claim of the game, a pair of positions; {expected}"
        if phase == FIRE:
            return self._fire_reason(action, text, expected)
        if phase == TOTEM:
            resource = RESOURCES[self.totem_next].id
            return (
                f"{text!r}: {who} holds the {resource} totem and is no longer alone in the lead; "
                f"it must hand it to one of the tied leaders: {expected}"
            )
        if phase == RECRUIT:
            return self._recruit_reason(action, text, expected)
        if phase == PAY:
            if not game.pay_base <= action < game.caveman_base:
                return f"{text!r}: {who} must pay {self.pay_left} more resource(s) now; {expected}"
            bit = game.cell_bits[action - game.pay_base]
            held = self.kingdoms[self.player].resource_at(bit)
            if held < 0:
                return f"{text!r}: there is no resource on that square; {expected}"
            return f"{text!r}: a {RESOURCES[held].id} was already paid; the kinds must differ; {expected}"
        if not game.caveman_base <= action < game.draw_base:
            return f"{text!r}: {who} must put the recruited caveman on a square now; {expected}"
        return (
            f"{text!r}: a caveman needs a domino square without printed fire, fire marker, resource "
            f"or other caveman; {expected}"
        )

    def _fire_reason(self, action: int, text: str, expected: str) -> str:
        game = self.game
        index, craters = self.volcanoes[0]
        if action == game.fire_to_box:
            return f"'fire-to-box': the marker can be placed, so it cannot go back to the box; {expected}"
        if not game.fire_base <= action < game.no_fire:
            return f"{text!r}: seat {self.player} must place or leave the fire marker now; {expected}"
        bit = game.cell_bits[action - game.fire_base]
        kingdom = self.kingdoms[self.player]
        reach = MARKERS[craters - 1].range
        if not bit & kingdom.occupied or bit == game.geometry.castle:
            return f"{text!r}: a fire marker goes on a domino square of the territory; {expected}"
        if bit & kingdom.terrain[VOLCANO]:
            return f"{text!r}: fire cannot land on a volcano; {expected}"
        if bit & kingdom.any_fire():
            return f"{text!r}: that square already shows a fire; {expected}"
        row, col = game.geometry.grid.square(index)
        centre = game.geometry.centre
        return (
            f"{text!r}: out of range: a {craters}-crater volcano (at {row - centre},{col - centre}) "
            f"reaches {reach} square(s) in any of 8 directions; {expected}"
        )

    def _recruit_reason(self, action: int, text: str, expected: str) -> str:
        game = self.game
        kinds = self.kingdoms[self.player].resource_kinds()
        if game.recruit_base <= action < game.stack_base:
            if kinds < COST_FACE_UP:
                return (
                    f"{text!r}: a face-up caveman costs {COST_FACE_UP} different resources, seat has {kinds}"
                )
            return f"{text!r}: that cave slot is empty; {expected}"
        if game.stack_base <= action < game.no_recruit:
            if kinds < COST_STACK:
                return f"{text!r}: a stack caveman costs {COST_STACK} different resources, seat has {kinds}"
            return f"{text!r}: no caveman of that kind is left in the stack; {expected}"
        return f"{text!r}: seat {self.player} may recruit a caveman now or pass; {expected}"

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
        if game.homo_habilis and kingdom.discards == 0 and kingdom.is_full():
            total += BONUSES["homo_habilis"]
        return total

    def totem_points(self, seat: int) -> int:
        """The points of the totems ``seat`` holds (Totem mode; 0 otherwise)."""
        if not self.game.totems_on:
            return 0
        return sum(RESOURCES[r].totem for r, holder in enumerate(self.holders) if holder == seat)

    def scores(self) -> list[int]:
        return [self.kingdom_score(seat) for seat in range(self.game.num_players)]

    def winners(self) -> list[int]:
        kingdoms = self.kingdoms
        return ranked_winners(
            self.scores(), lambda seat: (kingdoms[seat].largest_region(), kingdoms[seat].total_fires())
        )

    def score_sheet(self, player: int) -> ScoreSheet:
        game = self.game
        totems = [r for r, holder in enumerate(self.holders) if holder == player]
        return score_sheet(self.kingdoms[player], game.mode, game.fire_kingdom, game.homo_habilis, totems)

    # --- what players see -----------------------------------------------------------------------

    def observation(self, seat: int | None = None) -> dict[str, Any]:
        game = self.game
        legal = self.legal_actions() if seat is not None and seat == self.player else []
        return {
            "game": game.name,
            "options": dict(game.options),
            "players": game.num_players,
            "seat": seat,
            "phase": self.phase_name,
            "current_player": self.player,
            "round": self.round_number,
            "rounds": game.rounds,
            "frame": game.frame,
            "kingdoms": [kingdom_json(k) for k in self.kingdoms],
            "row": [
                {"domino": n, "chief": o, "halves": halves_json(n)} for n, o in zip(self.row, self.row_owner)
            ],
            "next_row": [
                {"domino": n, "chief": o if o != FREE else None, "halves": halves_json(n)}
                for n, o in zip(self.next_row, self.next_owner)
            ],
            "legend": LEGEND,
            "acting_slot": self.slot if self.row and self.phase not in (DRAW, REVEAL, OVER) else None,
            "discarded": self.discarded.copy(),
            "dominoes_left": game.deck_size - self.drawn,
            "fire_markers": {str(m.fires): left for m, left in zip(MARKERS, self.supply)},
            "pending_volcanoes": len(self.volcanoes),
            "totems": (
                {r.id: (h if h != NOBODY else None) for r, h in zip(RESOURCES, self.holders)}
                if game.totems_on
                else None
            ),
            "cave": [CAVEMEN[k].id if k >= 0 else None for k in self.cave] if game.tribe_on else None,
            "stack_size": self.stack_size() if game.tribe_on else None,
            "recruiting": CAVEMEN[self.recruit_kind].id if self.recruit_kind >= 0 else None,
            "to_pay": self.pay_left if self.phase == PAY else 0,
            "scores": self.scores(),
            "legal_actions": [game.action_text(a) for a in legal],
        }

    def describe_action(self, action: int) -> str:
        game = self.game
        shared = self._describe_place_or_claim(action)
        if shared is not None:
            return shared
        who = f"seat {self.player}"
        phase = self.phase
        if phase == FIRST:
            positions = game.first_pairs[action - game.pair_base]
            numbers = [domino_text(self.next_row[p - 1]) for p in positions]
            return f"{who} makes the first claim: {' and '.join(numbers)}"
        if phase == FIRE:
            craters = self.volcanoes[0][1]
            if action == game.no_fire:
                return f"{who} leaves the {craters}-fire marker in the supply"
            if action == game.fire_to_box:
                return f"{who} takes the {craters}-fire marker, which finds no square and goes to the box"
            return f"{who} puts the {craters}-fire marker on {game.square_text(action - game.fire_base)}"
        if phase == TOTEM:
            totem = RESOURCES[self.totem_next].id
            return f"{who} hands the {totem} totem to seat {action - game.totem_base}"
        if phase == RECRUIT:
            if action == game.no_recruit:
                return f"{who} recruits nobody"
            if action < game.stack_base:
                kind = self.cave[action - game.recruit_base]
                return f"{who} recruits the face-up {CAVEMEN[kind].name}"
            return f"{who} recruits a {CAVEMEN[action - game.stack_base].name} from the stack"
        if phase == PAY:
            bit = game.cell_bits[action - game.pay_base]
            held = self.kingdoms[self.player].resource_at(bit)
            what = RESOURCES[held].id if held >= 0 else "nothing"
            return f"{who} pays the {what} on {game.square_text(action - game.pay_base)}"
        if phase == CAVEMAN:
            square = game.square_text(action - game.caveman_base)
            return f"{who} puts the {CAVEMEN[self.recruit_kind].name} on {square}"
        if phase == DRAW:
            return f"{domino_text(action - game.draw_base + 1)} is drawn"
        if phase == CHIEF:
            return f"a chief of seat {action - game.chief_base} is drawn to claim next"
        if phase == REVEAL:
            return f"a {CAVEMEN[action - game.reveal_base].name} is turned face up in the cave"
        return game.action_text(action)

    # --- greedy support -------------------------------------------------------------------------

    def immediate_gains(self) -> list[tuple[int, float]]:
        """Score change for the acting seat; claims: the best placement of the claimed domino."""
        phase, game = self.phase, self.game
        if self.player < 0:
            return []
        seat = self.player
        if phase == PLACE:
            return self._placement_gains(seat, False)
        if phase in (CLAIM, FIRST):
            result = []
            for code in self.legal_actions():
                if phase == CLAIM:
                    numbers = [code - game.claim_base + 1]
                else:
                    numbers = [self.next_row[p - 1] for p in game.first_pairs[code - game.pair_base]]
                gain = 0.0
                for number in numbers:
                    gain += max(self._placement_values(seat, number, False)[1], default=0.0)
                result.append((code, gain))
            return result
        base = self.kingdom_score(seat)
        if phase == RECRUIT:
            result = []
            for code in self.legal_actions():
                if code == game.no_recruit:
                    result.append((code, 0.0))
                    continue
                kind = (
                    self.cave[code - game.recruit_base] if code < game.stack_base else code - game.stack_base
                )
                result.append((code, float(self._best_caveman_gain(seat, kind, base))))
            return result
        gains = []
        for code in self.legal_actions():
            other = self.clone()
            other.apply_unchecked(code)
            gains.append((code, float(other.kingdom_score(seat) - base)))
        return gains

    def heuristic_gains(self) -> list[tuple[int, float]]:
        """Immediate gains plus the classic outlook for placements and claims.

        Joined squares and dead squares (``domino.outlook``) mean the same on a
        territory; the row place has its own weight here. Recruits, fire markers
        and totem choices keep their immediate gains.
        """
        phase, game = self.phase, self.game
        if self.player < 0 or phase not in (PLACE, CLAIM):
            return self.immediate_gains()
        seat = self.player
        if phase == PLACE:
            return self._placement_gains(seat, True)
        result = []
        for code in self.legal_actions():
            number = code - game.claim_base + 1
            best = max(self._placement_values(seat, number, True)[1], default=0.0)
            result.append((code, best + claim_outlook(self.next_row.index(number), game.outlook)))
        return result

    def _placement_gains(self, seat: int, outlook: bool) -> list[tuple[int, float]]:
        """Each placement of the domino in hand with its value, or ``discard`` when none is legal."""
        codes, values = self._placement_values(seat, self.row[self.slot], outlook)
        if not codes:
            return [(self.game.discard_action, 0.0)]
        return list(zip(codes, values))

    def _placement_values(
        self, seat: int, number: int, outlook: bool
    ) -> tuple[tuple[int, ...], tuple[float, ...]]:
        """The legal placement codes of domino ``number`` in the seat's territory and the score
        gain of each (plus the outlook's terms when ``outlook``).

        The totems a seat holds do not change with a placement, so the gains are a pure function
        of the game's scoring settings, the territory's contents and the domino, remembered in
        ``PLACEMENT_VALUES`` (``domino.memo``).
        """
        game = self.game
        kingdom = self.kingdoms[seat]
        key = (number, outlook, game.values_key, kingdom.contents())
        found = PLACEMENT_VALUES.get(key)
        if found is not None:
            return found
        domino = DOMINOES[number]
        codes = kingdom.legal_placements(domino)
        base = self.kingdom_score(seat)
        gains = [self._placed_gain(seat, number, code, base) for code in codes]
        weights = game.outlook if outlook else None
        return PLACEMENT_VALUES.put(key, valued_placements(kingdom, domino, codes, gains, weights))

    def _placed_gain(self, seat: int, number: int, code: int, base: int) -> int:
        trial = self.kingdoms[seat].copy()
        trial.place(code, DOMINOES[number], self.game.resources_on)
        return self.kingdom_score(seat, trial) - base

    def _best_caveman_gain(self, seat: int, kind: int, base: int) -> int:
        kingdom = self.kingdoms[seat]
        best = 0
        for index in bit_indices(kingdom.caveman_squares()):
            trial = kingdom.copy()
            trial.cavemen[kind] |= 1 << index
            best = max(best, self.kingdom_score(seat, trial) - base)
        return best


#: Terrain letter -> name and colour, for clients that draw territories.
LEGEND = {t.letter: {"id": t.id, "name": t.name, "colour": t.colour} for t in TERRAINS}


def halves_json(number: int) -> list[dict[str, Any]]:
    """A domino's two halves (terrain letter, fires, resource, craters) in the order ``place`` uses."""
    domino = DOMINOES[number]
    return [
        {
            "terrain": TERRAINS[half.terrain].letter,
            "fires": half.fires,
            "resource": RESOURCES[half.resource].id if half.resource >= 0 else None,
            "craters": half.craters,
        }
        for half in (domino.first, domino.second)
    ]


def kingdom_json(kingdom: Kingdom) -> dict[str, Any]:
    """A territory as JSON: hut-relative squares with terrain, fires, marker, resource, caveman."""
    squares = []
    centre = kingdom.geometry.centre
    for row, col in kingdom.geometry.grid.cells(kingdom.occupied):
        found = kingdom.square(row - centre, col - centre)
        assert found is not None
        terrain = found["terrain"]
        squares.append(
            {
                "row": row - centre,
                "col": col - centre,
                "terrain": HUT_LETTER if terrain < 0 else TERRAINS[terrain].letter,
                "fires": found["fires"],
                "craters": found["craters"],
                "marker": found["marker"],
                "resource": RESOURCES[found["resource"]].id if found["resource"] >= 0 else None,
                "caveman": CAVEMEN[found["caveman"]].id if found["caveman"] >= 0 else None,
            }
        )
    return {"squares": squares, "discards": kingdom.discards, "bounds": list(kingdom.bounds())}


def score_sheet(
    kingdom: Kingdom,
    mode: str,
    fire_kingdom: bool,
    homo_habilis: bool,
    totems: list[int] | None = None,
) -> ScoreSheet:
    """Explain a territory's score: every region, resources, totems, cavemen, bonuses, the total."""
    grid = kingdom.geometry.grid
    centre = kingdom.geometry.centre

    def where(index: int) -> str:
        row, col = grid.square(index)
        return f"{row - centre},{col - centre}"

    regions = sorted(kingdom.regions(), key=lambda r: (-r.points, -r.squares, r.terrain))
    lines = tuple(
        RegionScore(
            TERRAINS[r.terrain].id,
            r.squares,
            r.fires,
            r.points,
            tuple((row - centre, col - centre) for row, col in grid.cells(r.mask)),
        )
        for r in regions
    )
    bonuses: list[tuple[str, int]] = []
    if mode == "totem":
        bonuses.append(("resources", BONUSES["resource"] * kingdom.resource_count()))
        for r in totems or []:
            bonuses.append((f"{RESOURCES[r].id} totem", RESOURCES[r].totem))
    elif mode == "tribe":
        for kind, index, points in kingdom.caveman_scores():
            if index >= 0:
                bonuses.append((f"{CAVEMEN[kind].name} at {where(index)}", points))
            else:
                bonuses.append(("warrior horde", points))
    if fire_kingdom:
        bonuses.append(("fire kingdom", BONUSES["fire_kingdom"] if kingdom.is_centred() else 0))
    if homo_habilis:
        complete = kingdom.discards == 0 and kingdom.is_full()
        bonuses.append(("homo habilis", BONUSES["homo_habilis"] if complete else 0))
    total = sum(r.points for r in regions) + sum(points for _, points in bonuses)
    return ScoreSheet(lines, tuple(bonuses), total, (kingdom.largest_region(), kingdom.total_fires()))
