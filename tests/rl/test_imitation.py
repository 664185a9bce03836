"""People's moves from a file of game records as arrays (``rl/imitation.py``): one row per
decision of a person's seat, its observation the encoder's, its action legal under its mask."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np

from kingdomino.core.records import GameRecord
from kingdomino.games.registry import make_game
from kingdomino.rl.encoders import encoder_for
from kingdomino.rl.imitation import people_moves


def played(game: str, players: int, seed: int) -> GameRecord:
    """A game played to its end by random choices (chance drawn at random too), as a record."""
    config = make_game(game, players)
    chooser = random.Random(seed)
    state = config.new_initial_state()
    actions = []
    while not state.is_terminal():
        action = chooser.choice(state.legal_actions())
        actions.append(state.action_text(action))
        state.apply(action)
    return GameRecord(game, [f"P{n}" for n in range(players)], dict(config.options), None, actions)


def test_a_person_s_moves_before_an_ai_took_their_seat_are_rows(tmp_path: Path) -> None:
    first, second, duel = played("kingdomino", 2, 1), played("kingdomino", 2, 2), played("duel", 2, 3)
    path = tmp_path / "games.jsonl"
    taken_at = len(second.actions) // 2
    seats = [
        [{"kind": "human", "ai_from": None}, {"kind": "ai", "ai_from": None}],
        [{"kind": "human", "ai_from": None}, {"kind": "human", "ai_from": taken_at}],
        [{"kind": "human", "ai_from": None}] * 2,
    ]
    with path.open("w", encoding="utf-8") as out:
        for record, its_seats in zip((first, second, duel), seats):
            out.write(json.dumps({**record.to_json(), "seats": its_seats}) + "\n")
    moves = people_moves(path, "kingdomino", 2)
    config = make_game("kingdomino", 2)
    assert moves.observations.shape[1:] == encoder_for(config).shape
    assert moves.masks.shape[1] == config.num_actions
    assert set(moves.games.tolist()) == {0, 1}, "the duel's game is another configuration"
    assert set(moves.seats[moves.games == 0].tolist()) == {0}, "an AI seat's moves are not a person's"
    assert set(moves.seats[moves.games == 1].tolist()) == {0, 1}
    rows = np.arange(len(moves.actions))
    assert (moves.masks[rows, moves.actions] == 1).all(), "every action legal where it was played"
    every = people_moves(path, "kingdomino", 2, every_seat=True)
    assert len(every.actions) > len(moves.actions)
    assert len(people_moves(path, "duel", 2).actions) > 0
