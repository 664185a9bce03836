"""What one seat sees of a Kingdomino state, as a flat vector of ``float32`` values.

Everything in Kingdomino is public: the engine holds no hidden part (chance is lazy, so the
order of the undrawn dominoes does not exist until a draw happens). The vector is written from
the observing seat's point of view: *relative seat* ``r`` is absolute seat ``(seat + r) %
players``, so relative seat 0 is always "me" and 1 the next seat in turn order. It is the
concatenation of named sections; ``observation.layout`` maps each section name to ``(offset,
shape)`` so a network can cut the vector back into planes.

Sections (``P`` players, ``S`` grid side = ``2 * frame - 1``, i.e. 9 for the 5x5 frame and 13
for Mighty Duel's 7x7; the castle is at the centre square ``(S // 2, S // 2)``; ``N = 48``
dominoes; ``K`` slots in a row):

``kingdoms`` shape ``(P, 10, S, S)``, per relative seat, one plane per channel:
    0-5  terrain one-hot: wheat, forest, lake, grassland, swamp, mine;
    6    the castle square;
    7    crowns of the square / 3;
    8    empty square;
    9    "free": an empty square a domino may still cover without the kingdom
         leaving its frame.
``row`` shape ``(K, 20 + P)``: the row being placed, slot by slot (ascending domino
    numbers). Per slot: 0 slot holds a domino; 1 domino number / 48; 2-7 first half terrain
    one-hot; 8 first half crowns / 3; 9-14 second half terrain one-hot; 15 second half
    crowns / 3; 16 no king on it yet; 17 its domino is already placed (or discarded) this
    round; 18 this slot's king acts now; 19 reserved (0); 20..20+P-1 one-hot relative seat
    of the king standing on it.
``next_row`` shape ``(K, 20 + P)``, as ``row``: the row being claimed.
``pool`` shape ``(N,)``: 1 where domino ``n`` (index ``n - 1``) has not been drawn yet in this
    game (public: every drawn domino was shown face up). In 2- and 3-player games some of
    them will never be drawn; which ones is not known to anybody (it does not exist yet).
``players`` shape ``(P, 5)``, per relative seat: 0 score / 100 (bonuses and earlier Dynasty
    games included); 1 discarded dominoes / 12; 2 this seat acts now; 3 kings still waiting
    to be drawn at setup / kings per player; 4 current leader (shares first place now).
``global`` shape ``(17 + P,)``: 0-4 phase one-hot (draw, king, claim, place, over); 5 round /
    rounds; 6 game number / games in the match (Dynasty); 7 dominoes left to draw / deck
    size; 8 chance acts now; 9 terminal; 10-13 variants dynasty, middle kingdom, harmony,
    mighty duel; 14-16 reserved (0); 17..17+P-1 one-hot absolute seat of the observer.

A kingdom's planes and points (the engine's ``state.kingdom_score``) change only on placements
and discards: they are remembered by the kingdom's
:meth:`~kingdomino.games.classic.kingdom.Kingdom.contents`.

>>> from kingdomino.games.classic.game import ClassicGame
>>> observation = ClassicObservation(ClassicGame(players=2))
>>> observation.size, sorted(observation.layout)
(1873, ['global', 'kingdoms', 'next_row', 'players', 'pool', 'row'])
>>> len(observation.encode(observation.game.new_initial_state(), seat=1)) == 4 * observation.size
True
"""

from __future__ import annotations

import struct
from typing import NamedTuple

from kingdomino.core.game import CHANCE, TERMINAL, GameError
from kingdomino.core.observation import (
    BoundedCache,
    LayerBlock,
    PlaneBytes,
    absent_channel,
    build_layout,
    constant_channel,
    exactly_channel,
    float_bytes,
    indicator_bytes,
    layer_channel,
    one_hot_bytes,
    one_hot_table,
    weighted_channel,
)
from kingdomino.games.classic.components import DOMINOES, MAX_CROWNS, NUM_DOMINOES, TERRAINS
from kingdomino.games.classic.game import ClassicGame
from kingdomino.games.classic.kingdom import Kingdom
from kingdomino.games.classic.state import CLAIM, PLACE, ClassicState
from kingdomino.games.domino.observation import DominoObservation

NUM_TERRAINS = len(TERRAINS)
KINGDOM_CHANNELS = NUM_TERRAINS + 4
SLOT_FEATURES = 20
#: Slot features 0-15 (the domino itself) of a row slot; then the flags and the owner.
DOMINO_FEATURES = 16
PLAYER_FEATURES = 5
GLOBAL_FEATURES = 17
NUM_PHASES = 5
SCORE_SCALE = DominoObservation.score_scale
DISCARD_SCALE = 12.0

#: A kingdom's bit layers, in this order: the terrain masks, the 1-, 2-, 3-crown masks, the
#: occupied squares and the squares in the frame's reach (free or occupied).
_CROWN_LAYERS = tuple(range(NUM_TERRAINS, NUM_TERRAINS + MAX_CROWNS))
_OCCUPIED_LAYER = NUM_TERRAINS + MAX_CROWNS
_REACH_LAYER = _OCCUPIED_LAYER + 1


def _domino_bytes(number: int) -> bytes:
    """Slot features 0-15 of domino ``number``."""
    values = [0.0] * DOMINO_FEATURES
    domino = DOMINOES[number]
    values[0] = 1.0
    values[1] = number / NUM_DOMINOES
    values[2 + domino.first.terrain] = 1.0
    values[8] = domino.first.crowns / MAX_CROWNS
    values[9 + domino.second.terrain] = 1.0
    values[15] = domino.second.crowns / MAX_CROWNS
    return float_bytes(values)


#: ``_DOMINO_BYTES[n]``: slot features 0-15 of domino ``n`` (entry 0 unused).
_DOMINO_BYTES = [bytes(4 * DOMINO_FEATURES)] + [_domino_bytes(n) for n in range(1, NUM_DOMINOES + 1)]
_PHASE_BYTES = one_hot_table(NUM_PHASES)


class _KingdomFacts(NamedTuple):
    """What a kingdom's squares determine: its planes (float32 bytes) and points this game."""

    planes: bytes
    points: int


class ClassicObservation(DominoObservation):
    """Kingdomino (every variant) as a flat vector of float32 values; sections in the module text."""

    def __init__(self, game: ClassicGame) -> None:
        if not isinstance(game, ClassicGame):
            raise GameError(f"the Kingdomino observation needs a Kingdomino game, got {game.name!r}")
        super().__init__(game, SLOT_FEATURES, _DOMINO_BYTES, SLOT_FEATURES - DOMINO_FEATURES)
        self.game = game
        players, geometry, side, slots = self.players, game.geometry, self.side, self.slots
        self.block = LayerBlock(
            PlaneBytes(side, side, geometry.grid.stride),
            [
                *[layer_channel(t) for t in range(NUM_TERRAINS)],
                constant_channel(geometry.castle),
                weighted_channel(_CROWN_LAYERS, [k / MAX_CROWNS for k in range(1, MAX_CROWNS + 1)]),
                absent_channel(_OCCUPIED_LAYER),
                exactly_channel((_REACH_LAYER, _OCCUPIED_LAYER), 0b01),
            ],
        )
        self.layout, self.size = build_layout(
            [
                ("kingdoms", (players, KINGDOM_CHANNELS, side, side)),
                ("row", (slots, self.slot_width)),
                ("next_row", (slots, self.slot_width)),
                ("pool", (NUM_DOMINOES,)),
                ("players", (players, PLAYER_FEATURES)),
                ("global", (GLOBAL_FEATURES + players,)),
            ]
        )
        #: An upper bound on the actions of one episode: per game, draws + kings + (place +
        #: claim) per domino, with room to spare.
        self.max_game_length = game.games_in_match * (NUM_DOMINOES + 4 * game.deck_size + 2 * players + 8)
        #: Kingdom contents -> its facts.
        self.kingdoms: BoundedCache[tuple[int, ...], _KingdomFacts] = BoundedCache()
        self._players = struct.Struct(f"{players * PLAYER_FEATURES}f")
        self._global_middle = struct.Struct("5f")
        options = [game.dynasty, game.middle_kingdom, game.harmony, game.mighty_duel]
        #: Observer seat -> global features 10.. (variants, reserved, observer one-hot).
        self._global_tails = [
            float_bytes([*options, 0.0, 0.0, 0.0]) + one_hot_bytes(players, seat) for seat in range(players)
        ]

    def encode(self, state: ClassicState, seat: int) -> bytearray:
        """The observation of ``seat`` (0-based absolute seat): native float32 bytes."""
        order = self.order(seat)
        facts = [self._kingdom(state, state.kingdoms[p]) for p in order]
        parts = [found.planes for found in facts]
        placing = bool(state.row) and state.phase in (PLACE, CLAIM)
        placed = (state.slot + (state.phase == CLAIM)) if placing else 0
        self.rows.append(parts, state, seat, placed, state.slot if placing else -1)
        parts.append(indicator_bytes(NUM_DOMINOES, [n - 1 for n in state.pool]))
        parts.append(self._players_bytes(state, order, [found.points for found in facts]))
        parts.append(self._global_bytes(state, seat))
        return bytearray().join(parts)

    def _kingdom(self, state: ClassicState, kingdom: Kingdom) -> _KingdomFacts:
        """The ``kingdoms`` planes and the points of one kingdom."""
        key = kingdom.contents()
        found = self.kingdoms.get(key)
        if found is None:
            layers = (*kingdom.terrain, *kingdom.crowns, kingdom.occupied, kingdom.reach())
            found = _KingdomFacts(self.block.build(layers), state.kingdom_score(kingdom))
            self.kingdoms[key] = found
        return found

    def _players_bytes(self, state: ClassicState, order: tuple[int, ...], points: list[int]) -> bytes:
        """Per relative seat: score (this game's and the earlier Dynasty games'), discards, ..."""
        scores = points
        for past in state.past_scores:
            scores = [score + past[p] for score, p in zip(scores, order)]
        best = max(scores)
        kingdoms, unordered, player = state.kingdoms, state.unordered, state.player
        kings = self.game.kings_per_player
        values: list[float] = []
        for score, p in zip(scores, order):
            values += (
                score / SCORE_SCALE,
                kingdoms[p].discards / DISCARD_SCALE,
                p == player,
                unordered[p] / kings,
                score == best,
            )
        return self._players.pack(*values)

    def _global_bytes(self, state: ClassicState, seat: int) -> bytes:
        game = self.game
        player = state.player
        middle = self._global_middle.pack(
            state.round_number / game.rounds,
            (state.game_index + 1) / game.games_in_match,
            (game.deck_size - state.drawn) / game.deck_size,
            player == CHANCE,
            player == TERMINAL,
        )
        return _PHASE_BYTES[state.phase] + middle + self._global_tails[seat]
