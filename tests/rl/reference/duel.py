"""The Kingdomino Duel observation encoder, as it was before the encoders were optimised: plain
numpy, every section computed from the state at each call (no cache, no memo). The tests compare
the package's encoders with it, bit for bit."""

from __future__ import annotations

import numpy as np

from kingdomino.core.game import CHANCE, TERMINAL, Game, GameError, State
from kingdomino.games.duel.board import CASTLE, GRID
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
from kingdomino.games.duel.state import NOBODY, OVER, ROLL, DuelState

from .planes import BitboardPlanes, FloatArray, build_layout

MAP_CHANNELS = NUM_COATS + 3
DIE_FEATURES = FACES_PER_DIE + NUM_COATS + 8
PLAYER_FEATURES = 5
GLOBAL_FEATURES = 16
SCORE_SCALE = 100.0


class ReferenceDuelEncoder:
    """Kingdomino Duel as a flat vector: map planes, dice, spellbook, players, phase."""

    score_scale = SCORE_SCALE
    bounds = (0.0, 64.0)
    max_game_length = 1000

    def __init__(self, game: Game) -> None:
        if game.name != "duel":
            raise GameError(f"the Duel encoder needs the Duel game, got {game.name!r}")
        self.game = game
        self.planes = BitboardPlanes(MAP_ROWS, MAP_COLS, GRID.stride)
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

    def encode(self, state: State, seat: int) -> FloatArray:
        assert isinstance(state, DuelState)
        if seat not in (0, 1):
            raise GameError(f"seat must be 0 or 1, got {seat}")
        other = 1 - seat
        out = np.zeros(self.shape, dtype=np.float32)
        layout = self.layout

        offset, _ = layout["maps"]
        cells = MAP_ROWS * MAP_COLS
        maps = out[offset : offset + 2 * MAP_CHANNELS * cells].reshape(2, MAP_CHANNELS, cells)
        for r, p in enumerate((seat, other)):
            board = state.boards[p]
            bits = self.planes.planes(
                [*board.coats, CASTLE, *board.cross_planes, GRID.valid & ~board.occupied & ~CASTLE]
            ).astype(np.float32)
            maps[r, : NUM_COATS + 1] = bits[: NUM_COATS + 1]
            planes = bits[NUM_COATS + 1 : NUM_COATS + 4]
            maps[r, NUM_COATS + 1] = (planes[0] + 2 * planes[1] + 4 * planes[2]) / 4
            maps[r, NUM_COATS + 2] = bits[NUM_COATS + 4]

        if state.phase not in (ROLL, OVER):
            offset, _ = layout["dice"]
            dice = out[offset : offset + NUM_DICE * DIE_FEATURES].reshape(NUM_DICE, DIE_FEATURES)
            base = FACES_PER_DIE + NUM_COATS
            for die in range(NUM_DICE):
                face_index = state.faces[die]
                face = DICE[die][face_index]
                row = dice[die]
                row[face_index] = 1.0
                if face.coat == JOKER:
                    row[base] = 1.0
                else:
                    row[FACES_PER_DIE + face.coat] = 1.0
                row[base + 1] = face.crosses / 2
                mine, theirs = die in state.held[seat], die in state.held[other]
                row[base + 2] = mine
                row[base + 3] = theirs
                row[base + 4] = not (mine or theirs)
                row[base + 5] = die == state.bonus_die
                row[base + 6] = die in state.taken
                row[base + 7] = die in state.undrawn

        offset, _ = layout["spellbook"]
        book = out[offset : offset + NUM_COATS * 5].reshape(NUM_COATS, 5)
        for coat in range(NUM_COATS):
            book[coat, 0] = state.fills[seat][coat] / LINE_LENGTH[coat]
            book[coat, 1] = state.fills[other][coat] / LINE_LENGTH[coat]
            book[coat, 2] = state.owner[coat] == seat
            book[coat, 3] = state.owner[coat] == other
            book[coat, 4] = state.used[coat]

        offset, _ = layout["players"]
        scores = state.scores()
        block = out[offset : offset + 2 * PLAYER_FEATURES].reshape(2, PLAYER_FEATURES)
        for r, p in enumerate((seat, other)):
            block[r, 0] = scores[p] / SCORE_SCALE
            block[r, 1] = state.castle_used[p]
            block[r, 2] = state.drew[p]
            block[r, 3] = state.domains_coat[p] != NOBODY
            block[r, 4] = state.player == p

        offset, _ = layout["global"]
        out[offset + state.phase] = 1.0
        out[offset + 7] = min(state.round, 600) / 10
        out[offset + 8] = state.a_seat == seat
        out[offset + 9] = state.player == CHANCE
        out[offset + 10] = state.player == TERMINAL
        out[offset + 11] = state.free_mode
        out[offset + 12] = state.split_mode
        out[offset + 13] = min(len(state.jokers), 64) / 2
        out[offset + 14] = min(len(state.pending), 64) / 2
        return out
