"""What one seat sees of a Kingdomino Duel state, as a flat vector of ``float32`` values.

Everything in Duel is public except future rolls (chance is lazy). Seat-relative: relative
seat 0 is the observer, 1 the other seat. ``observation.layout`` maps each section name to
``(offset, shape)``. Sections (``C`` coats of arms, ``R x W`` map, ``D`` dice with ``F``
faces):

``maps`` shape ``(2, C + 3, R, W)``, per relative seat: planes 0..C-1 coat of arms
    one-hot; C castle; C+1 crosses on the square / 4; C+2 empty square.
``dice`` shape ``(D, F + C + 8)``, per die (all zero while not rolled): 0..F-1 face
    one-hot; F..F+C-1 coat one-hot of the face; F+C "?" face; F+C+1 crosses / 2;
    F+C+2 held by me; F+C+3 held by the other seat; F+C+4 free (in the draft);
    F+C+5 the castle-bonus die of this turn; F+C+6 taken by player A in this draft;
    F+C+7 still to draw this turn.
``spellbook`` shape ``(C, 5)``, per coat: 0 my filled boxes / line length; 1 the other
    seat's / line length; 2 I gained its power; 3 the other seat did; 4 power used.
``players`` shape ``(2, 5)``, per relative seat: 0 score / 100; 1 castle bonus used;
    2 drew this round; 3 has chosen a coat for "+3 per domain"; 4 acts now.
``global`` shape ``(16,)``: 0-6 phase one-hot (roll, draft A, draft B, turn, coat,
    resolve, over); 7 round / 10; 8 I am player A; 9 chance acts; 10 terminal;
    11 "ignore connection" announced; 12 "split domino" announced; 13 squares waiting
    for a "?" coat / 2; 14 pending lightning powers / 2; 15 reserved (0).

A map's planes and score (the engine's :func:`~kingdomino.games.duel.state.map_score`) are
remembered by its :meth:`~kingdomino.games.duel.board.Board.contents`.

>>> from kingdomino.games.duel.game import DuelGame
>>> observation = DuelObservation(DuelGame())
>>> observation.size, list(observation.layout)
(766, ['maps', 'dice', 'spellbook', 'players', 'global'])
"""

from __future__ import annotations

import struct

from kingdomino.core.game import CHANCE, TERMINAL, GameError
from kingdomino.core.observation import (
    BoundedCache,
    LayerBlock,
    PlaneBytes,
    RebuiltFromGame,
    absent_channel,
    build_layout,
    constant_channel,
    float_bytes,
    layer_channel,
    one_hot_table,
    weighted_channel,
    zero_bytes,
)
from kingdomino.games.duel.board import CASTLE, CROSS_WEIGHTS, DRAWABLE, GRID, Board
from kingdomino.games.duel.components import (
    DICE,
    FACES_PER_DIE,
    JOKER,
    LINE_LENGTH,
    MAP_COLS,
    MAP_ROWS,
    NUM_COATS,
    NUM_DICE,
)
from kingdomino.games.duel.game import DuelGame
from kingdomino.games.duel.state import NOBODY, OVER, ROLL, DuelState, map_score

MAP_CHANNELS = NUM_COATS + 3
DIE_FEATURES = FACES_PER_DIE + NUM_COATS + 8
#: Die features 0..F+C+1 (the face itself), then the six flags.
FACE_FEATURES = FACES_PER_DIE + NUM_COATS + 2
DIE_FLAGS = DIE_FEATURES - FACE_FEATURES
PLAYER_FEATURES = 5
GLOBAL_FEATURES = 16
NUM_PHASES = 7
SCORE_SCALE = 100.0

#: A map's bit layers: one mask per coat of arms, the three cross bit planes (weights 1, 2,
#: 4), the squares drawn on.
_CROSS_LAYERS = tuple(range(NUM_COATS, NUM_COATS + len(CROSS_WEIGHTS)))
_OCCUPIED_LAYER = _CROSS_LAYERS[-1] + 1


def _face_bytes(die: int, face_index: int) -> bytes:
    """Die features 0..F+C+1 of die ``die`` showing face ``face_index``."""
    values = [0.0] * FACE_FEATURES
    face = DICE[die][face_index]
    values[face_index] = 1.0
    values[FACES_PER_DIE + (NUM_COATS if face.coat == JOKER else face.coat)] = 1.0
    values[FACES_PER_DIE + NUM_COATS + 1] = face.crosses / 2
    return float_bytes(values)


#: ``_FACE_BYTES[die][face]``: the face features of a rolled die.
_FACE_BYTES = [[_face_bytes(die, face) for face in range(FACES_PER_DIE)] for die in range(NUM_DICE)]
#: ``_FLAG_BYTES[code]``: the six die flags, bit ``k`` of ``code`` = flag ``k``.
_FLAG_BYTES = [float_bytes([(code >> k) & 1 for k in range(DIE_FLAGS)]) for code in range(1 << DIE_FLAGS)]
_PHASE_BYTES = one_hot_table(NUM_PHASES)
_NO_DICE = zero_bytes(NUM_DICE * DIE_FEATURES)


class DuelObservation(RebuiltFromGame):
    """Kingdomino Duel as a flat vector of float32 values; sections in the module text."""

    score_scale = SCORE_SCALE
    bounds = (0.0, 64.0)
    #: An upper bound on the actions of one episode.
    max_game_length = 1000

    def __init__(self, game: DuelGame) -> None:
        if not isinstance(game, DuelGame):
            raise GameError(f"the Duel observation needs the Duel game, got {game.name!r}")
        self.game = game
        self.block = LayerBlock(
            PlaneBytes(MAP_ROWS, MAP_COLS, GRID.stride),
            [
                *[layer_channel(coat) for coat in range(NUM_COATS)],
                constant_channel(CASTLE),
                weighted_channel(_CROSS_LAYERS, [w / 4 for w in CROSS_WEIGHTS]),  # crosses / 4
                absent_channel(_OCCUPIED_LAYER, DRAWABLE),
            ],
        )
        self.layout, self.size = build_layout(
            [
                ("maps", (2, MAP_CHANNELS, MAP_ROWS, MAP_COLS)),
                ("dice", (NUM_DICE, DIE_FEATURES)),
                ("spellbook", (NUM_COATS, 5)),
                ("players", (2, PLAYER_FEATURES)),
                ("global", (GLOBAL_FEATURES,)),
            ]
        )
        #: Map contents -> its planes.
        self.maps: BoundedCache[tuple[int, ...], bytes] = BoundedCache()
        #: Map contents and the coat of its "+3 per domain" power -> its score.
        self.scores: BoundedCache[tuple[int, ...], int] = BoundedCache()
        self._players = struct.Struct(f"{2 * PLAYER_FEATURES}f")
        self._global = struct.Struct(f"{GLOBAL_FEATURES - NUM_PHASES}f")

    def encode(self, state: DuelState, seat: int) -> bytearray:
        """The observation of ``seat`` (0 or 1): native float32 bytes."""
        if seat not in (0, 1):
            raise GameError(f"seat must be 0 or 1, got {seat}")
        return bytearray().join(
            [
                self._planes(state.boards[seat]),
                self._planes(state.boards[1 - seat]),
                self._dice(state, seat) if state.phase not in (ROLL, OVER) else _NO_DICE,
                self._spellbook(state, seat),
                self._players_bytes(state, seat),
                self._global_bytes(state, seat),
            ]
        )

    def _planes(self, board: Board) -> bytes:
        """The ``maps`` planes of one map."""
        key = board.contents()
        found = self.maps.get(key)
        if found is None:
            layers = (*board.coats, *board.cross_planes, board.occupied)
            found = self.maps[key] = self.block.build(layers)
        return found

    @staticmethod
    def _dice(state: DuelState, seat: int) -> bytes:
        held_mine, held_theirs = state.held[seat], state.held[1 - seat]
        faces, bonus, taken, undrawn = state.faces, state.bonus_die, state.taken, state.undrawn
        parts = []
        for die in range(NUM_DICE):
            mine, theirs = die in held_mine, die in held_theirs
            code = (
                mine
                | theirs << 1
                | (not (mine or theirs)) << 2
                | (die == bonus) << 3
                | (die in taken) << 4
                | (die in undrawn) << 5
            )
            parts.append(_FACE_BYTES[die][faces[die]])
            parts.append(_FLAG_BYTES[code])
        return b"".join(parts)

    @staticmethod
    def _spellbook(state: DuelState, seat: int) -> bytes:
        """Per coat: fills of both seats, power holders, power used."""
        mine, theirs, owner, used = state.fills[seat], state.fills[1 - seat], state.owner, state.used
        values: list[float] = []
        for coat in range(NUM_COATS):
            length = LINE_LENGTH[coat]
            values += (
                mine[coat] / length,
                theirs[coat] / length,
                owner[coat] == seat,
                owner[coat] == 1 - seat,
                used[coat],
            )
        return float_bytes(values)

    def _score(self, state: DuelState, seat: int) -> int:
        board, coat = state.boards[seat], state.domains_coat[seat]
        key = (coat, *board.contents())
        found = self.scores.get(key)
        if found is None:
            found = self.scores[key] = map_score(board, coat)
        return found

    def _players_bytes(self, state: DuelState, seat: int) -> bytes:
        values: list[float] = []
        for p in (seat, 1 - seat):
            values += (
                self._score(state, p) / SCORE_SCALE,
                state.castle_used[p],
                state.drew[p],
                state.domains_coat[p] != NOBODY,
                state.player == p,
            )
        return self._players.pack(*values)

    def _global_bytes(self, state: DuelState, seat: int) -> bytes:
        player = state.player
        rest = self._global.pack(
            min(state.round, 600) / 10,
            state.a_seat == seat,
            player == CHANCE,
            player == TERMINAL,
            state.free_mode,
            state.split_mode,
            min(len(state.jokers), 64) / 2,
            min(len(state.pending), 64) / 2,
            0.0,
        )
        return _PHASE_BYTES[state.phase] + rest
