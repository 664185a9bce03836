"""The AI seats a server offers: the built-in levels (``agents.levels.SEAT_LEVELS``) and the agents
its operator allows (``kingdomino serve --seat-agent NAME=SPEC``: a trained policy, a plug-in).

Only the operator names an agent here, from the server's own configuration: a request names a
seat's level by one of these names and never brings a spec of its own, so no page can make the
server import a module. An allowed agent is played like a level: its spec goes to the AI workers
(local processes or Ray), where a plug-in's module is imported (``agents.registry``).

The allow-list is the process's (one server, one list), set when the app is made.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from kingdomino.agents import make_agent
from kingdomino.agents.base import AgentSpecError
from kingdomino.agents.levels import SEAT_LEVELS
from kingdomino.core.game import Game
from kingdomino.web.refusals import HubError

#: A seat agent's name, as a level's: a short lowercase word of letters, digits and '-' ("ppo-2").
#: An AI seat's name ends with it ("Bo (AI, ppo-2)": ``seats.AI_ENDING``).
WORD = "[a-z][a-z0-9-]{0,23}"
NAME = re.compile(f"^{WORD}$")

_ALLOWED: dict[str, str] = {}


def allow(agents: Mapping[str, str]) -> None:
    """Offer ``agents`` (name to agent spec) as AI seats, besides the levels; each spec is made
    once here, so a bad one stops the server at start, in words (``ValueError``)."""
    for name, spec in agents.items():
        if not NAME.match(name) or name in SEAT_LEVELS:
            raise ValueError(
                f"seat agent {name!r}: expected a lowercase word (letters, digits, '-') that is not a level"
            )
        try:
            make_agent(spec, seed=0)
        except AgentSpecError as error:
            raise ValueError(f"seat agent {name!r}: {error}") from None
    _ALLOWED.clear()
    _ALLOWED.update(agents)


def seat_levels() -> tuple[str, ...]:
    """Every AI seat offered: the levels, weakest first, then the operator's agents."""
    return (*SEAT_LEVELS, *_ALLOWED)


def allowed_spec(level: str) -> str | None:
    """The agent spec of the operator's seat agent ``level`` (None: not one of theirs)."""
    return _ALLOWED.get(level)


def check_level(level: str, field: str) -> None:
    """Refuse an AI seat ``level`` this server does not offer, naming ``field``."""
    if level not in seat_levels():
        raise HubError(422, field, f"expected one of {', '.join(seat_levels())}, got {level!r}")


def check_plays(
    game: Game,
    seats: Sequence[Mapping[str, Any]],
    ai_fill: str | None,
    time_control: Mapping[str, Any] | None,
) -> None:
    """Refuse an operator's agent named for a game it cannot play (a policy trained for another
    configuration), in a seat, as the AI that fills open seats or the one that takes over from a
    player out of time; the refusal names the field. A level that is not a name is left to its
    field's own check."""
    levels: dict[str, object] = {
        **{f"seats[{i}].level": seat.get("level") for i, seat in enumerate(seats) if seat["kind"] == "ai"},
        "ai_fill": ai_fill,
        "time_control.level": (time_control or {}).get("level"),
    }
    for field, level in levels.items():
        spec = allowed_spec(level) if isinstance(level, str) else None
        reason = make_agent(spec, seed=0).cannot_play(game) if spec is not None else None
        if reason is not None:
            raise HubError(422, field, f"the AI {level!r} cannot play {game.describe()}: {reason}")
