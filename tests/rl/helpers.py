"""Configurations the RL adapter tests run on: every game with an encoder, at each seat count."""

from __future__ import annotations

from kingdomino.rl.common import player_range
from kingdomino.rl.encoders import encoder_names


def configurations() -> list[tuple[str, int]]:
    found = []
    for name in encoder_names():
        low, high, _ = player_range(name)
        found.extend((name, players) for players in range(low, high + 1))
    return found


CONFIGS = configurations()
IDS = [f"{name}-{players}p" for name, players in CONFIGS]
