"""People's moves as arrays to learn a policy from (behaviour cloning): each decision of a file of
game records (``kingdomino games export``: a server's finished games) as the acting seat's
observation, its legal actions' mask and the action played, for one game configuration.

Example::

    from kingdomino.rl.imitation import people_moves
    moves = people_moves("games.jsonl.gz", "kingdomino", players=2)
    moves.observations.shape, moves.masks.shape, moves.actions.shape   # (N, D), (N, A), (N,)

A policy trained on them (cross-entropy over the masked logits) plays as ``GameEnv``'s
observations and masks are made: the same encoder (``encoders.encoder_for``), seat-relative.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from kingdomino.core.game import OptionValue
from kingdomino.core.record_sets import decisions, people_decided, records_in
from kingdomino.games.registry import make_game
from kingdomino.rl.encoders import encoder_for


@dataclass(frozen=True)
class Moves:
    """Decisions as arrays, row by row: ``observations`` (float32, the acting seat's), ``masks``
    (int8 over the action codes), ``actions`` (int64 codes), ``seats`` (int8), ``games`` (the
    index of each row's game in the file's chosen games)."""

    observations: npt.NDArray[np.float32]
    masks: npt.NDArray[np.int8]
    actions: npt.NDArray[np.int64]
    seats: npt.NDArray[np.int8]
    games: npt.NDArray[np.int32]


def people_moves(
    path: str | Path,
    game: str,
    players: int,
    options: Mapping[str, OptionValue] | None = None,
    *,
    every_seat: bool = False,
) -> Moves:
    """The people's decisions (``record_sets.people_decided``; ``every_seat``: the AIs' too) of
    the file's games of ``game`` for ``players`` with ``options`` (other games are passed over)."""
    config = make_game(game, players, options)
    encoder = encoder_for(config)
    observations: list[npt.NDArray[np.float32]] = []
    masks: list[npt.NDArray[np.int8]] = []
    actions: list[int] = []
    seats: list[int] = []
    games: list[int] = []
    chosen_games = 0
    for record, line in records_in(path):
        if (
            record.game != game
            or len(record.players) != players
            or dict(record.options) != dict(config.options)
        ):
            continue
        chooser = None if every_seat else people_decided(line)
        for state, action in decisions(record, config, chooser):
            seat = state.current_player
            observations.append(np.asarray(encoder.encode(state, seat), dtype=np.float32))
            mask = np.zeros(config.num_actions, dtype=np.int8)
            mask[state.legal_actions()] = 1
            masks.append(mask)
            actions.append(action)
            seats.append(seat)
            games.append(chosen_games)
        chosen_games += 1
    size = int(np.prod(encoder.shape))
    return Moves(
        np.stack(observations) if observations else np.zeros((0, size), dtype=np.float32),
        np.stack(masks) if masks else np.zeros((0, config.num_actions), dtype=np.int8),
        np.asarray(actions, dtype=np.int64),
        np.asarray(seats, dtype=np.int8),
        np.asarray(games, dtype=np.int32),
    )
