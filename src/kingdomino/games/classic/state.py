"""The Kingdomino rules: setup, rounds of place-then-claim, scoring, ranking.

Flow of one game (``RULES.md``, seeds 001/002; run by :class:`~kingdomino.games.domino.flow.DominoFlow`):

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

from typing import TYPE_CHECKING, Any, cast

from kingdomino.core.game import Bonus, ScoreSheet, check_seat
from kingdomino.games.classic.components import (
    BONUSES,
    CASTLE_LETTER,
    DOMINOES,
    NUM_DOMINOES,
    TERRAINS,
    domino_text,
)
from kingdomino.games.classic.kingdom import Kingdom
from kingdomino.games.classic.text import kingdom_text
from kingdomino.games.domino import view
from kingdomino.games.domino.flow import DominoFlow, Values
from kingdomino.games.domino.memo import GainMemo
from kingdomino.games.domino.state import CLAIM, DRAW, FIRST_OWN_PHASE, KING, PLACE
from kingdomino.games.domino.state import FREE as FREE
from kingdomino.games.domino.territory import DominoKingdom

if TYPE_CHECKING:
    from kingdomino.games.classic.game import ClassicGame

__all__ = [
    "CLAIM",
    "DRAW",
    "FREE",
    "KING",
    "OVER",
    "PHASE_NAMES",
    "PLACE",
    "PLACEMENT_VALUES",
    "ClassicState",
]

#: Kingdomino's phases are the four every domino game shares (``domino.state``), then the end.
OVER = FIRST_OWN_PHASE
PHASE_NAMES = ("draw", "king", "claim", "place", "over")

#: Remembered placement values (``ClassicState._placement_values``): codes and values by key.
PLACEMENT_VALUES: GainMemo[tuple[object, ...], Values] = GainMemo(16_384)


class ClassicState(DominoFlow):
    """A Kingdomino position. See the module text for the flow.

    The flow, rows, claims, cloning their part and the shared checks of actions come from
    :class:`~kingdomino.games.domino.flow.DominoFlow`; this class adds a match of games
    (Dynasty) and the Middle Kingdom and Harmony bonuses.
    """

    __slots__ = ("game_index", "past_kingdoms", "past_scores")

    OVER = OVER
    CHANCE_PHASES = (DRAW, KING)
    PHASE_NAMES = PHASE_NAMES
    KING_WORD = "king"
    DOMINOES = DOMINOES
    PLACEMENT_VALUES = PLACEMENT_VALUES
    _domino_text = staticmethod(domino_text)

    game: ClassicGame
    kingdoms: list[Kingdom]

    def __init__(self, game: ClassicGame) -> None:
        self.game = game
        self.game_index = 0
        self.past_scores: list[list[int]] = []
        #: Each past game's kingdoms as JSON (Dynasty), for players to look back at; never
        #: changed once made, so clones share them.
        self.past_kingdoms: tuple[tuple[dict[str, Any], ...], ...] = ()
        self._start_game()

    def _start_game(self) -> None:
        game = self.game
        kingdoms = [Kingdom(game.geometry) for _ in range(game.num_players)]
        self._deal(kingdoms, NUM_DOMINOES, game.kings_per_player)

    # --- the flow's hooks -----------------------------------------------------------------------

    def _place(self, action: int, number: int) -> None:
        self.kingdoms[self.player].place(action, DOMINOES[number])

    def _deal_name(self) -> str:
        return f"game {self.game_index + 1} " if self.game.games_in_match > 1 else ""

    def _end_game(self) -> None:
        """Dynasty: the next game of the match starts; otherwise the match is over."""
        if self.game_index + 1 < self.game.games_in_match:
            self.past_scores.append(self._game_scores())
            self.past_kingdoms = (*self.past_kingdoms, tuple(kingdom_json(k) for k in self.kingdoms))
            self.game_index += 1
            self._start_game()
            return
        super()._end_game()

    def clone(self) -> ClassicState:
        other = ClassicState.__new__(ClassicState)
        self._clone_into(other)
        other.game_index = self.game_index
        other.past_scores = [s.copy() for s in self.past_scores]
        other.past_kingdoms = self.past_kingdoms
        return other

    def kingdom_texts(self) -> list[str]:
        return [kingdom_text(kingdom) for kingdom in self.kingdoms]

    # --- scores -------------------------------------------------------------------------------

    def kingdom_bonus(self, kingdom: Kingdom) -> int:
        """The Middle Kingdom and Harmony bonuses a kingdom earns (those played)."""
        game = self.game
        points = 0
        if game.middle_kingdom and kingdom.is_centred():
            points += BONUSES["middle_kingdom"]
        if game.harmony and kingdom.is_complete():
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

    def tie_break(self, seat: int) -> tuple[int, ...]:
        """The kingdom's largest region, then its crowns; a Dynasty (three kingdoms) breaks no tie."""
        return () if self.game.dynasty else self.kingdoms[seat].tie_break()

    def score_sheet(self, player: int) -> ScoreSheet:
        check_seat(self.game.num_players, player, allow_none=False)
        return score_sheet(
            self.kingdoms[player],
            self.game.middle_kingdom,
            self.game.harmony,
            [past[player] for past in self.past_scores],
        )

    # --- what players see -----------------------------------------------------------------------

    def view(self, seat: int | None = None) -> dict[str, Any]:
        head = {
            "game_number": self.game_index + 1,
            "games_in_match": self.game.games_in_match,
            # A Dynasty's games played so far: each seat's points and kingdom at that game's end.
            "past_games": [
                {"game": number, "scores": list(scores), "kingdoms": [dict(k) for k in kingdoms]}
                for number, (scores, kingdoms) in enumerate(zip(self.past_scores, self.past_kingdoms), 1)
            ],
        }
        return view.seat_view(self, seat, halves_json, kingdom_json, LEGEND, head, {})

    # --- greedy support -------------------------------------------------------------------------

    def score_gains(self) -> list[tuple[int, float]]:
        return self._place_claim_gains(outlook=False) or []

    def fast_estimates(self) -> list[tuple[int, float]]:
        """Immediate gains plus the look-ahead terms of ``outlook`` (joined, dead squares, row place)."""
        return self._place_claim_gains(outlook=True) or []

    def placement_score_changes(self, kingdom: DominoKingdom, number: int, codes: list[int]) -> list[int]:
        """Region points gained by each placement, plus the change of the bonuses played."""
        own = cast(Kingdom, kingdom)
        gains = own.placement_gains(DOMINOES[number], codes)
        game = self.game
        if game.middle_kingdom or game.harmony:
            middle = BONUSES["middle_kingdom"] if game.middle_kingdom else 0
            harmony = BONUSES["harmony"] if game.harmony and own.discards == 0 else 0
            gains = [g + b for g, b in zip(gains, own.bonus_changes(codes, middle, harmony))]
        return gains

    def placement_score_change_bound(self, kingdom: DominoKingdom, number: int) -> int | None:
        """At least every value :meth:`placement_score_changes` gives for domino ``number``."""
        own = cast(Kingdom, kingdom)
        domino = DOMINOES[number]
        bound = own.merge_gain_bound(domino, (domino.first.crowns, domino.second.crowns))
        if self.game.harmony and own.discards == 0:
            bound += own.bonus_change_bound(BONUSES["harmony"])
        return bound


#: Terrain letter -> name and colour, for clients that draw kingdoms.
LEGEND = view.legend(TERRAINS)


def halves_json(number: int) -> list[dict[str, Any]]:
    """A domino's two halves as terrain letter and crowns, in the order ``place`` uses."""
    domino = DOMINOES[number]
    return [
        {"terrain": TERRAINS[half.terrain].letter, "crowns": half.crowns}
        for half in (domino.first, domino.second)
    ]


def kingdom_json(kingdom: Kingdom) -> dict[str, Any]:
    """A kingdom as JSON: castle-relative squares with terrain letter and crowns."""

    def fields(row: int, col: int) -> dict[str, Any]:
        found = kingdom.square(row, col)
        assert found is not None
        terrain, crowns = found
        return {"terrain": CASTLE_LETTER if terrain < 0 else TERRAINS[terrain].letter, "crowns": crowns}

    return view.kingdom_json(kingdom, fields)


def score_sheet(
    kingdom: Kingdom,
    middle_kingdom: bool,
    harmony: bool,
    earlier: list[int] | None = None,
) -> ScoreSheet:
    """Explain a kingdom's score: every region, the bonuses, the points of a Dynasty's ``earlier``
    games, the total."""
    bonuses: list[Bonus] = []
    if middle_kingdom:
        bonuses.append(view.centred_bonus(kingdom, "middle_kingdom", BONUSES["middle_kingdom"], "castle"))
    if harmony:
        bonuses.append(view.complete_bonus(kingdom, "harmony", BONUSES["harmony"], "kingdom"))
    bonuses.extend(Bonus("game", points, f"game {n}", {"n": n}) for n, points in enumerate(earlier or [], 1))
    return view.sheet(kingdom, TERRAINS, bonuses)
