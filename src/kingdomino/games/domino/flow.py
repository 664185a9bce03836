"""The round flow shared by classic Kingdomino and Kingdomino Origins, with hooks for what Origins adds.

Both games run the same flow (``RULES.md``; each game's ``state`` module tells its own):

1. *draw* (chance, one domino at a time) a row; it is sorted ascending;
2. *king* (chance; Origins: *chief*): a random king is drawn and its owner *claims* a
   domino of the row, until every king stands on the row;
3. each round: draw the next row (if dominoes remain); then, king by king in row order,
   the owner *places* its domino (or discards it when no placement is legal) and
   *claims* a domino of the next row. The last round has no next row: place only.

:class:`DominoFlow` runs that flow and leaves a few hooks, the way python-chess variants
override a few methods of ``Board``: what placing a domino does (:meth:`~DominoFlow._place`),
what follows a placement (:meth:`~DominoFlow._after_place`) and a claim
(:meth:`~DominoFlow._after_claim`), what follows a drawn row (:meth:`~DominoFlow._row_drawn`),
a drawn king (:meth:`~DominoFlow._king_drawn`) and the last slot (:meth:`~DominoFlow._end_game`),
and the phases a game adds (``_own_*`` and :meth:`~DominoFlow._apply_own`). Classic Kingdomino
overrides almost none; Origins adds fire, totems and cavemen through them.

Chance is lazy: a domino is chosen from the undrawn ones only when drawn, so no hidden
order exists. Chance nodes with a single outcome are applied at once.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from typing import ClassVar

from kingdomino.core.game import CHANCE, TERMINAL
from kingdomino.games.domino.memo import GainMemo
from kingdomino.games.domino.outlook import claim_outlook, valued_placements
from kingdomino.games.domino.state import CLAIM, DRAW, FREE, KING, PLACE, DominoState
from kingdomino.games.domino.territory import DominoKingdom

#: Placement codes of a domino in a kingdom and the value of each.
Values = tuple[tuple[int, ...], tuple[float, ...]]


class DominoFlow(DominoState):
    """Legal actions, chance, applying actions and the gains of placements and claims."""

    __slots__ = ()

    #: Remembered placement values (``domino.memo``), one memory per game.
    PLACEMENT_VALUES: ClassVar[GainMemo[tuple[object, ...], Values]]

    # --- what is legal --------------------------------------------------------------------------

    def legal_actions(self) -> list[int]:
        phase, game = self.phase, self.game
        if phase == PLACE:
            codes = self.kingdoms[self.player].legal_placements(self.DOMINOES[self.row[self.slot]])
            return codes or [game.discard_action]
        if phase == CLAIM:
            base = game.claim_base - 1
            return [base + n for n, owner in zip(self.next_row, self.next_owner) if owner == FREE]
        if phase == DRAW:
            base = game.draw_base - 1
            return [base + n for n in self.pool]
        if phase == KING:
            return [game.king_base + s for s, kings in enumerate(self.unordered) if kings]
        return self._own_legal_actions()

    def _own_legal_actions(self) -> list[int]:
        """Legal actions of a phase the game adds (none here)."""
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
        return self._own_chance_outcomes()

    def _own_chance_outcomes(self) -> list[tuple[int, float]]:
        """Outcomes of a chance phase the game adds (none here)."""
        return []

    def chance_key(self) -> str:
        """The n-th domino of the deal, or the king drawn with n kings still to draw (after a row)."""
        if self.phase == DRAW:
            return f"{self._deal_name()}domino {self.drawn}"
        if self.phase == KING:
            return f"{self._deal_name()}king {self.drawn}:{sum(self.unordered)}"
        return self._own_chance_key()

    def _deal_name(self) -> str:
        """What tells this deal from the game's others (a Dynasty's games); nothing here."""
        return ""

    def _own_chance_key(self) -> str:
        """The key of a chance phase the game adds (none here)."""
        raise NotImplementedError(f"{type(self).__name__} has no chance phase {self.phase}")

    def sample_chance(self, rng: random.Random) -> int:
        if self.phase == DRAW:
            return self.game.draw_base - 1 + self.pool[int(rng.random() * len(self.pool))]
        return super().sample_chance(rng)

    # --- applying actions -----------------------------------------------------------------------

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
                self._place(action, number)
            self._after_place()
        elif phase == CLAIM:
            self.next_owner[self.next_row.index(action - game.claim_base + 1)] = self.player
            if self.row:
                self._after_claim()
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
                self._row_drawn()
            else:
                self._settle()
        elif phase == KING:
            self._king_drawn(action - game.king_base)
        else:
            self._apply_own(phase, action)

    @abstractmethod
    def _place(self, action: int, number: int) -> None:
        """Put domino ``number`` in the acting seat's kingdom as placement ``action`` (a legal one)."""

    def _after_place(self) -> None:
        """What follows a placement or a discard: here, the claim at once (``_to_claim``, inlined)."""
        if self.next_row:
            self.phase = CLAIM
        else:
            self._next_slot()

    def _to_claim(self) -> None:
        """The acting seat claims a domino of the next row; with no next row, the next slot acts."""
        if self.next_row:
            self.phase = CLAIM
        else:
            self._next_slot()

    def _after_claim(self) -> None:
        """What follows a claim during the rounds: here, the next slot."""
        self._next_slot()

    def _king_drawn(self, seat: int) -> None:
        """A king of ``seat`` is drawn: it claims a domino of the first row."""
        self.unordered[seat] -= 1
        self.phase = CLAIM
        self.player = seat

    def _apply_own(self, phase: int, action: int) -> None:
        """Apply an action of a phase the game adds (none here)."""
        raise AssertionError(f"phase {phase} has no actions")

    def _own_single_outcome(self) -> int | None:
        """The outcome of a chance phase the game adds when it has only one, else ``None``."""
        return None

    def _settle(self) -> None:
        """Apply chance nodes that have a single outcome."""
        while self.player == CHANCE:
            phase = self.phase
            if phase == DRAW:
                if len(self.pool) != 1:
                    return
                self.apply_unchecked(self.game.draw_base - 1 + self.pool[0])
            elif phase == KING:
                if sum(1 for k in self.unordered if k) != 1:
                    return
                self.apply_unchecked(self.game.king_base + next(s for s, k in enumerate(self.unordered) if k))
            else:
                outcome = self._own_single_outcome()
                if outcome is None:
                    return
                self.apply_unchecked(outcome)

    def _row_drawn(self) -> None:
        """The next row is complete: place the current row, or draw the kings of the first one."""
        if self.row:
            self._begin_placing()
        else:
            self.phase = KING
            self.player = CHANCE
            self._settle()

    def _start_round(self) -> None:
        """The claimed next row becomes the row (an unclaimed domino is discarded); draw the next."""
        row, owners = self.next_row, self.next_owner
        if FREE in owners:
            self.discarded.extend(n for n, owner in zip(row, owners) if owner == FREE)
            row = [n for n, owner in zip(row, owners) if owner != FREE]
            owners = [owner for owner in owners if owner != FREE]
        self.row, self.row_owner = row, owners
        self.next_row, self.next_owner = [], []
        if self.drawn < self.game.deck_size:
            self.phase = DRAW
            self.player = CHANCE
            self._settle()
        else:
            self._row_drawn()

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
        """The last domino is placed: the game is over."""
        self.phase = self.OVER
        self.player = TERMINAL

    # --- describing actions ---------------------------------------------------------------------

    def describe_action(self, action: int) -> str:
        game = self.game
        shared = self._describe_place_or_claim(action)
        if shared is not None:
            return shared
        if self.phase == DRAW:
            return f"{self._domino_text(action - game.draw_base + 1)} is drawn"
        if self.phase == KING:
            return f"a {self.KING_WORD} of seat {action - game.king_base} is drawn to claim next"
        return self._describe_own(action)

    def _describe_own(self, action: int) -> str:
        """How an action of a phase the game adds reads in the log."""
        return self.game.action_text(action)

    # --- greedy support -------------------------------------------------------------------------

    def _place_claim_gains(self, outlook: bool) -> list[tuple[int, float]] | None:
        """Each placement (or claim) with its value, plus the outlook's terms when ``outlook``;
        ``None`` outside the place and claim phases."""
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
        return None

    def _placement_values(self, kingdom: DominoKingdom, number: int, outlook: bool) -> Values:
        """The legal placement codes of domino ``number`` in ``kingdom`` and the value of each.

        A pure function of the game's scoring settings, the kingdom's contents and the domino,
        remembered in ``PLACEMENT_VALUES`` (``domino.memo``): a third of a playout's calls repeat
        an earlier one.
        """
        game = self.game
        memo = self.PLACEMENT_VALUES
        key = (number, outlook, game.values_key, kingdom.contents())
        found = memo.get(key)
        if found is not None:
            return found
        domino = self.DOMINOES[number]
        codes = kingdom.legal_placements(domino)
        gains = self.placement_score_changes(kingdom, number, codes)
        weights = game.outlook if outlook else None
        return memo.put(key, valued_placements(kingdom, domino, codes, gains, weights))

    @abstractmethod
    def placement_score_changes(self, kingdom: DominoKingdom, number: int, codes: list[int]) -> list[int]:
        """The score change of each placement code of domino ``number`` in ``kingdom``: its
        regions and the bonuses of the game (what the greedy players value, and what full greedy
        adds to a kingdom's score to value a domino placed in it without placing it on a copy)."""

    @abstractmethod
    def placement_score_change_bound(self, kingdom: DominoKingdom, number: int) -> int | None:
        """At least every value :meth:`placement_score_changes` gives for domino ``number`` in
        ``kingdom``, worked out without its placements (``None``: no bound): full greedy's
        look-ahead skips the pairs it rules out."""
