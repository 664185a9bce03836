"""The Kingdomino Duel observation encoder.

Everything in Duel is public except future rolls (chance is lazy), so the encoder
reads the state directly. Seat-relative like every encoder: relative seat 0 is the
observer. Sections (``C`` coats of arms, ``R x W`` map, ``D`` dice with ``F`` faces):

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

>>> from kingdomino import make_game
>>> game = make_game("duel", 2)
>>> vector = DuelEncoder(game).encode(game.new_initial_state(), seat=0)
>>> vector.dtype, vector.shape
(dtype('float32'), (766,))
"""

from __future__ import annotations

import struct
from types import SimpleNamespace

from kingdomino.core.game import CHANCE, TERMINAL, Game, GameError, State
from kingdomino.games.duel.board import CASTLE, DRAWABLE, GRID, Board, coat_points_terms
from kingdomino.games.duel.components import (
    DICE,
    FACES_PER_DIE,
    JOKER,
    LINE_LENGTH,
    MAP_COLS,
    MAP_ROWS,
    NUM_COATS,
    NUM_DICE,
    POINTS_PER_DOMAIN,
)
from kingdomino.games.duel.state import NOBODY, OVER, ROLL, DuelState
from kingdomino.rl import compiled as compiled_kernels
from kingdomino.rl.compiled import Fact, KernelEncoding
from kingdomino.rl.encoders import FloatArray, build_layout
from kingdomino.rl.following import BoardFollower, Sources
from kingdomino.rl.pieces import (
    LayerBlock,
    PlaneBytes,
    absent_channel,
    constant_channel,
    float_bytes,
    layer_channel,
    one_hot_table,
    vector_from,
    weighted_channel,
    zero_bytes,
)

MAP_CHANNELS = NUM_COATS + 3
DIE_FEATURES = FACES_PER_DIE + NUM_COATS + 8
#: Die features 0..F+C+1 (the face itself), then the six flags.
FACE_FEATURES = FACES_PER_DIE + NUM_COATS + 2
DIE_FLAGS = DIE_FEATURES - FACE_FEATURES
PLAYER_FEATURES = 5
GLOBAL_FEATURES = 16
NUM_PHASES = 7
SCORE_SCALE = 100.0
CACHE_SIZE = 4096

#: A map's bit layers: one mask per coat of arms, the three cross bit planes (weights 1, 2,
#: 4), the squares drawn on.
_CROSS_LAYERS = tuple(range(NUM_COATS, NUM_COATS + 3))
_OCCUPIED_LAYER = NUM_COATS + 3


def _face_bytes(die: int, face_index: int) -> bytes:
    """Die features 0..F+C+1 of die ``die`` showing face ``face_index``."""
    values = [0.0] * FACE_FEATURES
    face = DICE[die][face_index]
    values[face_index] = 1.0
    if face.coat == JOKER:
        values[FACES_PER_DIE + NUM_COATS] = 1.0
    else:
        values[FACES_PER_DIE + face.coat] = 1.0
    values[FACES_PER_DIE + NUM_COATS + 1] = face.crosses / 2
    return float_bytes(values)


#: ``_FACE_BYTES[die][face]``: the face features of a rolled die.
_FACE_BYTES = [[_face_bytes(die, face) for face in range(FACES_PER_DIE)] for die in range(NUM_DICE)]
#: ``_FLAG_BYTES[code]``: the six die flags, bit ``k`` of ``code`` = flag ``k``.
_FLAG_BYTES = [float_bytes([(code >> k) & 1 for k in range(DIE_FLAGS)]) for code in range(1 << DIE_FLAGS)]
_PHASE_BYTES = one_hot_table(NUM_PHASES)


def _spellbook_row(coat: int, mine: int, theirs: int, holder: int, used: bool) -> bytes:
    """One spellbook row; ``holder`` is 0 (me), 1 (the other seat) or 2 (nobody)."""
    return float_bytes([mine / LINE_LENGTH[coat], theirs / LINE_LENGTH[coat], holder == 0, holder == 1, used])


def _spellbook_table() -> list[list[list[list[list[bytes]]]]]:
    """``table[coat][my fills][their fills][holder][used]``: every row a game can show."""
    return [
        [
            [
                [
                    [_spellbook_row(coat, mine, theirs, holder, used) for used in (False, True)]
                    for holder in range(3)
                ]
                for theirs in range(LINE_LENGTH[coat] + 1)
            ]
            for mine in range(LINE_LENGTH[coat] + 1)
        ]
        for coat in range(NUM_COATS)
    ]


_SPELLBOOK_BYTES = _spellbook_table()


class _MapFacts:
    """What one map's squares determine: its layers, planes (float32 bytes) and points."""

    __slots__ = ("domains", "layers", "planes", "points")

    def __init__(self, layers: tuple[int, ...], planes: bytes, points: int) -> None:
        self.layers = layers
        self.planes = planes
        #: Squares x crosses of every domain (no "+3 per domain" power).
        self.points = points
        #: Coat -> number of its domains, filled when a "+3 per domain" power asks.
        self.domains: dict[int, int] = {}


def _sources(board: Board) -> Sources:
    """What a map's facts follow from, as the engine holds it."""
    return (board.coats, board.cross_planes, board.occupied)


class DuelEncoder(KernelEncoding):
    """Kingdomino Duel as a flat vector: map planes, dice, spellbook, players, phase.

    Sections are built as float32 bytes and joined (:mod:`kingdomino.rl.pieces`); map planes
    and points are cached by the map's bitboards and patched from the seat's previous map.
    """

    score_scale = SCORE_SCALE
    bounds = (0.0, 64.0)
    max_game_length = 1000

    def __init__(self, game: Game, compiled: bool | None = None) -> None:
        if game.name != "duel":
            raise GameError(f"the Duel encoder needs the Duel game, got {game.name!r}")
        self.game = game
        self.planes = PlaneBytes(MAP_ROWS, MAP_COLS, GRID.stride)
        self.block = LayerBlock(
            self.planes,
            [
                *[layer_channel(coat) for coat in range(NUM_COATS)],
                constant_channel(CASTLE),
                weighted_channel(_CROSS_LAYERS, [1 / 4, 2 / 4, 4 / 4]),  # crosses / 4
                absent_channel(_OCCUPIED_LAYER, DRAWABLE),
            ],
        )
        self.layout, size = build_layout(
            [
                ("maps", (2, MAP_CHANNELS, MAP_ROWS, MAP_COLS)),
                ("dice", (NUM_DICE, DIE_FEATURES)),
                ("spellbook", (NUM_COATS, 5)),
                ("players", (2, PLAYER_FEATURES)),
                ("global", (GLOBAL_FEATURES,)),
            ]
        )
        self.shape: tuple[int, ...] = (size,)
        #: Per absolute seat, its map's facts (a changed map is patched from the previous ones).
        self.maps: BoardFollower[_MapFacts] = BoardFollower(2, CACHE_SIZE)
        self._no_dice = zero_bytes(NUM_DICE * DIE_FEATURES)
        self._players_struct = struct.Struct(f"{2 * PLAYER_FEATURES}f")
        self._global_struct = struct.Struct(f"{GLOBAL_FEATURES - NUM_PHASES}f")
        self.use_kernel(compiled, "DuelKernel", self._kernel_spec)

    def _kernel_spec(self) -> SimpleNamespace:
        """Everything the compiled kernel needs to write what :meth:`encode_python` writes (a
        map's points are its coats' points, each found again when the coat or the crosses on it
        changed, from the engine's scoring terms; a "+3 per domain" score asks the map's
        ``domain_count``)."""
        return compiled_kernels.board_spec(
            self.layout,
            self.block,
            [("coats", NUM_COATS), ("cross_planes", len(_CROSS_LAYERS)), ("occupied", 0)],
            None,
            [
                Fact(
                    "coat_points",
                    arg=coat,
                    mask_layer=coat,
                    depends=_CROSS_LAYERS,
                    terms=coat_points_terms(coat),
                )
                for coat in range(NUM_COATS)
            ],
            2,
            points=list(range(NUM_COATS)),
            num_dice=NUM_DICE,
            faces_per_die=FACES_PER_DIE,
            face_features=FACE_FEATURES,
            die_features=DIE_FEATURES,
            num_coats=NUM_COATS,
            num_phases=NUM_PHASES,
            phase_roll=ROLL,
            phase_over=OVER,
            nobody=NOBODY,
            score_scale=SCORE_SCALE,
            points_per_domain=float(POINTS_PER_DOMAIN),
            line_lengths=float_bytes([LINE_LENGTH[coat] for coat in range(NUM_COATS)]),
            face_table=b"".join(piece for by_face in _FACE_BYTES for piece in by_face),
        )

    def encode_python(self, state: State, seat: int) -> FloatArray:
        assert isinstance(state, DuelState)
        if seat not in (0, 1):
            raise GameError(f"seat must be 0 or 1, got {seat}")
        other = 1 - seat
        mine, theirs = self._map(state, seat), self._map(state, other)
        parts = [mine.planes, theirs.planes]
        parts.append(self._dice(state, seat) if state.phase not in (ROLL, OVER) else self._no_dice)
        parts.append(self._spellbook_bytes(state, seat))
        parts.append(self._players_bytes(state, seat, (mine, theirs)))
        parts.append(self._global_bytes(state, seat))
        return vector_from(parts)

    # --- sections -------------------------------------------------------------------------------

    def _map(self, state: DuelState, seat: int) -> _MapFacts:
        """The facts of a seat's map (followed per seat, cached by its bitboards)."""
        board = state.boards[seat]
        sources = _sources(board)
        found = self.maps.get(seat, sources)
        if found is None:
            found = self.maps.put(seat, sources, self._map_facts(board, self.maps.previous(seat)))
        return found

    def _map_facts(self, board: Board, previous: _MapFacts | None) -> _MapFacts:
        """Planes (patched from the seat's previous map when there is one) and points of a map."""
        layers = (*board.coats, *board.cross_planes, board.occupied)
        planes = self.block.build_from(layers, previous)
        return _MapFacts(layers, planes, board.points())

    def _dice(self, state: DuelState, seat: int) -> bytes:
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

    def _spellbook_bytes(self, state: DuelState, seat: int) -> bytes:
        """Per coat: fills of both seats, power holders, power used (pieces from a table)."""
        other = 1 - seat
        mine, theirs = state.fills[seat], state.fills[other]
        holders = [0 if owner == seat else 1 if owner == other else 2 for owner in state.owner]
        used = state.used
        try:
            rows = [
                _SPELLBOOK_BYTES[coat][mine[coat]][theirs[coat]][holders[coat]][used[coat]]
                for coat in range(NUM_COATS)
            ]
        except IndexError:  # more fills than a line holds: not from a game, computed
            rows = [
                _spellbook_row(coat, mine[coat], theirs[coat], holders[coat], used[coat])
                for coat in range(NUM_COATS)
            ]
        return b"".join(rows)

    def _players_bytes(self, state: DuelState, seat: int, maps: tuple[_MapFacts, _MapFacts]) -> bytes:
        values: list[float] = []
        for r, p in enumerate((seat, 1 - seat)):
            coat = state.domains_coat[p]
            values += (
                self._score(state, p, maps[r]) / SCORE_SCALE,
                state.castle_used[p],
                state.drew[p],
                coat != NOBODY,
                state.player == p,
            )
        return self._players_struct.pack(*values)

    @staticmethod
    def _score(state: DuelState, seat: int, facts: _MapFacts) -> int:
        """The engine's score of a seat (``DuelState._score``), from the map's cached facts."""
        coat = state.domains_coat[seat]
        if coat == NOBODY:
            return facts.points
        count = facts.domains.get(coat)
        if count is None:
            count = facts.domains[coat] = state.boards[seat].domain_count(coat)
        return facts.points + POINTS_PER_DOMAIN * count

    def _global_bytes(self, state: DuelState, seat: int) -> bytes:
        player = state.player
        rest = self._global_struct.pack(
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


def make_encoder(game: Game) -> DuelEncoder:
    return DuelEncoder(game)
