"""Play one game between agents, producing its record.

>>> from kingdomino import make_game
>>> from kingdomino.agents import make_agent
>>> game = make_game("kingdomino", 2)
>>> state, record = play_game(game, [make_agent("greedy", 1), make_agent("random", 2)], seed=3)
>>> state.is_terminal(), len(record.actions) > 24
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from kingdomino.agents import Agent, make_agent
from kingdomino.agents.registry import is_built_in
from kingdomino.core.game import CHANCE, TERMINAL, Game, GameError, State
from kingdomino.core.records import GameRecord, final_result
from kingdomino.core.seeds import ChanceSampler, DerivedSeeds, derive_seed

Observer = Callable[[State, int], None]


def is_ours(agent: Agent) -> bool:
    """Whether ``agent`` is one of this package's own agents (``kingdomino.agents``), whose every
    action is legal (their tests play every game and mode): its actions are applied unchecked.
    Any other agent's (a plug-in's, a policy's) is checked, so that a wrong one is refused by
    name instead of breaking the engine's state."""
    return type(agent).__module__.startswith("kingdomino.agents.")


def refuse_illegal(state: State, action: int, seat: int, name: str, where: str) -> None:
    """Refuse ``action`` of the agent ``name`` at ``seat`` unless it is legal in ``state``
    (``where``: which game and move, for the message)."""
    reason = state.illegal_reason(action)
    if reason is not None:
        raise GameError(
            f"agents: seat {seat}'s agent {name!r} chose action {action}, which is not legal "
            f"({where}): {reason}",
            field="agents",
        )


def play_actions(
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    observer: Observer | None = None,
    chance: random.Random | None = None,
    names: Sequence[str] | None = None,
) -> tuple[State, list[int]]:
    """Play to the end and return the final state with every action code applied, chance
    outcomes included; ``observer(state, action)`` is called before each action is applied.
    ``chance`` is the generator for chance, already seeded as :class:`ChanceSampler` seeds it
    from ``seed`` (by default a new one is).

    The fast path of :func:`play_game`: no action is written as text (``simulate`` plays
    thousands of games whose records nobody reads). An agent not of this package (a plug-in) has
    each action checked, refused naming it (``names``: how to call each seat's agent).
    """
    if len(agents) != game.num_players:
        raise ValueError(f"agents: {game.describe()} needs {game.num_players} agents, got {len(agents)}")
    rng = ChanceSampler(seed).rng if chance is None else chance
    state = game.new_initial_state()
    actions: list[int] = []
    append, apply, sample = actions.append, state.apply_unchecked, state.sample_chance
    choosers = [agent.decide for agent in agents]
    checked = [not is_ours(agent) for agent in agents]
    while True:
        player = state.current_player
        if player == TERMINAL:
            return state, actions
        action = sample(rng) if player == CHANCE else int(choosers[player](state))
        if player >= 0 and checked[player]:
            name = names[player] if names else agents[player].name
            refuse_illegal(state, action, player, name, f"game seed {seed}, action {len(actions)}")
        if observer is not None:
            observer(state, action)
        append(action)
        apply(action)


def play_game(
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    observer: Observer | None = None,
    names: Sequence[str] | None = None,
) -> tuple[State, GameRecord]:
    """Play to the end; ``observer(state, action)`` is called before each action is applied.
    The record holds every action as text (:func:`play_actions` plays without it)."""
    state, actions = play_actions(game, agents, seed, observer, names=names)
    record = GameRecord(
        game.name,
        list(names or [agent.name for agent in agents]),
        dict(game.options),
        seed,
        [game.action_text(action) for action in actions],
        final_result(state),
    )
    return state, record


def seat_agents(specs: Sequence[str], seed: int) -> list[Agent]:
    """One agent per seat from specs, each seeded from the game seed and its seat."""
    return [make_agent(spec, derive_seed(seed, "seat", seat)) for seat, spec in enumerate(specs)]


def reseat_agents(specs: Sequence[str], seeds: DerivedSeeds, previous: Sequence[Agent] = ()) -> list[Agent]:
    """The agents :func:`seat_agents` gives for the game whose seed ``seeds`` derives from: the
    :attr:`~kingdomino.agents.Agent.reseedable` agents of ``previous`` (the last game's, seat by
    seat) re-seeded when their spec is a built-in kind, the others made anew (a plug-in's factory
    may seed the agent it makes otherwise than with the seed it is given)."""
    seated = []
    for seat, spec in enumerate(specs):
        seat_seed = seeds.derive("seat", seat)
        agent = previous[seat] if previous else None
        if agent is not None and agent.reseedable and is_built_in(spec):
            agent.reseed(seat_seed)
        else:
            agent = make_agent(spec, seat_seed)
        seated.append(agent)
    return seated
