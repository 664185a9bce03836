"""The one-ply ladders archived in ``bench/results/ladders`` are today's agents' games.

``docs/strength.md`` quotes them, and ``bench/results/README.md`` promises that a fixed-budget
run regenerates game for game from the command its page gives. Duel's changed without anyone
seeing it: ``greedy``'s Duel draft was fixed after its ladder was played, so the page's Elo (and
"``heuristic`` won all its 100 games against ``greedy``") no longer came out of its command. Each
table's first game is played again here and must be the archived one.
"""

from __future__ import annotations

import json
import tarfile
from pathlib import Path
from typing import Any

import pytest

from kingdomino.arena.tournament import TournamentConfig, play_tournament_game

LADDERS = Path(__file__).resolve().parents[2] / "bench" / "results" / "ladders"
ARCHIVES = sorted(LADDERS.glob("one-ply-*.tar.xz"))


def first_games(archive: Path) -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """Each table file of ``archive``: its name, its header and its game 0."""
    found = []
    with tarfile.open(archive) as files:
        for member in files.getmembers():
            if not member.name.rsplit("/", 1)[-1].startswith("table-"):
                continue
            stream = files.extractfile(member)
            assert stream is not None
            lines = [json.loads(line) for line in stream.read().decode().splitlines()]
            game = next(line for line in lines[1:] if line["index"] == 0)
            found.append((member.name, lines[0]["tournament"], game))
    return found


def test_every_one_ply_ladder_is_archived() -> None:
    assert len(ARCHIVES) >= 9


@pytest.mark.slow
@pytest.mark.parametrize("archive", ARCHIVES, ids=lambda path: path.name.removesuffix(".tar.xz"))
def test_an_archived_one_ply_ladder_replays_game_for_game(archive: Path) -> None:
    for name, header, archived in first_games(archive):
        config = TournamentConfig(
            header["game"],
            header["players"],
            header["options"],
            header["agents"],
            header["games"],
            header["seed"],
        )
        played = play_tournament_game(config, 0)
        assert (played.seats, played.scores, played.winners) == (
            archived["seats"],
            archived["scores"],
            archived["winners"],
        ), name
