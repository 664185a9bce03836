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
    return _seed_of(hashlib.sha256(text.encode()).digest())


def _seed_of(digest: bytes) -> int:
    """The 63-bit seed a SHA-256 digest stands for."""
    return int.from_bytes(digest[:8], "big") >> 1


class DerivedSeeds:
    """``derive_seed(seed, *parts)`` for several labels of one seed, hashing the seed's text once:
    ``simulate`` derives a seed for chance and one per seat in every game.

    >>> DerivedSeeds(7).derive("seat", 2) == derive_seed(7, "seat", 2)
    True
    """

    def __init__(self, seed: int) -> None:
        self._prefix = hashlib.sha256(f"{seed}:".encode())

    def derive(self, *parts: object) -> int:
        if not parts:
            raise ValueError("parts: at least one label is needed (derive_seed(seed) hashes no ':')")
        digest = self._prefix.copy()
        digest.update(":".join(map(str, parts)).encode())
        return _seed_of(digest.digest())


class ChanceSampler:
    """Resolves chance nodes from a seeded generator: the same seed gives the same draws."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(derive_seed(seed, "chance"))

    def sample(self, state: State) -> int:
        return state.sample_chance(self.rng)
