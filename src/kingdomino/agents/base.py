"""The agent interface and agent specs.

An agent spec is a kind with optional parameters: ``random``, ``greedy``,
``mcts:time=1,playout=greedy``. Every agent owns a seeded generator, so a game is
reproduced exactly by its seeds. Which kinds exist is listed in :mod:`.registry`.
"""

from __future__ import annotations

import functools
import random
import re
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass

from kingdomino.core.game import Game, GameError, State


@dataclass(frozen=True)
class Candidate:
    """One candidate action of an analysis: its value estimate and how often search tried it."""

    action: int
    value: float
    visits: int


class AgentSpecError(GameError):
    """An agent spec that names no known agent or has bad parameters."""


def refuse_no_decision(state: State) -> None:
    """Refuse to choose for a state where no seat decides: the game is over, or chance acts (an
    agent asked there failed each its own way, or returned a chance outcome)."""
    if state.current_player >= 0:  # a seat decides: the common case, one read
        return
    if state.is_terminal():
        raise GameError("the game is over: there is no action to choose")
    if state.is_chance():
        raise GameError("chance acts now (a draw or a roll), not a seat: apply a chance outcome first")


class Agent(ABC):
    """Chooses an action for the acting seat of a state; never sees more than the engine tells.

    Every agent's ``act`` refuses a state where no seat decides (:func:`refuse_no_decision`),
    written once here for all of them."""

    name: str = "agent"

    #: Whether the agent keeps nothing between moves but its generator and its parameters, so that
    #: :meth:`reseed` makes it play as a new agent of its kind made with that seed: ``simulate``
    #: then reuses it from game to game instead of making it anew. Declared by each class for
    #: itself (a subclass does not inherit it: it may keep state its parent does not).
    reseedable: bool = False

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def reseed(self, seed: int) -> None:
        """Restart the generator from ``seed``, as a new agent's (for a :attr:`reseedable` agent)."""
        self.rng.seed(seed)

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls.reseedable = bool(cls.__dict__.get("reseedable", False))
        choose = cls.__dict__.get("act")
        if choose is None or getattr(choose, "__isabstractmethod__", False):
            return

        @functools.wraps(choose)
        def act(self: Agent, state: State) -> int:
            refuse_no_decision(state)
            return int(choose(self, state))

        setattr(cls, "act", act)  # noqa: B010
        setattr(cls, "decide", choose)  # noqa: B010

    @abstractmethod
    def act(self, state: State) -> int:
        """A legal action code for ``state.current_player``."""

    def decide(self, state: State) -> int:
        """:meth:`act` without its check that a seat decides (the agent's own choice, possibly a
        numpy integer): for a loop that asks only at a seat's decision, where the check is a
        call per move for nothing (:func:`kingdomino.arena.match.play_actions`)."""
        return self.act(state)

    def cannot_play(self, game: Game) -> str | None:
        """Why this agent cannot play ``game``'s configuration, or ``None`` when it can (every
        built-in agent plays every game; a trained policy only the one it was trained for)."""
        del game
        return None

    def analyse(self, state: State, keep: int | None = None) -> list[Candidate]:
        """The acting seat's candidate actions, best first, with this agent's value estimates.

        The base version ranks by the engine's immediate gains; search agents override it
        with their search statistics. Used for hints, game reviews and ``kingdomino analyse``.
        ``keep`` is an action the list must include even where a search would prune it (a
        review values the move that was played); agents that rank every legal action ignore it.
        """
        return ranked_by_gain(state, state.score_gains())


def ranked_by_gain(state: State, gains: list[tuple[int, float]]) -> list[Candidate]:
    """The legal actions as candidates ranked by ``gains`` (actions missing from it count 0)."""
    by_action = dict(gains)
    candidates = [Candidate(a, by_action.get(a, 0.0), 0) for a in state.legal_actions()]
    candidates.sort(key=lambda c: -c.value)
    return candidates


def best_by_gain(state: State, gains: list[tuple[int, float]], rng: random.Random) -> int:
    """The action of largest gain, ties broken by ``rng``; with no gains, a random legal action."""
    if not gains:
        legal = state.legal_actions()
        return legal[int(rng.random() * len(legal))]
    best = max(gain for _, gain in gains)
    ties = [action for action, gain in gains if gain == best]
    return ties[int(rng.random() * len(ties))] if len(ties) > 1 else ties[0]


#: Builds an agent of one kind from the spec's parameters and a seed.
AgentFactory = Callable[[dict[str, str], int | None], Agent]


#: A plug-in's spec: ``module:attribute``, then maybe ``:key=value,...`` (the attribute an
#: identifier, dotted or not, with no ``=``: ``mcts:time=1`` is a kind with its parameters).
_PLUG_IN = re.compile(r"^\s*([A-Za-z_][\w.]*):([A-Za-z_][\w.]*)\s*(?::(.*))?$")


def parse_agent_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``kind:key=value,key=value`` into the kind and its parameters; a plug-in named by
    ``module:attribute[:key=value,...]`` keeps ``module:attribute`` as its kind.

    >>> parse_agent_spec("mcts:time=1,playout=greedy")
    ('mcts', {'time': '1', 'playout': 'greedy'})
    >>> parse_agent_spec("mypkg.policies:make_ppo:path=model.zip")
    ('mypkg.policies:make_ppo', {'path': 'model.zip'})
    """
    plug_in = _PLUG_IN.match(spec)
    if plug_in:
        kind, rest = f"{plug_in[1]}:{plug_in[2]}", plug_in[3] or ""
        return kind, _params(spec, rest)
    kind, _, rest = spec.strip().partition(":")
    return kind.strip().lower(), _params(spec, rest)


def _params(spec: str, rest: str) -> dict[str, str]:
    """The ``key=value,...`` parameters of ``spec``, written ``rest``."""
    params: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise AgentSpecError(f"agent {spec!r}: parameter {item!r} must look like key=value")
        params[key.strip()] = value.strip()
    return params


def no_params(kind: str, params: dict[str, str]) -> None:
    """Refuse parameters given to an agent kind that takes none."""
    if params:
        raise AgentSpecError(f"agent {kind!r} takes no parameters, got {', '.join(params)}")
