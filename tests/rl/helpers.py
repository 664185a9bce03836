"""Configurations the RL adapter tests run on: every game with an encoder, at each seat count."""

from __future__ import annotations

from kingdomino.core.game import OptionValue
from kingdomino.rl.common import player_range
from kingdomino.rl.encoders import encoder_names


def configurations() -> list[tuple[str, int]]:
    found: list[tuple[str, int]] = []
    for name in encoder_names():
        low, high, _ = player_range(name)
        found.extend((name, players) for players in range(low, high + 1))
    return found


CONFIGS = configurations()
IDS = [f"{name}-{players}p" for name, players in CONFIGS]


def _option_id(key: str, value: OptionValue) -> str:
    if key == "mode":
        return str(value)
    return key if value is True else f"{key}={value}"


#: Extra configurations with options, ``(name, players, options)``: every Kingdomino Origins
#: mode at 2 players (7x7, two chiefs each) and 4 players, and the optional rules.
VARIANTS: list[tuple[str, int, dict[str, OptionValue]]] = [
    ("origins", 2, {"mode": "discovery"}),
    ("origins", 4, {"mode": "discovery", "fire_kingdom": True, "homo_habilis": True}),
    ("origins", 2, {"mode": "totem"}),
    ("origins", 4, {"mode": "totem", "totem_tie": "choose"}),
    ("origins", 2, {"mode": "tribe"}),
    ("origins", 4, {"mode": "tribe"}),
    ("origins", 3, {"mode": "tribe", "final_recruit": True}),
]
VARIANT_IDS = [
    f"{name}-{players}p-" + "-".join(_option_id(key, value) for key, value in options.items() if value)
    for name, players, options in VARIANTS
]
