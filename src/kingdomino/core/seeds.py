"""Seeds derived from one game seed, so chance and every agent get their own stream.

>>> derive_seed(1, "chance") == derive_seed(1, "chance")
True
>>> derive_seed(1, "seat", 0) != derive_seed(1, "seat", 1)
True
"""

from __future__ import annotations

import hashlib
import random

from kingdomino.core.game import State


def derive_seed(seed: int, *parts: object) -> int:
    """A 63-bit seed from ``seed`` and labels, the same on every machine and Python run."""
    text = ":".join([str(seed), *map(str, parts)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


class ChanceSampler:
    """Resolves chance nodes from a seeded generator: the same seed gives the same draws."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(derive_seed(seed, "chance"))

    def sample(self, state: State) -> int:
        return state.sample_chance(self.rng)
