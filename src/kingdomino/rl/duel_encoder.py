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
"""

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
from kingdomino.rl.encoders import BitboardPlanes, FloatArray, build_layout

MAP_CHANNELS = NUM_COATS + 3
DIE_FEATURES = FACES_PER_DIE + NUM_COATS + 8
PLAYER_FEATURES = 5
GLOBAL_FEATURES = 16
SCORE_SCALE = 100.0


class DuelEncoder:
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


def make_encoder(game: Game) -> DuelEncoder:
    return DuelEncoder(game)
