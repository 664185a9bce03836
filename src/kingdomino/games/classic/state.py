"""The Kingdomino rules: setup, rounds of place-then-claim, scoring, ranking.

Flow of one game (``RULES.md``, seeds 001/002):

1. *draw* (chance, one domino at a time) the first row; it is sorted ascending;
2. *king* (chance): a random king is drawn; its owner *claims* a domino of that row;
   repeated until every king stands on the row;
3. each round: *draw* the next row (if dominoes remain); then, in the order of the
   kings on the current row (lowest number first), the king's owner *places* that
   domino (or discards it when no legal placement exists) and *claims* a domino of
   the next row with the same king. The last round has no next row: place only.

Chance is lazy: a domino is chosen from the undrawn ones only when it is drawn,
so dominoes removed unseen (2 and 3 players) are simply never drawn, and no
hidden order exists. Chance nodes with a single outcome are applied at once.

>>> from kingdomino.games.classic.game import ClassicGame
>>> state = ClassicGame(players=2).new_initial_state()
>>> for text in ("draw 5", "draw 9", "draw 30", "draw 41"):
...     _ = state.apply_text(text)
>>> [state.action_text(a) for a in state.legal_actions()]
['king 0', 'king 1']
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
from kingdomino.games.classic.components import (
    BONUSES,
    CASTLE_LETTER,
    DOMINOES,
    NUM_DOMINOES,
    TERRAINS,
    domino_text,
)
from kingdomino.games.classic.kingdom import Kingdom
from kingdomino.games.domino.memo import GainMemo
from kingdomino.games.domino.outlook import claim_outlook, valued_placements
from kingdomino.games.domino.rules import FREE as FREE
from kingdomino.games.domino.rules import DominoState

if TYPE_CHECKING:
    from kingdomino.games.classic.game import ClassicGame

DRAW, KING, CLAIM, PLACE, OVER = range(5)
PHASE_NAMES = ("draw", "king", "claim", "place", "over")

#: Remembered placement values (``ClassicState._placement_values``): codes and values by key.
PLACEMENT_VALUES: GainMemo[tuple[object, ...], tuple[tuple[int, ...], tuple[float, ...]]] = GainMemo(16_384)


class ClassicState(DominoState):
    """A Kingdomino position. See the module text for the flow.

    Rows, claims, cloning their part and the shared checks of actions come from
    :class:`~kingdomino.games.domino.rules.DominoState`.
    """

    __slots__ = ("game_index", "past_scores")

    DRAW, CLAIM, PLACE, OVER = DRAW, CLAIM, PLACE, OVER
    CHANCE_PHASES = (DRAW, KING)
    PHASE_NAMES = PHASE_NAMES
    DOMINOES = DOMINOES
    _domino_text = staticmethod(domino_text)

    game: ClassicGame
    kingdoms: list[Kingdom]

    def __init__(self, game: ClassicGame) -> None:
        self.game = game
        self.game_index = 0
        self.past_scores: list[list[int]] = []
        self._start_game()

    def _start_game(self) -> None:
        game = self.game
        kingdoms = [Kingdom(game.geometry) for _ in range(game.num_players)]
        self._deal(kingdoms, NUM_DOMINOES, game.kings_per_player)

    # --- protocol: what is legal (who acts: DominoState) ----------------------------------------

    def legal_actions(self) -> list[int]:
        phase, game = self.phase, self.game
        if phase == PLACE:
            codes = self.kingdoms[self.player].legal_placements(DOMINOES[self.row[self.slot]])
            return codes or [game.discard_action]
        if phase == CLAIM:
            base = game.claim_base - 1
            return [base + n for n, owner in zip(self.next_row, self.next_owner) if owner == FREE]
        if phase == DRAW:
            base = game.draw_base - 1
            return [base + n for n in self.pool]
        if phase == KING:
            return [game.king_base + s for s, kings in enumerate(self.unordered) if kings]
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == DRAW:
            pool = self.pool
            p, base = 1.0 / len(pool), self.game.draw_base - 1
            return [(base + n, p) for n in pool]
        if self.phase == KING:
            total = sum(self.unordered)
            base = self.game.king_base
            return [(base + s, k / total) for s, k in enumerate(self.unordered) if k]
        return []

    def sample_chance(self, rng: random.Random) -> int:
        if self.phase == DRAW:
            return self.game.draw_base - 1 + self.pool[int(rng.random() * len(self.pool))]
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
                kingdom.place(action, DOMINOES[number])
            if self.next_row:
                self.phase = CLAIM
            else:
                self._next_slot()
        elif phase == CLAIM:
            self.next_owner[self.next_row.index(action - game.claim_base + 1)] = self.player
            if self.row:
                self._next_slot()
            elif any(self.unordered):
                self.phase = KING
                self.player = CHANCE
                self._settle()
            else:
                self._start_round()
        elif phase == DRAW:
            number = action - game.draw_base + 1
            self.pool.remove(number)
            self.next_row.append(number)
            self.next_owner.append(FREE)
            self.drawn += 1
            if len(self.next_row) == game.row_size:
                self.next_row.sort()
                if self.row:
                    self._begin_placing()
                else:
                    self.phase = KING
            self._settle()
        elif phase == KING:
            seat = action - game.king_base
            self.unordered[seat] -= 1
            self.phase = CLAIM
            self.player = seat

    def _settle(self) -> None:
        """Apply chance nodes that have a single outcome."""
        while self.player == CHANCE:
            if self.phase == DRAW and len(self.pool) == 1:
                self.apply_unchecked(self.game.draw_base - 1 + self.pool[0])
            elif self.phase == KING and sum(1 for k in self.unordered if k) == 1:
                self.apply_unchecked(self.game.king_base + next(s for s, k in enumerate(self.unordered) if k))
            else:
                return

    def _start_round(self) -> None:
        self.row, self.row_owner = self.next_row, self.next_owner
        self.next_row, self.next_owner = [], []
        if self.drawn < self.game.deck_size:
            self.phase = DRAW
            self.player = CHANCE
            self._settle()
        else:
            self._begin_placing()

    def _next_slot(self) -> None:
        self.slot += 1
        if self.slot < len(self.row):
            self.phase = PLACE
            self.player = self.row_owner[self.slot]
        elif self.next_row:
            self._start_round()
        else:
            self._end_game()

    def _end_game(self) -> None:
        if self.game_index + 1 < self.game.games_in_match:
            self.past_scores.append(self._game_scores())
            self.game_index += 1
            self._start_game()
            return
        self.phase = OVER
        self.player = TERMINAL

    def clone(self) -> ClassicState:
        other = ClassicState.__new__(ClassicState)
        self._clone_into(other)
        other.game_index = self.game_index
        other.past_scores = [s.copy() for s in self.past_scores]
        return other

    # --- checking actions ---------------------------------------------------------------------

    def _rule_reason(self, action: int, text: str) -> str:
        if self.phase == CLAIM:
            return self._claim_reason(action, text, self.game.draw_base)
        return self._placement_reason(action, text)

    # --- scores -------------------------------------------------------------------------------

    def kingdom_bonus(self, kingdom: Kingdom) -> int:
        """The Middle Kingdom and Harmony bonuses a kingdom earns (those played)."""
        game = self.game
        points = 0
        if game.middle_kingdom and kingdom.is_centred():
            points += BONUSES["middle_kingdom"]
        if game.harmony and kingdom.discards == 0 and kingdom.is_full():
            points += BONUSES["harmony"]
        return points

    def kingdom_score(self, kingdom: Kingdom) -> int:
        """A kingdom's points in this game: its regions plus the bonuses it earns."""
        return kingdom.region_points() + self.kingdom_bonus(kingdom)

    def _game_scores(self) -> list[int]:
        return [self.kingdom_score(k) for k in self.kingdoms]

    def scores(self) -> list[int]:
        totals = self._game_scores()
        for past in self.past_scores:
            totals = [a + b for a, b in zip(totals, past)]
        return totals

    def winners(self) -> list[int]:
        if self.game.dynasty:
            return ranked_winners(self.scores())
        kingdoms = self.kingdoms
        return ranked_winners(
            self.scores(), lambda seat: (kingdoms[seat].largest_region(), kingdoms[seat].total_crowns())
        )

    def score_sheet(self, player: int) -> ScoreSheet:
        return score_sheet(
            self.kingdoms[player],
            self.game.middle_kingdom,
            self.game.harmony,
            [(f"game {i + 1}", past[player]) for i, past in enumerate(self.past_scores)],
        )

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
            "game_number": self.game_index + 1,
            "round": self.round_number,
            "rounds": game.rounds,
            "frame": game.frame,
            "kingdoms": [kingdom_json(k) for k in self.kingdoms],
            "row": [
                {"domino": n, "king": o, "halves": halves_json(n)} for n, o in zip(self.row, self.row_owner)
            ],
            "next_row": [
                {"domino": n, "king": o if o != FREE else None, "halves": halves_json(n)}
                for n, o in zip(self.next_row, self.next_owner)
            ],
            "legend": LEGEND,
            "acting_slot": self.slot if self.phase in (PLACE, CLAIM) and self.row else None,
            "discarded": self.discarded.copy(),
            "dominoes_left": game.deck_size - self.drawn,
            "scores": self.scores(),
            "legal_actions": [game.action_text(a) for a in legal],
        }

    def describe_action(self, action: int) -> str:
        game = self.game
        shared = self._describe_place_or_claim(action)
        if shared is not None:
            return shared
        if self.phase == DRAW:
            return f"{domino_text(action - game.draw_base + 1)} is drawn"
        if self.phase == KING:
            return f"a king of seat {action - game.king_base} is drawn to claim next"
        return game.action_text(action)

    # --- greedy support -------------------------------------------------------------------------

    def immediate_gains(self) -> list[tuple[int, float]]:
        return self._gains(outlook=False)

    def heuristic_gains(self) -> list[tuple[int, float]]:
        """Immediate gains plus the look-ahead terms of ``outlook`` (joined, dead squares, row place)."""
        return self._gains(outlook=True)

    def _gains(self, outlook: bool) -> list[tuple[int, float]]:
        phase = self.phase
        if phase == PLACE:
            codes, values = self._placement_values(self.kingdoms[self.player], self.row[self.slot], outlook)
            if not codes:
                return [(self.game.discard_action, 0.0)]
            return list(zip(codes, values))
        if phase == CLAIM:
            kingdom = self.kingdoms[self.player]
            result = []
            for code in self.legal_actions():
                number = code - self.game.claim_base + 1
                value = max(self._placement_values(kingdom, number, outlook)[1], default=0.0)
                if outlook:
                    value += claim_outlook(self.next_row.index(number), self.game.outlook)
                result.append((code, value))
            return result
        return []

    def _placement_values(
        self, kingdom: Kingdom, number: int, outlook: bool
    ) -> tuple[tuple[int, ...], tuple[float, ...]]:
        """The legal placement codes of domino ``number`` in ``kingdom`` and the value of each.

        A pure function of the game's scoring settings, the kingdom's contents and the domino,
        remembered in ``PLACEMENT_VALUES`` (``domino.memo``): a third of a playout's calls repeat
        an earlier one.
        """
        game = self.game
        key = (number, outlook, game.values_key, kingdom.contents())
        found = PLACEMENT_VALUES.get(key)
        if found is not None:
            return found
        domino = DOMINOES[number]
        codes = kingdom.legal_placements(domino)
        gains = kingdom.placement_gains(domino, codes)
        if game.middle_kingdom or game.harmony:
            gains = [g + b for g, b in zip(gains, self._bonus_changes(kingdom, codes))]
        weights = game.outlook if outlook else None
        return PLACEMENT_VALUES.put(key, valued_placements(kingdom, domino, codes, gains, weights))

    def _bonus_changes(self, kingdom: Kingdom, codes: list[int]) -> list[int]:
        """Change of the Middle Kingdom and Harmony bonuses for each placement code."""
        game = self.game
        geometry = game.geometry
        reach = geometry.frame // 2
        lo, hi = geometry.centre - reach, geometry.centre + reach
        centred_now = kingdom.is_centred()
        middle = BONUSES["middle_kingdom"] if game.middle_kingdom else 0
        harmony = BONUSES["harmony"] if game.harmony and kingdom.discards == 0 else 0
        filled_after = kingdom.occupied.bit_count() + 2 == geometry.frame**2
        changes = []
        for code in codes:
            change = 0
            if middle:
                p = geometry.placements[code]
                assert p is not None
                centred = (
                    min(kingdom.row_lo, p.row_lo) >= lo
                    and max(kingdom.row_hi, p.row_hi) <= hi
                    and min(kingdom.col_lo, p.col_lo) >= lo
                    and max(kingdom.col_hi, p.col_hi) <= hi
                )
                change += middle * (centred - centred_now)
            if harmony and filled_after:
                change += harmony
            changes.append(change)
        return changes


#: Terrain letter -> name and colour, for clients that draw kingdoms.
LEGEND = {t.letter: {"id": t.id, "name": t.name, "colour": t.colour} for t in TERRAINS}


def halves_json(number: int) -> list[dict[str, Any]]:
    """A domino's two halves as terrain letter and crowns, in the order ``place`` uses."""
    domino = DOMINOES[number]
    return [
        {"terrain": TERRAINS[half.terrain].letter, "crowns": half.crowns}
        for half in (domino.first, domino.second)
    ]


def kingdom_json(kingdom: Kingdom) -> dict[str, Any]:
    """A kingdom as JSON: castle-relative squares with terrain letter and crowns."""
    squares = []
    centre = kingdom.geometry.centre
    for row, col in kingdom.geometry.grid.cells(kingdom.occupied):
        found = kingdom.square(row - centre, col - centre)
        assert found is not None
        terrain, crowns = found
        letter = CASTLE_LETTER if terrain < 0 else TERRAINS[terrain].letter
        squares.append({"row": row - centre, "col": col - centre, "terrain": letter, "crowns": crowns})
    return {"squares": squares, "discards": kingdom.discards, "bounds": list(kingdom.bounds())}


def score_sheet(
    kingdom: Kingdom,
    middle_kingdom: bool,
    harmony: bool,
    earlier: list[tuple[str, int]] | None = None,
) -> ScoreSheet:
    """Explain a kingdom's score: every region, the bonuses, the total."""
    centre = kingdom.geometry.centre
    regions = sorted(kingdom.regions(), key=lambda r: (-r.points, -r.squares, r.terrain))
    lines = tuple(
        RegionScore(
            TERRAINS[r.terrain].id,
            r.squares,
            r.crowns,
            r.points,
            tuple((row - centre, col - centre) for row, col in kingdom.geometry.grid.cells(r.mask)),
        )
        for r in regions
    )
    bonuses: list[tuple[str, int]] = []
    if middle_kingdom:
        bonuses.append(("middle kingdom", BONUSES["middle_kingdom"] if kingdom.is_centred() else 0))
    if harmony:
        complete = kingdom.discards == 0 and kingdom.is_full()
        bonuses.append(("harmony", BONUSES["harmony"] if complete else 0))
    bonuses.extend(earlier or [])
    total = sum(r.points for r in regions) + sum(points for _, points in bonuses)
    return ScoreSheet(lines, tuple(bonuses), total, (kingdom.largest_region(), kingdom.total_crowns()))
