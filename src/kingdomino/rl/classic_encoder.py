"""The Kingdomino observation encoder (its layout, field by field: :mod:`kingdomino.rl.encoders`).

>>> from kingdomino import make_game
>>> from kingdomino.core.seeds import ChanceSampler
>>> game = make_game("kingdomino", players=2)
>>> state = game.new_initial_state()
>>> sampler = ChanceSampler(1)
>>> while state.is_chance():
...     state.apply(sampler.sample(state))
>>> vector = ClassicEncoder(game).encode(state, seat=0)
>>> vector.dtype, vector.shape
(dtype('float32'), (1873,))
"""

from __future__ import annotations

import struct
from types import SimpleNamespace

import numpy as np

from kingdomino.core.game import CHANCE, TERMINAL, Game, GameError, State
from kingdomino.games.classic.components import DOMINOES, MAX_CROWNS, NUM_DOMINOES, TERRAINS
from kingdomino.games.classic.game import ClassicGame
from kingdomino.games.classic.kingdom import Kingdom, terrain_points_terms
from kingdomino.games.classic.state import CLAIM, PLACE, ClassicState
from kingdomino.rl import compiled as compiled_kernels
from kingdomino.rl.compiled import Fact, KernelEncoding
from kingdomino.rl.domino_rows import RowPieces
from kingdomino.rl.encoders import FloatArray, build_layout
from kingdomino.rl.following import BoardFollower, Sources
from kingdomino.rl.pieces import (
    FLOAT_BYTES,
    LayerBlock,
    PlaneBytes,
    SnapshotMemo,
    absent_channel,
    constant_channel,
    exactly_channel,
    float_bytes,
    layer_channel,
    one_hot_bytes,
    one_hot_table,
    vector_from,
    weighted_channel,
)
from kingdomino.rl.terrain_scores import terrain_points

NUM_TERRAINS = len(TERRAINS)
KINGDOM_CHANNELS = NUM_TERRAINS + 4
SLOT_FEATURES = 20
PLAYER_FEATURES = 5
GLOBAL_FEATURES = 17
NUM_PHASES = 5
SCORE_SCALE = 100.0
DISCARD_SCALE = 12.0
CACHE_SIZE = 4096
#: Slot features 0-15 (the domino itself) of a row slot; then the flags and the owner.
DOMINO_FEATURES = 16
PLACED_FLAG = DOMINO_FEATURES + 1
ACTING_FLAG = DOMINO_FEATURES + 2


def _domino_table() -> FloatArray:
    """Row ``n``: slot features 0-15 of domino ``n`` (row 0 unused)."""
    table = np.zeros((NUM_DOMINOES + 1, DOMINO_FEATURES), dtype=np.float32)
    for number, domino in DOMINOES.items():
        table[number, 0] = 1.0
        table[number, 1] = number / NUM_DOMINOES
        table[number, 2 + domino.first.terrain] = 1.0
        table[number, 8] = domino.first.crowns / MAX_CROWNS
        table[number, 9 + domino.second.terrain] = 1.0
        table[number, 15] = domino.second.crowns / MAX_CROWNS
    return table


#: ``_DOMINO_BYTES[n]``: the float32 bytes of slot features 0-15 of domino ``n``.
_DOMINO_BYTES = [row.tobytes() for row in _domino_table()]
_PHASE_BYTES = one_hot_table(NUM_PHASES)


#: A kingdom's bounding box, which its reach depends on alone (watched by the compiled kernel).
_BOX_NAMES = ("row_lo", "row_hi", "col_lo", "col_hi")
_BOX = tuple((name, compiled_kernels.LAZY) for name in _BOX_NAMES)
#: A kingdom's bit layers: the terrain masks, the 1-, 2-, 3-crown masks, the occupied squares
#: and the squares in the frame's reach (free or occupied).
_TERRAINS = tuple(range(NUM_TERRAINS))
_CROWN_LAYERS = tuple(range(NUM_TERRAINS, NUM_TERRAINS + MAX_CROWNS))
_OCCUPIED_LAYER = NUM_TERRAINS + MAX_CROWNS
_REACH_LAYER = _OCCUPIED_LAYER + 1


class _KingdomFacts:
    """What one kingdom's squares determine: its layers, planes (float32 bytes) and points this game."""

    __slots__ = ("layers", "planes", "points", "terrain_points")

    def __init__(
        self, layers: tuple[int, ...], planes: bytes, terrain_points: tuple[int, ...], points: int
    ) -> None:
        self.layers = layers
        self.planes = planes
        #: Region points per terrain (reused for the terrains the next placement leaves alone).
        self.terrain_points = terrain_points
        self.points = points


def _sources(kingdom: Kingdom) -> Sources:
    """What a kingdom's facts follow from, as the engine holds it."""
    return (kingdom.terrain, kingdom.crowns, kingdom.discards)


class ClassicEncoder(KernelEncoding):
    """Kingdomino (every variant) as a flat vector: kingdom planes, rows, pool, players, phase.

    Sections are built as float32 bytes and joined (:mod:`kingdomino.rl.pieces`). A kingdom's
    planes and points change only on placements: they are cached by its bitboards, and a
    changed kingdom's planes are patched from the seat's previous ones (two squares and the
    free plane rather than ten planes).
    """

    score_scale = SCORE_SCALE
    #: Entries are fractions and flags, except scores / 100 (far below 64 even over a Dynasty).
    bounds = (0.0, 64.0)

    def __init__(self, game: Game, compiled: bool | None = None) -> None:
        if not isinstance(game, ClassicGame):
            raise GameError(f"the Kingdomino encoder needs a Kingdomino game, got {game.name!r}")
        self.game: ClassicGame = game
        players = game.num_players
        self.players = players
        geometry = game.geometry
        self.side = geometry.side
        self.slots = game.row_size
        self.slot_width = SLOT_FEATURES + players
        self.planes = PlaneBytes(geometry.side, geometry.side, geometry.grid.stride)
        crown_weights = np.arange(1, MAX_CROWNS + 1, dtype=np.float32) / MAX_CROWNS
        #: The kingdom channels of the module text, from the layers.
        self.block = LayerBlock(
            self.planes,
            [
                *[layer_channel(t) for t in range(NUM_TERRAINS)],
                constant_channel(geometry.castle),
                weighted_channel(_CROWN_LAYERS, [float(w) for w in crown_weights]),
                absent_channel(_OCCUPIED_LAYER),
                exactly_channel((_REACH_LAYER, _OCCUPIED_LAYER), 0b01),
            ],
        )
        self.layout, size = build_layout(
            [
                ("kingdoms", (players, KINGDOM_CHANNELS, self.side, self.side)),
                ("row", (self.slots, self.slot_width)),
                ("next_row", (self.slots, self.slot_width)),
                ("pool", (NUM_DOMINOES,)),
                ("players", (players, PLAYER_FEATURES)),
                ("global", (GLOBAL_FEATURES + players,)),
            ]
        )
        self.shape: tuple[int, ...] = (size,)
        # Per game: draws + kings + (place + claim) per domino, with room to spare.
        self.max_game_length = game.games_in_match * (NUM_DOMINOES + 4 * game.deck_size + 2 * players + 8)
        #: Per absolute seat, its kingdom's facts; kingdoms only change on placements (and discards).
        self.kingdoms: BoardFollower[_KingdomFacts] = BoardFollower(players, CACHE_SIZE)
        #: Observer seat -> absolute seats in relative order (relative seat 0 = the observer).
        self.orders = [tuple((seat + r) % players for r in range(players)) for seat in range(players)]
        self.rows = RowPieces(
            players,
            self.slots,
            self.slot_width,
            _DOMINO_BYTES,
            SLOT_FEATURES - DOMINO_FEATURES,
            PLACED_FLAG - DOMINO_FEATURES,
            ACTING_FLAG - DOMINO_FEATURES,
        )
        self._pool = SnapshotMemo()
        self._players = struct.Struct(f"{players * PLAYER_FEATURES}f")
        self._global_middle = struct.Struct("5f")
        options = [game.dynasty, game.middle_kingdom, game.harmony, game.mighty_duel]
        #: Observer seat -> global features 10.. (variants, reserved, observer one-hot).
        self._global_tails = [
            float_bytes([*options, 0.0, 0.0, 0.0]) + one_hot_bytes(players, seat) for seat in range(players)
        ]
        self.use_kernel(compiled, "ClassicKernel", self._kernel_spec)

    def _kernel_spec(self) -> SimpleNamespace:
        """Everything the compiled kernel needs to write what :meth:`encode_python` writes.

        A kingdom's points are its terrains' points (each found again when the terrain or the
        crowns on it changed: the engine's scoring terms, which the kernel evaluates itself)
        plus its bonuses (asked on every change, when a variant awarding them is played).
        """
        game = self.game
        facts = [
            Fact("terrain_points", arg=t, mask_layer=t, depends=_CROWN_LAYERS, terms=terrain_points_terms(t))
            for t in _TERRAINS
        ]
        if game.middle_kingdom or game.harmony:  # the variants whose bonuses kingdom_bonus counts
            facts.append(Fact("kingdom_bonus", on_state=True))
        return compiled_kernels.board_spec(
            self.layout,
            self.block,
            [("terrain", NUM_TERRAINS), ("crowns", MAX_CROWNS), ("occupied", 0), ("discards", -1), *_BOX],
            ("reach", _BOX_NAMES),
            facts,
            self.players,
            points=list(range(len(facts))),
            players=self.players,
            slots=self.slots,
            slot_width=self.slot_width,
            num_phases=NUM_PHASES,
            phase_place=PLACE,
            phase_claim=CLAIM,
            rounds=float(game.rounds),
            games_in_match=float(game.games_in_match),
            deck_size=float(game.deck_size),
            kings_per_player=float(game.kings_per_player),
            score_scale=SCORE_SCALE,
            discard_scale=DISCARD_SCALE,
            global_tails=b"".join(self._global_tails),
            global_tail_width=len(self._global_tails[0]) // FLOAT_BYTES,
            **self.rows.kernel_tables(),
        )

    def encode_python(self, state: State, seat: int) -> FloatArray:
        assert isinstance(state, ClassicState)
        players = self.players
        if not 0 <= seat < players:
            raise GameError(f"seat must be 0..{players - 1}, got {seat}")
        order = self.orders[seat]
        facts = [self._kingdom(state, p) for p in order]
        parts = [found.planes for found in facts]
        self._rows(parts, state, seat)
        parts.append(self._pool_bytes(state.pool))
        parts.append(self._players_bytes(state, order, facts))
        parts.append(self._global_bytes(state, seat))
        return vector_from(parts)

    # --- sections -------------------------------------------------------------------------------

    def _kingdom(self, state: ClassicState, player: int) -> _KingdomFacts:
        """The facts of a kingdom (followed per seat, cached by its squares)."""
        kingdom = state.kingdoms[player]
        sources = _sources(kingdom)
        found = self.kingdoms.get(player, sources)
        if found is None:
            found = self.kingdoms.put(player, sources, self._kingdom_facts(state, kingdom, player))
        return found

    def _kingdom_facts(self, state: ClassicState, kingdom: Kingdom, player: int) -> _KingdomFacts:
        """Planes (channels of the module text) and points of a kingdom.

        The planes are patched from the facts last found for the same seat (usually the same
        kingdom one placement earlier), else built.
        """
        occupied = kingdom.occupied
        layers = (*kingdom.terrain, *kingdom.crowns, occupied, kingdom.reach())
        previous = self.kingdoms.previous(player)
        planes = self.block.build_from(layers, previous)
        by_terrain = terrain_points(_TERRAINS, kingdom.terrain_points, layers, _CROWN_LAYERS, previous)
        # The engine's own scoring: region points plus this configuration's bonuses.
        return _KingdomFacts(layers, planes, by_terrain, sum(by_terrain) + state.kingdom_bonus(kingdom))

    def _rows(self, parts: list[bytes], state: ClassicState, seat: int) -> None:
        """Append ``row`` (the row being placed) and ``next_row`` (the row being claimed)."""
        placing = bool(state.row) and state.phase in (PLACE, CLAIM)
        placed = (state.slot + (state.phase == CLAIM)) if placing else 0
        self.rows.append(parts, state, seat, placed, state.slot if placing else -1)

    def _pool_bytes(self, pool: list[int]) -> bytes:
        """1 where a domino is still undrawn (the pool changes only on draws: memoised)."""
        found = self._pool.get((pool,))
        if found is not None:
            return found
        values = np.zeros(NUM_DOMINOES, dtype=np.float32)
        if pool:
            values[np.asarray(pool, dtype=np.intp) - 1] = 1.0
        return self._pool.put((pool,), values.tobytes())

    def _players_bytes(
        self, state: ClassicState, order: tuple[int, ...], facts: list[_KingdomFacts]
    ) -> bytes:
        game = self.game
        points = [found.points for found in facts]
        for past in state.past_scores:
            for r, p in enumerate(order):
                points[r] += past[p]
        best = max(points)
        kingdoms, unordered, player, kings = (
            state.kingdoms,
            state.unordered,
            state.player,
            game.kings_per_player,
        )
        values: list[float] = []
        for r, p in enumerate(order):
            values += (
                points[r] / SCORE_SCALE,
                kingdoms[p].discards / DISCARD_SCALE,
                p == player,
                unordered[p] / kings,
                points[r] == best,
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
