"""A set of puzzles in its file while it is made: what ``kingdomino puzzles make`` writes after
each game, so that a run stopped after an hour goes on from where it stood.

The file is the server's format (``seed``, ``criteria``, ``puzzles``) with the set's name and how
far its making got (``made``: the puzzles of its first ``games`` games are its first ``whole``).
A file is gone on from only when it is the same set of the same seed and criteria; any other
file at ``--out`` is refused rather than written over.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from kingdomino.puzzles.maker import Criteria, Making


class SetFileProblem(ValueError):
    """The file at ``--out`` cannot be gone on from, in words."""


def set_so_far(path: Path, kind: str, seed: int, rules: Criteria, count: int) -> Making:
    """What ``path`` holds of the set ``kind`` of ``seed`` (nothing yet: an empty set), to go on
    from; refused when it holds another set, one made without ``made``, or more than ``count``."""
    if not path.exists():
        return Making([])
    try:
        body = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise SetFileProblem(
            f"{path} is there and is not a set of puzzles ({error}); move it or name another"
        ) from None
    made = body.get("made") if isinstance(body, dict) else None
    same = isinstance(body, dict) and (body.get("set", "kingdomino"), body.get("seed")) == (kind, seed)
    if not same or body.get("criteria") != rules.__dict__:
        held = f"{body.get('set', 'kingdomino')}, seed {body.get('seed')}" if isinstance(body, dict) else "?"
        raise SetFileProblem(
            f"{path} holds another set of puzzles ({held}, or other criteria) than --game {kind} --seed "
            f"{seed}; move it or name another --out"
        )
    if not isinstance(made, dict):
        raise SetFileProblem(
            f"{path} holds {kind}'s puzzles of seed {seed} without how far they were made ('made'); "
            "delete it to make the set afresh"
        )
    puzzles = list(body["puzzles"])
    if len(puzzles) > count:
        raise SetFileProblem(
            f"{path} holds {len(puzzles)} puzzles, more than --count {count}; "
            "name another --out for a smaller set"
        )
    return Making(puzzles, int(made["games"]), int(made["whole"]))


def write_set(path: Path, kind: str, seed: int, rules: Criteria, making: Making) -> None:
    """Write ``making`` to ``path`` whole or not at all (a file beside it, then renamed)."""
    body: dict[str, Any] = {
        "set": kind,
        "seed": seed,
        "criteria": rules.__dict__,
        "made": {"games": making.games, "whole": making.whole},
        "puzzles": making.puzzles,
    }
    partial = path.with_name(path.name + ".partial")
    partial.write_text(json.dumps(body, separators=(",", ":")) + "\n", encoding="utf-8")
    os.replace(partial, path)
